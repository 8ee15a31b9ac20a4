import type { DatabasePool } from 'slonik';
import type { Decider } from '../domain/shared/decider';
import type { DomainEvent } from '../domain/shared/events';
import { sparesSetDecider } from '../domain/spares/decider';
import { userDecider } from '../domain/user/decider';
import type { EventStore, Position, StoredEvent } from '../infrastructure/eventstore/port';
import { backfillIndex } from '../infrastructure/write-index';
import { streamTypeOf, writeIndexes } from './stream-registry';

type Fold = Pick<Decider<unknown, unknown, DomainEvent>, 'initialState' | 'evolve'>;

/** The deciders whose states keep an index, to fold their streams when filling it. */
const folds: Readonly<Record<string, Fold>> = {
  user: userDecider as unknown as Fold,
  spares_set: sparesSetDecider as unknown as Fold,
};

/** Events of one stream type, by stream then revision: the adapter's fast path, else the whole log. */
async function* eventsOfType(store: EventStore, streamType: string): AsyncIterable<StoredEvent> {
  if (store.readStreamsOfType) {
    yield* await store.readStreamsOfType(streamType);
    return;
  }
  const byStream = new Map<string, StoredEvent[]>();
  let after: Position | null = null;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 20_000 });
    if (batch.length === 0) break;
    for (const e of batch) {
      if (streamTypeOf(e.streamId) !== streamType) continue;
      const events = byStream.get(e.streamId);
      if (events) events.push(e);
      else byStream.set(e.streamId, [e]);
    }
    after = batch[batch.length - 1]!.position;
  }
  for (const events of byStream.values()) yield* events;
}

/** Every stream of the type, folded, with its keys in the index. */
const listed = async (store: EventStore, streamType: string, keysOf: (state: unknown) => readonly string[]) => {
  const fold = folds[streamType]!;
  const out: Array<{ member: string; keys: readonly string[] }> = [];
  let member: string | null = null;
  let state = fold.initialState();
  for await (const e of eventsOfType(store, streamType)) {
    if (e.streamId !== member) {
      if (member !== null) out.push({ member, keys: keysOf(state) });
      member = e.streamId;
      state = fold.initialState();
    }
    state = fold.evolve(state, { type: e.type, data: e.data } as DomainEvent);
  }
  if (member !== null) out.push({ member, keys: keysOf(state) });
  return out;
};

/**
 * Fills every write-side index not yet built in this database from the log (once; see
 * infrastructure/write-index.ts): databases written before the indexes existed and bench:seed's.
 */
export const backfillWriteIndexes = async (pool: DatabasePool, store: EventStore): Promise<string[]> => {
  const built: string[] = [];
  for (const { streamType, index } of writeIndexes())
    if (await backfillIndex(pool, index.name, () => listed(store, streamType, index.keysOf))) built.push(index.name);
  return built;
};
