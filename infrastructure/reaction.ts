import type { StoredEvent } from './eventstore/port';

/** What a reaction's handler did with a batch (Reaction.handle). */
export type ReactionOutcome = 'acted' | 'none';

/**
 * A subscriber with at-least-once delivery whose effects live outside the read-model database
 * (jobs, commands on other streams). It must be idempotent; its checkpoint is stored after the
 * handler succeeds. The processors' runner (processors/runner.ts) drives it.
 */
export interface Reaction {
  readonly name: string;
  readonly eventTypes: ReadonlySet<string>;
  /**
   * 'none' when the batch asked nothing of it (no job, no command): its checkpoint then moves in
   * memory and is stored at the next quiet moment, as over events of no interest. Replaying such
   * events after a crash does nothing again, so the write (and its commit) is not worth making on
   * every command (docs/notes/bench.md). Anything else stores the checkpoint before the next batch.
   */
  handle(events: readonly StoredEvent[]): Promise<ReactionOutcome | void>;
}
