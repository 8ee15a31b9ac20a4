import type { Decider } from '../domain/shared/decider';
import type { DomainEvent } from '../domain/shared/events';
import type { EventStore } from '../infrastructure/eventstore/port';

/**
 * What the write path knows of a stream type besides its decider (commands/stream-registry.ts):
 * the schema versions of its events (declared beside the events, e.g. `requestSchemaVersions`) and
 * the write-side index its state keeps, if any (written in the same transaction as the events:
 * docs/decisions.md, "Write-side invariants").
 */
export interface StreamRegistration<S> {
  /** Schema versions of event types whose shape has changed (default 1). */
  readonly schemaVersions?: Readonly<Partial<Record<string, number>>>;
  readonly indexes?: readonly WriteIndex<S>[];
}

/**
 * A set-valued index of streams by key ("which users hold role 5"), kept by the append that
 * changes the stream, so a decision can count or find streams without a read model.
 */
export interface WriteIndex<S> {
  readonly name: string;
  /** The keys the stream is listed under in this state (none: not listed). */
  readonly keysOf: (state: S) => readonly string[];
}

/** A stream as read and folded: its state, revision (-1: no stream) and event types, oldest first. */
export interface AggregateSnapshot<S> {
  readonly state: S;
  readonly revision: number;
  readonly types: readonly string[];
}

/** The one read-and-fold of a stream on the write side. */
export const readAggregate = async <S, E extends DomainEvent>(
  store: EventStore,
  decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>,
  streamId: string,
): Promise<AggregateSnapshot<S>> => {
  const history = await store.readStream(streamId);
  let state = decider.initialState();
  for (const e of history) state = decider.evolve(state, { type: e.type, data: e.data } as E);
  return { state, revision: history.length - 1, types: history.map((e) => e.type) };
};
