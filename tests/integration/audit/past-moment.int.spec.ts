import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOMENT_HEADER, pastMomentRefusal } from '../../../domain/audit/moment';
import { LOG_POSITION_HEADER } from '../../../api/consistency';
import { DEMO_PASSWORD, startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { documentedRoutes, openApiDocument, type RegisteredRoute } from '../../support/route-list';
import { benignSample, demoRows, registerDemoRequest, type DemoRows } from '../../support/route-samples';

/**
 * Read-only means read-only (issue 33): a change carrying a past moment (the header every call of the moment views
 * carries, or `?at=`) is refused with 409 and the Russian reason by every change route, and nothing is written.
 */
let t: TestApp;
let admin: ApiClient;
let court: ApiClient;
let rows: DemoRows;
let routes: RegisteredRoute[];
let session: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  court = await t.signIn('court');
  rows = await demoRows(t, admin, court);
  routes = documentedRoutes(await openApiDocument(t.server.app)).filter((r) => r.method !== 'GET');
  // The administrator's own session headers: every right, so only the moment can refuse.
  const signed = await t.server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: DEMO_PASSWORD } });
  const body = signed.json() as { id: number; accessToken: string };
  session = { userid: String(body.id), accesstoken: body.accessToken };
});
afterAll(async () => {
  await t?.close();
});

/** Everything a change could leave behind: events, outgoing work, stored files. */
const footprint = async () =>
  t.server.ctx.pool.one(
    sql.unsafe`SELECT (SELECT count(*) FROM es_events)::int AS events, (SELECT count(*) FROM outbox_items)::int AS outbox`,
  ) as Promise<{ events: number; outbox: number }>;

const inject = (method: string, url: string, body: unknown, headers: Record<string, string>) =>
  t.server.app.inject({ method: method as 'POST', url, headers: { ...session, ...headers }, ...(body !== undefined ? { payload: body as object } : {}) });

describe('a change in the context of a past moment', () => {
  it('is refused by every change route with 409 and the reason, and writes nothing', { timeout: 240_000 }, async () => {
    expect(routes.length).toBeGreaterThan(30);
    // Routes that change a request get one registered beforehand (all are refused, so one serves them all).
    const spare = await registerDemoRequest(court, rows);
    // The registration's reactions (the engineers' mail goes to the outbox) finish before the count.
    await t.quiet();
    const before = await footprint();
    const wrong: string[] = [];
    for (const route of routes) {
      const sample = await benignSample(route.method, route.url, 'admin', rows, () => Promise.resolve(spare));
      const res = await inject(route.method, sample.url, sample.body ?? {}, { [MOMENT_HEADER]: '2026-01-10T10:00:00.000Z' });
      if (res.statusCode !== 409 || (res.json() as { message?: string }).message !== pastMomentRefusal)
        wrong.push(`${route.method} ${sample.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    await t.quiet();
    expect(await footprint()).toEqual(before);
  });

  it('the same call without the moment goes through; with it, or with ?at=, the request is unchanged', async () => {
    const id = await registerDemoRequest(court, rows);
    await t.quiet();
    const text = (await admin.get(`/api/request_single/${id}`)).json().request.request_text as string;
    const before = await footprint();
    const edit = { request: { request_text: `${text}: уточнение` } };
    const withHeader = await inject('PUT', `/api/request/${id}`, edit, { [MOMENT_HEADER]: new Date().toISOString() });
    expect(withHeader.statusCode).toBe(409);
    expect(withHeader.json()).toEqual({ message: pastMomentRefusal });
    const withAt = await inject('PUT', `/api/request/${id}?at=${encodeURIComponent(new Date().toISOString())}`, edit, {});
    expect(withAt.statusCode).toBe(409);
    const register = await inject('POST', '/api/request_hot_line_register', { request_id: id }, { [MOMENT_HEADER]: new Date().toISOString() });
    expect(register.statusCode).toBe(409);
    expect(await footprint()).toEqual(before);
    expect((await admin.get(`/api/request_single/${id}`)).json().request.request_text).toBe(text);
    // A read carrying the moment is still answered (the moment views read through it).
    const read = await inject('GET', `/api/request_single/${id}`, undefined, { [MOMENT_HEADER]: new Date().toISOString() });
    expect(read.statusCode).toBe(200);
    const now = await inject('PUT', `/api/request/${id}`, edit, {});
    expect(now.statusCode, now.body).toBe(200);
    expect(now.headers[LOG_POSITION_HEADER]).toBeDefined();
  });
});
