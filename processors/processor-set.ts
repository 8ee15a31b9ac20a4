import type { DatabasePool } from 'slonik';
import { positionToString, samePosition, type EventStore, type Position, type StoredEvent } from '../infrastructure/eventstore/port';
import type { Logger } from '../infrastructure/logger';
import type { Projection } from '../infrastructure/projection';
import type { Reaction } from '../infrastructure/reaction';
import { WakeUp } from '../infrastructure/wake-up';
import { CheckpointMoved } from './checkpoint-lock';
import { Checkpoints } from './checkpoints';
import { LogWindow } from './log-window';
import { describeEvent, initialState, type Processor, type ProcessorState } from './processor-state';

/** Checkpoints that only moved over events of no interest are stored at most this often (ms). */
const QUIET_PERSIST_MS = 1000;

/** Settings the loops share (see RunnerOptions). */
export interface LoopSettings {
  readonly batchSize: number;
  readonly pollIntervalMs: number;
}

/**
 * The processors with their states, and what every loop (the projections' reader, the reactions,
 * catch-up, rebuild) does with one of them: apply a batch with its checkpoint, store a checkpoint
 * that only moved, reload it after another process moved it, stop it on a failure.
 */
export class ProcessorSet {
  readonly states = new Map<string, ProcessorState>();
  /** Woken whenever the processors moved on (a batch applied, an idle read, a stop). */
  readonly advanced = new WakeUp();
  /** Woken by stop(), so a loop backing off from an unreachable database stops at once. */
  readonly stopping = new WakeUp();
  /** What the projections' reader read last, for reactions to take instead of reading it again. */
  readonly window = new LogWindow();
  readonly checkpoints: Checkpoints;
  /** Per projection, how many times this process saw its tables change (ReadModelVersions). */
  private readonly changes = new Map<string, number>();

  constructor(
    readonly pool: DatabasePool,
    readonly store: EventStore,
    readonly log: Logger,
    readonly settings: LoopSettings,
    projections: readonly Projection[],
    reactions: readonly Reaction[],
  ) {
    this.checkpoints = new Checkpoints(pool);
    const all: Processor[] = [
      ...projections.map((p) => ({ kind: 'projection' as const, p })),
      ...reactions.map((p) => ({ kind: 'reaction' as const, p })),
    ];
    for (const processor of all) {
      if (this.states.has(processor.p.name)) throw new Error(`Duplicate projection name ${processor.p.name}`);
      this.states.set(processor.p.name, initialState(processor));
    }
  }

  version(name: string): number {
    return this.changes.get(name) ?? 0;
  }

  changed(name: string): void {
    this.changes.set(name, this.version(name) + 1);
  }

  async reload(s: ProcessorState): Promise<void> {
    s.checkpoint = s.persisted = await this.checkpoints.load(s.processor.p.name);
    this.changed(s.processor.p.name);
    // Another process may have written the tables since this runner last did.
    s.memo.clear();
  }

  /**
   * Applies a batch and moves the checkpoint in the same transaction. A batch with nothing for the
   * processor only moves the in-memory checkpoint (no transaction); it is stored with the next
   * batch that has something, or when the processor is idle.
   */
  async applyBatch(s: ProcessorState, batch: readonly StoredEvent[]): Promise<void> {
    const { processor } = s;
    const relevant = batch.filter((e) => processor.p.eventTypes.has(e.type));
    const last = batch[batch.length - 1]!.position;
    if (relevant.length === 0) {
      s.checkpoint = last;
      return;
    }
    if (processor.kind === 'reaction' && (await processor.p.handle(relevant)) === 'none') {
      s.checkpoint = last;
      return;
    }
    await this.writeCheckpoint(
      s,
      last,
      processor.kind === 'projection' ? (tx) => processor.p.apply(tx, relevant, { memo: s.memo, rebuilding: false }) : null,
    );
  }

  /**
   * The shared reader's fast path: the batch for every projection that has events in it, in one
   * transaction (one checkpoint statement, one commit, instead of a transaction each). False when
   * it wrote nothing (a moved checkpoint, a projection that throws, the database): the caller then
   * applies the batch projection by projection, which isolates the one at fault.
   */
  async applyTogether(work: ReadonlyArray<{ s: ProcessorState; events: readonly StoredEvent[] }>): Promise<boolean> {
    const to = work[0]!.events[work[0]!.events.length - 1]!.position;
    const items: Array<{ s: ProcessorState; projection: Projection; relevant: StoredEvent[] }> = [];
    for (const { s, events } of work) {
      const relevant = events.filter((e) => s.processor.p.eventTypes.has(e.type));
      if (s.processor.kind !== 'projection' || relevant.length === 0 || !samePosition(events[events.length - 1]!.position, to)) return false;
      items.push({ s, projection: s.processor.p, relevant });
    }
    try {
      await this.checkpoints.advanceTogether(
        items.map(({ s, projection, relevant }) => ({
          name: projection.name,
          expected: s.persisted,
          work: (tx) => projection.apply(tx, relevant, { memo: s.memo, rebuilding: false }),
        })),
        to,
      );
    } catch {
      // Their memories may describe writes that did not commit (ApplyContext.memo).
      for (const { s } of items) s.memo.clear();
      return false;
    }
    for (const { s, projection } of items) {
      s.checkpoint = s.persisted = to;
      this.changed(projection.name);
    }
    return true;
  }

  private async writeCheckpoint(s: ProcessorState, to: Position, work: Parameters<Checkpoints['advance']>[3]): Promise<void> {
    const name = s.processor.p.name;
    try {
      // The row lock makes one batch at a time per projection, across processes; a moved
      // checkpoint means another process (or a rebuild) got there first.
      await this.checkpoints.advance(name, s.persisted, to, work, { asyncCommit: s.processor.kind === 'projection' });
    } catch (error) {
      // The projection's memory may describe a batch that did not commit, or tables another
      // process has written since: forget it (ApplyContext.memo).
      s.memo.clear();
      throw error;
    }
    s.checkpoint = s.persisted = to;
    if (work) this.changed(name);
  }

  /**
   * `persistQuietly` at most once a second per processor: under steady writes a loop is idle between
   * nearly every batch, and each store is a statement and a commit.
   */
  async persistWhenDue(s: ProcessorState, now = Date.now()): Promise<void> {
    if (now - s.quietAt >= QUIET_PERSIST_MS) await this.persistQuietly(s);
  }

  /** Stores a checkpoint that only moved over events of no interest (so restarts skip them). */
  async persistQuietly(s: ProcessorState): Promise<void> {
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
  async fail(s: ProcessorState, batch: readonly StoredEvent[], error: unknown): Promise<void> {
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
    await this.checkpoints.markFailed(name, message).catch(() => {});
    this.advanced.wake();
  }
}
