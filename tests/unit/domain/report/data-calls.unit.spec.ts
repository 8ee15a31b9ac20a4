import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnKey, columnKeys, dataCallParameters, repairListOf } from '../../../../domain/report/court/data-calls';
import { hotlineProgramType, ProgramType, programTypeFromHotline } from '../../../../domain/catalog/definitions';

const now = new Date(2026, 5, 15);

describe('the report data calls: documented names beside ours', () => {
  it('maps the documented names (typos included) and defaults the period to the current year', () => {
    expect(dataCallParameters({ regionId: 5, dateStart: '2026-02-01', dateFinsh: '2026-03-01' }, false, now)).toEqual({ region_id: 5, date_beg: '2026-02-01', date_end: '2026-03-01' });
    expect(dataCallParameters({ region_id: 5 }, false, now)).toEqual({ region_id: 5, date_beg: '2026-01-01', date_end: '2026-12-31' });
  });

  it('types query-string values as the JSON form carries them', () => {
    expect(dataCallParameters({ region_id: '7', all_regions: 'true', unitId: '12' }, true, now)).toMatchObject({ region_id: 7, all_regions: true, unit_id: 12 });
  });

  it('refuses a documented name and ours with different values, and takes equal ones as one', () => {
    expect(() => dataCallParameters({ regionId: 1, region_id: 2 }, false, now)).toThrow('Параметры «regionId» и «region_id» заданы с разными значениями');
    expect(dataCallParameters({ regionId: 1, region_id: 1 }, false, now).region_id).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (a, b) => {
        const run = () => dataCallParameters({ dateFinsh: `2026-01-${String((a % 28) + 1).padStart(2, '0')}`, date_end: `2026-01-${String((b % 28) + 1).padStart(2, '0')}` }, false, now);
        if (a % 28 === b % 28) {
          expect(run().date_end).toBeDefined();
        } else {
          expect(run).toThrow();
        }
      }),
    );
  });
});

describe('the answer keys', () => {
  it('are ASCII for every listed title and for any other title', () => {
    for (const title of Object.keys(columnKeys)) expect(columnKey(title)).toMatch(/^[a-z0-9_]+$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('constructor', '__proto__', 'toString')), (title) => {
        expect(columnKey(title)).toMatch(/^[a-z0-9_]+$/);
      }),
    );
    expect(columnKey('Прочее')).toBe('prochee');
  });

  it('put a tool kind in one named list by its name', () => {
    expect(repairListOf('Сервер')).toBe('tServers');
    expect(repairListOf('Системный блок')).toBe('tSysBlocksMonitors');
    expect(repairListOf('Монитор')).toBe('tSysBlocksMonitors');
    expect(repairListOf('Терминал ВКС')).toBe('tTerminalsVks');
    expect(repairListOf('Шредер')).toBe('tOthers');
  });
});

describe('program types: the two readings', () => {
  it('map our special software to the hot line screens’ type 2 and back', () => {
    expect(hotlineProgramType(ProgramType.SPECIAL)).toBe(2);
    expect(hotlineProgramType(ProgramType.COMMON)).toBe(1);
    for (const t of [1, 2, 3]) expect(programTypeFromHotline(hotlineProgramType(t))).toBe(t);
  });
});
