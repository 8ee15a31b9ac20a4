import { sql, type DatabaseTransactionConnection } from 'slonik';
import { evolveRequest, initialRequestState, requestEventTypes, type RequestEvent, type RequestState } from '../../../domain/request';
import type { SparesSetEventMap, SparesItem } from '../../../domain/spares/decider';
import { defineProjection } from '../../../infrastructure/projection';
import { runScript } from '../../../infrastructure/db/raw-sql';
import { bulkInsert, columnsOf } from '../../support/bulk-insert';
import { changesBetween, historyRows, requestHistoryIndexes, requestHistorySchema, type HistoryRow } from '../history/history';
import { sparesSchema, sparesSetIdOf } from '../../spares/schema';
import { applySparesSetChanges, type SparesSetChange } from '../../spares/apply';
import { periodsOfDate } from './periods';
import { countFlags, countsFromRows } from './counts';
import { fastState, registeredState, stateOfRow } from './fast-literal';
import { requestRowColumns, rowFromDb, type RequestRow, type RequestSpareLine } from './row';
import { rowOfState, withSetSpares } from './row-of-state';
import { requestsIndexes, requestsSchema } from './schema';
import { normalize, requestSearchIndexes, requestSearchSchema, searchBodyOf } from './search';

interface Work {
  state: RequestState;
  spares: RequestSpareLine[];
  revision: number;
  registered_by: number | null;
  /** Sent back for re-execution and not moved on since (RequestRow.returned). */
  returned: boolean;
  /** Touched by this batch: written back at its end. */
  changed: boolean;
}

const requestEvents = new Set<string>(requestEventTypes);

/**
 * Whether a request is 'returned for re-execution' after an event: 'На повторное исполнение' (and its
 * hot line twin) sets it, and it lasts while the status it moved to stays (until the request is taken).
 */
const returnedAfter = (before: Work | null, event: RequestEvent, state: RequestState): boolean =>
  event.type === 'RequestReexecuted' ||
  event.type === 'RequestHotLineReexecuted' ||
  (before !== null && before.returned && !state.deleted && state.request_status_id === before.state.request_status_id);
const sparesEvents = ['SparesSetRegistered', 'SparesSetItemAdded', 'SparesAllocatedToRequest', 'SparesSetUpdated', 'SparesSetItemRemoved', 'SparesSetDeleted'] as const;

export const requestIdOf = (streamId: string): number | null => {
  const m = /^request-(\d+)$/.exec(streamId);
  return m ? Number(m[1]) : null;
};

/** INSERT ... SELECT FROM unnest (projections/support/bulk-insert.ts): one statement for the whole batch. */
const insertRows = async (
  tx: DatabaseTransactionConnection,
  table: string,
  columns: readonly string[],
  rows: readonly object[],
  onConflict: string,
) => {
  if (rows.length === 0) return;
  await bulkInsert(tx, table, await columnsOf(tx, table, columns), rows, onConflict);
};

const updateAll = (columns: readonly string[], key: readonly string[]) =>
  `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${columns
    .filter((c) => !key.includes(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`;

type CountKey = string;
/** The rm_request_counts keys a live request adds to: its month and its year. */
const countKeysOf = (r: RequestRow): CountKey[] => {
  if (r.deleted || !r.request_date_add) return [];
  const dims = `${r.region_id ?? 0},${r.request_status_id},${r.request_kind_id ?? 0},${JSON.stringify(r.request_performer_kind ?? '')},${countFlags(r)}`;
  return periodsOfDate(r.request_date_add).map((p) => `[${p},${dims}]`);
};

/**
 * Rows this runner wrote lately, by id (ApplyContext.memo: valid while its batches follow each
 * other). A request's events are spread over days of the log, so most requests a batch touches
 * were written by one of the last batches: taking them from here spares the load of wide rows.
 * A live server's batches are small and its memory is the server's budget: it keeps fewer.
 */
const CACHED_ROWS = { rebuilding: 20_000, live: 2_000 };
const rowCache = (memo: Map<string, unknown>): Map<number, RequestRow> => {
  let cache = memo.get('requests') as Map<number, RequestRow> | undefined;
  if (!cache) memo.set('requests', (cache = new Map()));
  return cache;
};

interface ItemInfo {
  code: number | null;
  title: string;
  cost: number;
}

const loadRequests = async (tx: DatabaseTransactionConnection, ids: readonly number[]): Promise<Map<number, RequestRow>> => {
  const out = new Map<number, RequestRow>();
  if (ids.length === 0) return out;
  const rows = await tx.any(sql.unsafe`SELECT * FROM rm_requests WHERE id = ANY(${sql.array([...ids], 'int4')})`);
  for (const r of rows) out.set(Number(r.id), rowFromDb(r as Record<string, unknown>));
  return out;
};

const loadItems = async (tx: DatabaseTransactionConnection, setIds: readonly number[]): Promise<Map<string, ItemInfo>> => {
  const out = new Map<string, ItemInfo>();
  if (setIds.length === 0) return out;
  const rows = await tx.any(sql.unsafe`
    SELECT spares_set_id, id, code, title, cost FROM rm_spares_items WHERE spares_set_id = ANY(${sql.array([...setIds], 'int4')})`);
  for (const r of rows) out.set(`${r.spares_set_id}:${r.id}`, { code: r.code == null ? null : Number(r.code), title: String(r.title), cost: Number(r.cost) });
  return out;
};

const itemRow = (setId: number, item: SparesItem) => ({
  spares_set_id: setId,
  id: item.id,
  code: item.code ?? null,
  title: item.title,
  cost: item.cost,
  amount: item.amount,
  allocated: 0,
});

/**
 * The request read side in one projection: rm_requests (list row per request), rm_request_counts,
 * rm_request_history, and the spares tables (rm_spares_sets, rm_spares_items, rm_request_spares).
 * A batch is folded in log order in memory (requests with the domain's own evolveRequest) and
 * written with one statement per table.
 */
export const requestsProjection = defineProjection({
  name: 'requests',
  version: 11,
  tables: ['rm_requests', 'rm_request_counts', 'rm_request_history', 'rm_spares_sets', 'rm_spares_items', 'rm_request_spares', 'rm_request_search'],
  schema: requestsSchema + requestHistorySchema + sparesSchema + requestSearchSchema,
  indexes: requestsIndexes + requestHistoryIndexes + requestSearchIndexes,
  // A rebuild leaves the counts to its end: one statement over the rows instead of deltas per batch.
  finishRebuild: async (tx) => {
    await tx.query(sql.unsafe`TRUNCATE rm_request_counts`);
    await runScript(tx, countsFromRows);
  },
  eventTypes: new Set<string>([...requestEventTypes, ...sparesEvents]),
  apply: async (tx, events, { memo, rebuilding }) => {
    // The batch and the checkpoint commit together, so a crash loses both and the batch is applied
    // again: waiting for the WAL flush buys nothing (a live batch gets this with its checkpoint's move).
    if (rebuilding) await tx.query(sql.unsafe`SET LOCAL synchronous_commit = off`);
    const requestIds = new Set<number>();
    // Requests whose first event (the registration, revision 0) is in this batch: no row to load yet.
    const fresh = new Set<number>();
    const allocationSets = new Set<number>();
    for (const e of events) {
      if (requestEvents.has(e.type)) {
        const id = requestIdOf(e.streamId);
        if (id === null) continue;
        if (!requestIds.has(id) && e.type === 'RequestRegistered' && e.revision === 0) fresh.add(id);
        requestIds.add(id);
      } else if (e.type === 'SparesAllocatedToRequest') {
        requestIds.add(Number((e.data as SparesSetEventMap['SparesAllocatedToRequest']).request_id));
        const setId = sparesSetIdOf(e.streamId);
        if (setId !== null) allocationSets.add(setId);
      }
    }
    const cache = rowCache(memo);
    const [stored, items] = await Promise.all([loadRequests(tx, [...requestIds].filter((id) => !cache.has(id) && !fresh.has(id))), loadItems(tx, [...allocationSets])]);
    const loaded = new Map<number, RequestRow>();
    for (const id of requestIds) {
      const row = cache.get(id) ?? stored.get(id);
      if (row) loaded.set(id, row);
    }
    // The fold: one working record per request, written back once at the end of the batch.
    const work = new Map<number, Work>();
    for (const [id, row] of loaded)
      work.set(id, { state: stateOfRow(row), spares: row.spares, revision: row.revision, registered_by: row.registered_by, returned: row.returned, changed: false });
    const history: HistoryRow[] = [];
    // Chat messages of this batch per request, in log order (the search's words).
    const chats = new Map<number, string[]>();
    const sets: object[] = [];
    const newItems: object[] = [];
    const allocations = new Map<string, { request_id: number; spares_set_id: number; lines: RequestSpareLine[] }>();
    const touchedSets = new Set<number>();
    // Edits of sets (decisions 48–56), applied in order after this batch's own spares writes.
    const setChanges: SparesSetChange[] = [];

    for (const e of events) {
      if (requestEvents.has(e.type)) {
        const id = requestIdOf(e.streamId);
        if (id === null) continue;
        const before = work.get(id) ?? null;
        if (!before && e.type !== 'RequestRegistered') continue;
        const event = { type: e.type, data: e.data } as RequestEvent;
        const state =
          event.type === 'RequestRegistered' && !before ? registeredState(event.data) : fastState(evolveRequest(before?.state ?? initialRequestState(), event));
        const after: Work = {
          state,
          spares: before?.spares ?? [],
          revision: e.revision,
          registered_by: event.type === 'RequestRegistered' ? event.data.registered_by ?? null : before?.registered_by ?? null,
          returned: returnedAfter(before, event, state),
          changed: true,
        };
        work.set(id, after);
        if (event.type === 'RequestCommentAdded') {
          const text = normalize(event.data.comment ?? '');
          if (text) chats.set(id, [...(chats.get(id) ?? []), text]);
        }
        if (!state.deleted && event.type !== 'RequestCommentAdded') history.push(...historyRows(id, e, changesBetween(before, after), true));
        continue;
      }
      const setId = sparesSetIdOf(e.streamId);
      if (setId === null) continue;
      switch (e.type) {
        case 'SparesSetRegistered': {
          const d = e.data as SparesSetEventMap['SparesSetRegistered'];
          sets.push({ id: setId, region_id: d.region_id ?? null, title: d.title, contract: d.contract });
          for (const item of d.items) {
            newItems.push(itemRow(setId, item));
            items.set(`${setId}:${item.id}`, { code: item.code ?? null, title: item.title, cost: item.cost });
          }
          break;
        }
        case 'SparesSetItemAdded': {
          const { item } = e.data as SparesSetEventMap['SparesSetItemAdded'];
          newItems.push(itemRow(setId, item));
          items.set(`${setId}:${item.id}`, { code: item.code ?? null, title: item.title, cost: item.cost });
          break;
        }
        case 'SparesSetUpdated': {
          const d = e.data as SparesSetEventMap['SparesSetUpdated'];
          setChanges.push({ kind: 'updated', setId, data: d });
          for (const item of d.items) items.set(`${setId}:${item.id}`, { code: item.code ?? null, title: item.title, cost: item.cost });
          break;
        }
        case 'SparesSetItemRemoved':
          setChanges.push({ kind: 'itemRemoved', setId, itemId: (e.data as SparesSetEventMap['SparesSetItemRemoved']).item_id });
          break;
        case 'SparesSetDeleted':
          setChanges.push({ kind: 'deleted', setId });
          break;
        case 'SparesAllocatedToRequest': {
          const d = e.data as SparesSetEventMap['SparesAllocatedToRequest'];
          const requestId = Number(d.request_id);
          const lines: RequestSpareLine[] = d.items.map((a) => {
            const info = items.get(`${setId}:${a.item_id}`);
            return {
              spares_set_id: setId,
              item_id: a.item_id,
              code: info?.code ?? null,
              title: info?.title ?? '',
              cost: info?.cost ?? 0,
              amount: a.amount,
            };
          });
          allocations.set(`${requestId}:${setId}`, { request_id: requestId, spares_set_id: setId, lines });
          touchedSets.add(setId);
          const before = work.get(requestId);
          if (before) {
            const after: Work = { ...before, spares: withSetSpares(before.spares, setId, lines), changed: true };
            work.set(requestId, after);
            if (!after.state.deleted) history.push(...historyRows(requestId, e, changesBetween(before, after), false));
          }
          break;
        }
      }
    }

    // History first: the database writes it while the rows are built. Statements of one connection
    // run in order; the pending ones are awaited together below (the catch only keeps an early
    // failure from counting as unhandled before that).
    const pending: Array<Promise<void>> = [];
    const later = (p: Promise<void>) => {
      p.catch(() => undefined);
      pending.push(p);
    };
    later(insertRows(tx, 'rm_request_history', ['request_id', 'position', 'revision', 'event_type', 'date_time', 'user_id', 'changes'], history, ''));

    // Requests and their counts.
    const changed: RequestRow[] = [];
    const deltas = new Map<CountKey, number>();
    const bump = (keys: readonly CountKey[], by: number) => {
      for (const key of keys) deltas.set(key, (deltas.get(key) ?? 0) + by);
    };
    for (const [id, w] of work) {
      if (!w.changed) continue;
      const row = rowOfState(w.state, w);
      changed.push(row);
      const old = loaded.get(id);
      if (old) bump(countKeysOf(old), -1);
      bump(countKeysOf(row), +1);
    }
    later(insertRows(tx, 'rm_requests', requestRowColumns, changed, updateAll(requestRowColumns, ['id'])));
    later(
      insertRows(
        tx,
        'rm_request_search',
        ['id', 'body', 'chat'],
        changed.map((row) => ({ id: row.id, body: searchBodyOf(row), chat: (chats.get(row.id!) ?? []).join(' ') })),
        `ON CONFLICT (id) DO UPDATE SET body = excluded.body, chat = CASE WHEN rm_request_search.chat = '' THEN excluded.chat
           WHEN excluded.chat = '' THEN rm_request_search.chat ELSE rm_request_search.chat || ' ' || excluded.chat END`,
      ),
    );
    for (const row of changed) {
      cache.delete(row.id!);
      cache.set(row.id!, row);
    }
    for (const id of cache.keys()) {
      if (cache.size <= (rebuilding ? CACHED_ROWS.rebuilding : CACHED_ROWS.live)) break;
      cache.delete(id);
    }
    const counts = rebuilding ? [] : [...deltas].filter(([, n]) => n !== 0);
    if (counts.length) {
      const countRows = counts.map(([key, n]) => {
        const [period, region_id, request_status_id, request_kind_id, request_performer_kind, flags] = JSON.parse(key) as [
          number, number, number, number, string, number,
        ];
        return { period, region_id, request_status_id, request_kind_id, request_performer_kind, flags, count: n };
      });
      const countColumns = ['period', 'region_id', 'request_status_id', 'request_kind_id', 'request_performer_kind', 'flags', 'count'];
      await insertRows(
        tx,
        'rm_request_counts',
        countColumns,
        countRows,
        'ON CONFLICT (period, region_id, request_status_id, request_kind_id, request_performer_kind, flags) DO UPDATE SET count = rm_request_counts.count + excluded.count',
      );
      // A key whose requests all moved away leaves no row, as a rebuild would (only a key that lost some can).
      // The keys come as arrays (unnest is planned as ~10 rows: a primary-key probe each); joined to a
      // jsonb recordset, `count = 0` was planned as a scan of the whole table on every status change.
      const lost = countRows.filter((k) => k.count < 0);
      if (lost.length)
        await tx.query(sql.unsafe`
        DELETE FROM rm_request_counts c
        USING unnest(${sql.array(lost.map((k) => k.period), 'int4')}, ${sql.array(lost.map((k) => k.region_id), 'int4')},
                     ${sql.array(lost.map((k) => k.request_status_id), 'int4')}, ${sql.array(lost.map((k) => k.request_kind_id), 'int4')},
                     ${sql.array(lost.map((k) => k.request_performer_kind), 'text')}, ${sql.array(lost.map((k) => k.flags), 'int4')})
              AS k(period, region_id, request_status_id, request_kind_id, request_performer_kind, flags)
        WHERE c.period = k.period AND c.region_id = k.region_id AND c.request_status_id = k.request_status_id
          AND c.request_kind_id = k.request_kind_id AND c.request_performer_kind = k.request_performer_kind
          AND c.flags = k.flags AND c.count = 0`);
    }
    await Promise.all(pending);
    // Spares.
    await insertRows(tx, 'rm_spares_sets', ['id', 'region_id', 'title', 'contract'], sets, 'ON CONFLICT (id) DO UPDATE SET region_id = excluded.region_id, title = excluded.title, contract = excluded.contract');
    await insertRows(tx, 'rm_spares_items', ['spares_set_id', 'id', 'code', 'title', 'cost', 'amount', 'allocated'], newItems, 'ON CONFLICT DO NOTHING');
    if (allocations.size) {
      const pairs = [...allocations.values()];
      await tx.query(sql.unsafe`
        DELETE FROM rm_request_spares s
        USING unnest(${sql.array(pairs.map((p) => p.request_id), 'int4')}, ${sql.array(pairs.map((p) => p.spares_set_id), 'int4')}) AS k(request_id, spares_set_id)
        WHERE s.request_id = k.request_id AND s.spares_set_id = k.spares_set_id`);
      const lines = pairs.flatMap((p) => p.lines.map((l) => ({ request_id: p.request_id, ...l })));
      await insertRows(tx, 'rm_request_spares', ['request_id', 'spares_set_id', 'item_id', 'code', 'title', 'cost', 'amount'], lines, 'ON CONFLICT DO NOTHING');
    }
    if (touchedSets.size || newItems.length) {
      const setIds = [...new Set([...touchedSets, ...newItems.map((i) => (i as { spares_set_id: number }).spares_set_id)])];
      await tx.query(sql.unsafe`
        UPDATE rm_spares_items i
        SET allocated = COALESCE((SELECT sum(s.amount) FROM rm_request_spares s WHERE s.spares_set_id = i.spares_set_id AND s.item_id = i.id), 0)
        WHERE i.spares_set_id = ANY(${sql.array(setIds, 'int4')})`);
    }
    if (setChanges.length) await applySparesSetChanges(tx, setChanges);
  },
});

