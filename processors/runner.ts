import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import {
  comparePositions,
  hasReached,
  positionToString,
  samePosition,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../infrastructure/eventstore/port';
import type { Logger } from '../infrastructure/logger';
import { rawSql, runScript } from '../infrastructure/db/raw-sql';
import type { Projection } from '../infrastructure/projection';
import type { Reaction } from '../infrastructure/reaction';
import { LogWindow } from './log-window';
import { WakeUp } from '../infrastructure/wake-up';
import { isDatabaseUnavailable } from '../infrastructure/db/unavailable';
import { Backoff } from './backoff';

type Processor = { kind: 'projection'; p: Projection } | { kind: 'reaction'; p: Reaction };

interface ProcessorState {
  readonly processor: Processor;
  /** How far it has read (in memory); ahead of `persisted` after batches with nothing for it. */
  checkpoint: Position | null;
  /** The checkpoint as stored in projection_checkpoints. */
  persisted: Position | null;
  status: 'idle' | 'running' | 'failed' | 'stopped';
  error: string | null;
  stopRequested: boolean;
  loop: Promise<void> | null;
  /** The projection's memory between batches (ApplyContext.memo). */
  readonly memo: Map<string, unknown>;
  /** When an idle loop last stored a checkpoint that only moved over events of no interest (ms). */
  quietAt: number;
  /** The event it stopped on, when it failed. */
  failedOn: FailedEvent | null;
}

/** The event a projection could not apply: what an operator needs to find it in the log. */
export interface FailedEvent {
  readonly streamId: string;
  readonly revision: number;
  readonly type: string;
  readonly position: string;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly status: string;
  readonly position: string;
  readonly error: string | null;
  /** Set when status is 'failed'. */
  readonly event: FailedEvent | null;
}

const describeEvent = (e: StoredEvent): FailedEvent => ({ streamId: e.streamId, revision: e.revision, type: e.type, position: positionToString(e.position) });

class CheckpointMoved extends Error {}

const parsePosition = (commit: string | null, prepare: number | string | null): Position | null =>
  commit === null || prepare === null ? null : { commit: BigInt(commit), prepare: BigInt(prepare) };

export interface RunnerOptions {
  readonly batchSize?: number;
  /**
   * Events per batch of a rebuild (default: batchSize when given, else 20,000). A request's events
   * are spread over days of the log; a larger batch folds more of them in memory and writes each
   * touched row once instead of once per batch (at --scale 0.1: 5,000 → 19,000 events/s, 20,000 →
   * 27,500; larger batches gain nothing more).
   */
  readonly rebuildBatchSize?: number;
  readonly pollIntervalMs?: number;
}

export class ProjectionRunner {
  private readonly states = new Map<string, ProcessorState>();
  /** Woken whenever the processors moved on (a batch applied, an idle read, a stop). */
  private readonly advanced = new WakeUp();
  /** Per projection, how many times this process saw its tables change (ReadModelVersions). */
  private readonly changes = new Map<string, number>();
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private readonly pollIntervalMs: number;
  /** What the projections' reader read last, for reactions to take instead of reading it again. */
  private readonly window = new LogWindow();
  /** Woken by stop(), so a loop backing off from an unreachable database stops at once. */
  private readonly stopping = new WakeUp();

  constructor(
    private readonly pool: DatabasePool,
    private readonly store: EventStore,
    projections: readonly Projection[],
    reactions: readonly Reaction[],
    private readonly log: Logger,
    options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.rebuildBatchSize = options.rebuildBatchSize ?? options.batchSize ?? 20_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    const all: Processor[] = [
      ...projections.map((p) => ({ kind: 'projection' as const, p })),
      ...reactions.map((p) => ({ kind: 'reaction' as const, p })),
    ];
    for (const processor of all) {
      if (this.states.has(processor.p.name)) throw new Error(`Duplicate projection name ${processor.p.name}`);
      this.states.set(processor.p.name, {
        processor,
        checkpoint: null,
        persisted: null,
        status: 'idle',
        error: null,
        stopRequested: false,
        loop: null,
        memo: new Map(),
        quietAt: 0,
        failedOn: null,
      });
    }
  }

  get names(): string[] {
    return [...this.states.keys()];
  }

  /**
   * Grows whenever this process applies events to the projection, resets it, or finds that
   * another process moved its checkpoint; caches of its rows compare it (ReadModelCache).
   */
  version(name: string): number {
    return this.changes.get(name) ?? 0;
  }

  private changed(name: string) {
    this.changes.set(name, this.version(name) + 1);
  }

  projection(name: string): Projection {
    const s = this.states.get(name);
    if (!s || s.processor.kind !== 'projection') throw new Error(`Unknown projection ${name}`);
    return s.processor.p;
  }

  /** Creates checkpoint rows and read-model tables; rebuilds projections whose version changed. */
  async prepare(): Promise<void> {
    for (const s of this.states.values()) {
      const row = await this.pool.maybeOne(sql.unsafe`
        SELECT version, commit_position::text AS commit, prepare_position AS prepare
        FROM projection_checkpoints WHERE name = ${s.processor.p.name}`);
      if (s.processor.kind === 'reaction') {
        // A new reaction starts at the head: it must not replay side effects of the past.
        if (!row) {
          const head = await this.store.headPosition();
          await this.pool.query(sql.unsafe`
            INSERT INTO projection_checkpoints (name, version, commit_position, prepare_position)
            VALUES (${s.processor.p.name}, 1, ${head ? head.commit.toString() : null}::xid8,
                    ${head ? head.prepare.toString() : null}::int8)
            ON CONFLICT (name) DO NOTHING`);
        }
        continue;
      }
      const p = s.processor.p;
      const tablesExist = await this.tablesExist(p);
      if (!row || Number(row.version) !== p.version || !tablesExist) {
        if (row) this.log.info({ projection: p.name, from: row.version, to: p.version }, 'projection version changed: rebuilding from the log');
        await this.reset(p);
        s.memo.clear();
      }
    }
    for (const s of this.states.values()) await this.reload(s);
  }

  private async reload(s: ProcessorState) {
    s.checkpoint = s.persisted = await this.loadCheckpoint(s.processor.p.name);
    this.changed(s.processor.p.name);
    // Another process may have written the tables since this runner last did.
    s.memo.clear();
  }

  private async tablesExist(p: Projection): Promise<boolean> {
    if (p.tables.length === 0) return true;
    const n = await this.pool.oneFirst(sql.unsafe`
      SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = ANY(${sql.array([...p.tables], 'text')})`);
    return Number(n) === p.tables.length;
  }

  /**
   * Drops the projection's tables, recreates them (with their secondary indexes) and moves its
   * checkpoint to the start, for the live runner to fill (a new projection, or a new version).
   */
  private async reset(p: Projection): Promise<void> {
    await this.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`
        INSERT INTO projection_checkpoints (name, version) VALUES (${p.name}, ${p.version})
        ON CONFLICT (name) DO NOTHING`);
      await tx.query(sql.unsafe`SELECT 1 FROM projection_checkpoints WHERE name = ${p.name} FOR UPDATE`);
      for (const t of p.tables) await tx.query(rawSql(`DROP TABLE IF EXISTS "${t}" CASCADE`));
      await runScript(tx, p.schema);
      if (p.indexes) await runScript(tx, p.indexes);
      await tx.query(sql.unsafe`
        UPDATE projection_checkpoints SET version = ${p.version}, commit_position = NULL, prepare_position = NULL,
          status = 'running', error = NULL, updated_at = now()
        WHERE name = ${p.name}`);
    });
    this.changed(p.name);
  }

  private async loadCheckpoint(name: string): Promise<Position | null> {
    const row = await this.pool.maybeOne(sql.unsafe`
      SELECT commit_position::text AS commit, prepare_position AS prepare FROM projection_checkpoints WHERE name = ${name}`);
    return row ? parsePosition(row.commit as string | null, row.prepare as number | null) : null;
  }

  /**
   * Starts the named processors (default all). Projections share one reader: each batch of the log
   * is read once and handed to every projection that has not seen it; reactions, whose effects are
   * slow I/O, each keep their own loop so they never hold the read models back.
   */
  start(names: readonly string[] = this.names): void {
    const chosen = names.map((n) => this.states.get(n)).filter((s): s is ProcessorState => !!s && !s.loop);
    for (const s of chosen) {
      s.stopRequested = false;
      s.status = 'running';
      s.error = null;
      s.failedOn = null;
    }
    const projections = chosen.filter((s) => s.processor.kind === 'projection');
    if (projections.length) {
      const loop = this.runProjections(projections).finally(() => {
        for (const s of projections) s.loop = null;
      });
      for (const s of projections) s.loop = loop;
    }
    for (const s of chosen.filter((x) => x.processor.kind === 'reaction'))
      s.loop = this.runReaction(s).finally(() => {
        s.loop = null;
      });
  }

  async stop(): Promise<void> {
    for (const s of this.states.values()) s.stopRequested = true;
    this.advanced.wake();
    this.stopping.wake();
    await Promise.all([...new Set([...this.states.values()].map((s) => s.loop))]);
    // What the idle loop left in memory only, so a restart skips those events.
    await Promise.all([...this.states.values()].filter((s) => s.status === 'running').map((s) => this.persistQuietly(s).catch(() => undefined)));
    for (const s of this.states.values()) if (s.status === 'running') s.status = 'stopped';
  }

  private async runProjections(group: ProcessorState[]): Promise<void> {
    try {
      await this.readForProjections(group);
    } finally {
      // Nobody keeps the window current any more: reactions read the log themselves again.
      this.window.clear();
    }
  }

  /**
   * The shared reader's loop. While the database cannot be reached (or the log cannot be read) it
   * retries with a growing delay instead of failing the projections: only an error of a
   * projection's own apply stops that projection.
   */
  private async readForProjections(group: ProcessorState[]): Promise<void> {
    const backoff = new Backoff(this.log, { projections: group.map((s) => s.processor.p.name) }, this.pollIntervalMs);
    let loaded = false;
    for (;;) {
      const active = group.filter((s) => s.status === 'running' && !s.stopRequested);
      if (active.length === 0) return;
      try {
        if (!loaded) for (const s of group) await this.reload(s);
        loaded = true;
        await this.readAndApply(active);
        backoff.succeeded();
      } catch (error) {
        await this.stopping.wait(backoff.failed(error));
      }
    }
  }

  /** One turn of the shared reader: read a batch and hand it to every projection, or wait for one. */
  private async readAndApply(active: ProcessorState[]): Promise<void> {
    const after = active.reduce<Position | null>((min, s) => (min === null || s.checkpoint === null ? null : comparePositions(s.checkpoint, min) < 0 ? s.checkpoint : min), active[0]!.checkpoint);
    // Listen before reading: an append that lands while this batch is read or applied wakes the
    // next wait at once (a wake-up that came while nobody waited used to cost a whole poll interval).
    const appended = this.store.waitForAppend(this.pollIntervalMs);
    const batch = await this.store.readAll({ after, maxCount: this.batchSize });
    this.window.record(after, batch);
    if (batch.length === 0) {
      // Checkpoints that only moved over other events are stored at most once a second: each is a
      // transaction, and under steady writes the loop is idle between nearly every batch.
      const now = Date.now();
      await Promise.all(active.filter((s) => now - s.quietAt >= QUIET_PERSIST_MS).map((s) => this.persistQuietly(s)));
      this.advanced.wake();
      // The second wait is short when the read saw events of transactions still running.
      await Promise.race([appended, this.store.waitForAppend(this.pollIntervalMs)]);
      return;
    }
    // Projections are independent (own tables, own checkpoint, own transaction): their batches
    // run side by side on separate connections, so the database works on them in parallel.
    let unavailable: unknown = null;
    await Promise.all(
      active.map(async (s) => {
        const unseen = batch.filter((e) => !hasReached(s.checkpoint, e.position));
        if (unseen.length === 0) return;
        try {
          await this.applyBatch(s, unseen);
        } catch (error) {
          if (error instanceof CheckpointMoved) await this.reload(s);
          else if (isDatabaseUnavailable(error)) unavailable = error;
          else await this.isolateFailure(s, unseen, error);
        }
      }),
    );
    this.advanced.wake();
    // Not the projection's fault: the caller backs off and the batch is applied again.
    if (unavailable) throw unavailable;
  }

  /**
   * A projection's batch failed: apply its events one at a time, so that its checkpoint stops right
   * before the event that fails and the log names that event, not merely the batch.
   */
  private async isolateFailure(s: ProcessorState, batch: readonly StoredEvent[], error: unknown): Promise<void> {
    const relevant = batch.filter((e) => s.processor.p.eventTypes.has(e.type));
    if (relevant.length <= 1) return this.fail(s, relevant.length ? relevant : batch, error);
    for (const e of relevant) {
      try {
        await this.applyBatch(s, [e]);
      } catch (single) {
        if (single instanceof CheckpointMoved) return this.reload(s);
        if (isDatabaseUnavailable(single)) throw single;
        return this.fail(s, [e], single);
      }
    }
    // Every event applied on its own: the batch as a whole tripped the projection. Its events are
    // in now; say so, since it points at a bug that depends on how events are batched.
    this.log.warn({ projection: s.processor.p.name, err: error instanceof Error ? error.message : String(error) }, 'a batch failed but its events applied one at a time');
  }

  private async runReaction(s: ProcessorState): Promise<void> {
    const name = s.processor.p.name;
    const backoff = new Backoff(this.log, { projection: name }, this.pollIntervalMs);
    let loaded = false;
    while (!s.stopRequested) {
      try {
        if (!loaded) await this.reload(s);
        loaded = true;
        if (!(await this.reactOnce(s))) return;
        backoff.succeeded();
      } catch (error) {
        if (s.stopRequested) return;
        await this.stopping.wait(backoff.failed(error));
      }
    }
  }

  /**
   * One turn of a reaction; false once it has failed for good. Errors that mean the database (or
   * the job queue's connection) is down are thrown, so the caller retries the batch later: a
   * reaction is idempotent.
   */
  private async reactOnce(s: ProcessorState): Promise<boolean> {
    // Within the projections' reader's window the events come from memory (each was read and
    // parsed once for all): when the window has nothing newer, wait for that reader to move on.
    let batch = this.window.read(s.checkpoint, this.batchSize);
    if (batch?.length === 0) {
      await this.persistQuietly(s);
      await this.advanced.wait(this.pollIntervalMs);
      return true;
    }
    if (batch === null) {
      const appended = this.store.waitForAppend(this.pollIntervalMs);
      batch = await this.store.readAll({ after: s.checkpoint, maxCount: this.batchSize });
      if (batch.length === 0) {
        await this.persistQuietly(s);
        await Promise.race([appended, this.store.waitForAppend(this.pollIntervalMs)]);
        return true;
      }
    }
    try {
      await this.applyBatch(s, batch);
    } catch (error) {
      if (error instanceof CheckpointMoved) {
        await this.reload(s);
        return true;
      }
      if (isDatabaseUnavailable(error)) throw error;
      await this.fail(s, batch, error);
      return false;
    }
    return true;
  }

  /**
   * Applies a batch and moves the checkpoint in the same transaction. A batch with nothing for the
   * processor only moves the in-memory checkpoint (no transaction); it is stored with the next
   * batch that has something, or when the processor is idle.
   */
  private async applyBatch(s: ProcessorState, batch: readonly StoredEvent[]): Promise<void> {
    const { processor } = s;
    const relevant = batch.filter((e) => processor.p.eventTypes.has(e.type));
    const last = batch[batch.length - 1]!.position;
    if (relevant.length === 0) {
      s.checkpoint = last;
      return;
    }
    if (processor.kind === 'reaction') await processor.p.handle(relevant);
    await this.writeCheckpoint(
      s,
      last,
      processor.kind === 'projection' ? (tx) => processor.p.apply(tx, relevant, { memo: s.memo, rebuilding: false }) : null,
    );
  }

  private async writeCheckpoint(
    s: ProcessorState,
    to: Position,
    work: ((tx: Parameters<Projection['apply']>[0]) => Promise<void>) | null,
  ): Promise<void> {
    const name = s.processor.p.name;
    try {
      await this.pool.transaction(async (tx) => {
        // The row lock makes one batch at a time per projection, across processes; a moved
        // checkpoint means another process (or a rebuild) got there first.
        const row = await tx.maybeOne(sql.unsafe`
          SELECT commit_position::text AS commit, prepare_position AS prepare
          FROM projection_checkpoints WHERE name = ${name} FOR UPDATE`);
        if (!row || !samePosition(parsePosition(row.commit as string | null, row.prepare as number | null), s.persisted))
          throw new CheckpointMoved();
        if (work) await work(tx);
        await tx.query(sql.unsafe`
          UPDATE projection_checkpoints
          SET commit_position = ${to.commit.toString()}::xid8, prepare_position = ${to.prepare.toString()}::int8,
              status = 'running', error = NULL, updated_at = now()
          WHERE name = ${name}`);
      });
    } catch (error) {
      // The projection's memory may describe a batch that did not commit, or tables another
      // process has written since: forget it (ApplyContext.memo).
      s.memo.clear();
      throw error;
    }
    s.checkpoint = s.persisted = to;
    if (work) this.changed(name);
  }

  /** Stores a checkpoint that only moved over events of no interest (so restarts skip them). */
  private async persistQuietly(s: ProcessorState): Promise<void> {
    s.quietAt = Date.now();
    if (samePosition(s.checkpoint, s.persisted) || s.checkpoint === null) return;
    try {
      await this.writeCheckpoint(s, s.checkpoint, null);
    } catch (error) {
      if (error instanceof CheckpointMoved) await this.reload(s);
      else throw error;
    }
  }

  /**
   * Stops a processor for good (until a restart or a rebuild): the log line and the checkpoint row
   * name the projection, its checkpoint, the event and the error; health answers 503 meanwhile.
   */
  private async fail(s: ProcessorState, batch: readonly StoredEvent[], error: unknown) {
    const name = s.processor.p.name;
    const message = error instanceof Error ? error.message : String(error);
    const first = batch.find((e) => s.processor.p.eventTypes.has(e.type)) ?? batch[0]!;
    const event = describeEvent(first);
    s.status = 'failed';
    s.error = message;
    s.failedOn = event;
    this.log.error(
      {
        projection: name,
        checkpoint: positionToString(s.checkpoint),
        batchFrom: `${first.streamId}@${first.revision} (${first.type})`,
        event,
        err: message,
      },
      `projection ${name} stopped: ${message}. Event ${first.type} of ${first.streamId}@${first.revision} at position ${event.position}; checkpoint ${positionToString(s.checkpoint)}. It resumes from its checkpoint after a restart.`,
    );
    await this.pool
      .query(sql.unsafe`UPDATE projection_checkpoints SET status = 'failed', error = ${message}, updated_at = now() WHERE name = ${name}`)
      .catch(() => {});
    this.advanced.wake();
  }

  /**
   * Read-your-own-writes: resolves true once the named processors (default: every projection)
   * have applied the event at `position`; false on timeout or when one of them has failed.
   */
  async waitFor(position: Position, timeoutMs = 5000, names?: readonly string[]): Promise<boolean> {
    const targets = (names ?? this.projectionNames()).map((n) => this.states.get(n)!).filter(Boolean);
    const reached = () => targets.every((s) => hasReached(s.checkpoint, position));
    const deadline = Date.now() + timeoutMs;
    while (!reached()) {
      if (targets.some((s) => s.status === 'failed')) return false;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.advanced.wait(Math.min(left, 50));
    }
    return true;
  }

  projectionNames(): string[] {
    return [...this.states.values()].filter((s) => s.processor.kind === 'projection').map((s) => s.processor.p.name);
  }

  /**
   * Rebuilds the named projections from the log into fresh tables and swaps them in only when the
   * whole log applied: a rebuild never makes things worse. The new tables are built in a schema of
   * their own (`rebuild_<pid>_<n>`, first on the search_path of the rebuild's transactions, so the
   * projections' SQL is unchanged and lookups of other read models fall through to the live ones),
   * then one transaction, holding the checkpoint rows, drops the old tables, moves the new ones in
   * (indexes and sequences follow) and sets the checkpoints. Until then the live tables, their
   * checkpoints and a live runner on them go on as before. On failure the schema is dropped and a
   * RebuildFailed names the projection, the event and the error; nothing else changed.
   *
   * The log is read once for all of them: each batch goes to every projection (each with its own
   * transaction, side by side on separate connections), so rebuilding ten read models costs one
   * pass over the events; the next batch is read while one is applied.
   */
  async rebuild(names: readonly string[] = this.projectionNames()): Promise<{ events: number; ms: number }> {
    const started = Date.now();
    const states = names.map((name) => {
      const s = this.states.get(name);
      if (!s || s.processor.kind !== 'projection') throw new Error(`Unknown projection ${name}`);
      return s;
    });
    const live = String(await this.pool.oneFirst(sql.unsafe`SELECT current_schema()`));
    const schema = `rebuild_${process.pid}_${++rebuildCount}`;
    const inSchema = <T>(work: (tx: DatabaseTransactionConnection) => Promise<T>) =>
      this.pool.transaction(async (tx) => {
        await tx.query(rawSql(`SET LOCAL search_path TO "${schema}", "${live}"`));
        return work(tx);
      });
    const builds: Build[] = states.map((s) => ({ state: s, p: s.processor.p as Projection, memo: new Map(), position: null }));
    // A schema left by a crashed rebuild of a process that had the same pid.
    await this.pool.query(rawSql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    await this.pool.query(rawSql(`CREATE SCHEMA "${schema}"`));
    try {
      // Tables without their secondary indexes: one bulk build at the end is far cheaper.
      await inSchema(async (tx) => {
        for (const b of builds) await runScript(tx, b.p.schema);
      });
      let events = 0;
      const head = await this.store.headPosition();
      const size = this.rebuildBatchSize;
      for (let batch = await this.readUntil(null, head, size); batch.length > 0; ) {
        // Read the next batch while this one is applied.
        const last = batch[batch.length - 1]!.position;
        const next = this.readUntil(last, head, size);
        const results = await Promise.allSettled(builds.map((b) => this.applyRebuildBatch(b, batch, inSchema)));
        const failed = results.findIndex((r) => r.status === 'rejected');
        if (failed >= 0) {
          await next.catch(() => []);
          throw await this.rebuildFailure(builds[failed]!, batch, (results[failed] as PromiseRejectedResult).reason, inSchema);
        }
        for (const b of builds) b.position = last;
        events += batch.length;
        batch = await next;
      }
      // Deferred work and indexes, then statistics and a visibility map: until autovacuum came
      // round, freshly loaded tables were planned blind and read the heap for index-only scans
      // (history tab 3 → 94 ms, a dozen list filters past 50 ms at scale 1). VACUUM cannot run
      // inside a transaction; it runs before the swap, so the tables come in ready.
      for (const b of builds)
        await inSchema(async (tx) => {
          await b.p.finishRebuild?.(tx);
          if (b.p.indexes) await runScript(tx, b.p.indexes);
        });
      for (const b of builds) for (const t of b.p.tables) await this.pool.query(rawSql(`VACUUM (ANALYZE) "${schema}"."${t}"`));
      await this.swapIn(builds, schema, live);
      return { events, ms: Date.now() - started };
    } finally {
      await this.pool.query(rawSql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(() => {});
    }
  }

  /** Applies a rebuild batch to the new tables: no checkpoint row, no lock, one transaction. */
  private async applyRebuildBatch(b: Build, batch: readonly StoredEvent[], inSchema: InSchema): Promise<void> {
    const relevant = batch.filter((e) => b.p.eventTypes.has(e.type));
    if (relevant.length === 0) return;
    try {
      await inSchema((tx) => b.p.apply(tx, relevant, { memo: b.memo, rebuilding: true }));
    } catch (error) {
      b.memo.clear();
      throw error;
    }
  }

  /**
   * Finds the event a failed rebuild batch stopped on: the shortest failing prefix of the batch's
   * events, by bisection over transactions that are always rolled back (a few dozen tries instead of
   * one transaction per event). Costs nothing unless a rebuild fails.
   */
  private async rebuildFailure(b: Build, batch: readonly StoredEvent[], error: unknown, inSchema: InSchema): Promise<RebuildFailed> {
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
    this.log.error({ projection: b.p.name, event: result.event, checkpoint: result.checkpoint, err: result.reason }, result.message);
    return result;
  }

  /** One transaction: the old tables out, the new ones in, the checkpoints where the rebuild stopped. */
  private async swapIn(builds: readonly Build[], schema: string, live: string): Promise<void> {
    await this.pool.transaction(async (tx) => {
      // The checkpoint rows first, in one order: a live batch in flight finishes, none starts.
      for (const b of [...builds].sort((x, y) => x.p.name.localeCompare(y.p.name))) {
        await tx.query(sql.unsafe`
          INSERT INTO projection_checkpoints (name, version) VALUES (${b.p.name}, ${b.p.version})
          ON CONFLICT (name) DO NOTHING`);
        await tx.query(sql.unsafe`SELECT 1 FROM projection_checkpoints WHERE name = ${b.p.name} FOR UPDATE`);
      }
      for (const b of builds)
        for (const t of b.p.tables) {
          await tx.query(rawSql(`DROP TABLE IF EXISTS "${live}"."${t}" CASCADE`));
          await tx.query(rawSql(`ALTER TABLE "${schema}"."${t}" SET SCHEMA "${live}"`));
        }
      for (const b of builds)
        await tx.query(sql.unsafe`
          UPDATE projection_checkpoints SET version = ${b.p.version},
            commit_position = ${b.position ? b.position.commit.toString() : null}::xid8,
            prepare_position = ${b.position ? b.position.prepare.toString() : null}::int8,
            status = 'running', error = NULL, updated_at = now()
          WHERE name = ${b.p.name}`);
    });
    for (const b of builds) {
      const s = b.state;
      s.checkpoint = s.persisted = b.position;
      s.memo.clear();
      s.failedOn = null;
      s.error = null;
      if (s.status === 'failed') s.status = 'idle';
      this.changed(b.p.name);
    }
  }

  /**
   * The next batch after `after`; empty only once `head` has been read. Events committed before
   * `head` may be invisible for a moment while older transactions run: wait for them, never skip.
   */
  private async readUntil(after: Position | null, head: Position | null, maxCount = this.batchSize): Promise<StoredEvent[]> {
    for (;;) {
      const batch = await this.store.readAll({ after, maxCount });
      if (batch.length > 0 || head === null || hasReached(after, head)) return batch;
      await sleep(5);
    }
  }

  /** Processes one processor until it has read everything committed when it started (tests and the CLI). */
  async catchUp(s: ProcessorState | string): Promise<number> {
    const state = typeof s === 'string' ? this.states.get(s)! : s;
    let count = 0;
    await this.reload(state);
    const head = await this.store.headPosition();
    for (;;) {
      const batch = await this.readUntil(state.checkpoint, head);
      if (batch.length === 0) {
        await this.persistQuietly(state);
        return count;
      }
      try {
        await this.applyBatch(state, batch);
      } catch (error) {
        if (error instanceof CheckpointMoved) {
          await this.reload(state);
          continue;
        }
        await this.fail(state, batch, error);
        throw error;
      }
      count += batch.length;
    }
  }

  async catchUpAll(): Promise<void> {
    for (const name of this.names) await this.catchUp(name);
  }

  status(): ProjectionStatus[] {
    return [...this.states.values()].map((s) => ({
      name: s.processor.p.name,
      status: s.status,
      position: positionToString(s.checkpoint),
      error: s.error,
      event: s.failedOn,
    }));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One projection's rebuild: its new tables' memory and how far they have read the log. */
interface Build {
  readonly state: ProcessorState;
  readonly p: Projection;
  readonly memo: Map<string, unknown>;
  position: Position | null;
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

const QUIET_PERSIST_MS = 1000;
