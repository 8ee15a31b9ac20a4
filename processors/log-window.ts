import { comparePositions, samePosition, type Position, type StoredEvent } from '../infrastructure/eventstore/port';

/**
 * The stretch of the global log the projections' reader read last, kept so that reactions take
 * their batches from it instead of reading (and parsing) the same events again. It only ever holds
 * a contiguous run of the log: a read that does not continue it starts a new one.
 */
export class LogWindow {
  /** Position the window's first event follows (null: the start of the log). */
  private after: Position | null = null;
  private events: StoredEvent[] = [];
  private valid = false;

  /** A reaction further behind than `capacity` events reads the log itself until it catches up. */
  constructor(private readonly capacity = 2_000) {}

  /** Records a non-empty batch the reader got by reading after `after`. */
  record(after: Position | null, batch: readonly StoredEvent[]): void {
    if (batch.length === 0) return;
    if (!this.valid || !samePosition(after, this.last())) {
      this.after = after;
      this.events = [];
      this.valid = true;
    }
    this.events.push(...batch);
    const excess = this.events.length - this.capacity;
    if (excess > 0) {
      this.after = this.events[excess - 1]!.position;
      this.events = this.events.slice(excess);
    }
  }

  /** The reader's position: the last event it read. */
  last(): Position | null {
    return this.events.length ? this.events[this.events.length - 1]!.position : this.after;
  }

  /**
   * Up to `maxCount` events that follow `checkpoint`, or null when the window cannot tell (the
   * checkpoint lies before it or past what it has read): the caller then reads the log itself. An
   * empty array means the window ends at the checkpoint: nothing newer has been read yet.
   */
  read(checkpoint: Position | null, maxCount: number): StoredEvent[] | null {
    if (!this.valid) return null;
    if (checkpoint === null) return this.after === null ? this.events.slice(0, maxCount) : null;
    if (this.after !== null && comparePositions(checkpoint, this.after) < 0) return null;
    const last = this.last();
    if (last === null || comparePositions(checkpoint, last) > 0) return null;
    let i = this.events.findIndex((e) => comparePositions(e.position, checkpoint) > 0);
    if (i < 0) i = this.events.length;
    return this.events.slice(i, i + maxCount);
  }

  /** Forgets everything (the reader stopped, or its positions can no longer be trusted). */
  clear(): void {
    this.valid = false;
    this.after = null;
    this.events = [];
  }
}
