import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

/*
 * decisions 8, 13: the attacks of the review replayed through the real app with the
 * demo branch chief (access level REGION, Moscow) and the administrator. Every refusal is a
 * Russian 4xx and appends nothing; the chief keeps doing legitimate work inside its region.
 */
let t: TestApp;
let admin: ApiClient;
let chief: ApiClient;

const pool = () => t.server.ctx.pool;
const eventCount = async () => Number(await pool().oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
const idOfLogin = async (login: string) => Number(await pool().oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login_lower = ${login}`));

/** The editable fields of an account as GET /api/users/{id} shows them, for a PUT. */
const editable = async (client: ApiClient, id: number): Promise<Record<string, unknown>> => {
  const u = (await client.get(`/api/users/${id}`)).json().user as Record<string, unknown>;
  const keys = ['surname', 'name', 'patronymic', 'phone', 'email', 'organization_id', 'post_id', 'post_description', 'due_order', 'login', 'users_roles', 'units'];
  return Object.fromEntries(keys.map((k) => [k, u[k]]));
};

/** Sends a call that must be refused: status, a Russian message, no event appended. */
const refused = async (call: () => Promise<LightMyRequestResponse>, status: number, message: string) => {
  const before = await eventCount();
  const res = await call();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await eventCount()).toBe(before);
  return res;
};

let chiefId: number;
let moscowRegion: number;
let foreignUnit: number;
let foreignEngineer: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  chief = await t.signIn('chief');
  chiefId = await idOfLogin('chief');
  moscowRegion = Number(await pool().oneFirst(sql.unsafe`
    SELECT o.region_id FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id WHERE u.id = ${chiefId}`));
  foreignUnit = Number(await pool().oneFirst(sql.unsafe`SELECT id FROM rm_units WHERE region_id <> ${moscowRegion} AND NOT deleted ORDER BY id LIMIT 1`));
  foreignEngineer = String(await pool().oneFirst(sql.unsafe`
    SELECT u.login FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
    WHERE o.region_id <> ${moscowRegion} AND 2 = ANY(u.users_roles) AND NOT u.deleted ORDER BY u.id LIMIT 1`));
});
afterAll(async () => {
  await t.close();
});

describe('the branch chief (REGION) cannot raise its own privileges', () => {
  it('does not give itself a unit of another region', async () => {
    const self = await editable(chief, chiefId);
    await refused(() => chief.put(`/api/users/${chiefId}`, { user: { ...self, units: [...(self.units as number[]), foreignUnit] } }), 403, 'Нельзя изменить собственные объекты');
    expect((await chief.get(`/api/users/${chiefId}`)).json().user.units).not.toContain(foreignUnit);
  });

  it('does not give itself a role, even one within its level', async () => {
    const self = await editable(chief, chiefId);
    await refused(() => chief.put(`/api/users/${chiefId}`, { user: { ...self, users_roles: [...(self.users_roles as number[]), 2] } }), 403, 'Нельзя изменить собственные роли');
  });

  it('does not reset the password of an engineer of another region, who then still signs in with the old one', async () => {
    const id = await idOfLogin(foreignEngineer);
    const target = await editable(admin, id);
    await refused(() => chief.put(`/api/users/${id}`, { user: { ...target, password: 'hacked123' } }), 403, 'Учетная запись другого региона недоступна');
    const signIn = await t.anonymous.post('/api/auth/signin', { username: foreignEngineer, password: 'hacked123' });
    expect(signIn.statusCode).toBe(401);
    await t.signIn(foreignEngineer);
  });

  it('does not reset the password of an account of its region holding rights it lacks (the engineer)', async () => {
    const id = await idOfLogin('engineer');
    const target = await editable(chief, id);
    await refused(() => chief.put(`/api/users/${id}`, { user: { ...target, password: 'hacked123' } }), 403, 'Нельзя сменить пароль учетной записи с правами шире собственных');
  });

  it('does not give another account a role with rights it does not hold', async () => {
    const id = await idOfLogin('court');
    const target = await editable(chief, id);
    await refused(() => chief.put(`/api/users/${id}`, { user: { ...target, users_roles: [3, 2] } }), 403, 'Нельзя назначить роль с правами, которых у вас нет');
  });

  it('does not give an account of its region a unit of another region', async () => {
    const id = await idOfLogin('court');
    const target = await editable(chief, id);
    await refused(() => chief.put(`/api/users/${id}`, { user: { ...target, units: [...(target.units as number[]), foreignUnit] } }), 403, 'Здание другого региона недоступно');
  });

  it('does not create an account in an organisation that does not exist', async () => {
    const court = await editable(chief, await idOfLogin('court'));
    await refused(
      () => chief.post('/api/users', { user: { ...court, login: 'ghost_user', organization_id: 99999, units: [], users_roles: [3], password: 'secret77' } }),
      400,
      'Организация не найдена',
    );
  });
});

describe('the branch chief sees the accounts of its region only', () => {
  it('lists employees of its region and cannot open an account of another region', async () => {
    const list = (await chief.get(`/api/users/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`)).json();
    expect(list.itemsCount).toBeGreaterThan(0);
    expect((list.users as Array<{ region_id: number }>).every((u) => u.region_id === moscowRegion)).toBe(true);
    const all = (await admin.get(`/api/users/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`)).json();
    expect(all.itemsCount).toBeGreaterThan(list.itemsCount);
    const foreign = await chief.get(`/api/users/${await idOfLogin(foreignEngineer)}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Учетная запись другого региона недоступна');
    expect((await chief.get(`/api/users/${await idOfLogin('court')}`)).statusCode).toBe(200);
  });
});

describe('the branch chief sees higher-level accounts of its region read-only (administration.md 2.6)', () => {
  type Row = { id: number; login?: string; accessLevel: number; region_id: number; editable: boolean; deletable: boolean; held_roles: Array<{ title: string }> };
  /** Every page of the employee list as `client` sees it. */
  const everyRow = async (client: ApiClient) => {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const res = (await client.get(`/api/users/${encodeURIComponent(JSON.stringify({ pageNumber: page }))}`)).json() as { users: Row[]; pagesCount: number; itemsCount: number };
      rows.push(...res.users);
      if (page >= res.pagesCount) return { rows, itemsCount: res.itemsCount };
    }
  };

  it('lists every employee of its region, higher levels too, marking which rows it may change', async () => {
    const inRegion = Number(await pool().oneFirst(sql.unsafe`
      SELECT count(*) FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
      WHERE o.region_id = ${moscowRegion} AND NOT u.deleted AND NOT u.hotline_worker`));
    const { rows, itemsCount } = await everyRow(chief);
    expect(itemsCount).toBe(inRegion);
    expect(rows).toHaveLength(inRegion);
    expect(rows.every((u) => u.region_id === moscowRegion)).toBe(true);
    const byId = new Map(rows.map((u) => [u.id, u]));
    const adminRow = byId.get(await idOfLogin('admin'))!;
    const seniorRow = byId.get(await idOfLogin('senior'))!;
    // The higher accounts: listed, named with their roles, never changeable, their logins withheld.
    for (const higher of [adminRow, seniorRow]) {
      expect(higher).toMatchObject({ accessLevel: 4, editable: false, deletable: false });
      expect(higher.login).toBeUndefined();
    }
    expect(adminRow.held_roles.map((r) => r.title)).toEqual(['Администратор']);
    expect(byId.get(chiefId)).toMatchObject({ editable: false, deletable: false, login: 'chief' });
    expect(byId.get(await idOfLogin('court'))).toMatchObject({ editable: true, deletable: true, login: 'court' });
    // Every lower or equal account of the region is the chief's to change.
    expect(rows.filter((u) => u.accessLevel <= 3 && u.id !== chiefId).every((u) => u.editable && u.deletable)).toBe(true);
    expect(rows.filter((u) => !u.editable)).toHaveLength(1 + rows.filter((u) => u.accessLevel > 3).length);
    // The administrator manages all of them.
    const all = await everyRow(admin);
    expect(all.rows.filter((u) => u.region_id === moscowRegion).filter((u) => u.id !== adminRow.id).every((u) => u.editable)).toBe(true);
  });

  it('opens the administrator read-only and refuses to change or delete it', async () => {
    const adminId = await idOfLogin('admin');
    const opened = await chief.get(`/api/users/${adminId}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().user).toMatchObject({ id: adminId, editable: false, deletable: false });
    expect(opened.json().user.login).toBeUndefined();
    const fields = { ...(await editable(chief, adminId)), login: 'admin' };
    await refused(() => chief.put(`/api/users/${adminId}`, { user: { ...fields, phone: '+7 (900) 000-00-01' } }), 403, 'Учетная запись с уровнем доступа выше собственного недоступна');
    await refused(() => chief.put(`/api/users/${adminId}`, { user: { ...fields, password: 'hacked123' } }), 403, 'Учетная запись с уровнем доступа выше собственного недоступна');
    await refused(() => chief.delete(`/api/users/${adminId}`), 403, 'Учетная запись с уровнем доступа выше собственного недоступна');
    const seniorId = await idOfLogin('senior');
    await refused(() => chief.delete(`/api/users/${seniorId}`), 403, 'Учетная запись с уровнем доступа выше собственного недоступна');
    // Their certificates stay out of reach as well.
    expect((await chief.get(`/api/users/${adminId}/certificates`)).statusCode).toBe(403);
  });
});

describe('the branch chief still manages its region', () => {
  it('creates a court user of its region, edits it and resets its password; the user signs in', async () => {
    const court = await editable(chief, await idOfLogin('court'));
    const created = await chief.post('/api/users', { user: { ...court, login: 'new_clerk', email: 'new_clerk@courts.example.ru', users_roles: [3], password: 'secret77' } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Пользователь создан');
    const id = Number(created.json().id);
    const edited = await chief.put(`/api/users/${id}`, { user: { ...(await editable(chief, id)), phone: '+7 (900) 555-00-11' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().user.phone).toBe('+7 (900) 555-00-11');
    const reset = await chief.put(`/api/users/${id}`, { user: { ...(await editable(chief, id)), password: 'another77' } });
    expect(reset.statusCode, reset.body).toBe(200);
    await t.signIn('new_clerk', 'another77');
  });
});

describe('administration refuses unknown references (even for the administrator)', () => {
  it('refuses a model of an unknown equipment kind, an organisation of an unknown region, a user of an unknown organisation', async () => {
    const manufacturer = (await admin.get('/api/manufacturer')).json().manufacturer[0].id;
    await refused(() => admin.post('/api/tool_model', { toolModel: { tool_kind_id: 99999, manufacturer_id: manufacturer, model: 'Призрак' } }), 400, 'Вид оборудования не найден');
    await refused(
      () => admin.post('/api/organization', { organization: { region_id: 99999, name: 'Суд-призрак', vncode: '99RS0001', is_host: true }, units: [{ name: 'Здание' }] }),
      400,
      'Регион не найден',
    );
    const court = await editable(admin, await idOfLogin('court'));
    await refused(() => admin.post('/api/users', { user: { ...court, login: 'ghost_two', organization_id: 99999, password: 'secret77' } }), 400, 'Организация не найдена');
  });

  it('refuses a service centre of an unknown region and a typical fault of an unknown equipment kind', async () => {
    await refused(() => admin.post('/api/services_repairs', { serviceRepair: { title: 'СЦ-призрак', region_id: 99999, service_type: 2 } }), 400, 'Регион не найден');
    await refused(() => admin.post('/api/common_disrepairs', { disrepair: { description: 'Не включается', common_disrepair_tool_kinds: [99999] } }), 400, 'Вид оборудования не найден');
  });

  it('accepts them once the references exist', async () => {
    const kind = (await admin.get('/api/tool_kind')).json().tool_kind[0].id;
    const manufacturer = (await admin.get('/api/manufacturer')).json().manufacturer[0].id;
    const res = await admin.post('/api/tool_model', { toolModel: { tool_kind_id: kind, manufacturer_id: manufacturer, model: 'Новая модель' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('catalogue list filters', () => {
  it('programs: type 3 means every type', async () => {
    const all = (await admin.get('/api/programs')).json().programs as Array<{ type: number }>;
    const special = (await admin.get('/api/programs?type=1')).json().programs as Array<{ type: number }>;
    expect(new Set(all.map((p) => p.type))).toEqual(new Set([1, 2]));
    expect(special.length).toBeGreaterThan(0);
    expect(special.every((p) => p.type === 1)).toBe(true);
    expect((await admin.get('/api/programs?type=3')).json().programs).toHaveLength(all.length);
  });

  it('tool models: is_verified and tool_kind_id filter the list', async () => {
    const models = (await admin.get('/api/tool_model')).json().tool_model as Array<{ id: number; tool_kind_id: number; is_verified: boolean }>;
    const kind = models[0]!.tool_kind_id;
    const unverified = await admin.post('/api/tool_model', { toolModel: { tool_kind_id: kind, manufacturer_id: (models[0] as unknown as { manufacturer_id: number }).manufacturer_id, model: 'Непроверенная модель', is_verified: false } });
    expect(unverified.statusCode, unverified.body).toBe(200);
    const id = Number(unverified.json().id);
    const ofKind = (await admin.get(`/api/tool_model?tool_kind_id=${kind}`)).json().tool_model as Array<{ tool_kind_id: number }>;
    expect(ofKind.length).toBeGreaterThan(0);
    expect(ofKind.every((m) => m.tool_kind_id === kind)).toBe(true);
    for (const value of ['false', '0']) {
      const list = (await admin.get(`/api/tool_model?is_verified=${value}`)).json().tool_model as Array<{ id: number; is_verified: boolean }>;
      expect(list.map((m) => m.id)).toContain(id);
      expect(list.every((m) => !m.is_verified)).toBe(true);
    }
    for (const value of ['true', '1']) {
      const list = (await admin.get(`/api/tool_model?is_verified=${value}`)).json().tool_model as Array<{ id: number; is_verified: boolean }>;
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((m) => m.is_verified)).toBe(true);
    }
  });
});
