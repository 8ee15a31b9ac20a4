import { describe, expect, it } from 'vitest';
import { toolTitle } from '../../../projections/request/list/names';

const tool = { tool_kind: 'Принтер', manufacturer: 'HP', model: 'LaserJet 1020', serial_number: 'CN123', inventar_number: '0101340001' };

describe('the one-line title of a tool (requests.md 5)', () => {
  it('kind, manufacturer, model, serial and inventory numbers', () => {
    expect(toolTitle(tool)).toBe('Принтер HP LaserJet 1020, с/н CN123, инв. № 0101340001');
  });

  it("manufacturer 'undefined', model 'noname' and inventory numbers starting with 'бн' count as empty", () => {
    expect(toolTitle({ ...tool, manufacturer: 'undefined', model: 'NoName', inventar_number: 'б/н' })).toBe('Принтер, с/н CN123');
    expect(toolTitle({ ...tool, manufacturer: 'Undefined', inventar_number: 'бн-17' })).toBe('Принтер LaserJet 1020, с/н CN123');
    expect(toolTitle({ ...tool, serial_number: null, inventar_number: null })).toBe('Принтер HP LaserJet 1020');
  });
});
