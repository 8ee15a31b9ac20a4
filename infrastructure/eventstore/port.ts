import type { CredentialChange } from '../credentials';

/**
 * The event store port. Two adapters implement it: PostgreSQL (default, ./postgres) and
 * EventStoreDB (./eventstoredb, selected by EVENTSTORE_URL). Both pass the same contract suite
 * (tests/integration/eventstore/contract.ts).
 */

/**
 * A place in the global log. For PostgreSQL `commit` is the appending transaction id and
 * `prepare` the global sequence number; for EventStoreDB they are its own commit/prepare
 * positions. Either way the log is totally ordered by (commit, prepare).
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const comparePositions = (a: Position, b: Position): number =>
  a.commit < b.commit ? -1 : a.commit > b.commit ? 1 : a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0;

/** True when a reader checkpointed at `checkpoint` has already seen the event at `p`. */
export const hasReached = (checkpoint: Position | null, p: Position): boolean =>
  checkpoint !== null && comparePositions(checkpoint, p) >= 0;

/** Whether two checkpoints are the same (null: before the first event). */
export const samePosition = (a: Position | null, b: Position | null): boolean =>
  a === null || b === null ? a === b : comparePositions(a, b) === 0;

export const positionToString = (p: Position | null): string => (p ? `${p.commit}/${p.prepare}` : 'start');

/** Expected stream revision for optimistic concurrency; revisions count from 0. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  /** Acting user id; null for system actions. */
  readonly userId: number | null;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** ISO timestamp of the command that produced the event. */
  readonly timestamp: string;
}

export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  /** Shape version of `data`; readers upcast older shapes (see upcasting.ts). */
  readonly schemaVersion?: number;
}

export interface StoredEvent<TData = unknown> {
  readonly streamId: string;
  readonly revision: number;
  readonly position: Position;
  readonly type: string;
  readonly data: TData;
  readonly metadata: EventMetadata;
  readonly schemaVersion: number;
}

export interface AppendResult {
  /** Revision of the last appended event (pass it as the next expected revision). */
  readonly nextRevision: number;
  /** Position of the last appended event. */
  readonly position: Position;
  /** The number claimed for `yearlyNumber`, when asked for. */
  readonly number?: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * A stream's keys in a write-side index (`write_index`: which users hold a role, which spares sets
 * hold a request's spares) moved by this append. Decisions read these indexes instead of read models
 * that may lag; see docs/decisions.md, "Write-side invariants".
 */
export interface IndexChange {
  readonly index: string;
  /** The stream listed under the keys. */
  readonly member: string;
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

export interface AppendOptions {
  readonly expectedRevision: ExpectedRevision;
  /**
   * An account's password hash and sessions (infrastructure/credentials.ts), changed with the
   * events: PostgreSQL in the same transaction; EventStoreDB right after the append.
   */
  readonly credential?: CredentialChange;
  /**
   * Applied with the events: PostgreSQL in the same transaction; EventStoreDB right after the
   * append (no shared transaction, see its adapter). A stream type may keep several indexes.
   */
  readonly indexes?: readonly IndexChange[];
  /**
   * A number of the year (request numbers) counted, claimed unique and written into the first
   * event's data at `path` by the append itself: PostgreSQL in the append's own statement (one
   * round trip, one commit; nothing is claimed when the append fails), EventStoreDB just before it.
   */
  readonly yearlyNumber?: YearlyNumber;
}

export interface YearlyNumber {
  readonly year: number;
  /** The claim in unique_values: its scope ('{year}-{number}' is the value) and owner. */
  readonly scope: string;
  readonly owner: string;
  /** Where the number goes in the first event's data, e.g. ['request', 'number']. */
  readonly path: readonly string[];
}

/** One stream's part of an `appendMany`. */
export interface AppendBatch {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
  readonly indexes?: readonly IndexChange[];
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive); default 0. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this position; null or absent reads from the start. */
  readonly after?: Position | null;
  readonly maxCount: number;
}

export interface SubscribeOptions {
  readonly after?: Position | null;
  readonly batchSize?: number;
  /** Called with each batch in log order; the subscription waits for it before reading on. */
  readonly onEvents: (events: readonly StoredEvent[]) => Promise<void>;
  /** Called once if onEvents throws or reading fails; the subscription has stopped. */
  readonly onError?: (error: unknown) => void;
  /** Called each time the subscription has read everything currently visible. */
  readonly onCaughtUp?: () => void;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Resolves when the subscription stops (after stop() or an error). */
  readonly done: Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Several streams at once, in the given order (a registry replaced by an import). PostgreSQL: one
   * transaction, all or nothing; a wrong expected revision of any batch writes none of them (the
   * error names that stream). EventStoreDB: stream by stream, NOT atomic (see its adapter). Each
   * result carries its stream's next revision and the position of the last event written.
   */
  appendMany(batches: readonly AppendBatch[]): Promise<AppendResult[]>;
  /** Events of one stream in revision order; an empty list when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /**
   * Every event of the streams of one type (the id's prefix before the first dash: `user`), by
   * stream then revision, in pages of whole streams (a type may hold millions of events: a million
   * requests are ~10 million). Optional: a fast path for filling write-side indexes; without it
   * they are filled by reading the whole log.
   */
  readStreamsOfType?(streamType: string): AsyncIterable<StoredEvent[]>;
  /** One batch of the global log in (commit, prepare) order. Never skips an event that commits late. */
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /** Catch-up subscription: reads history from `after`, then keeps delivering new events live. */
  subscribe(options: SubscribeOptions): Subscription;
  /**
   * Position of the last committed event (null: empty log). Readers of the global log may not see
   * it yet while older transactions are still running; it tells them how far "caught up" is.
   */
  headPosition(): Promise<Position | null>;
  /** Resolves on the next append anywhere (a wake-up hint; readers must still poll). */
  waitForAppend(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}
