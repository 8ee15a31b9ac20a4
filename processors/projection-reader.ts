import { comparePositions, hasReached, type Position, type StoredEvent } from '../infrastructure/eventstore/port';
import { isDatabaseUnavailable } from '../infrastructure/db/unavailable';
import { Backoff } from './backoff';
import { CheckpointMoved } from './checkpoint-lock';
import type { ProcessorSet } from './processor-set';
import type { ProcessorState } from './processor-state';

/**
 * The projections' shared reader: each batch of the log is read once and handed to every projection
 * of the group that has not seen it. While it runs, reactions take their batches from its window.
 */
export const runProjections = async (set: ProcessorSet, group: ProcessorState[]): Promise<void> => {
  try {
    await readForProjections(set, group);
  } finally {
    // Nobody keeps the window current any more: reactions read the log themselves again.
    set.window.clear();
  }
};

/**
 * The shared reader's loop. While the database cannot be reached (or the log cannot be read) it
 * retries with a growing delay instead of failing the projections: only an error of a
 * projection's own apply stops that projection.
 */
const readForProjections = async (set: ProcessorSet, group: ProcessorState[]): Promise<void> => {
  const backoff = new Backoff(set.log, { projections: group.map((s) => s.processor.p.name) }, set.settings.pollIntervalMs);
  let loaded = false;
  for (;;) {
    const active = group.filter((s) => s.status === 'running' && !s.stopRequested);
    if (active.length === 0) return;
    try {
      if (!loaded) for (const s of group) await set.reload(s);
      loaded = true;
      await readAndApply(set, active);
      backoff.succeeded();
    } catch (error) {
      await set.stopping.wait(backoff.failed(error));
    }
  }
};

/** One turn of the shared reader: read a batch and hand it to every projection, or wait for one. */
const readAndApply = async (set: ProcessorSet, active: ProcessorState[]): Promise<void> => {
  const { store } = set;
  const { batchSize, pollIntervalMs } = set.settings;
  const after = active.reduce<Position | null>((min, s) => (min === null || s.checkpoint === null ? null : comparePositions(s.checkpoint, min) < 0 ? s.checkpoint : min), active[0]!.checkpoint);
  // Listen before reading: an append that lands while this batch is read or applied wakes the
  // next wait at once (a wake-up that came while nobody waited used to cost a whole poll interval).
  const appended = store.waitForAppend(pollIntervalMs);
  const batch = await store.readAll({ after, maxCount: batchSize });
  set.window.record(after, batch);
  if (batch.length === 0) {
    // Checkpoints that only moved over other events are stored at most once a second.
    const now = Date.now();
    await Promise.all(active.map((s) => set.persistWhenDue(s, now)));
    set.advanced.wake();
    // The second wait is short when the read saw events of transactions still running.
    await Promise.race([appended, store.waitForAppend(pollIntervalMs)]);
    return;
  }
  const todo = active.map((s) => ({ s, events: batch.filter((e) => !hasReached(s.checkpoint, e.position)) })).filter((t) => t.events.length > 0);
  // Those with nothing of interest only move in memory (applyBatch); two or more with events write
  // in one transaction (a live batch is a few commands' events: the transactions' own round trips
  // were most of its statements).
  const writing = todo.filter(({ s, events }) => events.some((e) => s.processor.p.eventTypes.has(e.type)));
  if (writing.length >= 2 && (await set.applyTogether(writing))) {
    for (const { s, events } of todo) if (!writing.some((w) => w.s === s)) await set.applyBatch(s, events);
    set.advanced.wake();
    return;
  }
  // Otherwise (or when that wrote nothing) each projection on its own: own tables, own checkpoint,
  // own transaction, side by side on separate connections; a failure stays the failing one's.
  let unavailable: unknown = null;
  await Promise.all(
    todo.map(async ({ s, events: unseen }) => {
      try {
        await set.applyBatch(s, unseen);
      } catch (error) {
        if (error instanceof CheckpointMoved) await set.reload(s);
        else if (isDatabaseUnavailable(error)) unavailable = error;
        else await isolateFailure(set, s, unseen, error);
      }
    }),
  );
  set.advanced.wake();
  // Not the projection's fault: the caller backs off and the batch is applied again.
  if (unavailable) throw unavailable;
};

/**
 * A projection's batch failed: apply its events one at a time, so that its checkpoint stops right
 * before the event that fails and the log names that event, not merely the batch.
 */
const isolateFailure = async (set: ProcessorSet, s: ProcessorState, batch: readonly StoredEvent[], error: unknown): Promise<void> => {
  const relevant = batch.filter((e) => s.processor.p.eventTypes.has(e.type));
  if (relevant.length <= 1) return set.fail(s, relevant.length ? relevant : batch, error);
  for (const e of relevant) {
    try {
      await set.applyBatch(s, [e]);
    } catch (single) {
      if (single instanceof CheckpointMoved) return set.reload(s);
      if (isDatabaseUnavailable(single)) throw single;
      return set.fail(s, [e], single);
    }
  }
  // Every event applied on its own: the batch as a whole tripped the projection. Its events are
  // in now; say so, since it points at a bug that depends on how events are batched.
  set.log.warn({ projection: s.processor.p.name, err: error instanceof Error ? error.message : String(error) }, 'a batch failed but its events applied one at a time');
};
