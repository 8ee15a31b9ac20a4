import { describe, expect, it } from 'vitest';
import { parseRequestFilter, requestListQueryProblem } from '../../../../domain/request/list-filter';
import type { DomainError } from '../../../../domain/shared/errors';

const TODAY = '2026-05-01';
const refusal = (raw: Record<string, unknown>) => {
  try {
    parseRequestFilter(raw, TODAY);
  } catch (e) {
    const error = e as DomainError;
    return { message: error.message, fields: error.fieldErrors };
  }
  throw new Error('accepted');
};

describe('the request list filter contract (domain/request/list-filter.ts)', () => {
  it('defaults the registration period to the current year and leaves unset conditions empty', () => {
    const f = parseRequestFilter({}, TODAY);
    expect(f).toMatchObject({ date_beg: '2026-01-01', date_end: '2026-12-31', region_id: null, units_ids: null, repair: null, pageNumber: 1, export: false });
  });

  it('takes what query parameters carry: digit strings, comma lists, Russian dates, flags as text', () => {
    const f = parseRequestFilter(
      { region_id: '5', units_ids: '3,1,3', date_beg: '01.03.2026', request_performer_kind: 'senior', unsigned_docs: 'true', pageNumber: '0' },
      TODAY,
    );
    expect(f).toMatchObject({ region_id: 5, units_ids: [3, 1], date_beg: '2026-03-01', request_performer_kind: 'SENIOR', unsigned_docs: true, pageNumber: 1 });
  });

  it('keeps a sub-filter only when something in it is set; exchange_stock false counts', () => {
    expect(parseRequestFilter({ repair: {} }, TODAY).repair).toBeNull();
    expect(parseRequestFilter({ repairTool: { exchange_stock: false } }, TODAY).repairTool).toMatchObject({ exchange_stock: false });
    expect(parseRequestFilter({ repair: '{"tool_in_d":"true"}' }, TODAY).repair).toMatchObject({ tool_in_d: true });
  });

  it('refuses bad input in Russian, naming the first bad field (the performer kind first)', () => {
    expect(refusal({ date_beg: '31.02.2026' })).toEqual({ message: 'Неверная дата', fields: { date_beg: 'Неверная дата' } });
    expect(refusal({ region_id: 'x', request_performer_kind: {} })).toEqual({
      message: 'Неверный формат фильтра',
      fields: { request_performer_kind: 'Неверный формат фильтра' },
    });
    expect(refusal({ repair: { repair_kind_id: 'q' } }).fields).toEqual({ 'repair.repair_kind_id': 'Введите целое число' });
    expect(refusal({ repair: '{bad' })).toEqual({ message: 'Неверный формат фильтра', fields: undefined });
    expect(refusal({ hotlinegas_number: 'x'.repeat(1001) }).message).toBe('Не более 1000 символов');
    expect(refusal({ hotlinegas_number: 'a\u0000b' }).message).toBe('Недопустимый символ в тексте');
  });

  it('lets the client check a query with the same schema', () => {
    expect(requestListQueryProblem({ units_ids: [1, 2], repairTool: { serial_number: 'A1' } })).toBeNull();
    expect(requestListQueryProblem({ date_end: '2026-02-30' })).toBe('Неверная дата');
  });
});
