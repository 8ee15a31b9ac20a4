import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { createNotifications } from '../../../commands/notification/notifications';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

let app: TestApp;
let senior: ApiClient;
let chief: ApiClient;

const filter = (f: Record<string, unknown>) => `/api/users/${encodeURIComponent(JSON.stringify(f))}`;

beforeAll(async () => {
  app = await startTestApp();
  [senior, chief] = await Promise.all([app.signIn('senior'), app.signIn('chief')]);
});

afterAll(async () => {
  await app?.close();
});

/**
 * The /users-hotline screen as its manager uses it (administration.md 2.6, 6): RIGHT_USERS_HL FULL
 * without RIGHT_USERS_LIST ('senior'). An executor cannot be saved without its login, so the
 * manager sees executors' logins; employees' stay hidden and out of reach.
 */
describe('hot line executors managed with RIGHT_USERS_HL only', () => {
  it('the demo executors read as their names with one marker, no stray patronymic', async () => {
    const rows = await app.server.ctx.pool.any(sql.unsafe`SELECT login, fio, patronymic FROM rm_users WHERE login IN ('hotline', 'hotline2') ORDER BY login`);
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { login: 'hotline', fio: 'Техподдержка ГАС «Правосудие» (ГЛ)', patronymic: null },
      { login: 'hotline2', fio: 'Техподдержка ГАС «Правосудие», вторая линия (ГЛ)', patronymic: null },
    ]);
  });

  it('lists executors with their logins, creates one and saves it back as read', async () => {
    const list = await senior.get(filter({ hotline_worker: true, pageNumber: 1 }));
    expect(list.statusCode).toBe(200);
    const page = list.json() as { users: Array<{ id: number; login?: string; hotline_worker: boolean }>; itemsCount: number };
    expect(page.itemsCount).toBeGreaterThan(0);
    expect(page.users.every((u) => u.hotline_worker && typeof u.login === 'string' && u.login.length >= 3)).toBe(true);

    const stamp = String(Date.now()).slice(-7);
    const created = await senior.post('/api/users', {
      user: { name: `Подрядчик ${stamp}`, email: `hl${stamp}@example.ru`, login: `hl_${stamp}`, password: 'Abcd1234', hotline_worker: true, phone: `+7 495 ${stamp}` },
      userUnits: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ message: 'Пользователь создан' });
    const id = (created.json() as { id: number }).id;

    const read = await senior.get(`/api/users/${id}`);
    expect(read.statusCode).toBe(200);
    const executor = (read.json() as { user: Record<string, unknown> }).user;
    expect(executor.login).toBe(`hl_${stamp}`);
    const { id: _id, fio: _fio, region_id: _r, last_visit_d: _v, accessLevel: _a, is_inactive: _i, ...asRead } = executor;
    const saved = await senior.put(`/api/users/${id}`, { user: { ...asRead, due_order: 'Контракт продлен' }, userUnits: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Пользователь сохранен' });
    expect(await app.server.ctx.pool.oneFirst(sql.unsafe`SELECT due_order FROM rm_users WHERE id = ${id}`)).toBe('Контракт продлен');

    // Filters of the screen: phone, e-mail, executor.
    const found = (await senior.get(filter({ hotline_worker: true, phone: stamp, email: `hl${stamp}@`, text: stamp }))).json() as { users: Array<{ id: number }> };
    expect(found.users.map((u) => u.id)).toEqual([id]);

    const removed = await senior.delete(`/api/users/${id}`);
    expect(removed.json()).toMatchObject({ message: 'Пользователь удален' });
  });

  it('employees stay out of reach of the executors manager, executors of the employees manager', async () => {
    expect((await senior.get(filter({ pageNumber: 1 }))).statusCode).toBe(403);
    const employeeId = Number(await app.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login_lower = 'court'`));
    expect((await senior.get(`/api/users/${employeeId}`)).statusCode).toBe(403);
    // 'chief' holds RIGHT_USERS_LIST but not RIGHT_USERS_HL.
    expect((await chief.get(filter({ hotline_worker: true }))).statusCode).toBe(403);
    const employees = (await chief.get(filter({ pageNumber: 1 }))).json() as { users: Array<{ id: number; login?: string; hotline_worker: boolean; editable: boolean }> };
    expect(employees.users.length).toBeGreaterThan(0);
    expect(employees.users.every((u) => !u.hotline_worker)).toBe(true);
    // The chief's own accounts carry their logins; the higher ones he only sees read-only, without (decision 203).
    expect(employees.users.filter((u) => u.editable).every((u) => typeof u.login === 'string')).toBe(true);
    const others = employees.users.filter((u) => !u.editable && u.id !== chief.userId);
    expect(others.every((u) => u.login === undefined)).toBe(true);
  });
});

/** The /notifications page (administration.md 2.1, 2.4): every notification of the caller, paged by 20. */
describe('GET /api/notifications/{userId}?pageNumber=', () => {
  it('pages all of the caller’s notifications, new and read, newest first, with the counts', async () => {
    const me = senior.userId!;
    const before = (await senior.get(`/api/notifications/${me}?pageNumber=1`)).json() as { itemsCount: number };
    // Notices without a request (the command the notification dialog uses), one after another.
    for (let i = 1; i <= 21; i += 1)
      await createNotifications(app.server.ctx, { notificationType: 'message', requestId: null, usersIds: [me], notificationInfo: `Проверка ${i}` }, {
        userId: null, now: new Date().toISOString(), correlationId: `notice-${i}`, causationId: null,
      });
    await app.settled();
    const first = (await senior.get(`/api/notifications/${me}?pageNumber=1`)).json() as {
      notifications: Array<{ id: string; info: string; state: number }>;
      pagesCount: number;
      itemsCount: number;
    };
    expect(first.itemsCount).toBe(before.itemsCount + 21);
    expect(first.pagesCount).toBe(Math.ceil(first.itemsCount / 20));
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications.slice(0, 3).map((n) => n.info)).toEqual(['Проверка 21', 'Проверка 20', 'Проверка 19']);
    const second = (await senior.get(`/api/notifications/${me}?pageNumber=2`)).json() as { notifications: Array<{ info: string }> };
    expect(second.notifications[0]?.info).toBe('Проверка 1');

    // Marked read, it stays on the page with state 2 and leaves the bell's list.
    const target = first.notifications[0]!;
    expect((await senior.put(`/api/notifications/${encodeURIComponent(target.id)}`, { state: 2 })).statusCode).toBe(200);
    const again = (await senior.get(`/api/notifications/${me}?pageNumber=1`)).json() as { notifications: Array<{ id: string; state: number }> };
    expect(again.notifications.find((n) => n.id === target.id)?.state).toBe(2);
    const bell = (await senior.get(`/api/notifications/${me}`)).json() as { notifications: Array<{ id: string }> };
    expect(bell.notifications.some((n) => n.id === target.id)).toBe(false);
    // Another user's page stays closed.
    expect((await senior.get(`/api/notifications/${chief.userId}?pageNumber=1`)).statusCode).toBe(403);

    // Only the new ones (the home page's 'Непрочитанные уведомления'): the read one is left out, and
    // the count is the home page's number; only the read ones: it alone among these.
    type Paged = { notifications: Array<{ id: string; state: number }>; itemsCount: number };
    const unread = (await senior.get(`/api/notifications/${me}?pageNumber=1&state=1`)).json() as Paged;
    expect(unread.notifications.length).toBeGreaterThan(0);
    expect(unread.notifications.every((n) => n.state === 1)).toBe(true);
    expect(unread.notifications.some((n) => n.id === target.id)).toBe(false);
    const home = (await senior.get('/api/home')).json() as { inbox: Array<{ key: string; count: number }> };
    expect(home.inbox.find((n) => n.key === 'notifications')?.count).toBe(unread.itemsCount);
    const read = (await senior.get(`/api/notifications/${me}?pageNumber=1&state=2`)).json() as Paged;
    expect(read.notifications.some((n) => n.id === target.id)).toBe(true);
    expect(read.notifications.every((n) => n.state === 2)).toBe(true);
    expect(unread.itemsCount + read.itemsCount).toBe(first.itemsCount);
    // Any other state is refused in Russian.
    const bad = await senior.get(`/api/notifications/${me}?pageNumber=1&state=7`);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toMatch(/Состояние уведомлений/);
  });
});
