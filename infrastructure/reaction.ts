import type { StoredEvent } from './eventstore/port';

/**
 * A subscriber with at-least-once delivery whose effects live outside the read-model database
 * (jobs, commands on other streams). It must be idempotent; its checkpoint is stored after the
 * handler succeeds. The processors' runner (processors/runner.ts) drives it.
 */
export interface Reaction {
  readonly name: string;
  readonly eventTypes: ReadonlySet<string>;
  handle(events: readonly StoredEvent[]): Promise<void>;
}
