import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'slonik';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, eventCount, registerRepair, type Facts } from '../requests/helpers';

/**
 * decisions 8, 13: values a read model cannot store (an id past PostgreSQL integer, 1e308, a
 * fraction, NUL, an array where an object is due) are refused with a Russian 400 before anything
 * is appended, and no projection stops on them.
 */
let t: TestApp;
let admin: ApiClient;
let court: ApiClient;
let facts: Facts;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  court = await t.signIn('court');
  facts = await demoFacts(t);
});
afterAll(async () => {
  await t?.close();
});

const TOO_BIG = 2147483648;
const CYRILLIC = /[А-Яа-яЁё]/;

/** A 400 with a Russian message (never a 500 from PostgreSQL) and nothing appended. */
const refusedWithoutAppend = async (call: () => Promise<LightMyRequestResponse>) => {
  await t.settled();
  const before = await eventCount(t);
  const res = await call();
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message?: unknown };
  expect(body.message).toEqual(expect.stringMatching(CYRILLIC));
  expect(await eventCount(t)).toBe(before);
  return body;
};

/** A read answered without a 5xx: a 400 with a Russian message, or a 404. */
const readRefused = async (url: string, client: ApiClient = admin) => {
  const res = await client.get(url);
  expect([400, 404], `${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  expect((res.json() as { message?: unknown }).message).toEqual(expect.stringMatching(CYRILLIC));
};

const noFailedProjection = async () => {
  await t.settled();
  const list = await admin.get('/api/system/projections');
  expect(list.statusCode).toBe(200);
  const failed = (list.json() as { projections: Array<{ name: string; status: string }> }).projections.filter((p) => p.status === 'failed');
  expect(failed).toEqual([]);
};

const organizationPayload = async (over: Record<string, unknown>) => {
  const host = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_organizations WHERE is_host AND NOT deleted ORDER BY id LIMIT 1`));
  return {
    organization: { region_id: facts.regionId, name: 'Суд для проверки', vncode: 'POISON1', is_host: false, host_id: host, ...over },
    units: [{ name: 'Здание суда' }],
  };
};

const userPayload = (over: Record<string, unknown>) => ({
  user: {
    surname: 'Проверкин',
    name: 'Пётр',
    email: 'poison@example.org',
    login: 'poison_user',
    password: 'secret123',
    organization_id: 1,
    users_roles: [],
    units: [],
    ...over,
  },
});

describe('poison input is refused before the append (decisions 8, 13)', () => {
  it('PUT /api/notifications/request/{2147483648}: 400, nothing appended', async () => {
    await refusedWithoutAppend(() => court.put(`/api/notifications/request/${TOO_BIG}`, {}));
    await refusedWithoutAppend(() => court.put('/api/notifications/request/1e308', {}));
    await refusedWithoutAppend(() => court.put('/api/notifications/request/1.5', {}));
    await noFailedProjection();
  });

  it('a request with contact_id 2147483648 or 1e308, an unknown kind, a fraction or NUL: 400, nothing appended', async () => {
    for (const over of [
      { contact_id: TOO_BIG },
      { contact_id: 1e308 },
      { contact_id: 1.5 },
      { tool_id: TOO_BIG },
      { unit_id: TOO_BIG },
      { request_kind_id: 6 },
      { request_kind_id: 999 },
      { request_text: 'Не включается принтер\u0000 в кабинете 12' },
    ]) {
      const body = await refusedWithoutAppend(() => registerRepair(court, facts, over));
      expect(body.message, JSON.stringify(over)).not.toMatch(/out of range|invalid input/i);
    }
    await noFailedProjection();
  });

  it('executors past the integer range, an array or a scalar where the request object is due: 400', async () => {
    await refusedWithoutAppend(() =>
      court.multipart('POST', '/api/request', {
        request: { region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 8, contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Проверка исполнителей заявки' },
        engineers: [TOO_BIG],
      }),
    );
    await refusedWithoutAppend(() => court.multipart('POST', '/api/request', { request: [1, 2] }));
    await refusedWithoutAppend(() => court.multipart('POST', '/api/request', { request: 5 }));
    const request = { region_id: facts.regionId, unit_id: facts.courtUnit, request_kind_id: 8, contact_kind: 1, contact_id: facts.courtUserId, request_text: 'Проверка документов заявки' };
    await refusedWithoutAppend(() =>
      court.multipart('POST', '/api/request', { request, newDocsList: [{ name: 'act.pdf', act_kind: { poison: 1 } }] }, [{ field: 'files', name: 'act.pdf', content: Buffer.from('%PDF-1.4') }]),
    );
    await refusedWithoutAppend(() => court.multipart('POST', '/api/request', { request: { ...request, id: 'abc' } }));
  });

  it('a user with organization_id out of range: 400, nothing appended', async () => {
    await refusedWithoutAppend(() => admin.post('/api/users', userPayload({ organization_id: TOO_BIG })));
    await refusedWithoutAppend(() => admin.post('/api/users', userPayload({ organization_id: 1e308 })));
    await refusedWithoutAppend(() => admin.post('/api/users', userPayload({ organization_id: 2.5 })));
    await refusedWithoutAppend(() => admin.post('/api/users', userPayload({ units: [TOO_BIG] })));
    await refusedWithoutAppend(() => admin.post('/api/users', userPayload({ surname: 'Про\u0000веркин' })));
    await noFailedProjection();
  });

  it('an organisation with region_id out of range: 400, nothing appended', async () => {
    await refusedWithoutAppend(async () => admin.post('/api/organization', await organizationPayload({ region_id: TOO_BIG })));
    await refusedWithoutAppend(async () => admin.post('/api/organization', await organizationPayload({ region_id: 1e308 })));
    await refusedWithoutAppend(async () => admin.post('/api/organization', await organizationPayload({ host_id: TOO_BIG })));
    await refusedWithoutAppend(() => admin.post(`/api/update_unit_attr/${facts.courtUnit}`, { organization_id: TOO_BIG }));
    await noFailedProjection();
  });

  it('catalogue items: ids out of range, an unknown enumeration value, fractions: 400, nothing appended', async () => {
    await refusedWithoutAppend(() => admin.post('/api/tool_model', { toolModel: { tool_kind_id: TOO_BIG, manufacturer_id: 1, model: 'Модель' } }));
    await refusedWithoutAppend(() => admin.post('/api/services_repairs', { serviceRepair: { title: 'СЦ', region_id: 1e308, service_type: 1 } }));
    await refusedWithoutAppend(() => admin.post('/api/programs', { program: { type: 7, title: 'Программа', version: '1' } }));
    await refusedWithoutAppend(() => admin.post('/api/regions', { region: { title: 'Регион', code: 1.5, filial_title: 'Ф', filial_phone: '1', instrumental_case: 'Регионом' } }));
    await refusedWithoutAppend(() => admin.post('/api/common_disrepairs', { disrepair: { request_kind_id: 6, description: 'Неисправность' } }));
    await noFailedProjection();
  });

  it('notices: a request id or user ids out of range, NUL in the text: 400, nothing appended', async () => {
    await refusedWithoutAppend(() => court.post('/api/create_notifications', { notificationType: 'message', requestId: TOO_BIG, usersIds: [facts.engineer], notificationInfo: 'Проверка' }));
    await refusedWithoutAppend(() => court.post('/api/create_notifications', { notificationType: 'message', requestId: 1, usersIds: [TOO_BIG], notificationInfo: 'Проверка' }));
    await refusedWithoutAppend(() => court.post('/api/create_notifications', { notificationType: 'message', requestId: 1, usersIds: [facts.engineer], notificationInfo: 'Про\u0000верка' }));
    await refusedWithoutAppend(() => court.put('/api/notifications/c1-1-\u0000', {}));
    await noFailedProjection();
  });

  it('request number and date commands: ids out of range are a 400', async () => {
    await refusedWithoutAppend(() => admin.post('/api/request_set_new_number', { requestId: TOO_BIG, newNumber: '5' }));
    await refusedWithoutAppend(() => admin.post('/api/request_set_new_date', { requestId: 1e308, newDate: '2026-01-01' }));
  });

  it('path parameters out of range: 400 (or 404), never a 500', async () => {
    for (const bad of [String(TOO_BIG), '1e308', '1.5', '-1', 'abc']) {
      await readRefused(`/api/request_single/${bad}`);
      await readRefused(`/api/users/${bad}`);
      await readRefused(`/api/organization/${bad}`);
      await readRefused(`/api/tool_model/${bad}`);
      await readRefused(`/api/tool_history/${bad}`);
      await readRefused(`/api/request_contacts/${bad}`);
      await readRefused(`/api/engineers/${bad}`);
    }
    await refusedWithoutAppend(() => admin.put(`/api/users/${TOO_BIG}`, userPayload({})));
    await refusedWithoutAppend(() => admin.delete(`/api/organization/${TOO_BIG}`));
    await refusedWithoutAppend(() => admin.delete(`/api/posts/${TOO_BIG}`));
  });

  it('list filters out of range: 400 (or no match), never a 500', async () => {
    const ok = async (url: string) => {
      const res = await admin.get(url);
      expect([200, 400], `${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().message).toMatch(CYRILLIC);
    };
    const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
    await ok(`/api/request/${filter({ region_id: TOO_BIG })}`);
    await ok(`/api/request/${filter({ units_ids: [TOO_BIG] })}`);
    await ok(`/api/request/${filter({ engineer_id: 1e308 })}`);
    await ok(`/api/request/${filter({ number: 99999999999 })}`);
    await ok(`/api/request/${filter({ date_beg: '9999-12-31' })}`);
    await ok(`/api/request/${filter({ hotlinegas_number: 'a\u0000b' })}`);
    await ok(`/api/request/${filter({ repairTool: { tool_kind_id: TOO_BIG } })}`);
    await ok(`/api/request?region_id=${TOO_BIG}`);
    await ok(`/api/users/${filter({ organization_id: TOO_BIG })}`);
    await ok(`/api/users/${filter({ programs: [TOO_BIG] })}`);
    await ok(`/api/users/${filter({ text: 'a\u0000b' })}`);
    await ok(`/api/organization?region_id=${TOO_BIG}`);
    await ok(`/api/organization?host_id=1e308`);
    await ok(`/api/organization?name=a%00b`);
    await ok(`/api/tool_model?tool_kind_id=${TOO_BIG}`);
    await ok(`/api/tool_model?text=a%00b`);
    await ok(`/api/tool/${filter({ tool_kind_ids: [TOO_BIG] })}`);
    await ok(`/api/tool/${filter({ unit_id: 1e308 })}`);
    await ok(`/api/tool/${TOO_BIG}`);
    await ok(`/api/tool?serial_number=a%00b`);
    await ok(`/api/engineers/${facts.regionId}?hotline=1&program_id=${TOO_BIG}`);
    await ok(`/api/notifications/${admin.userId}?state=${TOO_BIG}`);
    await noFailedProjection();
  });
});
