import type { DatabasePool } from 'slonik';
import type { EventStore, Position } from '../infrastructure/eventstore/port';
import type { Logger } from '../infrastructure/logger';
import type { Projection } from '../infrastructure/projection';
import type { Reaction } from '../infrastructure/reaction';
import { CheckpointMoved } from './checkpoint-lock';
import { ProcessorSet } from './processor-set';
import type { ProcessorState, ProjectionStatus } from './processor-state';
import { statusOf, waitForPosition, type ProcessorSnapshot, type ReadSide } from './read-side';
import { resetProjection, tablesExist } from './projection-tables';
import { runProjections } from './projection-reader';
import { runReaction } from './reaction-loop';
import { readUntil } from './read-until';
import { rebuildProjections } from './rebuild';

export type { FailedEvent, ProjectionStatus } from './processor-state';
export { RebuildFailed } from './rebuild';

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

/**
 * Drives the registered projections and reactions: prepares their tables, runs the projections'
 * shared reader (processors/projection-reader.ts) and each reaction's loop (reaction-loop.ts),
 * rebuilds read models beside the live ones (rebuild.ts), and answers read-your-own-writes waits
 * and status. The checkpoint row of each processor is its lock (checkpoint-lock.ts).
 */
export class ProjectionRunner implements ReadSide {
  private readonly set: ProcessorSet;
  private readonly rebuildBatchSize: number;

  constructor(
    private readonly pool: DatabasePool,
    private readonly store: EventStore,
    projections: readonly Projection[],
    reactions: readonly Reaction[],
    private readonly log: Logger,
    options: RunnerOptions = {},
  ) {
    const settings = { batchSize: options.batchSize ?? 1000, pollIntervalMs: options.pollIntervalMs ?? 1000 };
    this.rebuildBatchSize = options.rebuildBatchSize ?? options.batchSize ?? 20_000;
    this.set = new ProcessorSet(pool, store, log, settings, projections, reactions);
  }

  private get states(): Map<string, ProcessorState> {
    return this.set.states;
  }

  get names(): string[] {
    return [...this.states.keys()];
  }

  /**
   * Grows whenever this process applies events to the projection, resets it, or finds that
   * another process moved its checkpoint; caches of its rows compare it (ReadModelCache).
   */
  version(name: string): number {
    return this.set.version(name);
  }

  projection(name: string): Projection {
    const s = this.states.get(name);
    if (!s || s.processor.kind !== 'projection') throw new Error(`Unknown projection ${name}`);
    return s.processor.p;
  }

  /** Creates checkpoint rows and read-model tables; rebuilds projections whose version changed. */
  async prepare(): Promise<void> {
    for (const s of this.states.values()) {
      const row = await this.set.checkpoints.row(s.processor.p.name);
      if (s.processor.kind === 'reaction') {
        // A new reaction starts at the head: it must not replay side effects of the past.
        if (!row) await this.set.checkpoints.startAt(s.processor.p.name, await this.store.headPosition());
        continue;
      }
      const p = s.processor.p;
      const exist = await tablesExist(this.pool, p);
      if (!row || row.version !== p.version || !exist) {
        if (row) this.log.info({ projection: p.name, from: row.version, to: p.version }, 'projection version changed: rebuilding from the log');
        await resetProjection(this.pool, p);
        this.set.changed(p.name);
        s.memo.clear();
      }
    }
    for (const s of this.states.values()) await this.set.reload(s);
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
      const loop = runProjections(this.set, projections).finally(() => {
        for (const s of projections) s.loop = null;
      });
      for (const s of projections) s.loop = loop;
    }
    for (const s of chosen.filter((x) => x.processor.kind === 'reaction'))
      s.loop = runReaction(this.set, s).finally(() => {
        s.loop = null;
      });
  }

  async stop(): Promise<void> {
    for (const s of this.states.values()) s.stopRequested = true;
    this.set.advanced.wake();
    this.set.stopping.wake();
    await Promise.all([...new Set([...this.states.values()].map((s) => s.loop))]);
    // What the idle loop left in memory only, so a restart skips those events.
    await Promise.all([...this.states.values()].filter((s) => s.status === 'running').map((s) => this.set.persistQuietly(s).catch(() => undefined)));
    for (const s of this.states.values()) if (s.status === 'running') s.status = 'stopped';
  }

  /**
   * Read-your-own-writes: resolves true once the named processors (default: every projection)
   * have applied the event at `position`; false on timeout or when one of them has failed.
   */
  async waitFor(position: Position, timeoutMs = 5000, names?: readonly string[]): Promise<boolean> {
    const targets = (names ?? this.projectionNames()).map((n) => this.states.get(n)!).filter(Boolean);
    return waitForPosition(() => targets, this.set.advanced, position, timeoutMs);
  }

  /** Calls `listener` whenever the processors moved on (a batch applied, an idle read, a failure, a stop). */
  onAdvance(listener: () => void): () => void {
    return this.set.advanced.listen(listener);
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
    const states = names.map((name) => {
      const s = this.states.get(name);
      if (!s || s.processor.kind !== 'projection') throw new Error(`Unknown projection ${name}`);
      return s;
    });
    return rebuildProjections(this.set, states, this.rebuildBatchSize);
  }

  /** Processes one processor until it has read everything committed when it started (tests and the CLI). */
  async catchUp(s: ProcessorState | string): Promise<number> {
    const state = typeof s === 'string' ? this.states.get(s)! : s;
    let count = 0;
    await this.set.reload(state);
    const head = await this.store.headPosition();
    for (;;) {
      const batch = await readUntil(this.store, state.checkpoint, head, this.set.settings.batchSize);
      if (batch.length === 0) {
        await this.set.persistQuietly(state);
        return count;
      }
      try {
        await this.set.applyBatch(state, batch);
      } catch (error) {
        if (error instanceof CheckpointMoved) {
          await this.set.reload(state);
          continue;
        }
        await this.set.fail(state, batch, error);
        throw error;
      }
      count += batch.length;
    }
  }

  async catchUpAll(): Promise<void> {
    for (const name of this.names) await this.catchUp(name);
  }

  /** Every processor's place, health and version (what a worker reports to the server). */
  snapshot(): ProcessorSnapshot[] {
    return [...this.states.values()].map((s) => ({
      name: s.processor.p.name,
      kind: s.processor.kind,
      status: s.status,
      checkpoint: s.checkpoint,
      error: s.error,
      failedOn: s.failedOn,
      version: this.version(s.processor.p.name),
    }));
  }

  status(): ProjectionStatus[] {
    return this.snapshot().map(statusOf);
  }
}
