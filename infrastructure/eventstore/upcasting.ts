import type { EventStore, StoredEvent } from './port';

/**
 * Events keep the shape they were written with; readers see the current shape. An upcaster
 * turns `type` at `fromVersion` into `fromVersion + 1`; chains run until no upcaster applies.
 */
export interface Upcaster {
  readonly type: string;
  readonly fromVersion: number;
  readonly upcast: (data: unknown) => unknown;
}

export const upcastEvent = (byKey: ReadonlyMap<string, Upcaster>, e: StoredEvent): StoredEvent => {
  let data = e.data;
  let version = e.schemaVersion;
  for (let u = byKey.get(`${e.type}@${version}`); u; u = byKey.get(`${e.type}@${version}`)) {
    data = u.upcast(data);
    version += 1;
  }
  return version === e.schemaVersion ? e : { ...e, data, schemaVersion: version };
};

export const withUpcasting = (store: EventStore, upcasters: readonly Upcaster[]): EventStore => {
  if (upcasters.length === 0) return store;
  const byKey = new Map(upcasters.map((u) => [`${u.type}@${u.fromVersion}`, u]));
  const up = (events: StoredEvent[]) => events.map((e) => upcastEvent(byKey, e));
  async function* upPages(pages: AsyncIterable<StoredEvent[]>) {
    for await (const page of pages) yield up(page);
  }
  return {
    append: (id, events, options) => store.append(id, events, options),
    appendMany: (batches) => store.appendMany(batches),
    readStream: async (id, options) => up(await store.readStream(id, options)),
    readAll: async (options) => up(await store.readAll(options)),
    ...(store.readStreamsOfType ? { readStreamsOfType: (type: string) => upPages(store.readStreamsOfType!(type)) } : {}),
    subscribe: (options) => store.subscribe({ ...options, onEvents: (events) => options.onEvents(up([...events])) }),
    headPosition: () => store.headPosition(),
    waitForAppend: (ms) => store.waitForAppend(ms),
    close: () => store.close(),
  };
};
