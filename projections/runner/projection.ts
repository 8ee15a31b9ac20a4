import type { DatabaseTransactionConnection } from 'slonik';
import type { StoredEvent } from '../../commands/eventstore/port';

/** What the runner gives a projection besides a batch's events. */
export interface ApplyContext {
  /**
   * Memory the projection may keep between its batches (one per runner and projection, so one
   * database). The runner keeps it only while its own batches follow each other: it is cleared
   * when a batch fails, when another process moved the checkpoint, and on reset. So what a
   * projection remembers from its last batch is what its tables hold now.
   */
  readonly memo: Map<string, unknown>;
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
  /** CREATE statements for the tables and their indexes. */
  readonly schema: string;
  /** Event types it reads; other events only advance the checkpoint. */
  readonly eventTypes: ReadonlySet<string>;
  apply(tx: DatabaseTransactionConnection, events: readonly StoredEvent[], context: ApplyContext): Promise<void>;
}

export const defineProjection = <P extends Projection>(p: P): P => p;
