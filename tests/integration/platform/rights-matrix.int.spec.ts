import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTable, callers, routeKey, type Caller, type Expectation } from '../../../api/routes/access-table';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { documentedRoutes, openApiDocument, registeredRoutes, type RegisteredRoute } from '../../support/route-list';
import { benignSample, demoRows, registerDemoRequest, type DemoRows } from '../../support/route-samples';

/**
 * Every registered route × every demo role (and anonymous) with a benign, valid-shaped call: the
 * answer must match api/routes/access-table.ts. A route missing from the table fails the first test,
 * so a new route joins the matrix as soon as it is registered.
 */
let t: TestApp;
let routes: RegisteredRoute[];
let rows: DemoRows;
const clients = new Map<Caller, ApiClient>();

beforeAll(async () => {
  t = await startTestApp();
  // The routes come from the OpenAPI document, which must name every registered route (first test).
  routes = documentedRoutes(await openApiDocument(t.server.app));
  for (const c of callers) clients.set(c, c === 'anonymous' ? t.anonymous : await t.signIn(c));
  rows = await demoRows(t, clients.get('admin')!, clients.get('court')!);
});
afterAll(async () => {
  await t?.close();
});

const verdict = (status: number, expected: Expectation): boolean =>
  expected === 'allowed' ? status < 500 && status !== 401 && status !== 403 : status === expected;

const send = (client: ApiClient, method: string, url: string, body: unknown) => {
  if (method === 'GET') return client.get(url);
  if (method === 'DELETE') return client.delete(url);
  if (method === 'POST') return client.post(url, body);
  if (method === 'PUT') return client.put(url, body);
  throw new Error(`no client for ${method}`);
};

describe('rights matrix: every route × every demo role', () => {
  it('lists every registered route in the access table, and no route that is not registered', () => {
    const keys = new Set(routes.map((r) => routeKey(r.method, r.url)));
    expect(routes.length).toBeGreaterThan(50);
    expect([...keys].sort()).toEqual(registeredRoutes(t.server.app).map((r) => routeKey(r.method, r.url)).sort());
    expect([...keys].filter((k) => !(k in accessTable))).toEqual([]);
    // The client's catch-all (GET /*) exists only when web/dist is built.
    expect(Object.keys(accessTable).filter((k) => !keys.has(k) && k !== 'GET /*')).toEqual([]);
  });

  it('answers every caller as the table expects (401 anonymous, 403 without the right, never 401/403/5xx with it)', { timeout: 240_000 }, async () => {
    const fresh = () => registerDemoRequest(clients.get('court')!, rows);
    // Deletions last, so the rows they remove are not missed by the other routes; signing out
    // (which ends the caller's session) after everything.
    const rank = (r: RegisteredRoute) => (routeKey(r.method, r.url) === 'POST /api/auth/signout' ? 2 : r.method === 'DELETE' ? 1 : 0);
    const ordered = [...routes].sort((a, b) => rank(a) - rank(b));
    const mismatches: string[] = [];
    for (const route of ordered) {
      const expectations = accessTable[routeKey(route.method, route.url)];
      if (!expectations) continue;
      // Callers refused first: they must meet the row before an allowed caller changes or removes it.
      const order = [...callers].sort((a, b) => Number(expectations[a] === 'allowed') - Number(expectations[b] === 'allowed'));
      for (const caller of order) {
        const sample = await benignSample(route.method, route.url, caller, rows, fresh);
        const res = await send(clients.get(caller)!, route.method, sample.url, sample.body);
        const expected = expectations[caller];
        if (!verdict(res.statusCode, expected))
          mismatches.push(`${route.method} ${sample.url} as ${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
