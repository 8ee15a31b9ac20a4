import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RequestKind, evolveRequest, initialRequestState, requestFieldNames, type RequestEvent, type RequestState } from '../../../../domain/request';
import { baseFields } from '../../domain/request/fixtures';
import { requestHistory, type RequestPath } from '../../../support/request-histories';

/*
 * PERF_GENERATED_FUNCTIONS (infrastructure/perf/generated-function.ts): the request read model's
 * literals and diffs compiled from source text give what their plain twins give. The read model's
 * modules are loaded twice, with the switch on and off, and fed the same states.
 */
const switchBefore = process.env.PERF_GENERATED_FUNCTIONS;
const load = async (on: boolean) => {
  vi.resetModules();
  process.env.PERF_GENERATED_FUNCTIONS = on ? '1' : '0';
  return {
    literal: await import('../../../../projections/request/list/fast-literal'),
    rows: await import('../../../../projections/request/list/row-of-state'),
    row: await import('../../../../projections/request/list/row'),
    history: await import('../../../../projections/request/history/history'),
  };
};
const on = await load(true);
const off = await load(false);
afterAll(() => {
  if (switchBefore === undefined) delete process.env.PERF_GENERATED_FUNCTIONS;
  else process.env.PERF_GENERATED_FUNCTIONS = switchBefore;
});

/** Every state along the paths a request takes, with the event that led to it. */
const paths: RequestPath[] = [
  { request: baseFields(), stage: 'registered', engineers: [2] },
  { request: baseFields(), stage: 'closed', result: { hotlinegas_number: 'ГЛ-7' } },
  { request: baseFields(), stage: 'performed', afterwards: { hotlinegas_number: 'ГЛ-8' } },
  { request: baseFields(), stage: 'performing', result: { note: 'В работе', request_text_expl: 'Изучено' } },
  { request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-closed', hotlineEngineers: [3] },
];
const walks = paths.map((p) => {
  const states: Array<{ event: RequestEvent; before: RequestState; after: RequestState }> = [];
  let state = initialRequestState();
  for (const event of requestHistory(p)) {
    const after = evolveRequest(state, event);
    states.push({ event, before: state, after });
    state = after;
  }
  return states;
});
const steps = walks.flat();

/** Same keys in the same order, same values. */
const sameObject = (a: object, b: object) => {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  expect(a).toStrictEqual(b);
};

describe('functions compiled from source text answer as their plain twins (PERF_GENERATED_FUNCTIONS)', () => {
  it('with the switch on they are compiled, with it off they are not', () => {
    expect(on.literal.fastState.toString()).toContain('anonymous');
    expect(off.literal.fastState.toString()).not.toContain('anonymous');
    expect(off.literal.canonicalFields.toString()).not.toContain('anonymous');
  });

  it('the fast state, the registered state and the state of a row: the same objects, and the domain\'s own state', () => {
    for (const { event, before, after } of steps) {
      sameObject(on.literal.fastState(after), off.literal.fastState(after));
      expect(on.literal.fastState(after)).toStrictEqual(after);
      if (event.type === 'RequestRegistered') {
        sameObject(on.literal.registeredState(event.data), off.literal.registeredState(event.data));
        expect(on.literal.registeredState(event.data)).toStrictEqual(evolveRequest(before, event));
      }
      const row = on.rows.rowOfState(after, { revision: 3, registered_by: 1, spares: [], returned: false });
      sameObject(row, off.rows.rowOfState(after, { revision: 3, registered_by: 1, spares: [], returned: false }));
      sameObject(on.literal.stateOfRow(row), off.literal.stateOfRow(row));
    }
  });

  it('the history\'s changes of every event: the same fields in the same order', () => {
    for (const { before, after } of steps) {
      const was = { state: before, spares: [] };
      const is = { state: after, spares: [] };
      expect(on.history.changesBetween(was, is)).toStrictEqual(off.history.changesBetween(was, is));
    }
  });

  it('the canonical fields of any values (property)', () => {
    const value = fc.oneof(fc.constant(null), fc.constant(undefined), fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 8 }), fc.constantFrom('2026-03-01', '2026-03-01T08:00:00.000Z', '12', ''));
    const template = steps.at(-1)!.after;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...requestFieldNames), value), (over) => {
        const state = { ...template, ...over } as RequestState;
        sameObject(on.literal.canonicalFields(state, on.row.canonField), off.literal.canonicalFields(state, off.row.canonField));
        const moved = { ...template, ...over } as RequestState;
        expect(on.history.changesBetween({ state: template, spares: [] }, { state: moved, spares: [] })).toStrictEqual(
          off.history.changesBetween({ state: template, spares: [] }, { state: moved, spares: [] }),
        );
      }),
      { numRuns: 300 },
    );
  });
});
