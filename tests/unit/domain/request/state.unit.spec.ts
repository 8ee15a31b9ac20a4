import { describe, expect, it } from 'vitest';
import { dataOf, emptyRequestData, emptyRequestFields, emptyRequestLists, initialRequestState } from '../../../../domain/request/state';

describe('request initial values', () => {
  it('are the empty fields and lists, key for key and in order, each built as one literal', () => {
    const data = { ...emptyRequestFields(), ...emptyRequestLists() };
    expect(emptyRequestData()).toEqual(data);
    expect(Object.keys(emptyRequestData())).toEqual(Object.keys(data));
    const state = initialRequestState();
    // The state starts with the data, then its own facts (registered, deleted, ...), all empty.
    expect(Object.keys(state).slice(0, Object.keys(data).length)).toEqual(Object.keys(data));
    expect(dataOf(state)).toEqual(data);
    expect(state.registered).toBe(false);
    expect(state.deleted).toBe(false);
    expect(state.comments_count).toBe(0);
  });

  it('give fresh lists on every call', () => {
    const a = initialRequestState();
    const b = initialRequestState();
    expect(a.engineers).not.toBe(b.engineers);
    expect(emptyRequestData().documents).not.toBe(emptyRequestData().documents);
  });
});
