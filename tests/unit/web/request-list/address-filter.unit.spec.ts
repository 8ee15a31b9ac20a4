import { describe, expect, it } from 'vitest';
import { defaultFilter, filterFromAddress, toServerFilter } from '../../../../web/src/features/request-list/model/filter';

describe("a request list's filter from the address (the home page's links)", () => {
  it('takes the fields the JSON sets with their types, over the list default', () => {
    const f = filterFromAddress(JSON.stringify({ engineer_id: 7, request_statuses_ids: [2, 3], date_beg: '2000-01-01', date_end: '2026-12-31' }), 'requests');
    expect(f).toEqual({ ...defaultFilter('requests'), engineer_id: 7, request_statuses_ids: [2, 3], date_beg: '2000-01-01', date_end: '2026-12-31' });
    expect(toServerFilter(f)).toMatchObject({ engineer_id: 7, request_statuses_ids: [2, 3], date_beg: '2000-01-01', date_end: '2026-12-31' });
  });

  it("keeps 'returned' yes and no (no is a condition of its own), and takes no boolean for a number field", () => {
    for (const returned of [true, false]) {
      const f = filterFromAddress(JSON.stringify({ engineer_id: 7, request_statuses_ids: [2], returned }), 'requests');
      expect(f.returned).toBe(returned);
      expect(toServerFilter(f)).toMatchObject({ engineer_id: 7, request_statuses_ids: [2], returned });
    }
    expect(toServerFilter(defaultFilter('requests'))).not.toHaveProperty('returned');
    expect(filterFromAddress(JSON.stringify({ engineer_id: true }), 'requests').engineer_id).toBeNull();
  });

  it('ignores unknown fields, wrong types and broken JSON', () => {
    expect(filterFromAddress(JSON.stringify({ hacker: 1, request_statuses_ids: ['x'], contact_unknown_name: 5, __proto__: { a: 1 } }), 'hotLine')).toEqual(defaultFilter('hotLine'));
    expect(filterFromAddress('{not json', 'requests')).toEqual(defaultFilter('requests'));
    expect(filterFromAddress('[1,2]', 'requests')).toEqual(defaultFilter('requests'));
  });
});
