import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import type { InnerRequestRow } from '../../../domain/inner-request';

let app: TestApp;
let admin: ApiClient;
let court: ApiClient;
let engineer: ApiClient;

const list = async (c: ApiClient, f: Record<string, unknown> = {}) => {
  const r = await c.get(`/api/request_inner/${encodeURIComponent(JSON.stringify({ pageNumber: 1, ...f }))}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { request_inner: InnerRequestRow[]; iRequestsInnerCount: number };
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f7d5a90000000049454e44ae426082', 'hex');

beforeAll(async () => {
  app = await startTestApp();
  [admin, court, engineer] = await Promise.all([app.signIn('admin'), app.signIn('court'), app.signIn('engineer')]);
});
afterAll(async () => {
  await app?.close();
});

/** administration.md 2.9, 5, 7: requests to the administrator, their answers, rights and scope. */
describe('requests to the administrator', () => {
  it('a user writes with a picture; only they and the administrator see it; the administrator answers, classifies, changes state, deletes', async () => {
    // The e-mail rules of the dialog, nothing written.
    const before = (await list(admin)).iRequestsInnerCount;
    const noEmail = await court.multipart('POST', '/api/request_inner', { innerRequest: { message: 'Текст', author_email: '' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('Поле email не может быть пустым');
    expect((await court.multipart('POST', '/api/request_inner', { innerRequest: { message: 'Текст', author_email: 'abc' } })).json().message).toBe('Неверный формат поля email');
    expect((await list(admin)).iRequestsInnerCount).toBe(before);

    const created = await court.multipart('POST', '/api/request_inner', { innerRequest: { message: 'Не открывается справочник', author_email: 'court@courts.example.ru' } }, [
      { field: 'files', name: 'screen.png', content: PNG, type: 'image/png' },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const id = Number(created.json().id);

    const own = (await list(court)).request_inner.find((r) => r.id === id)!;
    expect(own).toMatchObject({ message: 'Не открывается справочник', state: 1, answers_count: 0, author_email: 'court@courts.example.ru' });
    expect(own.files).toHaveLength(1);
    const file = await court.get(`/api/request_inner_file/${id}/${own.files[0]!.file_id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // Another user sees neither the request nor its file, and cannot answer it.
    await app.settled();
    expect((await list(engineer)).request_inner.some((r) => r.id === id)).toBe(false);
    expect((await engineer.get(`/api/request_inner_file/${id}/${own.files[0]!.file_id}`)).statusCode).toBe(404);
    expect((await engineer.multipart('POST', '/api/request_inner', { innerRequest: { message: 'Чужой ответ', parent_id: id } })).statusCode).toBe(404);
    // Only the administrator manages.
    expect((await court.put(`/api/request_inner/${id}`, { state: 2 })).statusCode).toBe(403);
    expect((await court.delete(`/api/request_inner/${id}`)).statusCode).toBe(403);

    // The administrator answers (no e-mail needed), classifies and closes.
    const category = await admin.post('/api/problems_categories', { problemCategory: { title: 'Справочники', is_active: true, category_order: 1 } });
    expect(category.statusCode, category.body).toBe(200);
    const kindId = Number(category.json().id);
    const answer = await admin.multipart('POST', '/api/request_inner', { innerRequest: { message: 'Исправлено, обновите страницу', parent_id: id } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await admin.put(`/api/request_inner/${id}`, { request_inner_kind_id: 999999 })).json().message).toBe('Неизвестный тип');
    expect((await admin.put(`/api/request_inner/${id}`, { state: 4 })).statusCode).toBe(400);
    const updated = await admin.put(`/api/request_inner/${id}`, { state: 2, request_inner_kind_id: kindId });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe('Запрос обновлен');

    await app.settled();
    const seen = (await list(court, { state: 2 })).request_inner.find((r) => r.id === id)!;
    expect(seen).toMatchObject({ state: 2, request_inner_kind_id: kindId, kind: 'Справочники', answers_count: 1 });
    expect(seen.answers[0]).toMatchObject({ message: 'Исправлено, обновите страницу', parent_id: id, author_email: null });
    // The author replies to the answer's request; an answer to an answer is refused.
    expect((await court.multipart('POST', '/api/request_inner', { innerRequest: { message: 'Спасибо', parent_id: id } })).statusCode).toBe(200);
    expect((await admin.multipart('POST', '/api/request_inner', { innerRequest: { message: 'Нет', parent_id: seen.answers[0]!.id } })).json().message).toBe('Ответ можно добавить только к запросу');

    const removed = await admin.delete(`/api/request_inner/${id}`);
    expect(removed.json().message).toBe('Запрос удален');
    await app.settled();
    expect((await list(court)).request_inner.some((r) => r.id === id)).toBe(false);
    expect((await admin.delete(`/api/request_inner/${id}`)).statusCode).toBe(404);
  });
});
