import { requestFieldNames, sameValue, type FileRef, type RequestField, type RequestState } from '../../../domain/request';
import type { StoredEvent } from '../../../infrastructure/eventstore/port';
import { changedKeys } from '../../../infrastructure/perf/generated-function';
import { canonField, type RequestSpareLine } from '../list/row';

/**
 * rm_request_history: one row per event that changed the request, with its changes as a jsonb list
 * of [field, old, new] (raw values). The changes come from the difference of the request row before
 * and after each event, so every event that changes something visible (field saves, status moves,
 * executors, lists, documents, number, date, spares allocations of the request's spares sets) is
 * covered the same way. Formatting (Russian titles, reference names) happens at query time
 * (queries.ts), which expands the list: the history tab shows one line per change.
 *
 * One row per event, not per change: a rebuild writes ~1.6 times fewer rows (and index entries), which
 * made the history the cheaper half of the requests projection instead of the dearer one.
 *
 * Key (request_id, position): position is the event's global log position, a fact of the log, so a
 * rebuild gives the same rows.
 */
export const requestHistorySchema = /* sql */ `
    CREATE TABLE rm_request_history (
      request_id integer NOT NULL,
      position bigint NOT NULL,
      revision integer,
      event_type text NOT NULL,
      date_time timestamptz,
      user_id integer,
      changes jsonb NOT NULL
    );
`;

/**
 * Its key is built once the table is full (Projection.indexes): a rebuild inserts in log order, which
 * is random order for (request_id, position), and nothing reads the key while the table fills.
 */
export const requestHistoryIndexes = /* sql */ `
    ALTER TABLE rm_request_history ADD PRIMARY KEY (request_id, position);
`;

export interface HistoryRow {
  request_id: number;
  position: string;
  revision: number | null;
  event_type: string;
  date_time: string | null;
  user_id: number | null;
  /** [field, old, new] per change, in the order the history tab shows them. */
  changes: Array<[string, unknown, unknown]>;
}

/** Lists whose whole value is one history row (old list -> new list). */
const wholeLists = ['engineers', 'works', 'spares_pbs', 'tools_commissioning', 'students_list'] as const;
/** File lists: one row per added or removed file. */
const fileLists = ['attachments', 'documents'] as const;

const hidden = new Set<RequestField>(['id']);
const shownFields = requestFieldNames.filter((f) => !hidden.has(f));
/** The fields whose value is not the same reference in a and b (static property reads: a fold runs it per event). */
const movedFields = changedKeys<RequestState>(shownFields) as (a: RequestState, b: RequestState) => RequestField[];

const fileOf = (f: FileRef) => ({ file_id: f.file_id, file_name: f.file_name });

export interface Change {
  field: string;
  old: unknown;
  new: unknown;
}

/** A request as the fold holds it: the decider's state and the stock spares of its sets. */
export interface RequestSnapshot {
  readonly state: RequestState;
  readonly spares: readonly RequestSpareLine[];
}

/** An empty value a registration does not list (a field left blank, an unset flag, an empty list). */
const blank = (v: unknown): boolean => v === null || v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0);
/** The status first (the tab has always opened with it), then the other fields in the spec's order. */
const registrationFields: readonly RequestField[] = ['request_status_id', ...shownFields.filter((f) => f !== 'request_status_id')];

/**
 * The registration row: every field and list the request was registered with (number, date, status,
 * object, kind, contact, description, tool, ...), each from '' to its value, so the history tab tells
 * the whole story. Runs once per request, in memory: no extra SQL on a rebuild.
 */
const registeredWith = (after: RequestSnapshot): Change[] => {
  const b = after.state as unknown as Record<string, unknown>;
  const out: Change[] = [];
  for (const f of registrationFields) {
    const now = canonField(f, b[f]);
    if (f === 'request_status_id' || !blank(now)) out.push({ field: f, old: null, new: now });
  }
  for (const l of wholeLists) if (!blank(b[l])) out.push({ field: l, old: null, new: b[l] });
  if (after.spares.length > 0) out.push({ field: 'spares', old: null, new: after.spares });
  for (const l of fileLists) for (const f of after.state[l]) out.push({ field: l, old: null, new: fileOf(f) });
  return out;
};

/**
 * What an event changed in the request, as history rows show it. Unchanged values keep their
 * identity through the domain's evolve, so only fields whose reference moved are compared, by
 * their canonical value (the same value from the table or from an event is no change).
 */
export const changesBetween = (before: RequestSnapshot | null, after: RequestSnapshot): Change[] => {
  if (!before) return registeredWith(after);
  const out: Change[] = [];
  const a = before.state as unknown as Record<string, unknown>;
  const b = after.state as unknown as Record<string, unknown>;
  for (const f of movedFields(before.state, after.state)) {
    const old = canonField(f, a[f]);
    const now = canonField(f, b[f]);
    if (!sameValue(old, now)) out.push({ field: f, old, new: now });
  }
  for (const l of wholeLists) if (a[l] !== b[l] && !sameValue(a[l], b[l])) out.push({ field: l, old: a[l], new: b[l] });
  if (before.spares !== after.spares && !sameValue(before.spares, after.spares)) out.push({ field: 'spares', old: before.spares, new: after.spares });
  for (const l of fileLists) {
    if (a[l] === b[l]) continue;
    const was = before.state[l];
    const now = after.state[l];
    const wasIds = new Set(was.map((f) => f.file_id));
    const nowIds = new Set(now.map((f) => f.file_id));
    for (const f of was) if (!nowIds.has(f.file_id)) out.push({ field: l, old: fileOf(f), new: null });
    for (const f of now) if (!wasIds.has(f.file_id)) out.push({ field: l, old: null, new: fileOf(f) });
  }
  return out;
};

/** The history row of an event (none when it changed nothing visible). */
export const historyRows = (requestId: number, event: StoredEvent, changes: readonly Change[], fromRequestStream: boolean): HistoryRow[] =>
  changes.length === 0
    ? []
    : [
        {
          request_id: requestId,
          position: event.position.prepare.toString(),
          revision: fromRequestStream ? event.revision : null,
          event_type: event.type,
          date_time: event.metadata?.timestamp ?? null,
          user_id: event.metadata?.userId ?? null,
          changes: changes.map((c) => [c.field, c.old ?? null, c.new ?? null]),
        },
      ];
