import { randomUUID } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { EVENTS_CHANNEL } from './schema';

/**
 * Wake-up hints for readers in other processes (another server, the read side's worker thread, a
 * rebuild beside a live server), sent after an append has committed, never inside it.
 *
 * Why not `pg_notify` in the append's own statement: PostgreSQL serialises every committing
 * transaction that has notified behind one lock held until its commit record is flushed, so
 * concurrent appends stopped sharing their WAL flushes (8 writers: 40 % fewer appends a second,
 * p95 twice as long; docs/notes/bench.md, ninth wave). Here a hint is its own tiny transaction
 * that commits without waiting for the flush (it is a hint: readers poll anyway), at most one is
 * in flight, and appends that commit meanwhile are covered by one more hint sent after it.
 *
 * The payload names this instance, so its own listener ignores hints its own appends caused: the
 * instance wakes its readers in process.
 */
export class AppendHints {
  readonly instance = randomUUID();
  private inFlight: Promise<void> | null = null;
  private pending = false;
  private closed = false;

  constructor(private readonly pool: DatabasePool) {}

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

  /** Stops sending; waits for a hint in flight (its pool may be closed right after). */
  async close(): Promise<void> {
    this.closed = true;
    await this.inFlight;
  }

  private async send(): Promise<void> {
    do {
      this.pending = false;
      try {
        await this.pool.query(sql.unsafe`
          SELECT set_config('synchronous_commit', 'off', true), pg_notify(${EVENTS_CHANNEL}, ${this.instance})`);
      } catch {
        // A lost hint costs other processes one poll interval, never an event.
        return;
      }
    } while (this.pending && !this.closed);
  }
}
