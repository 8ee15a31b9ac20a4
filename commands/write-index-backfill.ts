import type { DatabasePool } from 'slonik';
import type { Decider } from '../domain/shared/decider';
import type { DomainEvent } from '../domain/shared/events';
import { sparesSetDecider } from '../domain/spares/decider';
import { userDecider } from '../domain/user/decider';
import { userCertificatesDecider } from '../domain/signing/user-certificates';
import { inventoryDecider } from '../domain/inventory';
import { requestDecider } from '../domain/request/decider';
import type { EventStore, Position, StoredEvent } from '../infrastructure/eventstore/port';
import { backfillIndex } from '../infrastructure/write-index';
import type { WriteIndex } from './aggregate';
import { streamTypeOf, writeIndexes } from './stream-registry';

type Fold = Pick<Decider<unknown, unknown, DomainEvent>, 'initialState' | 'evolve'>;

/** The deciders whose states keep an index, to fold their streams when filling it. */
const folds: Readonly<Record<string, Fold>> = {
  user: userDecider as unknown as Fold,
  spares_set: sparesSetDecider as unknown as Fold,
  user_certificates: userCertificatesDecider as unknown as Fold,
  inventory: inventoryDecider as unknown as Fold,
  request: requestDecider as unknown as Fold,
};

/** Events of one stream type, by stream then revision: the adapter's fast path, else the whole log. */
async function* eventsOfType(store: EventStore, streamType: string): AsyncIterable<StoredEvent> {
  if (store.readStreamsOfType) {
    for await (const page of store.readStreamsOfType(streamType)) yield* page;
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

/**
 * Every stream of the type, folded once, with its keys in each of the type's indexes (a type may keep
 * several, as the request does: one pass over its streams serves them all).
 */
const listed = async (store: EventStore, streamType: string, indexes: ReadonlyArray<WriteIndex<unknown>>) => {
  const fold = folds[streamType]!;
  const out = new Map(indexes.map((index) => [index.name, [] as Array<{ member: string; keys: readonly string[] }>]));
  // Only streams with keys are kept: of a million requests few have a hot line number or protect a tool.
  const close = (member: string, state: unknown) => {
    for (const index of indexes) {
      const keys = index.keysOf(state);
      if (keys.length > 0) out.get(index.name)!.push({ member, keys });
    }
  };
  let member: string | null = null;
  let state = fold.initialState();
  for await (const e of eventsOfType(store, streamType)) {
    if (e.streamId !== member) {
      if (member !== null) close(member, state);
      member = e.streamId;
      state = fold.initialState();
    }
    state = fold.evolve(state, { type: e.type, data: e.data } as DomainEvent);
  }
  if (member !== null) close(member, state);
  return out;
};

/**
 * Fills every write-side index not yet built in this database from the log (once; see
 * infrastructure/write-index.ts): databases written before the indexes existed and bench:seed's.
 */
export const backfillWriteIndexes = async (pool: DatabasePool, store: EventStore): Promise<string[]> => {
  const built: string[] = [];
  const all = writeIndexes();
  // Asked for only by an index not yet built; the first such index of a type folds its streams for all.
  const passes = new Map<string, ReturnType<typeof listed>>();
  const keysOf = (streamType: string, name: string) => {
    if (!passes.has(streamType)) passes.set(streamType, listed(store, streamType, all.filter((w) => w.streamType === streamType).map((w) => w.index)));
    return passes.get(streamType)!.then((byIndex) => byIndex.get(name)!);
  };
  for (const { streamType, index } of all) if (await backfillIndex(pool, index.name, () => keysOf(streamType, index.name))) built.push(index.name);
  return built;
};
