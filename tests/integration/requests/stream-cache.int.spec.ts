import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCurrentUser } from '../../../api/auth/current-user';
import { requestCaller } from '../../../api/routes/request-caller';
import { upcasters } from '../../../api/upcasters';
import { requestAction } from '../../../commands/request/actions';
import { addRequestComment } from '../../../commands/request/comment';
import { saveRequest } from '../../../commands/request/save';
import { PostgresEventStore } from '../../../infrastructure/eventstore/postgres/postgres-event-store';
import { withUpcasting } from '../../../infrastructure/eventstore/upcasting';
import { silentLogger } from '../../../infrastructure/logger';
import { setStreamCache, streamCacheOn } from '../../../infrastructure/perf/stream-cache';
import { requestStreamCache } from '../../../commands/request/stream-cache';
import { requestStreamId } from '../../../domain/request/events';
import type { ApiClient, TestApp } from '../../support/app';
import { eventCount, registerRepair, type Facts, startDeskApp } from './helpers';

/*
 * The server decides the next command on a request it appended to last from its stream cache
 * (commands/request/stream-cache.ts, infrastructure/perf/stream-cache.ts) instead of reading the
 * stream again. A write the cache
 * did not see — another server process, the read side's reactions — must never be lost or
 * overruled by it: these cases write through the real handlers with a store of their own (as
 * another process would) between two calls of the same dialog.
 */

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let facts: Facts;

beforeAll(async () => ({ t, court, engineer, facts } = await startDeskApp()));
afterAll(() => t.close());

/** The engineer's save or comment as another server process makes it: its own store, so not this server's cache. */
const elsewhere = async () => {
  const { pool, ids, lookups } = t.server.ctx;
  const store = withUpcasting(new PostgresEventStore(pool), upcasters);
  const caller = requestCaller((await loadCurrentUser(pool, facts.engineer))!);
  const w = { store, pool, ids, lookups, log: silentLogger };
  const context = () => ({ userId: facts.engineer, now: new Date().toISOString(), correlationId: `elsewhere-${Math.random()}`, causationId: null });
  return {
    save: (id: number, request: Record<string, unknown>) => saveRequest(w, caller, id, { request }, context()),
    comment: (id: number, text: string) => addRequestComment(w, caller, id, { comment: text, files: [], notify_user_ids: [] }, context()),
    take: (id: number) => requestAction(w, caller, id, 'take', {}, context()),
  };
};

describe('the write side stream cache', () => {
  it('a save after another process changed the request keeps that change and answers the stream as it is', async () => {
    const created = (await registerRepair(court, facts)).json().savedRequest;
    await (await elsewhere()).save(created.id, { request_text: 'Не включается принтер: уточнено в другом процессе' });
    const saved = await engineer.multipart('PUT', `/api/request/${created.id}`, { request: { number_out: '17/4' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { request_text: 'Не включается принтер: уточнено в другом процессе', number_out: '17/4', revision: created.revision + 2 };
    expect(saved.json().savedRequest).toMatchObject(expected);
    expect((await engineer.get(`/api/request_single/${created.id}`)).json().request).toMatchObject(expected);
  });

  it('a revision read before another process saved is refused with 409, nothing written', async () => {
    const created = (await registerRepair(court, facts)).json().savedRequest;
    await (await elsewhere()).save(created.id, { request_text: 'Не включается принтер: уточнено в другом процессе' });
    const before = await eventCount(t);
    const take = await engineer.post(`/api/request/${created.id}/take`, { revision: created.revision });
    expect(take.statusCode).toBe(409);
    expect(take.json().message).toBe('Заявка была изменена другим пользователем. Обновите заявку.');
    const save = await engineer.multipart('PUT', `/api/request/${created.id}`, { request: { number_out: '1' }, revision: created.revision });
    expect(save.statusCode).toBe(409);
    expect(await eventCount(t)).toBe(before);
  });

  it('a chat message from another process leaves the revision valid and counts in the answer', async () => {
    const created = (await registerRepair(court, facts)).json().savedRequest;
    await (await elsewhere()).comment(created.id, 'Сообщение из другого процесса');
    const take = await engineer.post(`/api/request/${created.id}/take`, { revision: created.revision });
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json().savedRequest).toMatchObject({ comments_count: 1, revision: created.revision + 2, statusTitle: expect.any(String) });
    // The next call of the dialog goes on from the answer's revision.
    const save = await engineer.multipart('PUT', `/api/request/${created.id}`, { request: { note: 'Выехал' }, revision: take.json().savedRequest.revision });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().savedRequest).toMatchObject({ note: 'Выехал', comments_count: 1, revision: created.revision + 3 });
  });

  it('a button refused on what the cache holds is decided again on the stream (another process took it first)', async () => {
    const created = (await registerRepair(court, facts)).json().savedRequest;
    const other = await elsewhere();
    // Taken elsewhere: the cache still shows the request waiting; this process's take must see it taken.
    await other.take(created.id);
    await other.comment(created.id, 'Принял');
    const before = await eventCount(t);
    const again = await engineer.post(`/api/request/${created.id}/take`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('недоступно');
    expect(await eventCount(t)).toBe(before);
    const read = (await engineer.get(`/api/request_single/${created.id}`)).json().request;
    expect(read.actions).not.toContain('take');
  });
});

/** An answer or an event as data to compare: the request's own id and number, and clock times, masked. */
const masked = (value: unknown, id: number, number: number): unknown =>
  JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    (key === 'id' || key === 'request_id') && v === id ? '<id>' : key === 'number' && v === number ? '<number>' : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? '<time>' : v,
  );

describe('PERF_STREAM_CACHE: the same answers with the cache on and off', () => {
  /** A dialog's calls, one of them beaten by another process and one refused: every answer, then the stream's events. */
  const dialog = async () => {
    const created = await registerRepair(court, facts);
    const { id, number, revision } = created.json().savedRequest as { id: number; number: number; revision: number };
    const cached = requestStreamCache(t.server.ctx.store).get(id) !== undefined;
    const answers = [created];
    answers.push(await engineer.multipart('PUT', `/api/request/${id}`, { request: { number_out: '17/4' }, revision }));
    await (await elsewhere()).save(id, { request_text: 'Не включается принтер: уточнено в другом процессе' });
    answers.push(await engineer.post(`/api/request/${id}/take`, { revision: revision + 1 }));
    answers.push(await engineer.post(`/api/request/${id}/take`, {}));
    answers.push(await engineer.post(`/api/request/${id}/take`, {}));
    answers.push(await engineer.multipart('PUT', `/api/request/${id}`, { request: { note: 'Выехал' } }));
    const events = (await t.server.ctx.store.readStream(requestStreamId(id))).map((e) => ({ type: e.type, data: e.data }));
    return { cached, answers: masked(answers.map((a) => ({ status: a.statusCode, body: a.json() })), id, number), events: masked(events, id, number) };
  };

  it('a dialog\'s calls answer the same and leave the same events; only with it on are the streams kept', async () => {
    const was = streamCacheOn();
    try {
      setStreamCache(true);
      const on = await dialog();
      setStreamCache(false);
      const off = await dialog();
      expect(on.cached).toBe(true);
      expect(off.cached).toBe(false);
      expect(off.answers).toEqual(on.answers);
      expect(off.events).toEqual(on.events);
      expect((on.answers as Array<{ status: number }>).map((a) => a.status)).toEqual([200, 200, 409, 200, 409, 200]);
    } finally {
      setStreamCache(was);
    }
  });
});
