import { randomUUID } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { EVENTS_CHANNEL } from './schema';

/** Least time between the starts of two hints (see `AppendHints`). */
export const HINT_SPACING_MS = 20;

/**
 * Wake-up hints for readers in other processes (another server, the read side's worker thread with
 * READ_SIDE=worker, a rebuild beside a live server), sent after an append has committed, never inside it.
 *
 * Why not `pg_notify` in the append's own statement: PostgreSQL serialises every committing
 * transaction that has notified behind one lock held until its commit record is flushed, so
 * concurrent appends stopped sharing their WAL flushes (8 writers: 40 % fewer appends a second,
 * p95 twice as long; docs/notes/bench.md, ninth wave). Here a hint is its own tiny transaction
 * that commits without waiting for the flush (it is a hint: readers poll anyway).
 *
 * The first append after a quiet spell is hinted at once; under load hints start at most every
 * `spacingMs`, each covering every append committed before it. Sent back to back they were one
 * statement for every three appends (a round trip each way, bench.md, twelfth wave), to save other
 * processes a few milliseconds of a wait whose fallback is a poll a second.
 *
 * The payload names this instance, so its own listener ignores hints its own appends caused: the
 * instance wakes its readers in process.
 */
export class AppendHints {
  readonly instance = randomUUID();
  private inFlight: Promise<void> | null = null;
  private pending = false;
  private closed = false;
  private lastStart = -Infinity;
  private cutWait: (() => void) | null = null;

  constructor(
    private readonly pool: DatabasePool,
    private readonly spacingMs = HINT_SPACING_MS,
  ) {}

  /** Called after an append committed: a hint is on its way once this returns (not awaited). */
  committed(): void {
    if (this.closed) return;
    if (this.inFlight) {
      this.pending = true;
      return;
    }
    this.inFlight = this.send().finally(() => {
      this.inFlight = null;
    });
  }

  /** Whether a notification's payload is a hint of this instance's own appends. */
  isOwn(payload: string | undefined): boolean {
    return payload === this.instance;
  }

  /** Stops taking appends; a hint still owed is sent now, and waited for (its pool may be closed right after). */
  async close(): Promise<void> {
    this.closed = true;
    this.cutWait?.();
    await this.inFlight;
  }

  private async send(): Promise<void> {
    do {
      await this.spaced();
      this.pending = false;
      this.lastStart = performance.now();
      try {
        await this.pool.query(sql.unsafe`
          SELECT set_config('synchronous_commit', 'off', true), pg_notify(${EVENTS_CHANNEL}, ${this.instance})`);
      } catch {
        // A lost hint costs other processes one poll interval, never an event.
        return;
      }
    } while (this.pending);
  }

  /** Waits until `spacingMs` after the last hint started, or until `close` cuts the wait short. */
  private async spaced(): Promise<void> {
    const wait = this.lastStart + this.spacingMs - performance.now();
    if (wait <= 0 || this.closed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      this.cutWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.cutWait = null;
  }
}
