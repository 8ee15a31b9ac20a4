import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotlineProgramMessage } from '../../../domain/user/account-rules';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, eventCount, registerRepair, type Facts } from '../requests/helpers';

/**
 * Rules the catalogue's readings decide (administration.md 2.10, 3, 4, 6; decisions.md 1): the
 * program a software request takes, the hot line executor's software, the typical faults by
 * equipment kind and the manufacturers' own right.
 */
let t: TestApp;
let admin: ApiClient;
let court: ApiClient;
let engineer: ApiClient;
let senior: ApiClient;
let facts: Facts;
let special: number;
let common: number;

beforeAll(async () => {
  t = await startTestApp();
  [admin, court, engineer, senior] = await Promise.all([t.signIn('admin'), t.signIn('court'), t.signIn('engineer'), t.signIn('senior')]);
  facts = await demoFacts(t);
  const first = (type: number) =>
    t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'programs' AND NOT deleted AND (data->>'type')::int = ${type} ORDER BY id LIMIT 1`);
  special = Number(await first(1));
  common = Number(await first(2));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const software = (kind: number, program: number) => ({ request_kind_id: kind, program_id: program, tool_id: null, request_text: 'Не запускается программа на рабочем месте секретаря' });

describe('a software request takes a program of its own type', () => {
  it('refuses a common program for special software and a special one for common software, appending nothing', async () => {
    const before = await eventCount(t);
    for (const [kind, program] of [[4, common], [1, special]] as const) {
      const res = await registerRepair(court, facts, software(kind, program));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Укажите программное обеспечение', errors: { program_id: 'Укажите программное обеспечение' } });
    }
    expect(await eventCount(t)).toBe(before);
  });

  it('accepts the program of the kind', async () => {
    for (const [kind, program] of [[4, special], [1, common]] as const) {
      const res = await registerRepair(court, facts, software(kind, program));
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe("the hot line executor's software is special software", () => {
  it('refuses a common program for an executor and keeps a special one', async () => {
    const stamp = String(Date.now()).slice(-7);
    const user = { name: `Подрядчик ${stamp}`, email: `sw${stamp}@example.ru`, login: `sw_${stamp}`, password: 'Abcd1234', hotline_worker: true, phone: `+7 495 ${stamp}` };
    const before = await eventCount(t);
    const refused = await senior.post('/api/users', { user: { ...user, users_programs: [common] }, userUnits: [] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(hotlineProgramMessage);
    expect(await eventCount(t)).toBe(before);
    const created = await senior.post('/api/users', { user: { ...user, users_programs: [special] }, userUnits: [] });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().user.users_programs).toEqual([special]);
  });
});

describe('typical faults by equipment kind', () => {
  it('lists the faults of the kind and those naming no kind', async () => {
    const kinds = (await admin.get('/api/tool_kind')).json().tool_kind as Array<{ id: number }>;
    const [a, b] = [kinds[0]!.id, kinds[1]!.id];
    const add = async (kindsOf: number[], description: string) => {
      const res = await admin.post('/api/common_disrepairs', { disrepair: { request_kind_id: 2, description, common_disrepair_tool_kinds: kindsOf } });
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.json().id);
    };
    const ofA = await add([a], 'Неисправность вида A');
    const ofB = await add([b], 'Неисправность вида B');
    const general = await add([], 'Неисправность любого вида');
    const ids = async (q: string) => ((await admin.get(`/api/common_disrepairs?${q}`)).json().common_disrepairs as Array<{ id: number }>).map((d) => d.id);
    const forA = await ids(`tool_kind_id=${a}`);
    expect(forA).toEqual(expect.arrayContaining([ofA, general]));
    expect(forA).not.toContain(ofB);
    expect(await ids(`tool_kind_id=${a}&request_kind_id=1`)).not.toContain(ofA);
    expect(await ids('tool_kind_id=abc')).toEqual([]);
    expect(await ids('')).toEqual(expect.arrayContaining([ofA, ofB, general]));
  });
});

describe('the manufacturers right governs the manufacturers catalogue', () => {
  it('lets FULL edit and READ only see', async () => {
    const created = await admin.post('/api/manufacturer', { manufacturer: { title: 'Производитель проверки права' } });
    expect(created.statusCode, created.body).toBe(200);
    const before = await eventCount(t);
    const refused = await engineer.post('/api/manufacturer', { manufacturer: { title: 'Без права' } });
    expect(refused.statusCode).toBe(403);
    expect((await engineer.put(`/api/manufacturer/${created.json().id}`, { manufacturer: { title: 'Без права' } })).statusCode).toBe(403);
    expect((await engineer.delete(`/api/manufacturer/${created.json().id}`)).statusCode).toBe(403);
    expect(await eventCount(t)).toBe(before);
    // The engineer's role holds READ: the screen lists them.
    const rights = (await engineer.get('/api/auth/rights')).json().rightsObject as Record<string, number>;
    expect(rights.RIGHT_TOOLS_MANUFACTURERS).toBeGreaterThan(0);
    expect((await engineer.get('/api/manufacturer')).statusCode).toBe(200);
  });
});
