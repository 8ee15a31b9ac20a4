import { describe, expect, it } from 'vitest';
import { parseToolFilter, toolAgeBounds, toolListFilterDefaults, toolListQueryProblem } from '../../../../domain/tool/list-filter';

// The filter contract of GET /api/tool (domain/tool/list-filter.ts), read by the tools read model.
describe('tool list filter', () => {
  it('an empty filter is the defaults', () => {
    expect(parseToolFilter({})).toEqual(toolListFilterDefaults);
    expect(parseToolFilter(undefined)).toEqual(toolListFilterDefaults);
  });

  it('takes query strings: digit ids, comma lists, DD.MM.YYYY dates, decimal commas, flags', () => {
    const f = parseToolFilter({
      region_id: '7', units_ids: '3,4,3', tool_kind_ids: [2, '5'], tool_work_in_dt_from: '01.02.2020', tool_work_in_dt_till: '2021-03-04',
      tool_cost_remain_from: '10,5', tool_cost_remain_upto: 20, tool_in_set: 'false', tool_exchange_stock: 'true', tool_owner_is_not_set: '1',
      serial_exact: 'true', tool_age: 'from5to10', pageNumber: '3', tool_description: '  зал  ',
    });
    expect(f).toMatchObject({
      region_id: 7, units_ids: [3, 4], tool_kind_ids: [2, 5], tool_work_in_dt_from: '2020-02-01', tool_work_in_dt_till: '2021-03-04',
      tool_cost_remain_from: 10.5, tool_cost_remain_upto: 20, tool_in_set: false, tool_exchange_stock: true, tool_owner_is_not_set: true,
      serial_exact: true, tool_age: 'from5to10', pageNumber: 3, tool_description: 'зал',
    });
  });

  it('refuses bad values with Russian messages naming the field', () => {
    expect(() => parseToolFilter({ region_id: 'x' })).toThrow('Введите целое число');
    expect(() => parseToolFilter({ tool_work_in_dt_from: '31.02.2020' })).toThrow('Неверная дата');
    expect(() => parseToolFilter({ tool_cost_remain_from: '1.234' })).toThrow('Число, два знака после запятой');
    expect(() => parseToolFilter({ tool_cost_remain_from: -1 })).toThrow('Число, два знака после запятой');
    expect(() => parseToolFilter({ tool_age: 'ancient' })).toThrow('Неверный возраст оборудования');
    expect(() => parseToolFilter({ serial_number: 'a\u0000b' })).toThrow('Недопустимый символ в тексте');
    expect(toolListQueryProblem({ tool_work_in_dt_from: '2021-01-02', tool_work_in_dt_till: '2021-01-01' })).toBe('Дата начала периода позже даты окончания');
    expect(toolListQueryProblem({ tool_cost_remain_from: 5, tool_cost_remain_upto: 4 })).toBe('Нижняя граница стоимости больше верхней');
    expect(toolListQueryProblem({ tool_model: 'Canon' })).toBeNull();
  });

  it('age bounds: exactly 5 years is old, 10 years is over 10; 29 February steps back to the 28th', () => {
    expect(toolAgeBounds('new', '2026-11-24')).toEqual({ after: '2021-11-24', upTo: null });
    expect(toolAgeBounds('old', '2026-11-24')).toEqual({ after: null, upTo: '2021-11-24' });
    expect(toolAgeBounds('from5to10', '2026-11-24')).toEqual({ after: '2016-11-24', upTo: '2021-11-24' });
    expect(toolAgeBounds('over10', '2026-11-24')).toEqual({ after: null, upTo: '2016-11-24' });
    expect(toolAgeBounds('old', '2028-02-29')).toEqual({ after: null, upTo: '2023-02-28' });
  });
});
