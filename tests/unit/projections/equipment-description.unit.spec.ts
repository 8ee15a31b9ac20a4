import { describe, expect, it } from 'vitest';
import { buildActData, defaultActText, equipmentLine } from '../../../domain/act/data';
import { ActKind } from '../../../domain/request/enums';
import { emptyRequestData } from '../../../domain/request/state';
import { toolHead } from '../../../domain/tool/placeholders';
import { actToolOf } from '../../../projections/act/lookups';
import { toolInfoOf } from '../../../projections/request/list/names';

// requests.md 5: a manufacturer 'undefined', a model 'noname' and an inventory number starting with
// 'бн' count as empty in equipment descriptions: the request's tool field and the acts alike.

const row = { id: 7, kind: 'Принтер', manufacturer: 'undefined', model: 'noname', serial_number: 'SN1', inventar_number: 'б/н' };
const place = { region: 'Москва', branch: 'Филиал', court: 'Суд', courtAddress: 'ул. 1', unit: 'Здание', unitAddress: 'ул. 1' };

describe('placeholders in equipment descriptions', () => {
  it('the name leaves out placeholder manufacturers and models, in any case', () => {
    expect(toolHead('Принтер', 'undefined', 'noname')).toBe('Принтер');
    expect(toolHead('Принтер', 'Undefined', 'LaserJet')).toBe('Принтер LaserJet');
    expect(toolHead('Принтер', 'HP', 'NONAME')).toBe('Принтер HP');
    expect(toolHead('Принтер', 'HP', 'LaserJet')).toBe('Принтер HP LaserJet');
    expect(toolHead(null, null, null)).toBe('');
  });

  it("the request's tool title (read side) shows neither the placeholders nor a 'бн' inventory number", () => {
    const info = toolInfoOf({ ...row, tool_kind: 'Принтер', state: 1 });
    expect(info.title).toBe('Принтер, с/н SN1');
  });

  it("an act's tool row and equipment line: no 'undefined', 'noname' or 'бн…' number", () => {
    const tool = actToolOf(row);
    expect(tool).toEqual({ id: 7, title: 'Принтер', serial: 'SN1', inventory: 'б/н' });
    expect(equipmentLine(tool)).toBe('Оборудование: Принтер, с/н SN1');
    expect(equipmentLine({ ...tool, inventory: 'бн-15' })).toBe('Оборудование: Принтер, с/н SN1');
    expect(equipmentLine(actToolOf({ ...row, serial_number: null, inventar_number: null }))).toBe('Оборудование: Принтер');
    expect(defaultActText(ActKind.CO_7, emptyRequestData(), tool).split('\n')[0]).toBe('Оборудование: Принтер, с/н SN1');

    const request = { ...emptyRequestData(), number: 3, tools_commissioning: [{ tool_id: 7, settling_place: 'Зал 1', instructed_person: 'Петров' }] };
    const data = buildActData({
      kind: ActKind.CO_13, signersCount: 2, number: 'N-1/2026', date: '2026-03-09', actText: '', request, place,
      tools: new Map([[7, tool]]), spares: [], engineer: 'Иванов', signers: {},
    });
    expect(data.tools).toEqual([{ n: 1, title: 'Принтер', serial: 'SN1', inventory: '', place: 'Зал 1', person: 'Петров' }]);
  });
});
