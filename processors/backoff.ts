import type { Logger } from '../infrastructure/logger';

const LOG_EVERY_MS = 60_000;

/**
 * Paces retries while the database (or the log) cannot be read: the delay doubles from `firstMs`
 * up to `capMs`, and a line is logged when the outage starts, once a minute while it lasts, and
 * when it ends, instead of one line per poll.
 */
export class Backoff {
  private delayMs = 0;
  private failures = 0;
  private loggedAt = 0;

  constructor(
    private readonly log: Logger,
    private readonly subject: Record<string, unknown>,
    private readonly firstMs: number,
    private readonly capMs = 30_000,
  ) {}

  /** Records a failed try; returns how long to wait before the next one. */
  failed(error: unknown): number {
    this.failures++;
    this.delayMs = this.delayMs ? Math.min(this.delayMs * 2, this.capMs) : Math.min(Math.max(this.firstMs, 100), this.capMs);
    const now = Date.now();
    if (this.failures === 1 || now - this.loggedAt >= LOG_EVERY_MS) {
      this.loggedAt = now;
      this.log.warn(
        { ...this.subject, attempts: this.failures, retryInMs: this.delayMs, err: error instanceof Error ? error.message : String(error) },
        'reading or writing the read models failed (is the database reachable?); retrying with backoff',
      );
    }
    return this.delayMs;
  }

  succeeded(): void {
    if (this.failures === 0) return;
    this.log.info({ ...this.subject, attempts: this.failures }, 'the database answers again; the read models resume');
    this.failures = 0;
    this.delayMs = 0;
  }
}
