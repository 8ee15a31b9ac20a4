import { sql, type DatabasePool } from 'slonik';
import {
  comparePositions,
  hasReached,
  positionToString,
  samePosition,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../../commands/eventstore/port';
import type { Logger } from '../../commands/logger';
import { rawSql, runScript } from '../../commands/db/raw-sql';
import type { Projection } from './projection';
import { LogWindow } from './log-window';
import { WakeUp } from '../../commands/wake-up';

/**
 * A subscriber with at-least-once delivery whose effects live outside the read-model database
 * (jobs, commands on other streams). It must be idempotent; its checkpoint is stored after the
 * handler succeeds.
 */
export interface Reaction {
  readonly name: string;
  readonly eventTypes: ReadonlySet<string>;
  handle(events: readonly StoredEvent[]): Promise<void>;
}

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
  /** Its batches belong to a rebuild (ApplyContext.rebuilding). */
  rebuilding: boolean;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly status: string;
  readonly position: string;
  readonly error: string | null;
}

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
        rebuilding: false,
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
   * Drops the projection's tables, recreates them and moves its checkpoint to the start; its
   * secondary indexes come with them unless a rebuild creates them at its end.
   */
  private async reset(p: Projection, deferIndexes = false): Promise<void> {
    await this.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`
        INSERT INTO projection_checkpoints (name, version) VALUES (${p.name}, ${p.version})
        ON CONFLICT (name) DO NOTHING`);
      await tx.query(sql.unsafe`SELECT 1 FROM projection_checkpoints WHERE name = ${p.name} FOR UPDATE`);
      for (const t of p.tables) await tx.query(rawSql(`DROP TABLE IF EXISTS "${t}" CASCADE`));
      await runScript(tx, p.schema);
      if (p.indexes && !deferIndexes) await runScript(tx, p.indexes);
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

  private async readForProjections(group: ProcessorState[]): Promise<void> {
    for (const s of group) await this.reload(s);
    for (;;) {
      const active = group.filter((s) => s.status === 'running' && !s.stopRequested);
      if (active.length === 0) return;
      const after = active.reduce<Position | null>((min, s) => (min === null || s.checkpoint === null ? null : comparePositions(s.checkpoint, min) < 0 ? s.checkpoint : min), active[0]!.checkpoint);
      // Listen before reading: an append that lands while this batch is read or applied wakes the
      // next wait at once (a wake-up that came while nobody waited used to cost a whole poll interval).
      const appended = this.store.waitForAppend(this.pollIntervalMs);
      let batch: StoredEvent[];
      try {
        batch = await this.store.readAll({ after, maxCount: this.batchSize });
      } catch (error) {
        this.log.warn({ err: String(error) }, 'reading the event log failed; retrying');
        await sleep(this.pollIntervalMs);
        continue;
      }
      this.window.record(after, batch);
      if (batch.length === 0) {
        // Checkpoints that only moved over other events are stored at most once a second: each is a
        // transaction, and under steady writes the loop is idle between nearly every batch.
        const now = Date.now();
        await Promise.all(active.filter((s) => now - s.quietAt >= QUIET_PERSIST_MS).map((s) => this.persistQuietly(s)));
        this.advanced.wake();
        // The second wait is short when the read saw events of transactions still running.
        await Promise.race([appended, this.store.waitForAppend(this.pollIntervalMs)]);
        continue;
      }
      // Projections are independent (own tables, own checkpoint, own transaction): their batches
      // run side by side on separate connections, so the database works on them in parallel.
      await Promise.all(
        active.map(async (s) => {
          const unseen = batch.filter((e) => !hasReached(s.checkpoint, e.position));
          if (unseen.length === 0) return;
          try {
            await this.applyBatch(s, unseen);
          } catch (error) {
            if (error instanceof CheckpointMoved) await this.reload(s);
            else await this.fail(s, unseen, error);
          }
        }),
      );
      this.advanced.wake();
    }
  }

  private async runReaction(s: ProcessorState): Promise<void> {
    const name = s.processor.p.name;
    await this.reload(s);
    while (!s.stopRequested) {
      // Within the projections' reader's window the events come from memory (each was read and
      // parsed once for all): when the window has nothing newer, wait for that reader to move on.
      let batch = this.window.read(s.checkpoint, this.batchSize);
      if (batch?.length === 0) {
        await this.persistQuietly(s);
        await this.advanced.wait(this.pollIntervalMs);
        continue;
      }
      if (batch === null) {
        const appended = this.store.waitForAppend(this.pollIntervalMs);
        try {
          batch = await this.store.readAll({ after: s.checkpoint, maxCount: this.batchSize });
        } catch (error) {
          if (s.stopRequested) return;
          this.log.warn({ projection: name, err: String(error) }, 'reading the event log failed; retrying');
          await sleep(this.pollIntervalMs);
          continue;
        }
        if (batch.length === 0) {
          await this.persistQuietly(s);
          await Promise.race([appended, this.store.waitForAppend(this.pollIntervalMs)]);
          continue;
        }
      }
      try {
        await this.applyBatch(s, batch);
      } catch (error) {
        if (error instanceof CheckpointMoved) {
          await this.reload(s);
          continue;
        }
        await this.fail(s, batch, error);
        return;
      }
    }
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
      processor.kind === 'projection' ? (tx) => processor.p.apply(tx, relevant, { memo: s.memo, rebuilding: s.rebuilding }) : null,
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

  private async fail(s: ProcessorState, batch: readonly StoredEvent[], error: unknown) {
    const name = s.processor.p.name;
    const message = error instanceof Error ? error.message : String(error);
    const first = batch.find((e) => s.processor.p.eventTypes.has(e.type)) ?? batch[0]!;
    s.status = 'failed';
    s.error = message;
    this.log.error(
      {
        projection: name,
        checkpoint: positionToString(s.checkpoint),
        batchFrom: `${first.streamId}@${first.revision} (${first.type})`,
        err: message,
      },
      `projection ${name} stopped: ${message}. It resumes from its checkpoint after a restart.`,
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
   * Drops and rebuilds the named projections from the log; returns when they caught up. The log
   * is read once for all of them: each batch goes to every projection (each with its own
   * transaction and checkpoint, side by side on separate connections), so rebuilding ten read
   * models costs one pass over the events; the next batch is read while one is applied.
   */
  async rebuild(names: readonly string[] = this.projectionNames()): Promise<{ events: number; ms: number }> {
    const started = Date.now();
    const states = names.map((name) => {
      const s = this.states.get(name);
      if (!s || s.processor.kind !== 'projection') throw new Error(`Unknown projection ${name}`);
      return s;
    });
    for (const s of states) {
      await this.reset(s.processor.p as Projection, true);
      s.checkpoint = s.persisted = null;
      s.memo.clear();
      s.rebuilding = true;
    }
    let lockstep = [...states];
    const strays: ProcessorState[] = [];
    let after: Position | null = null;
    let events = 0;
    const head = await this.store.headPosition();
    const size = this.rebuildBatchSize;
    for (let batch = await this.readUntil(after, head, size); batch.length > 0; ) {
      // Read the next batch while this one is applied.
      const last = batch[batch.length - 1]!.position;
      const next = this.readUntil(last, head, size);
      const results = await Promise.allSettled(lockstep.map((s) => this.applyBatch(s, batch)));
      for (const [i, r] of results.entries()) {
        if (r.status === 'fulfilled') continue;
        const s = lockstep[i]!;
        if (!(r.reason instanceof CheckpointMoved)) {
          await next.catch(() => []);
          await this.fail(s, batch, r.reason);
          throw r.reason;
        }
        // A live runner took this projection further; it finishes on its own below.
        strays.push(s);
      }
      lockstep = lockstep.filter((s) => !strays.includes(s));
      events += batch.length;
      after = last;
      batch = await next;
    }
    try {
      for (const s of lockstep) await this.persistQuietly(s);
      for (const s of strays) await this.catchUp(s);
    } finally {
      for (const s of states) s.rebuilding = false;
    }
    // Indexes and deferred work last, under the checkpoint's lock (also for a projection a live
    // runner finished: what it finishes is computed from the rows as they are now).
    for (const s of states) await this.finishRebuild(s);
    // Freshly loaded tables have neither statistics nor a visibility map: until autovacuum came
    // round, lists were planned blind and read the heap for index-only scans (history tab 3 → 94
    // ms, a dozen list filters past 50 ms at scale 1). VACUUM cannot run inside a transaction.
    for (const s of states) for (const t of (s.processor.p as Projection).tables) await this.pool.query(rawSql(`VACUUM (ANALYZE) "${t}"`));
    return { events, ms: Date.now() - started };
  }

  private async finishRebuild(s: ProcessorState): Promise<void> {
    const p = s.processor.p as Projection;
    if (!p.indexes && !p.finishRebuild) return;
    await this.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SELECT 1 FROM projection_checkpoints WHERE name = ${p.name} FOR UPDATE`);
      await p.finishRebuild?.(tx);
      if (p.indexes) await runScript(tx, p.indexes);
    });
    s.memo.clear();
    this.changed(p.name);
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
    }));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const QUIET_PERSIST_MS = 1000;
