import { perfTrickOn } from './switches';

/**
 * Streams this process appended to last, folded as they were left, so the next command on one of
 * them is decided without reading the stream again (a round trip per command saved). An entry is
 * only a guess: its user must prove every hit by appending expecting the cached revision and must
 * run the command again on the stream as read when that fails (the request commands do it:
 * commands/request/load.ts, `withRequest`). Kept per event store (servers of several databases in
 * one process never share) and bounded: the streams being worked on now, not the whole log.
 *
 * PERF_STREAM_CACHE=0 (or PERF_TRICKS=0): nothing is kept, every lookup misses, every command reads
 * its stream (tests/integration/requests/stream-cache.int.spec.ts runs commands both ways).
 */
export class StreamCache<V> {
  private readonly entries = new Map<number, V>();

  constructor(private readonly maxEntries: number) {}

  get(id: number): V | undefined {
    if (!switchState.on) return undefined;
    const hit = this.entries.get(id);
    if (hit) {
      // Most recently used last, so the oldest entry is the first one dropped.
      this.entries.delete(id);
      this.entries.set(id, hit);
    }
    return hit;
  }

  set(id: number, entry: V): void {
    this.entries.delete(id);
    if (!switchState.on) return;
    this.entries.set(id, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(id: number): void {
    this.entries.delete(id);
  }
}

const switchState = { on: perfTrickOn('streamCache') };

/** Turns the cache on or off for the whole process (the environment decides at start; tests switch it). */
export const setStreamCache = (on: boolean): void => {
  switchState.on = on;
};

export const streamCacheOn = (): boolean => switchState.on;

const caches = new WeakMap<object, Map<string, StreamCache<unknown>>>();

/** The cache of one kind of stream (`kind`) of an event store. */
export const streamCacheOf = <V>(store: object, kind: string, maxEntries: number): StreamCache<V> => {
  let kinds = caches.get(store);
  if (!kinds) caches.set(store, (kinds = new Map()));
  let cache = kinds.get(kind);
  if (!cache) kinds.set(kind, (cache = new StreamCache<unknown>(maxEntries)));
  return cache as StreamCache<V>;
};
