import { sql, type DatabaseTransactionConnection } from 'slonik';
import { positionToString, type Position, type StoredEvent } from '../infrastructure/eventstore/port';
import { rawSql, runScript } from '../infrastructure/db/raw-sql';
import { isDatabaseUnavailable } from '../infrastructure/db/unavailable';
import { mapLimit } from '../infrastructure/map-limit';
import type { Projection } from '../infrastructure/projection';
import { lockCheckpoint } from './checkpoint-lock';
import { setCheckpoint } from './checkpoints';
import type { ProcessorSet } from './processor-set';
import { describeEvent, type FailedEvent, type ProcessorState } from './processor-state';
import { readUntil } from './read-until';

/** One projection's rebuild: its new tables' memory and how far they have read the log. */
interface Build {
  readonly state: ProcessorState;
  readonly p: Projection;
  readonly memo: Map<string, unknown>;
  position: Position | null;
  /** Where its time went (ms): applying batches, finishRebuild, indexes, VACUUM. */
  readonly ms: RebuildTimes;
}

export interface RebuildTimes {
  apply: number;
  finish: number;
  indexes: number;
  vacuum: number;
}

export interface RebuildResult {
  events: number;
  ms: number;
  /** Reading the log, as far as the applies waited for it (ms). */
  readMs: number;
  byProjection: Record<string, RebuildTimes>;
}

type InSchema = <T>(work: (tx: DatabaseTransactionConnection) => Promise<T>) => Promise<T>;

let rebuildCount = 0;
const ROLLBACK = new Error('rollback');

/** A rebuild stopped: the old read model and its checkpoint are kept. */
export class RebuildFailed extends Error {
  constructor(
    readonly projection: string,
    readonly event: FailedEvent,
    readonly failure: unknown,
    /** Where the new tables had got to (the position before the event's batch). */
    readonly checkpoint: string,
  ) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    super(`projection ${projection} could not be rebuilt: ${reason}. Event ${event.type} of ${event.streamId}@${event.revision} at position ${event.position}. The old read model is kept.`);
    this.name = 'RebuildFailed';
  }

  get reason(): string {
    return this.failure instanceof Error ? this.failure.message : String(this.failure);
  }
}

/**
 * Rebuilds the given projections from the log into fresh tables and swaps them in only when the
 * whole log applied (see ProjectionRunner.rebuild).
 */
export const rebuildProjections = async (set: ProcessorSet, states: readonly ProcessorState[], batchSize: number): Promise<RebuildResult> => {
  const started = Date.now();
  const { pool, store } = set;
  const live = String(await pool.oneFirst(sql.unsafe`SELECT current_schema()`));
  const schema = `rebuild_${process.pid}_${++rebuildCount}`;
  const inSchema: InSchema = (work) =>
    pool.transaction(async (tx) => {
      await tx.query(rawSql(`SET LOCAL search_path TO "${schema}", "${live}"`));
      return work(tx);
    });
  const builds: Build[] = states.map((s) => ({ state: s, p: s.processor.p as Projection, memo: new Map(), position: null, ms: { apply: 0, finish: 0, indexes: 0, vacuum: 0 } }));
  // A schema left by a crashed rebuild of a process that had the same pid.
  await pool.query(rawSql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  await pool.query(rawSql(`CREATE SCHEMA "${schema}"`));
  try {
    // Tables without their secondary indexes: one bulk build at the end is far cheaper.
    await inSchema(async (tx) => {
      for (const b of builds) await runScript(tx, b.p.schema);
    });
    let events = 0;
    let readMs = 0;
    const head = await store.headPosition();
    for (let batch = await readUntil(store, null, head, batchSize); batch.length > 0; ) {
      // Read the next batch while this one is applied.
      const last = batch[batch.length - 1]!.position;
      const next = readUntil(store, last, head, batchSize);
      const types = new Set(batch.map((e) => e.type));
      const results = await Promise.allSettled(builds.map((b) => applyRebuildBatch(b, relevantOf(b.p, batch, types), inSchema)));
      const failed = results.findIndex((r) => r.status === 'rejected');
      if (failed >= 0) {
        await next.catch(() => []);
        throw await rebuildFailure(set, builds[failed]!, batch, (results[failed] as PromiseRejectedResult).reason, inSchema);
      }
      for (const b of builds) b.position = last;
      events += batch.length;
      const waited = performance.now();
      batch = await next;
      readMs += performance.now() - waited;
    }
    // Deferred work and indexes, then statistics and a visibility map: until autovacuum came
    // round, freshly loaded tables were planned blind and read the heap for index-only scans
    // (the history tab and a dozen list filters far past their targets at scale 1). VACUUM cannot run
    // inside a transaction; it runs before the swap, so the tables come in ready.
    // Each projection's end is its own tables' work: two lanes keep both cores busy (one at a time
    // left a core idle for a quarter of the rebuild), the projections slowest to apply first.
    await mapLimit([...builds].sort((x, y) => y.ms.apply - x.ms.apply), TAIL_LANES, async (b) => {
      await inSchema(async (tx) => {
        await timed(b, 'finish', async () => b.p.finishRebuild?.(tx));
        await timed(b, 'indexes', async () => (b.p.indexes ? runScript(tx, b.p.indexes) : undefined));
      });
      await timed(b, 'vacuum', async () => { for (const t of b.p.tables) await pool.query(rawSql(`VACUUM (ANALYZE) "${schema}"."${t}"`)); });
    });
    await swapIn(set, builds, schema, live);
    const byProjection = Object.fromEntries(builds.map((b) => [b.p.name, roundTimes(b.ms)]));
    const result = { events, ms: Date.now() - started, readMs: Math.round(readMs), byProjection };
    set.log.info(result, 'rebuild finished');
    return result;
  } finally {
    await pool.query(rawSql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(() => {});
  }
};

/** Lanes for the projections' ends (finish, indexes, VACUUM): the machines we size for have two cores. */
const TAIL_LANES = 2;

const roundTimes = (t: RebuildTimes): RebuildTimes => ({ apply: Math.round(t.apply), finish: Math.round(t.finish), indexes: Math.round(t.indexes), vacuum: Math.round(t.vacuum) });

const timed = async <T>(b: Build, part: keyof RebuildTimes, work: () => Promise<T>): Promise<T> => {
  const t = performance.now();
  try {
    return await work();
  } finally {
    b.ms[part] += performance.now() - t;
  }
};

/**
 * A projection's events of a batch, decided per event type rather than per event: most projections
 * read none of a batch's types, the audit all of them (15 filters of every event cost seconds).
 */
const relevantOf = (p: Projection, batch: readonly StoredEvent[], types: ReadonlySet<string>): readonly StoredEvent[] => {
  const wanted = [...types].filter((t) => p.eventTypes.has(t));
  if (wanted.length === 0) return [];
  if (wanted.length === types.size) return batch;
  const set = new Set(wanted);
  return batch.filter((e) => set.has(e.type));
};

/** Applies a rebuild batch (the projection's events of it) to the new tables: no checkpoint row, no lock, one transaction. */
const applyRebuildBatch = async (b: Build, relevant: readonly StoredEvent[], inSchema: InSchema): Promise<void> => {
  if (relevant.length === 0) return;
  try {
    await timed(b, 'apply', () => inSchema((tx) => b.p.apply(tx, relevant, { memo: b.memo, rebuilding: true })));
  } catch (error) {
    b.memo.clear();
    throw error;
  }
};

/**
 * Finds the event a failed rebuild batch stopped on: the shortest failing prefix of the batch's
 * events, by bisection over transactions that are always rolled back (a few dozen tries instead of
 * one transaction per event). Costs nothing unless a rebuild fails.
 */
const rebuildFailure = async (set: ProcessorSet, b: Build, batch: readonly StoredEvent[], error: unknown, inSchema: InSchema): Promise<RebuildFailed> => {
  const relevant = batch.filter((e) => b.p.eventTypes.has(e.type));
  const failure = async (n: number): Promise<unknown> => {
    try {
      await inSchema(async (tx) => {
        await b.p.apply(tx, relevant.slice(0, n), { memo: new Map(), rebuilding: true });
        throw ROLLBACK;
      });
    } catch (e) {
      return e === ROLLBACK ? null : e;
    }
    return null;
  };
  let found = { event: relevant[0] ?? batch[0]!, error };
  if (!isDatabaseUnavailable(error)) {
    let lo = 1;
    let hi = relevant.length;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const e = await failure(mid);
      if (e) {
        hi = mid;
        found = { event: relevant[mid - 1]!, error: e };
      } else lo = mid + 1;
    }
    found.event = relevant[hi - 1] ?? found.event;
  }
  const result = new RebuildFailed(b.p.name, describeEvent(found.event), found.error, positionToString(b.position));
  set.log.error({ projection: b.p.name, event: result.event, checkpoint: result.checkpoint, err: result.reason }, result.message);
  return result;
};

/** One transaction: the old tables out, the new ones in, the checkpoints where the rebuild stopped. */
const swapIn = async (set: ProcessorSet, builds: readonly Build[], schema: string, live: string): Promise<void> => {
  await set.pool.transaction(async (tx) => {
    // The checkpoint rows first, in one order: a live batch in flight finishes, none starts.
    for (const b of [...builds].sort((x, y) => x.p.name.localeCompare(y.p.name))) await lockCheckpoint(tx, b.p.name, b.p.version);
    for (const b of builds)
      for (const t of b.p.tables) {
        await tx.query(rawSql(`DROP TABLE IF EXISTS "${live}"."${t}" CASCADE`));
        await tx.query(rawSql(`ALTER TABLE "${schema}"."${t}" SET SCHEMA "${live}"`));
      }
    for (const b of builds) await setCheckpoint(tx, b.p.name, b.position, b.p.version);
  });
  for (const b of builds) {
    const s = b.state;
    s.checkpoint = s.persisted = b.position;
    s.memo.clear();
    s.failedOn = null;
    s.error = null;
    if (s.status === 'failed') s.status = 'idle';
    set.changed(b.p.name);
  }
};
