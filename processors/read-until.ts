import { hasReached, type EventStore, type Position, type StoredEvent } from '../infrastructure/eventstore/port';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The next batch after `after`; empty only once `head` has been read. Events committed before
 * `head` may be invisible for a moment while older transactions run: wait for them, never skip.
 */
export const readUntil = async (store: EventStore, after: Position | null, head: Position | null, maxCount: number): Promise<StoredEvent[]> => {
  for (;;) {
    const batch = await store.readAll({ after, maxCount });
    if (batch.length > 0 || head === null || hasReached(after, head)) return batch;
    await sleep(5);
  }
};
