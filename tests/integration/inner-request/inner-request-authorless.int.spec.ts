import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { innerRequestStreamId, type InnerRequestRow } from '../../../domain/inner-request';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { append } from '../request-read/support';

// administration.md 2.9: a request to the administrator whose author is not known (written without
// one, as an older version did) is listed as from 'Администратор системы'.

let app: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.signIn('admin');
});
afterAll(async () => {
  await app?.close();
});

const list = async (f: Record<string, unknown> = {}) => {
  const r = await admin.get(`/api/request_inner/${encodeURIComponent(JSON.stringify({ pageNumber: 1, ...f }))}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { request_inner: InnerRequestRow[] }).request_inner;
};

describe('a request to the administrator without an author', () => {
  it("is listed with the author 'Администратор системы'; a request with an author keeps the author's name", async () => {
    const ctx = app.server.ctx;
    const id = await ctx.ids.next('request_inner');
    await append(ctx, innerRequestStreamId(id), [
      {
        type: 'InnerRequestCreated',
        data: {
          id, parent_id: null, author_id: null, author_email: null, message: `Запрос без автора ${id}`, request_inner_kind_id: null, files: [],
          date_create: new Date().toISOString(), notify_user_ids: [], notify_email: null,
        },
      },
    ], { expected: 'no_stream' });
    const court = await app.signIn('court');
    const withAuthor = await court.multipart('POST', '/api/request_inner', { innerRequest: { message: `Запрос с автором ${id}`, author_email: 'court@courts.example.ru' } });
    expect(withAuthor.statusCode, withAuthor.body).toBe(200);
    await app.settled();

    const orphan = (await list({ text: `Запрос без автора ${id}` }))[0];
    expect(orphan).toMatchObject({ id, author_id: null, author: 'Администратор системы' });
    const authored = (await list({ text: `Запрос с автором ${id}` }))[0];
    expect(authored?.author_id).toEqual(expect.any(Number));
    expect(authored?.author).not.toBe('Администратор системы');
    expect(authored?.author).toMatch(/[А-Яа-я]/);
  });
});
