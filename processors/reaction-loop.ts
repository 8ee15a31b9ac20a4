import { isDatabaseUnavailable } from '../infrastructure/db/unavailable';
import { Backoff } from './backoff';
import { CheckpointMoved } from './checkpoint-lock';
import type { ProcessorSet } from './processor-set';
import type { ProcessorState } from './processor-state';

/**
 * A reaction's own loop (its effects are slow I/O and must not hold the read models back). While
 * the database or the job queue cannot be reached it retries with a growing delay.
 */
export const runReaction = async (set: ProcessorSet, s: ProcessorState): Promise<void> => {
  const name = s.processor.p.name;
  const backoff = new Backoff(set.log, { projection: name }, set.settings.pollIntervalMs);
  let loaded = false;
  while (!s.stopRequested) {
    try {
      if (!loaded) await set.reload(s);
      loaded = true;
      const turn = await reactOnce(set, s);
      if (turn === 'stopped') return;
      // A turn served from the window's memory proves nothing about the database: counting it as
      // recovery restarted the outage's log lines after every idle turn.
      if (turn === 'reached') backoff.succeeded();
    } catch (error) {
      if (s.stopRequested) return;
      await set.stopping.wait(backoff.failed(error));
    }
  }
};

/** How a turn went: stopped for good, reached the database, or idled on the window alone. */
type Turn = 'stopped' | 'reached' | 'idle';

/**
 * One turn of a reaction. Errors that mean the database (or
 * the job queue's connection) is down are thrown, so the caller retries the batch later: a
 * reaction is idempotent.
 */
const reactOnce = async (set: ProcessorSet, s: ProcessorState): Promise<Turn> => {
  const { store } = set;
  const { batchSize, pollIntervalMs } = set.settings;
  // Within the projections' reader's window the events come from memory (each was read and
  // parsed once for all): when the window has nothing newer, wait for that reader to move on.
  let batch = set.window.read(s.checkpoint, batchSize);
  if (batch?.length === 0) {
    await set.persistWhenDue(s);
    await set.advanced.wait(pollIntervalMs);
    return 'idle';
  }
  if (batch === null) {
    const appended = store.waitForAppend(pollIntervalMs);
    batch = await store.readAll({ after: s.checkpoint, maxCount: batchSize });
    if (batch.length === 0) {
      await set.persistWhenDue(s);
      await Promise.race([appended, store.waitForAppend(pollIntervalMs)]);
      return 'reached';
    }
  }
  try {
    await set.applyBatch(s, batch);
  } catch (error) {
    if (error instanceof CheckpointMoved) {
      await set.reload(s);
      return 'reached';
    }
    if (isDatabaseUnavailable(error)) throw error;
    await set.fail(s, batch, error);
    return 'stopped';
  }
  return 'reached';
};
