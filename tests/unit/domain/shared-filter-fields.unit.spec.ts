import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import type { DomainError } from '../../../domain/shared/errors';
import {
  dateOrFlag,
  filterFieldMessages,
  flag,
  ids,
  int,
  listFilterProblem,
  listFilterProblems,
  money,
  oneOf,
  page,
  parseListFilter,
  sub,
  text,
  yesNo,
} from '../../../domain/shared/filter-fields';
import { ID_LIST_MAX, primitiveMessages } from '../../../domain/shared/primitives';

// The fields every list filter contract is built of (domain/shared/filter-fields.ts): the request
// list and the equipment list parse with them, so a third list gets the same reading of its query.
const schema = z.object({
  region_id: int(),
  units_ids: ids(),
  kinds: ids({ idless: 'matchesNone' }),
  name: text(),
  done: flag(),
  stock: yesNo(),
  sum: money(),
  age: oneOf(['new', 'old'] as const, 'Неверный возраст'),
  repair: sub({ arrived: dateOrFlag(), kind: int() }),
  pageNumber: page(),
});

const refusal = (raw: unknown) => {
  try {
    parseListFilter(schema, raw);
  } catch (e) {
    const error = e as DomainError;
    return { message: error.message, fields: error.fieldErrors };
  }
  throw new Error('accepted');
};

describe('list filter fields', () => {
  it('given nothing, every condition is unset and the page is 1', () => {
    expect(parseListFilter(schema, {})).toEqual({
      region_id: null, units_ids: null, kinds: null, name: null, done: false, stock: null, sum: null, age: null, repair: null, pageNumber: 1,
    });
  });

  it('given query-parameter text, reads ids, flags, sums, dates and a sub-filter in JSON', () => {
    const f = parseListFilter(schema, {
      region_id: '4', units_ids: '7,2,7', done: 'true', stock: 'false', sum: '12,5', age: 'old', repair: '{"arrived":"01.02.2024"}', pageNumber: '-3',
    });
    expect(f).toMatchObject({ region_id: 4, units_ids: [7, 2], done: true, stock: false, sum: 12.5, age: 'old', repair: { arrived: '2024-02-01', kind: null }, pageNumber: 1 });
  });

  it('an id-less item is skipped, or kept as an entry that matches no row when the list says so', () => {
    expect(parseListFilter(schema, { units_ids: [{}, { id: 3 }] }).units_ids).toEqual([3]);
    expect(parseListFilter(schema, { kinds: [{}, { id: 3 }] }).kinds).toEqual([null, 3]);
    expect(parseListFilter(schema, { units_ids: [{}] }).units_ids).toBeNull();
  });

  it('refuses bad input in Russian, naming the field; a malformed sub-filter names none', () => {
    expect(refusal({ region_id: 'x' })).toEqual({ message: filterFieldMessages.number, fields: { region_id: filterFieldMessages.number } });
    expect(refusal({ repair: { kind: '1.5' } }).fields).toEqual({ 'repair.kind': filterFieldMessages.number });
    expect(refusal({ repair: '{oops' })).toEqual({ message: filterFieldMessages.format, fields: undefined });
    expect(refusal({ sum: '1.234' }).message).toBe(filterFieldMessages.money);
    expect(refusal({ age: 'ancient' }).message).toBe('Неверный возраст');
    expect(refusal({ name: { a: 1 } }).message).toBe(filterFieldMessages.format);
    expect(refusal({ units_ids: Array.from({ length: ID_LIST_MAX + 1 }, (_, i) => i + 1) }).message).toBe(primitiveMessages.idListTooLong);
  });

  it('the client checks a query with the same contract: the first message, or each field\'s', () => {
    expect(listFilterProblem(schema, { name: 'Canon' })).toBeNull();
    expect(listFilterProblem(schema, { sum: '-1' })).toBe(filterFieldMessages.money);
    expect(listFilterProblems(schema, { sum: '-1', region_id: 'q', name: 'ok' })).toEqual({ sum: filterFieldMessages.money, region_id: filterFieldMessages.number });
  });

  it('property: ids come back once each, in first-seen order, whatever form the list takes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 30 }), fc.constantFrom('array', 'comma', 'objects'), (list, form) => {
        const raw = form === 'array' ? list : form === 'comma' ? list.join(',') : list.map((id) => ({ id }));
        const parsed = parseListFilter(schema, { units_ids: raw }).units_ids;
        expect(parsed).toEqual(list.length ? [...new Set(list)] : null);
      }),
    );
  });
});
