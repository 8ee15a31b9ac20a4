import {
  initialRequestState,
  requestFieldNames,
  type RequestEventMap,
  type RequestField,
  type RequestState,
} from '../../../domain/request';
import { objectLiteral, type LiteralKey } from '../../../infrastructure/perf/generated-function';
import { requestFieldTypes, type canonField, type RequestRow } from './row';

/*
 * States and rows of ~80 properties rebuilt by one object literal of a fixed key order
 * (infrastructure/perf/generated-function.ts says why, and how PERF_GENERATED_FUNCTIONS=0 turns it off).
 * Each key gives its value twice: as source text and as the same expression in a function.
 */

type Args = [s: Record<string, unknown>, i?: Record<string, unknown>, l?: Record<string, unknown>];
const stateKeys = Object.keys(initialRequestState());
const literalOf = (keyOf: (k: string) => LiteralKey<Args>) => objectLiteral<Args, RequestState>(['s', 'i', 'l'], stateKeys, keyOf);
const copied = (k: string): LiteralKey<Args> => ({ source: `s.${k}`, value: (s) => s[k] });

/** The same state as a fast object. */
export const fastState = literalOf(copied) as unknown as (state: RequestState) => RequestState;

const rowState = literalOf((k) => (k === 'registered' ? { source: 'true', value: () => true } : copied(k)));

/**
 * The state after RequestRegistered, as evolveRequest builds it (every field of the registration over
 * the initial state, the lists, registered), in one literal: the domain's version merges spreads of
 * the initial state and costs far more per event, which a rebuild of millions of requests feels.
 * tests/integration/request-read/rebuild.int.spec.ts checks that both give the same state.
 */
const initial = fastState(initialRequestState());
const registrationLists = new Set(['engineers', 'works', 'spares_pbs', 'tools_commissioning', 'students_list', 'attachments']);
const registeredLiteral = literalOf((k) =>
  k === 'registered'
    ? { source: 'true', value: () => true }
    : k === 'registered_by'
      ? { source: '(l.registered_by ?? null)', value: (_s, _i, l) => l!.registered_by ?? null }
      : registrationLists.has(k)
        ? { source: `l.${k}`, value: (_s, _i, l) => l![k] }
        : { source: `s.${k} !== undefined ? s.${k} : i.${k}`, value: (s, i) => (s[k] !== undefined ? s[k] : i![k]) },
);
export const registeredState = (data: RequestEventMap['RequestRegistered']): RequestState =>
  registeredLiteral(data.request as unknown as Record<string, unknown>, initial as unknown as Record<string, unknown>, data as unknown as Record<string, unknown>);

/** The decider's state of a stored row, so the projection folds with the domain's own evolve. */
export const stateOfRow = (row: RequestRow): RequestState => rowState(row as unknown as Record<string, unknown>);

type Canon = typeof canonField;
const canonKey = (f: RequestField): LiteralKey<[s: Record<string, unknown>, c: Canon]> => {
  switch (requestFieldTypes[f]) {
    case 'int':
      return {
        source: `(typeof s.${f} === 'number' && Number.isInteger(s.${f}) ? s.${f} : c('${f}', s.${f}))`,
        value: (s, c) => (typeof s[f] === 'number' && Number.isInteger(s[f]) ? s[f] : c(f, s[f])),
      };
    case 'text':
      return f === 'request_text'
        ? { source: `(typeof s.${f} === 'string' ? s.${f} : c('${f}', s.${f}))`, value: (s, c) => (typeof s[f] === 'string' ? s[f] : c(f, s[f])) }
        : {
            source: `(s.${f} === null || typeof s.${f} === 'string' ? s.${f} : c('${f}', s.${f}))`,
            value: (s, c) => (s[f] === null || typeof s[f] === 'string' ? s[f] : c(f, s[f])),
          };
    case 'bool':
      return { source: `(s.${f} === true)`, value: (s) => s[f] === true };
    default:
      return { source: `c('${f}', s.${f})`, value: (s, c) => c(f, s[f]) };
  }
};
/** The canonical scalar fields of a state as one literal (rowOfState's base). */
export const canonicalFields = objectLiteral<[s: Record<string, unknown>, c: Canon], Record<string, unknown>>(['s', 'c'], requestFieldNames, (f) => canonKey(f as RequestField)) as unknown as (
  s: RequestState,
  c: Canon,
) => Record<string, unknown>;
