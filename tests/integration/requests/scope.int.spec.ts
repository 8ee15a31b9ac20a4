import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, eventCount, registerRepair, repairRequest, type Facts } from './helpers';

/**
 * decisions 8, 13 (request side): every id a request command names must exist and lie
 * in the caller's scope, and the request-side reads and notification writes follow least privilege.
 * Each case is an attack that once worked; each is refused and appends nothing.
 */
let t: TestApp;
let court: ApiClient;
let engineer: ApiClient;
let hotline: ApiClient;
let facts: Facts;
let foreign: { region: number; unit: number; tool: number; engineer: number; court: number };
let hotlineId: number;

beforeAll(async () => {
  t = await startTestApp();
  [court, engineer, hotline] = await Promise.all([t.signIn('court'), t.signIn('engineer'), t.signIn('hotline')]);
  facts = await demoFacts(t);
  const pool = t.server.ctx.pool;
  const tool = await pool.one(sql.unsafe`
    SELECT t.id, t.unit_id, u.region_id FROM rm_tools t JOIN rm_units u ON u.id = t.unit_id
    WHERE u.region_id <> ${facts.regionId} AND NOT t.deleted ORDER BY t.id LIMIT 1`);
  const region = Number(tool.region_id);
  const people = async (where: ReturnType<typeof sql.fragment>) =>
    Number(await pool.oneFirst(sql.unsafe`
      SELECT u.id FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
      WHERE o.region_id = ${region} AND NOT u.deleted AND ${where} ORDER BY u.id LIMIT 1`));
  foreign = {
    region,
    unit: Number(tool.unit_id),
    tool: Number(tool.id),
    engineer: await people(sql.fragment`2 = ANY(u.users_roles)`),
    court: await people(sql.fragment`3 = ANY(u.users_roles)`),
  };
  hotlineId = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = 'hotline'`));
});
afterAll(async () => {
  await t.close();
});

/** Runs `call`, expects the status and Russian message, and that no event was appended. */
const refused = async (call: () => Promise<{ statusCode: number; json: () => { message?: string } }>, status: number, message: string) => {
  const before = await eventCount(t);
  const res = await call();
  expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
  expect(await eventCount(t)).toBe(before);
};

describe('references of a request command', () => {
  it("refuses another region's tool on the court's own request: no answer with its numbers, no history entry", async () => {
    const history = () => t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tool_history WHERE tool_id = ${foreign.tool}`);
    const historyBefore = await history();
    await refused(() => registerRepair(court, facts, { tool_id: foreign.tool }), 400, 'Оборудование не найдено в выбранном объекте');
    const mine = (await registerRepair(court, facts)).json().savedRequest as { id: number; revision: number };
    // A branch editor (the chief may edit the court's requests) cannot save it either.
    const chief = await t.signIn('chief');
    await refused(() => chief.multipart('PUT', `/api/request/${mine.id}`, { request: { tool_id: foreign.tool }, revision: mine.revision }), 400, 'Оборудование не найдено в выбранном объекте');
    await refused(() => registerRepair(court, facts, { tool_id: 2147483647 }), 400, 'Оборудование не найдено в выбранном объекте');
    expect(await history()).toBe(historyBefore);
  });

  it('refuses a contact that does not exist or belongs to another organisation', async () => {
    await refused(() => registerRepair(court, facts, { contact_id: 987654 }), 400, 'Контактное лицо не найдено');
    await refused(() => registerRepair(court, facts, { contact_id: foreign.court }), 400, 'Контактное лицо не найдено');
    await refused(() => registerRepair(court, facts, { contact_id: hotlineId }), 400, 'Контактное лицо не найдено');
  });

  it('refuses executors of another region and the hot line worker on a branch request', async () => {
    await refused(() => court.multipart('POST', '/api/request', { request: repairRequest(facts), engineers: [foreign.engineer] }), 400, 'Исполнитель должен быть инженером филиала региона заявки');
    await refused(() => court.multipart('POST', '/api/request', { request: repairRequest(facts), engineers: [hotlineId] }), 400, 'Исполнитель должен быть инженером филиала региона заявки');
    const mine = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    await refused(() => engineer.post(`/api/request/${mine.id}/assign`, { engineer_ids: [foreign.engineer] }), 400, 'Исполнитель должен быть инженером филиала региона заявки');
    await refused(() => engineer.post(`/api/request/${mine.id}/assign`, { engineer_ids: [hotlineId] }), 400, 'Исполнитель должен быть инженером филиала региона заявки');
    const ok = await engineer.post(`/api/request/${mine.id}/assign`, { engineer_ids: [facts.engineer2] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses an empty region and a region that is not the object\'s', async () => {
    await refused(() => registerRepair(court, facts, { region_id: null }), 400, 'Нужно выбрать');
    await refused(() => registerRepair(court, facts, { region_id: '' }), 400, 'Нужно выбрать');
    await refused(() => registerRepair(court, facts, { region_id: foreign.region }), 400, 'Объект не относится к выбранному региону');
  });

  it('refuses an unknown program', async () => {
    await refused(
      () => registerRepair(court, facts, { request_kind_id: 4, tool_id: null, program_id: 999999 }),
      400,
      'Программное обеспечение не найдено',
    );
  });
});

describe('least privilege on the request side', () => {
  it('spares stock needs the ZIP right', async () => {
    const mine = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    const enc = encodeURIComponent(JSON.stringify({ region_id: facts.regionId }));
    for (const url of [`/api/spares_sets/${enc}`, `/api/request_spares/${mine.id}`]) {
      const res = await court.get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(res.json().message).toMatch(/[А-Яа-я]/);
    }
    expect((await engineer.get(`/api/spares_sets/${enc}`)).statusCode).toBe(200);
  });

  it('the equipment registry needs the tools read right (the hot line has none)', async () => {
    for (const url of [
      '/api/tool',
      `/api/tool/${encodeURIComponent(JSON.stringify({ unit_id: facts.courtUnit }))}`,
      `/api/tool/${facts.printerId}`,
      `/api/tool_history/${facts.printerId}`,
      `/api/tools_for_commissioning/${facts.courtUnit}`,
    ]) {
      const res = await hotline.get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
  });

  it("a court user sees neither other regions' engineers nor units nor contacts", async () => {
    const other = (await court.get(`/api/engineers/${foreign.region}`)).json() as { engineers: Array<{ id: number }> };
    expect(other.engineers).toEqual([]);
    const own = (await court.get(`/api/engineers/${facts.regionId}`)).json() as { engineers: Array<{ id: number }> };
    expect(own.engineers.map((e) => e.id)).toContain(facts.engineer);
    const units = (await court.get('/api/unit')).json() as { units: Array<{ id: number }> };
    const courtUnits = (await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT units FROM rm_users WHERE login = 'court'`)) as number[];
    expect(units.units.map((u) => u.id).sort((a, b) => a - b)).toEqual([...courtUnits].map(Number).sort((a, b) => a - b));
    const contacts = await court.get(`/api/request_contacts/${foreign.unit}`);
    expect(contacts.statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it("marking another user's or an unknown notification read is 404 and writes nothing", async () => {
    await refused(() => court.put(`/api/notifications/n1-${facts.engineer}`, { state: 2 }), 404, 'Уведомление не найдено');
    await refused(() => court.put('/api/notifications/n999999-1', { state: 2 }), 404, 'Уведомление не найдено');
  });

  it('marking the notifications of a request the caller may not see is 404 and writes nothing', async () => {
    const hidden = (await registerRepair(engineer, facts, { unit_id: facts.otherUnit, tool_id: null, contact_kind: 2, contact_id: null, contact_unknown_name: 'Секретарь', contact_unknown_email: 'secretary@courts.example.ru' })).json().savedRequest as { id: number };
    await refused(() => court.put(`/api/notifications/request/${hidden.id}`), 404, 'Заявка не найдена');
    await refused(() => court.put('/api/notifications/request/2147483647'), 404, 'Заявка не найдена');
  });

  it('notifies only users who may see the request', async () => {
    const mine = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    await refused(
      () => court.post('/api/create_notifications', { requestId: mine.id, usersIds: [foreign.engineer], notificationInfo: 'Текст' }),
      400,
      'У пользователя нет доступа к этой заявке',
    );
    // A chat message names a user outside the request's scope: the message is kept, nobody outside is notified.
    const sent = await court.multipart('POST', '/api/request_comments', {
      requestComment: { request_id: mine.id, comment: 'Прошу ускорить' },
      usersIds: [foreign.engineer, facts.engineer],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().comment.notify_user_ids).toEqual([facts.engineer]);
    const outsider = await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_notifications WHERE user_id = ${foreign.engineer} AND object_id = ${mine.id}`);
    expect(Number(outsider)).toBe(0);
  });
});

describe('out-of-range ids', () => {
  it('are refused as unknown, with a Russian message and nothing appended', async () => {
    for (const over of [{ tool_id: 2147483648 }, { contact_id: 1e308 }, { program_id: 2147483648, request_kind_id: 4, tool_id: null }, { unit_id: 1e308 }]) {
      const before = await eventCount(t);
      const res = await registerRepair(court, facts, over);
      expect({ over, status: res.statusCode }).toEqual({ over, status: 400 });
      expect(res.json().message).toMatch(/[А-Яа-я]/);
      expect(await eventCount(t)).toBe(before);
    }
    const mine = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    const before = await eventCount(t);
    const res = await engineer.post(`/api/request/${mine.id}/assign`, { engineer_ids: [1e308] });
    expect(res.statusCode).toBe(400);
    expect(await eventCount(t)).toBe(before);
  });
});
