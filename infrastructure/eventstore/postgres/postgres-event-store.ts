import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { catchUpSubscription } from '../catch-up-subscription';
import {
  WrongExpectedRevisionError,
  type AppendBatch,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type YearlyNumber,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port';
import { EVENTS_CHANNEL } from './schema';
import { AppendHints } from './append-hints';
import { streamTypeOf } from '../stream-type';
import { WakeUp } from '../../wake-up';
import { applyIndexChange } from '../../write-index';
import { applyCredentialChange } from '../../credentials';
import { yearlyNumberClaim } from '../../unique-values';

interface EventRow {
  position: string;
  tx: string;
  stream_id: string;
  stream_revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  schema_version: number;
}

const toStored = (r: EventRow): StoredEvent => ({
  streamId: r.stream_id,
  revision: r.stream_revision,
  position: { commit: BigInt(r.tx), prepare: BigInt(r.position) },
  type: r.type,
  data: r.data,
  metadata: r.metadata,
  schemaVersion: r.schema_version,
});

const eventColumns = sql.fragment`
  global_position::text AS position, transaction_id::text AS tx, stream_id, stream_revision,
  type, data, metadata, schema_version`;

/** The log is final below this transaction id (schema.ts, `es_visible_horizon`), taken once per statement. */
const visibleHorizon = sql.fragment`(SELECT es_visible_horizon(pg_current_snapshot()))`;

/** How a stream row is claimed for each kind of expectation; no row back means a conflict. */
const claimStream = (streamId: string, count: number, expected: ExpectedRevision) => {
  const streamType = streamTypeOf(streamId);
  if (expected === 'no_stream')
    return sql.fragment`
      INSERT INTO es_streams (stream_id, stream_type, revision) VALUES (${streamId}, ${streamType}, ${count - 1})
      ON CONFLICT (stream_id) DO NOTHING RETURNING revision`;
  if (expected === 'any')
    return sql.fragment`
      INSERT INTO es_streams (stream_id, stream_type, revision) VALUES (${streamId}, ${streamType}, ${count - 1})
      ON CONFLICT (stream_id) DO UPDATE SET revision = es_streams.revision + ${count}, updated_at = now()
      RETURNING revision`;
  if (expected === 'stream_exists')
    return sql.fragment`
      UPDATE es_streams SET revision = revision + ${count}, updated_at = now()
      WHERE stream_id = ${streamId} RETURNING revision`;
  return sql.fragment`
    UPDATE es_streams SET revision = revision + ${count}, updated_at = now()
    WHERE stream_id = ${streamId} AND revision = ${expected} RETURNING revision`;
};

export interface PostgresEventStoreOptions {
  /** Connection string for the dedicated LISTEN connection (wake-up hints from other processes). */
  readonly listenUrl?: string;
  readonly pollIntervalMs?: number;
  /** Least time between two wake-up hints to other processes (default `HINT_SPACING_MS`). */
  readonly hintSpacingMs?: number;
  /**
   * Test hook: hold each append's transaction open this many ms after its insert, so tests can
   * prove readers never skip events that commit after later-numbered ones.
   */
  readonly commitDelayMs?: () => number;
  /**
   * Test hook: called inside `appendMany`'s transaction after its events are inserted and before
   * it commits; throwing there proves a failure midway leaves every stream as it was.
   */
  readonly appendManyFault?: (batches: readonly AppendBatch[]) => void;
}

/**
 * The append with a number of the year claimed in the same statement (docs/notes/bench.md): the counter, the
 * claim, the stream and the events, each from the rows of the one before, so a number already
 * claimed inserts nothing (row: number null) and a stream claim that fails leaves only the claim
 * (row: revision null), which the caller gives back. The number goes into the first event's data.
 */
const numberedAppend = (
  streamId: string,
  n: number,
  expected: ExpectedRevision,
  yearly: YearlyNumber,
  types: string[],
  datas: string[],
  metas: string[],
  versions: number[],
) => {
  if (expected !== 'no_stream') throw new Error(`append to ${streamId}: a yearly number is claimed for a new stream only`);
  const path = sql.array([...yearly.path], 'text');
  return sql.unsafe`
    WITH ${yearlyNumberClaim(yearly.scope, yearly.year, yearly.owner)},
    s AS (
      INSERT INTO es_streams (stream_id, stream_type, revision) SELECT ${streamId}, ${streamTypeOf(streamId)}, ${n - 1} FROM claim
      ON CONFLICT (stream_id) DO NOTHING RETURNING revision),
    e AS (
      INSERT INTO es_events (stream_id, stream_revision, type, data, metadata, schema_version)
      SELECT ${streamId}, s.revision - ${n} + t.ord, t.type,
             CASE WHEN t.ord = 1 THEN jsonb_set(t.data::jsonb, ${path}, to_jsonb(claim.number)) ELSE t.data::jsonb END,
             t.metadata::jsonb, t.schema_version
      FROM s, claim, unnest(${sql.array(types, 'text')}, ${sql.array(datas, 'text')}, ${sql.array(metas, 'text')},
                            ${sql.array(versions, 'int4')}) WITH ORDINALITY AS t(type, data, metadata, schema_version, ord)
      RETURNING global_position
    )
    SELECT (SELECT number FROM claim) AS number, (SELECT revision FROM s) AS revision,
           (SELECT max(global_position) FROM e)::text AS position, pg_current_xact_id()::text AS tx`;
};

const releaseClaim = (pool: DatabasePool, yearly: YearlyNumber, number: number) =>
  pool.query(sql.unsafe`DELETE FROM unique_values WHERE scope = ${yearly.scope} AND value = ${`${yearly.year}-${number}`} AND owner = ${yearly.owner}`);

/** Events per INSERT statement of `appendMany` (all statements in one transaction). */
const APPEND_MANY_CHUNK = 2000;

export class PostgresEventStore implements EventStore {
  private listener: pg.Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private readonly appended = new WakeUp();
  /** Set when the last short read saw rows of transactions still running: they will be visible soon. */
  private pendingInvisible = false;
  private closed = false;
  private readonly hints: AppendHints;

  constructor(
    private readonly pool: DatabasePool,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.hints = new AppendHints(pool, options.hintSpacingMs);
  }

  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    // A number the statement could not claim (taken by hand) was counted: the next one is tried.
    for (;;) {
      const r = await this.appendOnce(streamId, events, options);
      if (r) return r;
    }
  }

  /** One try of `append`; null when a yearly number came back already claimed (nothing was appended). */
  private async appendOnce(streamId: string, events: readonly NewEvent[], { expectedRevision, indexes = [], yearlyNumber, credential }: AppendOptions): Promise<AppendResult | null> {
    if (events.length === 0) throw new Error(`append to ${streamId}: no events`);
    const n = events.length;
    const types = events.map((e) => e.type);
    const datas = events.map((e) => JSON.stringify(e.data ?? null));
    const metas = events.map((e) => JSON.stringify(e.metadata));
    const versions = events.map((e) => e.schemaVersion ?? 1);
    // One statement: claim the stream revision and insert every event, or do nothing at all.
    const statement = yearlyNumber
      ? numberedAppend(streamId, n, expectedRevision, yearlyNumber, types, datas, metas, versions)
      : sql.unsafe`
      WITH s AS (${claimStream(streamId, n, expectedRevision)}),
      e AS (
        INSERT INTO es_events (stream_id, stream_revision, type, data, metadata, schema_version)
        SELECT ${streamId}, s.revision - ${n} + t.ord, t.type, t.data::jsonb, t.metadata::jsonb, t.schema_version
        FROM s, unnest(${sql.array(types, 'text')}, ${sql.array(datas, 'text')}, ${sql.array(metas, 'text')},
                       ${sql.array(versions, 'int4')}) WITH ORDINALITY AS t(type, data, metadata, schema_version, ord)
        RETURNING global_position
      )
      SELECT s.revision, (SELECT max(global_position) FROM e)::text AS position,
             pg_current_xact_id()::text AS tx
      FROM s`;
    const delay = this.options.commitDelayMs?.() ?? 0;
    // A write-side index and credentials move in the same transaction as the events, or not at all.
    const row =
      delay || indexes.length || credential
        ? await this.pool.transaction(async (tx) => {
            const r = await tx.maybeOne(statement);
            if (r) for (const change of indexes) await applyIndexChange(tx, change);
            if (r && r.revision !== null && credential) await applyCredentialChange(tx, credential);
            if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
            return r;
          })
        : await this.pool.maybeOne(statement);
    if (yearlyNumber && row && row.number === null) return null;
    if (!row || row.revision === null) {
      // The number was claimed in the same statement as a stream claim that failed: give it back.
      if (row && yearlyNumber) await releaseClaim(this.pool, yearlyNumber, Number(row.number));
      throw new WrongExpectedRevisionError(streamId, expectedRevision, await this.currentRevision(streamId));
    }
    this.committed();
    return {
      nextRevision: Number(row.revision),
      position: { commit: BigInt(row.tx as string), prepare: BigInt(row.position as string) },
      ...(yearlyNumber ? { number: Number(row.number) } : {}),
    };
  }

  /**
   * All batches in ONE transaction (port.ts): the streams expecting no stream are claimed by one
   * insert, those expecting a revision by one update, and every event goes in with one insert, so
   * an import of 20,000 tools is a handful of statements. Other expectations ('any',
   * 'stream_exists') take the single-stream statement each. A claim that does not take every
   * stream throws inside the transaction, which then writes nothing.
   */
  async appendMany(batches: readonly AppendBatch[]): Promise<AppendResult[]> {
    if (batches.length === 0) return [];
    for (const b of batches) if (b.events.length === 0) throw new Error(`append to ${b.streamId}: no events`);
    if (new Set(batches.map((b) => b.streamId)).size !== batches.length) throw new Error('appendMany: a stream appears twice');
    const results = await this.pool.transaction(async (tx) => {
      const out: Array<{ nextRevision: number }> = new Array(batches.length);
      const fresh = batches.map((b, i) => ({ b, i })).filter(({ b }) => b.expectedRevision === 'no_stream');
      const numbered = batches.map((b, i) => ({ b, i })).filter(({ b }) => typeof b.expectedRevision === 'number');
      const conflictOf = async (claimed: readonly unknown[], group: typeof fresh) => {
        const got = new Set(claimed.map(String));
        const lost = group.find(({ b }) => !got.has(b.streamId))!.b;
        const actual = await tx.maybeOneFirst(sql.unsafe`SELECT revision FROM es_streams WHERE stream_id = ${lost.streamId}`);
        return new WrongExpectedRevisionError(lost.streamId, lost.expectedRevision, actual === null ? 'no_stream' : Number(actual));
      };
      if (fresh.length) {
        const claimed = await tx.anyFirst(sql.unsafe`
          INSERT INTO es_streams (stream_id, stream_type, revision)
          SELECT * FROM unnest(${sql.array(fresh.map(({ b }) => b.streamId), 'text')}, ${sql.array(fresh.map(({ b }) => streamTypeOf(b.streamId)), 'text')},
                               ${sql.array(fresh.map(({ b }) => b.events.length - 1), 'int4')})
          ON CONFLICT (stream_id) DO NOTHING RETURNING stream_id`);
        if (claimed.length !== fresh.length) throw await conflictOf(claimed, fresh);
        for (const { b, i } of fresh) out[i] = { nextRevision: b.events.length - 1 };
      }
      if (numbered.length) {
        const claimed = await tx.anyFirst(sql.unsafe`
          UPDATE es_streams s SET revision = s.revision + u.n, updated_at = now()
          FROM unnest(${sql.array(numbered.map(({ b }) => b.streamId), 'text')}, ${sql.array(numbered.map(({ b }) => b.expectedRevision as number), 'int4')},
                      ${sql.array(numbered.map(({ b }) => b.events.length), 'int4')}) AS u(id, expected, n)
          WHERE s.stream_id = u.id AND s.revision = u.expected RETURNING s.stream_id`);
        if (claimed.length !== numbered.length) throw await conflictOf(claimed, numbered);
        for (const { b, i } of numbered) out[i] = { nextRevision: (b.expectedRevision as number) + b.events.length };
      }
      // Events in batch order, each batch's revisions counting up to its next revision, inserted in
      // chunks: an import's 45,000 events never sit in memory as one statement's parameters.
      const rows = { ids: [] as string[], revs: [] as number[], types: [] as string[], datas: [] as string[], metas: [] as string[], versions: [] as number[] };
      const flush = async () => {
        if (!rows.ids.length) return;
        await tx.query(sql.unsafe`
          INSERT INTO es_events (stream_id, stream_revision, type, data, metadata, schema_version)
          SELECT t.id, t.rev, t.type, t.data::jsonb, t.metadata::jsonb, t.v
          FROM unnest(${sql.array(rows.ids, 'text')}, ${sql.array(rows.revs, 'int4')}, ${sql.array(rows.types, 'text')},
                      ${sql.array(rows.datas, 'text')}, ${sql.array(rows.metas, 'text')}, ${sql.array(rows.versions, 'int4')})
               WITH ORDINALITY AS t(id, rev, type, data, metadata, v, ord)
          ORDER BY t.ord`);
        for (const list of Object.values(rows)) list.length = 0;
      };
      for (const [i, b] of batches.entries()) {
        const r = out[i];
        if (!r) continue;
        const first = r.nextRevision - b.events.length + 1;
        for (const [k, e] of b.events.entries()) {
          rows.ids.push(b.streamId);
          rows.revs.push(first + k);
          rows.types.push(e.type);
          rows.datas.push(JSON.stringify(e.data ?? null));
          rows.metas.push(JSON.stringify(e.metadata));
          rows.versions.push(e.schemaVersion ?? 1);
        }
        if (rows.ids.length >= APPEND_MANY_CHUNK) await flush();
      }
      await flush();
      for (const [i, b] of batches.entries()) {
        if (out[i]) continue;
        const n = b.events.length;
        const row = await tx.maybeOne(sql.unsafe`
          WITH s AS (${claimStream(b.streamId, n, b.expectedRevision)}),
          e AS (
            INSERT INTO es_events (stream_id, stream_revision, type, data, metadata, schema_version)
            SELECT ${b.streamId}, s.revision - ${n} + t.ord, t.type, t.data::jsonb, t.metadata::jsonb, t.schema_version
            FROM s, unnest(${sql.array(b.events.map((e) => e.type), 'text')}, ${sql.array(b.events.map((e) => JSON.stringify(e.data ?? null)), 'text')},
                           ${sql.array(b.events.map((e) => JSON.stringify(e.metadata)), 'text')}, ${sql.array(b.events.map((e) => e.schemaVersion ?? 1), 'int4')})
                 WITH ORDINALITY AS t(type, data, metadata, schema_version, ord)
            RETURNING 1
          )
          SELECT s.revision, (SELECT count(*) FROM e) AS n FROM s`);
        if (!row) {
          const actual = await tx.maybeOneFirst(sql.unsafe`SELECT revision FROM es_streams WHERE stream_id = ${b.streamId}`);
          throw new WrongExpectedRevisionError(b.streamId, b.expectedRevision, actual === null ? 'no_stream' : Number(actual));
        }
        out[i] = { nextRevision: Number(row.revision) };
      }
      // The write-side indexes move with the events, in the same transaction.
      for (const b of batches) for (const change of b.indexes ?? []) await applyIndexChange(tx, change);
      this.options.appendManyFault?.(batches);
      const head = await tx.one(sql.unsafe`
        SELECT (SELECT max(global_position) FROM es_events WHERE transaction_id = pg_current_xact_id())::text AS position,
               pg_current_xact_id()::text AS tx`);
      const position = { commit: BigInt(head.tx as string), prepare: BigInt(head.position as string) };
      return out.map((r) => ({ nextRevision: r.nextRevision, position }));
    });
    this.committed();
    return results;
  }

  /** An append committed: readers of this process wake now, those of others at the hint. */
  private committed(): void {
    this.appended.wake();
    this.hints.committed();
  }

  private async currentRevision(streamId: string): Promise<number | 'no_stream'> {
    const r = await this.pool.maybeOneFirst(sql.unsafe`SELECT revision FROM es_streams WHERE stream_id = ${streamId}`);
    return r === null ? 'no_stream' : Number(r);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.fromRevision ?? 0;
    const limit = options.maxCount ?? 1_000_000;
    const rows = await this.pool.any(sql.unsafe`
      SELECT ${eventColumns} FROM es_events
      WHERE stream_id = ${streamId} AND stream_revision >= ${from}
      ORDER BY stream_revision LIMIT ${limit}`);
    return (rows as unknown as EventRow[]).map(toStored);
  }

  async *readStreamsOfType(streamType: string, streamsPerPage = 5_000): AsyncIterable<StoredEvent[]> {
    // Keyset pages of stream ids: the first start on a big log (a million requests) once read every
    // event of the type into one array and ran out of heap.
    for (let after = ''; ; ) {
      const ids = (await this.pool.anyFirst(sql.unsafe`
        SELECT stream_id FROM es_streams WHERE stream_type = ${streamType} AND stream_id > ${after}
        ORDER BY stream_id LIMIT ${streamsPerPage}`)) as string[];
      if (ids.length === 0) return;
      const rows = await this.pool.any(sql.unsafe`
        SELECT ${eventColumns} FROM es_events WHERE stream_id = ANY(${sql.array(ids, 'text')})
        ORDER BY stream_id, stream_revision`);
      yield (rows as unknown as EventRow[]).map(toStored);
      after = ids[ids.length - 1]!;
    }
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<StoredEvent[]> {
    const from = after
      ? sql.fragment`(transaction_id, global_position) > (${after.commit.toString()}::xid8, ${after.prepare.toString()}::int8)`
      : sql.fragment`TRUE`;
    const rows = (await this.pool.any(sql.unsafe`
      SELECT ${eventColumns} FROM es_events
      WHERE ${from} AND transaction_id < ${visibleHorizon}
      ORDER BY transaction_id, global_position
      LIMIT ${maxCount}`)) as unknown as EventRow[];
    // Only a reader about to wait asks whether events of running transactions are due (waitForAppend
    // then waits briefly); one that got events reads again at once anyway. max() reads one index
    // entry; a range condition on the horizon (known only at run time) would be planned as a scan.
    if (rows.length === 0) {
      this.pendingInvisible = await this.pool.oneFirst(sql.unsafe`
        SELECT COALESCE((SELECT max(transaction_id) FROM es_events) >= ${visibleHorizon}, false)`) as boolean;
    }
    return rows.map(toStored);
  }

  async headPosition() {
    const row = await this.pool.maybeOne(sql.unsafe`
      SELECT transaction_id::text AS tx, global_position::text AS position FROM es_events
      ORDER BY transaction_id DESC, global_position DESC LIMIT 1`);
    return row ? { commit: BigInt(row.tx as string), prepare: BigInt(row.position as string) } : null;
  }

  subscribe(options: SubscribeOptions): Subscription {
    return catchUpSubscription(this, options, this.options.pollIntervalMs ?? 1000);
  }

  async waitForAppend(timeoutMs: number): Promise<void> {
    if (this.closed) return;
    // Events of transactions still in flight become readable within milliseconds; don't sleep long.
    const wait = this.pendingInvisible ? Math.min(timeoutMs, 5) : timeoutMs;
    await this.ensureListener();
    await this.appended.wait(wait);
  }


  private async ensureListener(): Promise<void> {
    if (!this.options.listenUrl || this.listener || this.closed) return;
    this.listenerStarting ??= (async () => {
      const client = new pg.Client({ connectionString: this.options.listenUrl });
      client.on('notification', (n) => {
        if (!this.hints.isOwn(n.payload)) this.appended.wake();
      });
      client.on('error', () => {
        // Lost the hint channel: fall back to polling and reconnect on the next wait.
        if (this.listener === client) this.listener = null;
        this.listenerStarting = null;
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${EVENTS_CHANNEL}`);
        this.listener = client;
      } catch {
        this.listenerStarting = null;
        await client.end().catch(() => {});
      }
    })();
    await this.listenerStarting;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.hints.close();
    this.appended.wake();
    const l = this.listener;
    this.listener = null;
    if (l) await l.end().catch(() => {});
  }
}
