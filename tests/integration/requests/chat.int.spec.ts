import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import type { ApiClient, TestApp } from '../../support/app';
import { eventCount, registerRepair, type Facts, startDeskApp } from './helpers';

let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let facts: Facts;

beforeAll(async () => ({ t, court, engineer, facts } = await startDeskApp()));
afterAll(() => t.close());

const comment = (client: ApiClient, requestId: number, text: string, usersIds: number[] = []) =>
  client.multipart('POST', '/api/request_comments', { requestComment: { request_id: requestId, comment: text }, usersIds });

describe('the chat of a request beside an open dialog', () => {
  it('answers the added comment as the comments list shows it', async () => {
    const req = (await registerRepair(court, facts)).json().savedRequest;
    const res = await comment(court, req.id, 'Когда приедет инженер?', [facts.engineer]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Сообщение отправлено',
      comment: { id: 1, request_id: req.id, comment: 'Когда приедет инженер?', user_id: facts.courtUserId, fio: expect.any(String), notify_user_ids: [facts.engineer], files: [] },
    });
    const listed = (await court.get(`/api/request_comments/${req.id}`)).json().comments[0];
    expect(res.json().comment).toMatchObject({ ...listed, date_time_d: expect.any(String) });
  });

  it('a chat message does not make a dialog opened before it stale; a change of the request does', async () => {
    const opened = (await registerRepair(court, facts)).json().savedRequest;
    // The engineer opens the request; meanwhile the court writes in the chat.
    expect((await comment(court, opened.id, 'Принтер стоит в кабинете 12')).statusCode).toBe(200);
    const taken = await engineer.post(`/api/request/${opened.id}/take`, { revision: opened.revision });
    expect(taken.statusCode, taken.body).toBe(200);
    const afterTake = taken.json().savedRequest;

    // Another chat message, then a save carrying the revision read before it: still fine.
    expect((await comment(court, opened.id, 'Ключ от кабинета у секретаря')).statusCode).toBe(200);
    const saved = await engineer.multipart('PUT', '/api/request', { request: { id: opened.id, note: 'Выехал на место' }, revision: afterTake.revision });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().savedRequest.note).toBe('Выехал на место');

    // A real change by someone else since the revision read: 409 and nothing written.
    const before = await eventCount(t);
    const stale = await engineer.multipart('PUT', '/api/request', { request: { id: opened.id, note: 'Другое' }, revision: afterTake.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Заявка была изменена другим пользователем. Обновите заявку.');
    const staleButton = await engineer.post(`/api/request/${opened.id}/recall`, { revision: afterTake.revision });
    expect(staleButton.statusCode).toBe(409);
    expect(await eventCount(t)).toBe(before);
  });
});

describe("'Уведомить' on a new request", () => {
  const idOf = async (login: string) => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = ${login}`));

  it("offers the branch's engineers and dispatchers of the region, and notifies only those offered", async () => {
    const req = (await registerRepair(court, facts)).json().savedRequest;
    const [chief, otherEngineer, hotline] = await Promise.all([idOf('chief'), idOf('engineer_78'), idOf('hotline')]);
    const listed = await court.get(`/api/request_recipients/${req.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const recipients = listed.json().recipients as Array<{ id: number; fio: string; roles: string[] }>;
    const byId = new Map(recipients.map((r) => [r.id, r]));
    // No executor yet: the branch's staff of the region is offered, each with why.
    expect(byId.get(facts.engineer)).toMatchObject({ fio: 'Петров Иван Сергеевич', roles: ['инженер филиала'] });
    expect(byId.get(facts.engineer2)?.roles).toEqual(['инженер филиала']);
    expect(byId.get(chief)).toMatchObject({ fio: 'Орлова Елена Игоревна', roles: ['диспетчер филиала'] });
    // Not the writer, not another region's engineer, not the hot line.
    for (const absent of [facts.courtUserId, otherEngineer, hotline]) expect(byId.has(absent)).toBe(false);

    const sent = await comment(court, req.id, 'Принтер не включается с утра', [chief, otherEngineer]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().comment.notify_user_ids).toEqual([chief]);
    const chiefApi = await t.signIn('chief');
    const inbox = (await chiefApi.get(`/api/notifications/${chief}`)).json().notifications as Array<{ info: string; object_id: number }>;
    expect(inbox).toContainEqual(expect.objectContaining({ object_id: req.id }));
  });

  it('is read in the request scope only', async () => {
    const foreign = (await registerRepair(engineer, facts, { unit_id: facts.otherUnit, tool_id: null, contact_kind: 2, contact_id: null, contact_unknown_name: 'Секретарь', contact_unknown_email: 'secretary@courts.example.ru' })).json().savedRequest;
    const outside = await court.get(`/api/request_recipients/${foreign.id}`);
    expect({ status: outside.statusCode, message: outside.json().message }).toEqual({ status: 404, message: 'Заявка не найдена' });
    const mine = await engineer.get(`/api/request_recipients/${foreign.id}`);
    expect((mine.json().recipients as Array<{ id: number }>).some((r) => r.id === facts.engineer)).toBe(false);
  });
});

describe('POST /api/create_notifications', () => {
  it('notifies chosen users about a request the caller may read', async () => {
    const req = (await registerRepair(court, facts)).json().savedRequest;
    const res = await court.post('/api/create_notifications', { notificationType: 'message', requestId: req.id, usersIds: [facts.engineer], notificationInfo: 'Просьба ускорить ремонт' });
    expect(res.statusCode, res.body).toBe(200);
    const inbox = (await engineer.get(`/api/notifications/${facts.engineer}`)).json().notifications as Array<{ info: string; object_id: number }>;
    expect(inbox).toContainEqual(expect.objectContaining({ info: 'Просьба ускорить ремонт', object_id: req.id }));
  });

  it("refuses a request outside the caller's scope, unknown users and a missing request, writing nothing", async () => {
    const foreign = (await registerRepair(engineer, facts, { unit_id: facts.otherUnit, tool_id: null, contact_kind: 2, contact_id: null, contact_unknown_name: 'Секретарь', contact_unknown_email: 'secretary@courts.example.ru' })).json().savedRequest;
    const mine = (await registerRepair(court, facts)).json().savedRequest;
    const before = await eventCount(t);
    const outside = await court.post('/api/create_notifications', { requestId: foreign.id, usersIds: [facts.engineer], notificationInfo: 'Текст' });
    expect({ status: outside.statusCode, message: outside.json().message }).toEqual({ status: 404, message: 'Заявка не найдена' });
    const nobody = await court.post('/api/create_notifications', { requestId: mine.id, usersIds: [987654], notificationInfo: 'Текст' });
    expect({ status: nobody.statusCode, message: nobody.json().message }).toEqual({ status: 400, message: 'Пользователь не найден' });
    const noRequest = await court.post('/api/create_notifications', { usersIds: [facts.engineer], notificationInfo: 'Текст' });
    expect({ status: noRequest.statusCode, message: noRequest.json().message }).toEqual({ status: 400, message: 'Укажите заявку' });
    expect(await eventCount(t)).toBe(before);
  });
});
