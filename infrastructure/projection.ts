import type { DatabaseTransactionConnection } from 'slonik';
import type { StoredEvent } from './eventstore/port';

/** What the runner gives a projection besides a batch's events. */
export interface ApplyContext {
  /**
   * Memory the projection may keep between its batches (one per runner and projection, so one
   * database). The runner keeps it only while its own batches follow each other: it is cleared
   * when a batch fails, when another process moved the checkpoint, and on reset. So what a
   * projection remembers from its last batch is what its tables hold now.
   */
  readonly memo: Map<string, unknown>;
  /**
   * The batch belongs to a rebuild from the start of the log into new tables: work the projection
   * declares for its end (finishRebuild) may be skipped batch by batch, and each event comes once,
   * so a table only inserted into need not check its rows for conflicts.
   */
  readonly rebuilding: boolean;
}

/**
 * A read model built from the log. The runner applies batches of events and stores the
 * projection's checkpoint in the same transaction, so every event is applied exactly once.
 * A read model must be a pure function of the log (no now(), no random ids, no sequences),
 * so that a rebuild produces the very same rows.
 */
export interface Projection {
  readonly name: string;
  /** Bump when the tables or the apply logic change: the runner then rebuilds from the log. */
  readonly version: number;
  /** Tables the projection owns; dropped and recreated on rebuild. */
  readonly tables: readonly string[];
  /** CREATE statements for the tables (and indexes that must exist while they fill). */
  readonly schema: string;
  /**
   * Indexes (and keys) the apply does not need while a rebuild fills the tables: created with the
   * tables when the projection starts empty in a live runner, and only after a rebuild has caught up
   * (one bulk build is far cheaper than maintaining an index row by row through millions of events).
   */
  readonly indexes?: string;
  /**
   * Completes a rebuild in the transaction that stores its last checkpoint (the checkpoint row is
   * locked, so no batch runs meanwhile): e.g. aggregates computed from the rows at once instead of
   * kept by deltas batch by batch. It must give what the live batches would have given.
   */
  finishRebuild?(tx: DatabaseTransactionConnection): Promise<void>;
  /** Event types it reads; other events only advance the checkpoint. */
  readonly eventTypes: ReadonlySet<string>;
  apply(tx: DatabaseTransactionConnection, events: readonly StoredEvent[], context: ApplyContext): Promise<void>;
}

export const defineProjection = <P extends Projection>(p: P): P => p;
