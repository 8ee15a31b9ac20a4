import { requestDecider } from '../../domain/request/decider';
import type { RequestEvent } from '../../domain/request/events';
import type { RequestState } from '../../domain/request/state';
import type { EventStore } from '../../infrastructure/eventstore/port';
import { streamCacheOf, streamCacheOn, type StreamCache } from '../../infrastructure/perf/stream-cache';

/**
 * The request streams this process appended to last, folded as they were left (the cache itself and
 * its off switch: infrastructure/perf/stream-cache.ts): the next command on one of them (a save after
 * the create, a take after the save) is decided on this state instead of reading the stream again.
 *
 * An entry is only a guess, never a source of truth: a decision made on it counts only when its
 * append, expecting the cached revision, succeeds — which proves the stream had not moved, so the
 * decision was made on the stream as it is. Anything else (the append beaten by another writer, a
 * refusal, a command that changes nothing) forgets the entry and runs the command again on the
 * stream as read (`commands/request/load.ts`, `withRequest`). Appends by other processes, threads
 * or handlers that do not update the entry simply make it fail that check once.
 */
export interface CachedRequest {
  readonly state: RequestState;
  readonly revision: number;
  /** Event types of the stream, oldest first (the stale checks read them). */
  readonly types: readonly string[];
}

/** Entries kept per event store: the requests being worked on now, not the whole log. */
const MAX_ENTRIES = 2_000;

/** The cache of an event store's request streams (infrastructure/perf/stream-cache.ts; PERF_STREAM_CACHE=0 empties it). */
export const requestStreamCache = (store: EventStore): StreamCache<CachedRequest> => streamCacheOf<CachedRequest>(store, 'request', MAX_ENTRIES);

/**
 * Remembers a request after an append of `events` right after `base` (the state they were decided
 * on). The events go through JSON as the store keeps them, so the entry is exactly what reading and
 * folding the stream would give. An append that did not follow `base` directly (re-decided after a
 * lost race) forgets the entry instead.
 */
export const rememberAppend = (
  store: EventStore,
  id: number,
  base: { readonly state: RequestState; readonly revision: number; readonly types?: readonly string[] },
  appended: { readonly events: readonly RequestEvent[]; readonly revision: number },
) => {
  if (!streamCacheOn()) return;
  const cache = requestStreamCache(store);
  if (!base.types || appended.events.length === 0 || appended.revision !== base.revision + appended.events.length) {
    cache.forget(id);
    return;
  }
  let state = base.state;
  for (const e of appended.events) state = requestDecider.evolve(state, { type: e.type, data: JSON.parse(JSON.stringify(e.data ?? null)) } as RequestEvent);
  cache.set(id, { state, revision: appended.revision, types: [...base.types, ...appended.events.map((e) => e.type)] });
};
