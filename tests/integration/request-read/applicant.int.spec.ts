import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, registerRepair, type Facts } from '../requests/helpers';

/**
 * decisions 33–40, what the applicant reads: it may not recall its request (the edit right is branch
 * staff's) but asks in the chat; and names read 'Фамилия Имя Отчество (ГЛ)', the marker apart.
 */
let t: TestApp;
let court: ApiClient;
let facts: Facts;

beforeAll(async () => {
  t = await startTestApp();
  court = await t.signIn('court');
  facts = await demoFacts(t);
});
afterAll(async () => {
  await t.close();
});

describe('the applicant of a request', () => {
  it('may not recall it, is told so by the view (no recall action), and may ask in the chat', async () => {
    const saved = (await registerRepair(court, facts)).json().savedRequest as { id: number; actions: string[] };
    expect(saved.actions).not.toContain('recall');
    const recall = await court.post(`/api/request/${saved.id}/recall`, {});
    expect(recall.statusCode, recall.body).toBe(403);

    const asked = await court.multipart('POST', '/api/request_comments', { requestComment: { request_id: saved.id, comment: 'Прошу отозвать заявку' }, usersIds: [] });
    expect(asked.statusCode, asked.body).toBe(200);
    const listed = (await court.get(`/api/request_comments/${saved.id}`)).json().comments as Array<{ comment: string; user_id: number }>;
    expect(listed).toContainEqual(expect.objectContaining({ comment: 'Прошу отозвать заявку', user_id: facts.courtUserId }));
  });
});

describe('names of hot line staff', () => {
  it('show the whole name, then the marker (ГЛ), never the marker inside', async () => {
    const hotline = await t.signIn('hotline');
    const me = (await hotline.get('/api/auth/me')).json() as { fio?: string; user?: { fio: string } };
    const fio = me.fio ?? me.user?.fio ?? '';
    expect(fio).toBe('Техподдержка ГАС «Правосудие» (ГЛ)');
    expect(fio).not.toContain('(ГЛ) ');
  });
});
