import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam, withoutParams, withParams } from '../../../../web/src/components/registry-list/address-dialog';
import { filterPath, registryExport, registryPageQuery } from '../../../../web/src/components/registry-list/api';
import { keepUnitsOfRegion, namesOf, optionsOf, titleOf, unitsOfRegion } from '../../../../web/src/components/registry-list/options';

// The pure parts of the registry-list kit (web/src/components/registry-list): the page and export
// calls every registry builds from, and the helpers its filters and chips share.

const row = z.object({ id: z.number(), name: z.string() });
type Query = { region_id?: number; pageNumber?: number };

describe('the registry page call', () => {
  const page = registryPageQuery<z.output<typeof row>, Query>('/thing', 'things', row);

  it('sends the filter as JSON in the path, as the server reads /api/{list}/{json}', () => {
    expect(page.query({ region_id: 3, pageNumber: 2 })).toBe(`/thing/${encodeURIComponent('{"region_id":3,"pageNumber":2}')}`);
    expect(filterPath({ a: 'б в' })).toBe(encodeURIComponent('{"a":"б в"}'));
  });

  it('reads the rows under the list\'s own key and says which page they are (the last one when asked beyond it)', () => {
    const answer = { things: [{ id: 1, name: 'a' }], pagesCount: 3, itemsCount: 41 };
    expect(page.transformResponse(answer, undefined, { pageNumber: 2 })).toEqual({ rows: answer.things, pagesCount: 3, itemsCount: 41, pageNumber: 2 });
    expect(page.transformResponse(answer, undefined, { pageNumber: 9 }).pageNumber).toBe(3);
    expect(page.transformResponse({ things: [], pagesCount: 0, itemsCount: 0 }, undefined, {}).pageNumber).toBe(1);
  });

  it('refuses an answer whose rows break the contract', () => {
    expect(() => page.transformResponse({ things: [{ id: 'x' }], pagesCount: 1, itemsCount: 1 }, undefined, {})).toThrow();
    expect(() => page.transformResponse({ rows: [], pagesCount: 1, itemsCount: 0 }, undefined, {})).toThrow();
  });

  it('the export asks for the whole filter in the chosen format, past the browser cache', () => {
    const call = registryExport<Query>('/thing_export', (format) => `Список.${format}`).query({ format: 'xlsx', filter: { region_id: 3 } });
    expect(call).toMatchObject({ url: `/thing_export/xlsx/${encodeURIComponent('{"region_id":3}')}`, cache: 'no-store' });
  });
});

describe('the registry helpers', () => {
  const units = [
    { id: 1, title: 'Суд 1', region_id: 10 },
    { id: 2, title: 'Суд 2', region_id: 20 },
    { id: 3, title: 'Суд 3', region_id: 10 },
  ];

  it('names chosen items in a chip: two, then "и ещё N"; an unknown one by its id', () => {
    const title = (id: number) => titleOf(units, id);
    expect(namesOf([1, 2], title)).toBe('Суд 1, Суд 2');
    expect(namesOf([1, 2, 3, 9], title)).toBe('Суд 1, Суд 2 и ещё 2');
    expect(namesOf([9], title)).toBe('9');
    expect(namesOf([1, 3], title, 1)).toBe('Суд 1 и ещё 1');
  });

  it('a region narrows the units offered and keeps only the chosen units inside it', () => {
    expect(unitsOfRegion(units, 10).map((u) => u.id)).toEqual([1, 3]);
    expect(unitsOfRegion(units, null)).toBe(units);
    expect(keepUnitsOfRegion([1, 2, 3], units, 20)).toEqual([2]);
    expect(keepUnitsOfRegion([1, 2], units, null)).toEqual([1, 2]);
  });

  it('an enumeration becomes choices in id order', () => {
    expect(optionsOf({ 3: 'в', 1: 'а', 2: 'б' })).toEqual([
      { id: 1, title: 'а' },
      { id: 2, title: 'б' },
      { id: 3, title: 'в' },
    ]);
    expect(titleOf(units, null)).toBe('');
  });
});

describe('the dialogs a registry\'s address names', () => {
  const keys = ['open', 'tab', 'new'];

  it('opening one drops the others\' parameters and keeps the rest of the address', () => {
    const next = withParams(new URLSearchParams('new=1&page=2'), keys, { open: '7', tab: 'chat' });
    expect(next.toString()).toBe('page=2&open=7&tab=chat');
    expect(withoutParams(next, keys).toString()).toBe('page=2');
  });

  it('an id in the address is a positive whole number, else nothing', () => {
    expect(idParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', '12a']) expect(idParam(bad)).toBeNull();
  });
});
