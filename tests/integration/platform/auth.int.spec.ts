import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const eventCount = async () => Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));

describe('sign-in and sessions', () => {
  it('signs in as admin and calls GET /api/auth/rights with the returned headers', async () => {
    const res = await t.anonymous.post('/api/auth/signin', { username: 'admin', password: 'demo2026' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.appversion).toBe('7.16.69');
    const user = res.json();
    expect(user).toMatchObject({ surname: 'Смирнов', accessLevel: 4, isAuthenticated: true, role_id: 1 });
    expect(user.accessToken).toEqual(expect.any(String));
    expect(user.rightsObject.RIGHT_REQUEST_READ).toBe(8);
    const rights = await t.server.app.inject({
      method: 'GET',
      url: '/api/auth/rights',
      headers: { userId: String(user.id), accessToken: user.accessToken },
    });
    expect(rights.statusCode).toBe(200);
    expect(rights.headers.freshtoken).toEqual(expect.any(String));
    expect(rights.headers.appversion).toBe('7.16.69');
    const body = rights.json();
    expect(body.accessLevel).toBe(4);
    expect(body.rights.find((r: { key: string }) => r.key === 'RIGHT_VIEW_COST')).toMatchObject({ category: 'Заявки', right: [2] });
  });

  it('refuses a wrong password with 401 and a Russian message, and calls without a token with 401', async () => {
    const wrong = await t.anonymous.post('/api/auth/signin', { username: 'engineer', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Неверный логин или пароль' });
    const empty = await t.anonymous.post('/api/auth/signin', { username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Введите логин');
    const noToken = await t.anonymous.get('/api/auth/rights');
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().message).toBe('Требуется вход в систему');
    const forged = await t.server.app.inject({ method: 'GET', url: '/api/auth/rights', headers: { userId: '1', accessToken: 'MS4x.forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('does not accept a token of one user for another', async () => {
    const court = await t.signIn('court');
    const res = await t.server.app.inject({ method: 'GET', url: '/api/auth/rights', headers: { userId: '1', accessToken: 'x' } });
    expect(res.statusCode).toBe(401);
    expect((await court.get('/api/auth/rights')).statusCode).toBe(200);
  });

  it('limits failed sign-ins per login and address', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.anonymous.post('/api/auth/signin', { username: 'signer', password: `bad${i}` })).statusCode).toBe(401);
    const blocked = await t.anonymous.post('/api/auth/signin', { username: 'signer', password: 'demo2026' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Слишком много неудачных попыток/);
    // Another login from the same address still works.
    expect((await t.anonymous.post('/api/auth/signin', { username: 'chief', password: 'demo2026' })).statusCode).toBe(200);
    // A forged X-Forwarded-For does not make a new address (no proxy is trusted by default).
    const forged = await t.server.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-forwarded-for': '203.0.113.7' },
      payload: { username: 'signer', password: 'demo2026' },
    });
    expect(forged.statusCode).toBe(429);
  });

  it('stores passwords only as salted argon2id hashes, outside the log and the read models', async () => {
    const hashes = await t.server.ctx.pool.anyFirst(sql.unsafe`SELECT password_hash FROM user_credentials`);
    expect(hashes.length).toBeGreaterThan(5);
    for (const h of hashes) expect(String(h)).toMatch(/^\$argon2id\$/);
    expect(Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events WHERE data ? 'password_hash'`))).toBe(0);
    const raw = await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events WHERE data::text LIKE '%demo2026%'`);
    expect(Number(raw)).toBe(0);
  });
});

describe('rights on administration calls', () => {
  it('a user without the users-list right gets 403 from GET /api/users/{filter}', async () => {
    const court = await t.signIn('court');
    const res = await court.get(`/api/users/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Недостаточно прав для выполнения операции');
    const admin = await t.signIn('admin');
    const ok = await admin.get(`/api/users/${encodeURIComponent(JSON.stringify({ pageNumber: 1 }))}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ itemsCount: expect.any(Number) });
    expect(ok.json().pagesCount).toBe(Math.ceil(ok.json().itemsCount / 20));
    expect(ok.json().users.length).toBe(Math.min(20, ok.json().itemsCount));
    expect(ok.json().users[0]).not.toHaveProperty('password_hash');
  });

  it('a user cannot create a role above their own access level nor see accounts above it', async () => {
    const admin = await t.signIn('admin');
    const role = await admin.post('/api/roles', {
      role: { title: 'Администратор региона', role_order: 10, access_level: 3, rightsObject: { RIGHT_SETTINGS: 2, RIGHT_USERS_LIST: 2 } },
    });
    expect(role.statusCode).toBe(200);
    const created = await admin.post('/api/users', {
      user: { surname: 'Региональный', name: 'Админ', email: 'ra@courts.example.ru', organization_id: 2, login: 'region_admin', password: 'secret123', users_roles: [role.json().id] },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Пользователь создан');

    const ra = await t.signIn('region_admin', 'secret123');
    const before = await eventCount();
    const above = await ra.post('/api/roles', { role: { title: 'Супер', role_order: 1, access_level: 4, rightsObject: {} } });
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe('Нельзя назначить роли уровень доступа выше собственного');
    expect(await eventCount()).toBe(before);
    const same = await ra.post('/api/roles', { role: { title: 'Оператор', role_order: 11, access_level: 2, rightsObject: { RIGHT_REQUEST_READ: 4 } } });
    expect(same.statusCode).toBe(200);
    // The administration role (level 4) is invisible; the admin account of the same region is listed read-only,
    // without its login (decision 203), and its save is refused.
    const roles = (await ra.get('/api/roles')).json().roles as Array<{ id: number }>;
    expect(roles.map((r) => r.id)).not.toContain(1);
    const users = (await ra.get(`/api/users/${encodeURIComponent('{"text":"Смирнов"}')}`)).json().users as Array<{ login?: string }>;
    expect(users.map((u) => u.login)).not.toContain('admin');
    // Nor does the text filter match the hidden login (it would tell it letter by letter); one's own it matches.
    const byLogin = async (client: typeof ra) =>
      ((await client.get(`/api/users/${encodeURIComponent('{"text":"admin"}')}`)).json().users as Array<{ id: number }>).map((u) => u.id);
    expect(await byLogin(ra)).not.toContain(1);
    expect(await byLogin(ra)).toContain(created.json().id);
    expect(await byLogin(admin)).toContain(1);
    const adminAccount = await ra.get('/api/users/1');
    expect(adminAccount.statusCode).toBe(200);
    expect(adminAccount.json().user).toMatchObject({ editable: false, deletable: false });
    expect(adminAccount.json().user.login).toBeUndefined();
    const beforeSave = await eventCount();
    const save = await ra.put('/api/users/1', { user: { ...adminAccount.json().user, surname: 'Другой' } });
    expect(save.statusCode).toBe(403);
    expect(await eventCount()).toBe(beforeSave);
    // Nor can they hand a level-4 role to someone.
    const grant = await ra.post('/api/users', {
      user: { surname: 'Тест', name: 'Тест', email: 't@courts.example.ru', organization_id: 2, login: 'tester', password: 'secret123', users_roles: [1] },
    });
    expect(grant.statusCode).toBe(403);
  });

  it('deactivating an account ends its sessions and blocks sign-in', async () => {
    const admin = await t.signIn('admin');
    const created = await admin.post('/api/users', {
      user: { surname: 'Временный', name: 'Сотрудник', email: 'tmp@courts.example.ru', organization_id: 2, login: 'temp_user', password: 'secret123', users_roles: [3] },
    });
    const id = created.json().id as number;
    const temp = await t.signIn('temp_user', 'secret123');
    expect((await temp.get('/api/auth/rights')).statusCode).toBe(200);
    const deactivated = await admin.put(`/api/users/${id}`, {
      user: { ...created.json().user, is_inactive: true },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await temp.get('/api/auth/rights')).statusCode).toBe(401);
    const again = await t.anonymous.post('/api/auth/signin', { username: 'temp_user', password: 'secret123' });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Учетная запись неактивна. Обратитесь к администратору');
  });

  it('a change of a role reaches its users on their next call (the signed-in user is cached per read model version)', async () => {
    const admin = await t.signIn('admin');
    const role = await admin.post('/api/roles', { role: { title: 'Читатель пользователей', role_order: 20, access_level: 3, rightsObject: { RIGHT_USERS_LIST: 2 } } });
    const roleId = role.json().id as number;
    await admin.post('/api/users', {
      user: { surname: 'Кэш', name: 'Проверка', email: 'cache@courts.example.ru', organization_id: 2, login: 'cache_user', password: 'secret123', users_roles: [roleId] },
    });
    const reader = await t.signIn('cache_user', 'secret123');
    const list = `/api/users/${encodeURIComponent('{}')}`;
    expect((await reader.get(list)).statusCode).toBe(200);
    expect((await admin.put(`/api/roles/${roleId}`, { rightsObject: {} })).statusCode).toBe(200);
    expect((await reader.get(list)).statusCode).toBe(403);
    expect((await admin.put(`/api/roles/${roleId}`, { rightsObject: { RIGHT_USERS_LIST: 2 } })).statusCode).toBe(200);
    expect((await reader.get(list)).statusCode).toBe(200);
  });

  it('shows a login only with the users-list right, in the list and for a single account', async () => {
    const admin = await t.signIn('admin');
    const role = await admin.post('/api/roles', { role: { title: 'Просмотр исполнителей ГЛ', role_order: 21, access_level: 3, rightsObject: { RIGHT_USERS_HL: 1 } } });
    await admin.post('/api/users', {
      user: { surname: 'Диспетчер', name: 'ГЛ', email: 'hl-viewer@courts.example.ru', organization_id: 2, login: 'hl_viewer', password: 'secret123', users_roles: [role.json().id] },
    });
    const viewer = await t.signIn('hl_viewer', 'secret123');
    const executors = (await viewer.get(`/api/users/${encodeURIComponent('{"hotline_worker":true}')}`)).json().users as Array<{ id: number; login?: string }>;
    expect(executors.length).toBeGreaterThan(0);
    expect(executors[0]).not.toHaveProperty('login');
    const one = await viewer.get(`/api/users/${executors[0]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().user).not.toHaveProperty('login');
    expect((await admin.get(`/api/users/${executors[0]!.id}`)).json().user.login).toEqual(expect.any(String));
  });

  it('refuses a duplicate login with a Russian message', async () => {
    const admin = await t.signIn('admin');
    const res = await admin.post('/api/users', {
      user: { surname: 'Дубль', name: 'Инженер', email: 'dup@courts.example.ru', organization_id: 2, login: 'Engineer', password: 'secret123', users_roles: [2] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Пользователь с таким логином уже существует', errors: { login: 'Пользователь с таким логином уже существует' } });
  });
});
