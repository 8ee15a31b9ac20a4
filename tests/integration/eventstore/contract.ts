import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '../../../infrastructure/eventstore/port';

export interface ContractFixture {
  /** A fresh, empty store. */
  store(): Promise<EventStore>;
  /** A store whose appends commit after random delays (late commits), sharing the same log. */
  delayedStore?(maxDelayMs: number): Promise<EventStore>;
}

let seq = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}x${(seq++).toString(36)}`;

const event = (type: string, data: unknown = {}, userId: number | null = 7): NewEvent => ({
  type,
  data,
  metadata: { userId, correlationId: 'corr-1', causationId: 'cause-1', timestamp: '2026-01-02T03:04:05.000Z' },
  schemaVersion: 2,
});

const conflictOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return e;
  }
};

/** The one contract every event store adapter passes. */
export const eventStoreContract = (name: string, fixture: ContractFixture) =>
  describe(`event store contract: ${name}`, () => {
    it('appends to a new stream and reads it back with metadata, revision and position', async () => {
      const store = await fixture.store();
      const id = uniq('contract-');
      const r = await store.append(id, [event('A', { n: 1 }), event('B', { n: 2 })], { expectedRevision: 'no_stream' });
      expect(r.nextRevision).toBe(1);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
      ]);
      expect(read[0]!.metadata).toEqual({
        userId: 7,
        correlationId: 'corr-1',
        causationId: 'cause-1',
        timestamp: '2026-01-02T03:04:05.000Z',
      });
      expect(read[0]!.schemaVersion).toBe(2);
      expect(comparePositions(read[1]!.position, r.position)).toBe(0);
      expect(comparePositions(read[0]!.position, read[1]!.position)).toBe(-1);
    });

    it('reads a missing stream as empty and a stream from a revision', async () => {
      const store = await fixture.store();
      expect(await store.readStream(uniq('missing-'))).toEqual([]);
      const id = uniq('contract-');
      await store.append(id, [event('A'), event('B'), event('C')], { expectedRevision: 'no_stream' });
      expect((await store.readStream(id, { fromRevision: 1 })).map((e) => e.type)).toEqual(['B', 'C']);
      expect((await store.readStream(id, { fromRevision: 1, maxCount: 1 })).map((e) => e.type)).toEqual(['B']);
    });

    it('refuses a wrong expected revision loudly and appends nothing', async () => {
      const store = await fixture.store();
      const id = uniq('contract-');
      await store.append(id, [event('A')], { expectedRevision: 'no_stream' });
      for (const expectedRevision of ['no_stream', 5, 1] as const) {
        const e = await conflictOf(store.append(id, [event('X')], { expectedRevision }));
        expect(e).toBeInstanceOf(WrongExpectedRevisionError);
        expect((e as WrongExpectedRevisionError).actual).toBe(0);
      }
      const missing = await conflictOf(store.append(uniq('missing-'), [event('X')], { expectedRevision: 0 }));
      expect(missing).toBeInstanceOf(WrongExpectedRevisionError);
      const notExisting = await conflictOf(store.append(uniq('missing-'), [event('X')], { expectedRevision: 'stream_exists' }));
      expect(notExisting).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A']);
    });

    it('appends with an exact revision, with any and with stream_exists', async () => {
      const store = await fixture.store();
      const id = uniq('contract-');
      await store.append(id, [event('A')], { expectedRevision: 'any' });
      await store.append(id, [event('B')], { expectedRevision: 0 });
      await store.append(id, [event('C')], { expectedRevision: 'stream_exists' });
      const r = await store.append(id, [event('D'), event('E')], { expectedRevision: 'any' });
      expect(r.nextRevision).toBe(4);
      expect((await store.readStream(id)).map((e) => `${e.type}${e.revision}`)).toEqual(['A0', 'B1', 'C2', 'D3', 'E4']);
    });

    it('knows its head: the position of the last committed event', async () => {
      const store = await fixture.store();
      const r = await store.append(uniq('head-'), [event('A')], { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      expect(head && comparePositions(head, r.position)).toBe(0);
    });

    it('reads the global log in batches from a checkpoint', async () => {
      const store = await fixture.store();
      const id = uniq('contract-');
      const tail = await lastPosition(store);
      await store.append(id, Array.from({ length: 25 }, (_, i) => event('N', { i })), { expectedRevision: 'no_stream' });
      const seen: StoredEvent[] = [];
      let after = tail;
      const head = await store.headPosition();
      // Readers wait for events of older running transactions (of any database of the cluster).
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        const batch = await store.readAll({ after, maxCount: 10 });
        if (batch.length === 0) {
          if (head && after && comparePositions(after, head) >= 0) break;
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        expect(batch.length).toBeLessThanOrEqual(10);
        seen.push(...batch);
        after = batch[batch.length - 1]!.position;
      }
      const mine = seen.filter((e) => e.streamId === id);
      expect(mine.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    });

    it('20 concurrent appends with the same expected revision: exactly one succeeds, 19 conflict', async () => {
      const store = await fixture.store();
      const id = uniq('race-');
      await store.append(id, [event('Start')], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => store.append(id, [event('Race', { i })], { expectedRevision: 0 })),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const conflicts = results.filter(
        (r) => r.status === 'rejected' && r.reason instanceof WrongExpectedRevisionError,
      );
      expect(ok).toHaveLength(1);
      expect(conflicts).toHaveLength(19);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('20 concurrent creations of one stream: exactly one succeeds', async () => {
      const store = await fixture.store();
      const id = uniq('create-race-');
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.append(id, [event('Created')], { expectedRevision: 'no_stream' })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('8 writers append 10,000 events with random commit delays; a live subscriber sees each exactly once in a stable order', async () => {
      const store = await fixture.store();
      const writerStore = fixture.delayedStore ? await fixture.delayedStore(15) : store;
      const start = await lastPosition(store);
      const run = uniq('w');
      const total = 10_000;
      const writers = 8;
      const perWriter = total / writers;
      const received: StoredEvent[] = [];
      const sub = store.subscribe({
        after: start,
        batchSize: 300,
        onEvents: async (events) => {
          received.push(...events.filter((e) => e.streamId.startsWith(`${run}-`)));
        },
      });
      const writer = async (w: number) => {
        let written = 0;
        const rnd = mulberry32(w + 1);
        while (written < perWriter) {
          const size = Math.min(perWriter - written, 1 + Math.floor(rnd() * 20));
          const stream = `${run}-${Math.floor(rnd() * 40)}`;
          const events = Array.from({ length: size }, (_, k) => event('W', { w, k: written + k }));
          await writerStore.append(stream, events, { expectedRevision: 'any' });
          written += size;
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      const deadline = Date.now() + 60_000;
      while (received.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      await sub.stop();
      if (writerStore !== store) await writerStore.close();

      expect(received).toHaveLength(total);
      const keys = received.map((e) => `${e.streamId}@${e.revision}`);
      expect(new Set(keys).size).toBe(total);
      // Strictly increasing positions: no duplicates, no reordering.
      for (let i = 1; i < received.length; i++)
        expect(comparePositions(received[i - 1]!.position, received[i]!.position)).toBe(-1);
      // A second reader from the same start sees the very same order.
      const again: string[] = [];
      let after = start;
      for (;;) {
        const batch = await store.readAll({ after, maxCount: 1000 });
        if (!batch.length) break;
        again.push(...batch.filter((e) => e.streamId.startsWith(`${run}-`)).map((e) => `${e.streamId}@${e.revision}`));
        after = batch[batch.length - 1]!.position;
      }
      expect(again).toEqual(keys);
      // Per stream, revisions arrive gapless and in order.
      const next = new Map<string, number>();
      for (const e of received) {
        expect(e.revision).toBe(next.get(e.streamId) ?? 0);
        next.set(e.streamId, e.revision + 1);
      }
    });

    it('property: any interleaving of appends and reads keeps per-stream order and gapless revisions', async () => {
      const store = await fixture.store();
      const op = fc.oneof(
        fc.record({
          kind: fc.constant('append' as const),
          stream: fc.integer({ min: 0, max: 3 }),
          count: fc.integer({ min: 1, max: 4 }),
          expect: fc.constantFrom('current', 'stale', 'any', 'no_stream'),
        }),
        fc.record({ kind: fc.constant('read' as const), stream: fc.integer({ min: 0, max: 3 }) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), fc.scheduler(), async (ops, s) => {
          const run = uniq('p');
          const streamId = (k: number) => `${run}-${k}`;
          const known = new Map<number, number>(); // last revision we observed per stream
          const appended = new Map<string, string[]>(); // payload tags of successful appends, per stream
          const reads: Array<{ stream: string; tags: string[]; revisions: number[] }> = [];
          const tasks = ops.map((o, i) =>
            s.schedule(Promise.resolve(i)).then(async () => {
              const id = streamId(o.stream);
              if (o.kind === 'read') {
                const events = await store.readStream(id);
                reads.push({ stream: id, tags: events.map((e) => (e.data as { tag: string }).tag), revisions: events.map((e) => e.revision) });
                return;
              }
              const last = known.get(o.stream);
              const expectedRevision =
                o.expect === 'any' ? 'any' : o.expect === 'no_stream' ? 'no_stream' : o.expect === 'stale' ? (last ?? 0) - 1 : (last ?? 'no_stream');
              const tags = Array.from({ length: o.count }, (_, k) => `${i}.${k}`);
              try {
                const r = await store.append(id, tags.map((tag) => event('P', { tag })), {
                  expectedRevision: expectedRevision === -1 ? 'no_stream' : expectedRevision,
                });
                known.set(o.stream, Math.max(known.get(o.stream) ?? -1, r.nextRevision));
                appended.set(id, [...(appended.get(id) ?? []), ...tags]);
              } catch (e) {
                if (!(e instanceof WrongExpectedRevisionError)) throw e;
              }
            }),
          );
          await s.waitAll();
          await Promise.all(tasks);
          for (let k = 0; k <= 3; k++) {
            const id = streamId(k);
            const events = await store.readStream(id);
            // Gapless revisions 0..n-1.
            expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
            const tags = events.map((e) => (e.data as { tag: string }).tag);
            // Exactly the successful appends, each batch contiguous and in its own order.
            expect([...tags].sort()).toEqual([...(appended.get(id) ?? [])].sort());
            for (let i = 1; i < tags.length; i++) {
              const [a, ak] = tags[i - 1]!.split('.').map(Number) as [number, number];
              const [b, bk] = tags[i]!.split('.').map(Number) as [number, number];
              if (a === b) expect(bk).toBe(ak + 1);
              else expect(bk).toBe(0);
            }
            // Every read saw a gapless prefix of the final stream.
            for (const r of reads.filter((r) => r.stream === id)) {
              expect(r.revisions).toEqual(r.revisions.map((_, i) => i));
              expect(r.tags).toEqual(tags.slice(0, r.tags.length));
            }
          }
        }),
        { numRuns: 40 },
      );
    });
  });

const lastPosition = (store: EventStore) => store.headPosition();

const mulberry32 = (a: number) => () => {
  a |= 0;
  a = (a + 0x6d2b79f5) | 0;
  let t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
