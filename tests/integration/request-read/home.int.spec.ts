import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeData, HomeNumber } from '../../../domain/home/contracts';
import { RequestStatus } from '../../../domain/request';
import type { Position } from '../../../infrastructure/eventstore/port';
import { LOG_POSITION_HEADER, parsePosition } from '../../../api/consistency';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { at, listIds, seedRequest, settle, worldOf, type World } from './support';

/**
 * GET /api/home (administration.md 2.1 'Home'): every request number is the count of the list its
 * link opens, the blocks follow the rights, and the chart counts the user's scope.
 */

let app: TestApp;
let w: World;
let clients: Record<'admin' | 'chief' | 'engineer' | 'court' | 'hotline', ApiClient>;

const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  app = await startTestApp();
  const ctx = app.server.ctx;
  w = await worldOf(ctx);
  const [admin, chief, engineer, court, hotline] = await Promise.all(['admin', 'chief', 'engineer', 'court', 'hotline'].map((l) => app.signIn(l)));
  clients = { admin: admin!, chief: chief!, engineer: engineer!, court: court!, hotline: hotline! };
  const positions: Array<Position | null> = [];
  const add = async (fields: Parameters<typeof seedRequest>[1], options: Parameters<typeof seedRequest>[2] = {}) => positions.push((await seedRequest(ctx, fields, options)).position);
  await add({ unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_status_id: RequestStatus.WAITING_ENGINEER, request_date_add: `${today}T08:00:00.000Z` }, { lists: { engineers: [w.users.engineer] }, userId: w.users.court });
  await add({ unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_status_id: RequestStatus.PERFORMING, request_date_add: at('01-10', 2024) }, { lists: { engineers: [w.users.engineer] } });
  await add({ unit_id: w.moscowUnit, region_id: w.moscowRegion, request_status_id: RequestStatus.WAITING_ASSIGNMENT, request_date_add: at('02-10', 2025) });
  // Completed today: the chart's last week counts it.
  await add({ unit_id: w.moscowUnit, region_id: w.moscowRegion, request_status_id: RequestStatus.PERFORMED, request_date_add: `${today}T07:00:00.000Z`, result_d: today });
  await settle(ctx, ...positions);
});

afterAll(async () => {
  await app?.close();
});

const home = async (client: ApiClient): Promise<HomeData> => {
  const res = await client.get('/api/home');
  expect(res.statusCode).toBe(200);
  return res.json() as HomeData;
};

/** The count the number's link shows. */
const listCount = async (client: ApiClient, n: HomeNumber): Promise<number> => {
  if (n.to.kind !== 'requests') throw new Error('not a request list');
  const res = await client.get(`/api/request/${enc(n.to.filter)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { itemsCount: number }).itemsCount;
};

const requestNumbers = (d: HomeData) => [...d.mine, ...(d.branch ? [...d.branch.byStatus, ...d.branch.byEngineer, d.branch.stale] : [])].filter((n) => n.to.kind === 'requests');

describe('GET /api/home', () => {
  it('each request number equals the list its link opens, for every demo role', async () => {
    for (const [login, client] of Object.entries(clients)) {
      const d = await home(client);
      for (const n of requestNumbers(d)) expect(await listCount(client, n), `${login} ${n.key}`).toBe(n.count);
    }
  });

  it("the engineer's requests waiting for him, over every year", async () => {
    const d = await home(clients.engineer);
    const by = Object.fromEntries(d.mine.map((n) => [n.key, n.count]));
    expect(by.assigned).toBeGreaterThanOrEqual(1);
    expect(by.performing).toBeGreaterThanOrEqual(1);
    expect(d.branch).toBeNull();
  });

  it("a request sent back 'На повторное исполнение' counts as returned, not as newly assigned, until its engineer takes it", async () => {
    const ctx = app.server.ctx;
    const seeded = await seedRequest(
      ctx,
      { unit_id: w.courtUnits[0]!, region_id: w.moscowRegion, request_status_id: RequestStatus.PERFORMED, result: 'fulfilled', result_d: today, request_date_add: at('03-02', 2025) },
      { lists: { engineers: [w.users.engineer] } },
    );
    await settle(ctx, seeded.position);
    const numbers = async () => Object.fromEntries((await home(clients.engineer)).mine.map((n) => [n.key, n]));
    const before = await numbers();
    expect(before.returned!.title).toBe('Возвращены на повторное исполнение');
    // Every write goes through the API and is waited for by its log position (the engineer reads after another user's write).
    const written = async (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
      expect(res.statusCode, res.body).toBe(200);
      await settle(ctx, parsePosition(res.headers[LOG_POSITION_HEADER]));
    };
    await written(await clients.admin.post(`/api/request/${seeded.id}/reexecute`, {}));
    const returned = await numbers();
    expect(returned.returned!.count).toBe(before.returned!.count + 1);
    expect(returned.assigned!.count).toBe(before.assigned!.count);
    expect(returned.performing!.count).toBe(before.performing!.count);
    // The number opens the list with its own filter, and that list holds the request.
    expect(await listCount(clients.engineer, returned.returned!)).toBe(returned.returned!.count);
    if (returned.returned!.to.kind !== 'requests') throw new Error('a request list');
    expect(await listIds(clients.engineer, returned.returned!.to.filter)).toContain(seeded.id);
    expect(await listIds(clients.engineer, returned.assigned!.to.kind === 'requests' ? returned.assigned!.to.filter : {})).not.toContain(seeded.id);
    // Taken again: in work, no longer returned.
    await written(await clients.engineer.post(`/api/request/${seeded.id}/take`, {}));
    const taken = await numbers();
    expect(taken.returned!.count).toBe(before.returned!.count);
    expect(taken.performing!.count).toBe(before.performing!.count + 1);
  });

  it("a chief sees the branch's open requests; a court user does not, and counts only the own units", async () => {
    const chief = await home(clients.chief);
    expect(chief.branch).not.toBeNull();
    expect(chief.branch!.byStatus.map((n) => n.title)).toEqual(['Ожидает назначения', 'Ожидает исполнителя', 'Исполняется']);
    expect(chief.branch!.byEngineer.some((n) => n.to.kind === 'requests' && n.to.filter.engineer_id === w.users.engineer)).toBe(true);
    const court = await home(clients.court);
    expect(court.branch).toBeNull();
    expect(court.recent!.length).toBeGreaterThanOrEqual(1);
    expect(court.weeks).toHaveLength(12);
    const all = await home(clients.admin);
    const sum = (d: HomeData) => d.weeks!.reduce((s, x) => s + x.registered, 0);
    expect(sum(court)).toBeLessThanOrEqual(sum(all));
    expect(sum(court)).toBeGreaterThanOrEqual(1);
    // Twelve Mondays a week apart up to this week; together they hold every request registered, and every
    // result, since the first of them (the administrator sees every unit).
    const mondays = all.weeks!.map((x) => x.week);
    expect(mondays.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(mondays.slice(1).every((d, i) => Date.parse(d) - Date.parse(mondays[i]!) === 7 * 86_400_000)).toBe(true);
    expect(Date.now() - Date.parse(mondays[11]!)).toBeLessThan(7 * 86_400_000);
    const pool = app.server.ctx.pool;
    const since = (column: string) =>
      pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM rm_requests WHERE NOT deleted AND ${sql.identifier([column])} >= ${mondays[0]!}::date`);
    expect(sum(all)).toBe(Number(await since('request_date_add')));
    expect(all.weeks!.reduce((s, x) => s + x.completed, 0)).toBe(Number(await since('result_d')));
    expect(all.weeks!.reduce((s, x) => s + x.completed, 0)).toBeGreaterThan(0);
  });

  it('documents and notifications: the signer’s unsigned documents, the unread notifications', async () => {
    const d = await home(clients.admin);
    const docs = d.inbox.find((n) => n.key === 'documents')!;
    const res = await clients.admin.get('/api/files_for_signers?unsignedOnly=true');
    expect((res.json() as { itemsCount: number }).itemsCount).toBe(docs.count);
    expect(d.inbox.some((n) => n.key === 'notifications')).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await app.anonymous.get('/api/home')).statusCode).toBe(401);
  });
});
