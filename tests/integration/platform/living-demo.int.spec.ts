import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../api/seed/demo-data';
import { seedLivingDemo, type LivingDemoResult } from '../../../api/seed/demo-living';
import { requestKindIds, RequestStatus } from '../../../domain/request/enums';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';

/**
 * The living demo (decisions 8, 13): on an empty database, the full demo seed plus the living
 * demo, then every demo login signs in over HTTP and finds real work.
 */
let app: TestApp;
let living: LivingDemoResult;
let baseSeconds = 0;
let livingSeconds = 0;
const clients: Record<string, ApiClient> = {};
const logins = ['admin', 'engineer', 'court', 'hotline', 'signer', 'chief', 'senior'];
const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const since = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
const until = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const count = async (who: string, filter: Record<string, unknown> = {}) => {
  const res = await clients[who]!.get(`/api/request/${enc({ date_beg: since, date_end: until, ...filter })}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { itemsCount: number }).itemsCount;
};

/** The statuses a request can reach (1, waiting assignment, has no transition leading to it). */
const reachable = [
  RequestStatus.WAITING_ENGINEER, RequestStatus.PERFORMING, RequestStatus.PERFORMED, RequestStatus.CLOSED, RequestStatus.CANCELED,
  RequestStatus.HOT_LINE_WAITING, RequestStatus.HOT_LINE_PERFORMING, RequestStatus.HOT_LINE_PERFORMED,
];

beforeAll(async () => {
  app = await startTestApp({ seeded: false });
  const started = Date.now();
  await seedDemoData(app.server.ctx);
  const based = Date.now();
  living = await seedLivingDemo(app.server.ctx);
  baseSeconds = (based - started) / 1000;
  livingSeconds = (Date.now() - based) / 1000;
  await app.settled();
  for (const login of logins) clients[login] = await app.signIn(login);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('living demo', () => {
  it('seeds about 150 requests through the commands, none refused', () => {
    expect(living.failures).toEqual([]);
    expect(living.requests).toBeGreaterThanOrEqual(140);
    console.info(`demo seed ${baseSeconds.toFixed(1)} s, living demo ${livingSeconds.toFixed(1)} s (${living.requests} requests)`);
    // Generous: the machine running the tests is shared; a few seconds when idle.
    expect(livingSeconds).toBeLessThan(120);
  });

  it('admin sees every reachable status and every request kind', async () => {
    for (const status of reachable) expect(await count('admin', { request_statuses_ids: [status] }), `status ${status}`).toBeGreaterThan(0);
    for (const kind of requestKindIds) expect(await count('admin', { request_kinds_ids: [kind] }), `kind ${kind}`).toBeGreaterThan(0);
  });

  it('court sees its requests in several statuses', async () => {
    let statuses = 0;
    for (const status of reachable) if ((await count('court', { request_statuses_ids: [status] })) > 0) statuses++;
    expect(statuses).toBeGreaterThanOrEqual(4);
  });

  it('engineer has registered and taken requests to work on', async () => {
    const me = clients.engineer!.userId;
    expect(await count('engineer', { engineer_id: me, request_statuses_ids: [RequestStatus.WAITING_ENGINEER] })).toBeGreaterThan(0);
    expect(await count('engineer', { engineer_id: me, request_statuses_ids: [RequestStatus.PERFORMING] })).toBeGreaterThan(0);
  });

  it('hot line and senior see hot line requests to take and to manage', async () => {
    for (const who of ['hotline', 'senior'])
      for (const status of [RequestStatus.HOT_LINE_WAITING, RequestStatus.HOT_LINE_PERFORMING, RequestStatus.HOT_LINE_PERFORMED])
        expect(await count(who, { request_performer_kind: 'SENIOR', request_statuses_ids: [status] }), `${who} ${status}`).toBeGreaterThan(0);
    expect(await count('hotline', { hotline_engineer_id: clients.hotline!.userId })).toBeGreaterThan(0);
  });

  it("chief sees its region's requests only", async () => {
    const region = Number(await app.db.pool.oneFirst(sql.unsafe`
      SELECT o.region_id FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id WHERE u.login_lower = 'chief'`));
    const inRegion = Number(await app.db.pool.oneFirst(sql.unsafe`
      SELECT count(*) FROM rm_requests r JOIN rm_units un ON un.id = r.unit_id WHERE un.region_id = ${region} AND NOT r.deleted`));
    const chief = await count('chief');
    expect(chief).toBeGreaterThan(100);
    expect(chief).toBe(inRegion);
    expect(await count('admin')).toBeGreaterThan(chief);
    expect(await count('chief', { request_statuses_ids: [RequestStatus.PERFORMED] })).toBeGreaterThan(0);
  });

  it('signer can read closed requests and download their act documents', async () => {
    const res = await clients.signer!.get(`/api/request/${enc({ date_beg: since, date_end: until, request_statuses_ids: [RequestStatus.CLOSED], request_kinds_ids: [2] })}`);
    const rows = (res.json() as { requests: Array<{ id: number }> }).requests;
    expect(rows.length).toBeGreaterThan(0);
    const docs = (await (await clients.signer!.get(`/api/request_docs/${rows[0]!.id}`)).json()) as { docs: Array<{ id?: unknown; file_id?: unknown; act_kind: string | null; file_name: string }> };
    const act = docs.docs.find((d) => d.act_kind);
    expect(act?.file_name).toMatch(/^демо_.*\.docx$/);
    const file = await clients.signer!.get(`/api/request_file/${rows[0]!.id}/${String(act!.file_id ?? act!.id)}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('requests carry history of several saves and chat messages with files', async () => {
    const res = await clients.admin!.get(`/api/request/${enc({ date_beg: since, date_end: until, request_statuses_ids: [RequestStatus.CLOSED], request_kinds_ids: [2] })}`);
    const id = (res.json() as { requests: Array<{ id: number }> }).requests[0]!.id;
    const single = (await (await clients.admin!.get(`/api/request_single/${id}`)).json()) as { request: { request_history: unknown[]; comments: Array<{ files: unknown[] }> } };
    expect(single.request.request_history.length).toBeGreaterThanOrEqual(5);
    expect(single.request.comments.length).toBeGreaterThan(0);
    const withFiles = Number(await app.db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_request_comments WHERE jsonb_array_length(files) > 0`));
    expect(withFiles).toBeGreaterThan(0);
  });

  it('tools await commissioning in the court units', async () => {
    const unit = Number(await app.db.pool.oneFirst(sql.unsafe`SELECT units[1] FROM rm_users WHERE login_lower = 'court'`));
    for (const who of ['engineer', 'court']) {
      const res = await clients[who]!.get(`/api/tools_for_commissioning/${unit}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { tools: unknown[]; toolsSets: unknown[] };
      expect(body.tools.length + body.toolsSets.length).toBeGreaterThan(0);
    }
  });

  it("every demo user's notification bell has new notifications", async () => {
    for (const login of logins) {
      const res = await clients[login]!.get(`/api/notifications/${clients[login]!.userId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { notifications: unknown[] }).notifications.length, login).toBeGreaterThan(0);
    }
  });

  it('has generated acts waiting for three different signers, the object signer among them (decisions 72–86)', async () => {
    const unitSigner = await app.signIn('signer_unit');
    const res = await unitSigner.get('/api/files_for_signers?page=1&unit=true');
    expect(res.statusCode, res.body).toBe(200);
    type Who = { id: number } | null;
    const files = (res.json() as { files: Array<{ signers: { iac: Who; unit: Who; final: Who } }> }).files;
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f.signers.unit?.id).toBe(unitSigner.userId);
      expect(new Set([f.signers.iac?.id, f.signers.unit?.id, f.signers.final?.id]).size).toBe(3);
    }
  });

  it('leaves no projection failed', async () => {
    const failed = await app.db.pool.anyFirst(sql.unsafe`SELECT name FROM projection_checkpoints WHERE status = 'failed'`);
    expect(failed).toEqual([]);
  });
});
