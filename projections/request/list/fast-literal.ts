import {
  initialRequestState,
  requestFieldNames,
  type RequestEventMap,
  type RequestField,
  type RequestState,
} from '../../../domain/request';
import { requestFieldTypes, type canonField, type RequestRow } from './row';

/*
 * The one place of the fast-literal trick: states and rows of ~80 properties are rebuilt by functions
 * compiled from one object literal of a fixed key order (server side only: the client's CSP forbids eval).
 */

/**
 * The fold keeps the decider's RequestState objects. V8 keeps an object of ~80 properties fast only
 * when one literal creates it (merged spreads and property-by-property building fall back to
 * dictionary mode, where every later spread costs tens of microseconds), so states are rebuilt
 * with one generated literal of a fixed key order.
 */
const stateKeys = Object.keys(initialRequestState());
const literalOf = (keys: readonly string[], source: (k: string) => string) => {
  for (const k of keys) if (!/^[a-z_][a-z0-9_]*$/.test(k)) throw new Error(`Bad key ${k}`);
  return new Function('s', 'i', 'l', `return { ${keys.map((k) => `${k}: ${source(k)}`).join(', ')} };`) as (
    s: object,
    i?: object,
    l?: object,
  ) => RequestState;
};

/** The same state as a fast object. */
export const fastState: (state: RequestState) => RequestState = literalOf(stateKeys, (k) => `s.${k}`);

const rowState = literalOf(stateKeys, (k) => (k === 'registered' ? 'true' : `s.${k}`));

/**
 * The state after RequestRegistered, as evolveRequest builds it (every field of the registration over
 * the initial state, the lists, registered), in one literal: the domain's version merges spreads of
 * the initial state and costs ~60 µs an event, which a rebuild of millions of requests feels.
 * tests/integration/request-read/rebuild.int.spec.ts checks that both give the same state.
 */
const initial = fastState(initialRequestState());
const registrationLists = new Set(['engineers', 'works', 'spares_pbs', 'tools_commissioning', 'students_list', 'attachments']);
const registeredLiteral = literalOf(stateKeys, (k) =>
  k === 'registered'
    ? 'true'
    : k === 'registered_by'
      ? '(l.registered_by ?? null)'
      : registrationLists.has(k)
        ? `l.${k}`
        : `s.${k} !== undefined ? s.${k} : i.${k}`,
);
export const registeredState = (data: RequestEventMap['RequestRegistered']): RequestState => registeredLiteral(data.request, initial, data);

/** The decider's state of a stored row, so the projection folds with the domain's own evolve. */
export const stateOfRow = (row: RequestRow): RequestState => rowState(row);

const canonSource = (f: RequestField) => {
  switch (requestFieldTypes[f]) {
    case 'int':
      return `(typeof s.${f} === 'number' && Number.isInteger(s.${f}) ? s.${f} : c('${f}', s.${f}))`;
    case 'text':
      return f === 'request_text' ? `(typeof s.${f} === 'string' ? s.${f} : c('${f}', s.${f}))` : `(s.${f} === null || typeof s.${f} === 'string' ? s.${f} : c('${f}', s.${f}))`;
    case 'bool':
      return `(s.${f} === true)`;
    default:
      return `c('${f}', s.${f})`;
  }
};
/** The canonical scalar fields of a state as one literal (rowOfState's base). */
export const canonicalFields = new Function('s', 'c', `return { ${requestFieldNames.map((f) => `${f}: ${canonSource(f)}`).join(', ')} };`) as (
  s: RequestState,
  c: typeof canonField,
) => Record<string, unknown>;

