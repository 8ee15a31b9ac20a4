import type { EventStore, Position, StoredEvent, SubscribeOptions, Subscription } from './port';

/**
 * The catch-up subscription both adapters share: read batches from the checkpoint until the
 * log is exhausted, then wait for a wake-up hint (or the poll interval) and read again.
 * Polling is the truth; the hint only shortens the wait.
 */
export const catchUpSubscription = (
  store: Pick<EventStore, 'readAll' | 'waitForAppend'>,
  options: SubscribeOptions,
  pollIntervalMs = 1000,
): Subscription => {
  let stopped = false;
  let after: Position | null = options.after ?? null;
  const batchSize = options.batchSize ?? 500;

  const loop = async () => {
    while (!stopped) {
      let batch: StoredEvent[];
      try {
        batch = await store.readAll({ after, maxCount: batchSize });
      } catch (error) {
        if (stopped) return;
        options.onError?.(error);
        return;
      }
      if (stopped) return;
      if (batch.length > 0) {
        try {
          await options.onEvents(batch);
        } catch (error) {
          options.onError?.(error);
          return;
        }
        after = batch[batch.length - 1]!.position;
        if (batch.length === batchSize) continue;
      }
      options.onCaughtUp?.();
      if (stopped) return;
      await store.waitForAppend(pollIntervalMs);
    }
  };

  const done = loop();
  return {
    done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
};
