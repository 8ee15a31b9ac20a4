import { describe, expect, it } from 'vitest';
import { sparesSetDecider, sparesSetStreamId } from '../../../domain/spares';
import type { UserState } from '../../../domain/user/decider';
import { inboxStreamId, type NotificationEvent } from '../../../domain/notification';
import {
  WrongExpectedRevisionError,
  type AppendOptions,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '../../../infrastructure/eventstore/port';
import { readAggregate } from '../../../commands/aggregate';
import { handleBatch, handleCommand, onStream } from '../../../commands/handle-command';
import { notificationStreams } from '../../../commands/notification/notification-streams';
import { roleHoldersIndex } from '../../../commands/role/role-holders';
import { registrationOf } from '../../../commands/stream-registry';
import { testContext } from '../../support/given-when-then';

/** A store in memory that records every append with its options (only what handleCommand uses). */
const memoryStore = () => {
  const streams = new Map<string, StoredEvent[]>();
  const appends: Array<{ streamId: string; events: readonly NewEvent[]; options: AppendOptions }> = [];
  let position = 0n;
  const store = {
    async append(streamId: string, events: readonly NewEvent[], options: AppendOptions) {
      const stream = streams.get(streamId) ?? [];
      const expected = options.expectedRevision;
      const actual = stream.length - 1;
      if ((expected === 'no_stream' && stream.length) || (typeof expected === 'number' && expected !== actual))
        throw new WrongExpectedRevisionError(streamId, expected, stream.length ? actual : 'no_stream');
      appends.push({ streamId, events, options });
      for (const e of events)
        stream.push({ ...e, streamId, revision: stream.length, position: { commit: ++position, prepare: position }, schemaVersion: e.schemaVersion ?? 1 });
      streams.set(streamId, stream);
      return { nextRevision: stream.length - 1, position: { commit: position, prepare: position } };
    },
    readStream: async (streamId: string) => [...(streams.get(streamId) ?? [])],
    /** All or none, as the PostgreSQL adapter: every expected revision is checked before anything is written. */
    async appendMany(batches: ReadonlyArray<{ streamId: string; events: readonly NewEvent[]; expectedRevision: AppendOptions['expectedRevision']; indexes?: AppendOptions['indexes'] }>) {
      for (const b of batches) {
        const stream = streams.get(b.streamId) ?? [];
        const expected = b.expectedRevision;
        if ((expected === 'no_stream' && stream.length) || (typeof expected === 'number' && expected !== stream.length - 1))
          throw new WrongExpectedRevisionError(b.streamId, expected, stream.length ? stream.length - 1 : 'no_stream');
      }
      const results = [];
      for (const b of batches) results.push(await store.append(b.streamId, b.events, { expectedRevision: b.expectedRevision, ...(b.indexes ? { indexes: b.indexes } : {}) }));
      return results;
    },
  };
  return { store: store as unknown as EventStore, appends };
};

const keeper = { userId: 1, rights: { RIGHT_ZIP: 2 } };
const items = [{ id: 1, code: 1001, title: 'Картридж', cost: 2500, amount: 5 }];
const register = { type: 'RegisterSparesSet' as const, actor: keeper, id: 3, region_id: 1, title: 'ЗИП 2026', contract: 'Контракт 15', items };
const allocate = (request_id: number, amount: number) => ({ type: 'AllocateSparesToRequest' as const, request_id, items: amount ? [{ item_id: 1, amount }] : [] });

describe('the one write path', () => {
  it('moves the spares-set index with the append: a request listed while it holds spares, removed when they go back', async () => {
    const { store, appends } = memoryStore();
    const stream = sparesSetStreamId(3);
    await handleCommand(store, sparesSetDecider, stream, register, testContext());
    await handleCommand(store, sparesSetDecider, stream, allocate(10, 2), testContext());
    await handleCommand(store, sparesSetDecider, stream, allocate(10, 3), testContext());
    await handleCommand(store, sparesSetDecider, stream, allocate(10, 0), testContext());
    expect(appends.map((a) => a.options.indexes ?? null)).toEqual([
      null,
      [{ index: 'request-spares', member: stream, add: ['10'], remove: [] }],
      null,
      [{ index: 'request-spares', member: stream, add: [], remove: ['10'] }],
    ]);
  });

  it('lists an account under its roles while it is not deleted', () => {
    const user = { users_roles: [2, 5] } as unknown as NonNullable<UserState['user']>;
    expect(roleHoldersIndex.keysOf({ status: 'active', user })).toEqual(['2', '5']);
    expect(roleHoldersIndex.keysOf({ status: 'inactive', user })).toEqual(['2', '5']);
    expect(roleHoldersIndex.keysOf({ status: 'deleted', user })).toEqual([]);
    expect(roleHoldersIndex.keysOf({ status: 'absent', user: null })).toEqual([]);
  });

  it('takes schema versions and indexes from the registration of the stream type', () => {
    expect(registrationOf('user-7').indexes?.map((i) => i.name)).toEqual(['role-holders']);
    expect(registrationOf('spares_set-3').indexes?.map((i) => i.name)).toEqual(['request-spares']);
    expect(registrationOf('request-1').schemaVersions).toBeDefined();
    expect(registrationOf('request-1').indexes?.map((i) => i.name)).toEqual(['hotline-number', 'protected-tools']);
    expect(registrationOf('tool-1').schemaVersions).toBeDefined();
    expect(registrationOf('catalog-1')).toEqual({});
  });

  it('appends to an inbox whatever it holds, without reading it', async () => {
    const { store, appends } = memoryStore();
    const read = (n: number): NotificationEvent => ({ type: 'NotificationRead', data: { user_id: 4, notification_id: `n${n}-4` } });
    await handleCommand(store, notificationStreams, inboxStreamId(4), read(1), testContext(), { anyRevision: true });
    await handleCommand(store, notificationStreams, inboxStreamId(4), read(2), testContext(), { anyRevision: true });
    expect(appends.map((a) => a.options.expectedRevision)).toEqual(['any', 'any']);
    const { revision, types } = await readAggregate(store, notificationStreams, inboxStreamId(4));
    expect({ revision, types }).toEqual({ revision: 1, types: ['NotificationRead', 'NotificationRead'] });
  });
});

describe('many streams in one batch (handleBatch)', () => {
  const set = (id: number) => ({ ...register, id, title: `ЗИП ${id}` });

  it('decides each command on the stream as read (or a new one) and appends them together, with the registry\'s index', async () => {
    const { store, appends } = memoryStore();
    const first = await handleBatch(store, [onStream(sparesSetDecider, sparesSetStreamId(3), set(3), 'new'), onStream(sparesSetDecider, sparesSetStreamId(4), set(4), 'new')], testContext());
    expect(first).toEqual({ appended: 2, position: { commit: 2n, prepare: 2n } });
    const three = await readAggregate(store, sparesSetDecider, sparesSetStreamId(3));
    const four = await readAggregate(store, sparesSetDecider, sparesSetStreamId(4));
    const second = await handleBatch(
      store,
      [onStream(sparesSetDecider, sparesSetStreamId(3), allocate(10, 2), three), onStream(sparesSetDecider, sparesSetStreamId(4), allocate(10, 0), four)],
      testContext(),
    );
    // Allocating nothing to a request that holds nothing changes nothing: that stream is left out.
    expect(second.appended).toBe(1);
    expect(appends.slice(2).map((a) => [a.streamId, a.options.expectedRevision, a.options.indexes ?? null])).toEqual([
      [sparesSetStreamId(3), 0, [{ index: 'request-spares', member: sparesSetStreamId(3), add: ['10'], remove: [] }]],
    ]);
    expect(appends.slice(0, 2).map((a) => a.options.expectedRevision)).toEqual(['no_stream', 'no_stream']);
  });

  it('appends nothing when one command is refused, or when another writer moved a stream since it was read (409)', async () => {
    const { store, appends } = memoryStore();
    await handleBatch(store, [onStream(sparesSetDecider, sparesSetStreamId(3), set(3), 'new')], testContext());
    const read = await readAggregate(store, sparesSetDecider, sparesSetStreamId(3));
    const tooMany = allocate(10, 99);
    await expect(handleBatch(store, [onStream(sparesSetDecider, sparesSetStreamId(5), set(5), 'new'), onStream(sparesSetDecider, sparesSetStreamId(3), tooMany, read)], testContext())).rejects.toMatchObject({ kind: expect.any(String) });
    expect((await readAggregate(store, sparesSetDecider, sparesSetStreamId(5))).revision).toBe(-1);
    await handleCommand(store, sparesSetDecider, sparesSetStreamId(3), allocate(11, 1), testContext());
    const before = appends.length;
    await expect(
      handleBatch(store, [onStream(sparesSetDecider, sparesSetStreamId(6), set(6), 'new'), onStream(sparesSetDecider, sparesSetStreamId(3), allocate(10, 1), read)], testContext(), { staleMessage: 'Изменилось' }),
    ).rejects.toMatchObject({ message: 'Изменилось', kind: 'conflict' });
    expect(appends.length).toBe(before);
    expect((await readAggregate(store, sparesSetDecider, sparesSetStreamId(6))).revision).toBe(-1);
  });
});
