import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { demoFacts, registerRepair, type Facts } from '../requests/helpers';

/**
 * decisions 97–99: a request as it was at a past moment, folded from its stream, equal to what the
 * dialog showed then; the audit trail of who did what, for RIGHT_AUDIT holders only.
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
  await t.close();
});

type Single = { request: { id: number; request_text: string; actions: string[]; request_history: unknown[] }; at?: string };

const tick = async () => {
  // Commands stamp events with their clock: let it move so each moment lies strictly between two saves.
  const start = Date.now();
  while (Date.now() <= start + 2) await new Promise((r) => setImmediate(r));
};

describe('GET /api/request_single/{id}?at=', () => {
  it('answers the request as the dialog showed it at each past moment, read-only, and 404 before it existed', async () => {
    const before = new Date().toISOString();
    await tick();
    const saved = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    const shown: Array<{ at: string; view: Single['request'] }> = [];
    const look = async () => {
      await t.settled();
    const view = ((await admin.get(`/api/request_single/${saved.id}`)).json() as Single).request;
      await tick();
      shown.push({ at: new Date().toISOString(), view });
      await tick();
    };
    await look();
    for (const text of ['Принтер не печатает: замята бумага', 'Принтер не печатает: нужен новый картридж']) {
      const res = await admin.multipart('PUT', `/api/request/${saved.id}`, { request: { request_text: text } });
      expect(res.statusCode, res.body).toBe(200);
      await look();
    }
    expect(new Set(shown.map((s) => s.view.request_text)).size).toBe(3);

    for (const { at, view } of shown) {
      const res = await admin.get(`/api/request_single/${saved.id}?at=${encodeURIComponent(at)}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Single;
      expect(body.at).toBe(at);
      const { actions: _a, editable: _e, request_history: h1, comments: _c1, ...rest } = view as unknown as Record<string, unknown>;
      const { actions, editable, request_history: h2, comments: _c2, ...past } = body.request as unknown as Record<string, unknown>;
      expect(past).toEqual(rest);
      expect(actions).toEqual([]);
      expect(editable).toEqual([]);
      expect((h2 as unknown[]).length).toBe((h1 as unknown[]).length);
    }

    const early = await admin.get(`/api/request_single/${saved.id}?at=${encodeURIComponent(before)}`);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe('Заявка на этот момент ещё не существовала');
    const bad = await admin.get(`/api/request_single/${saved.id}?at=вчера`);
    expect(bad.statusCode).toBe(400);
  });

  it('checks today\'s existence and scope first: an unknown request is 404 at any moment', async () => {
    const res = await admin.get(`/api/request_single/987654321?at=${encodeURIComponent(new Date().toISOString())}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Заявка не найдена');
  });
});

describe('the audit trail', () => {
  it('lists who changed what, filtered by user and object, keyset-paged, and only for RIGHT_AUDIT', async () => {
    const saved = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    await admin.multipart('PUT', `/api/request/${saved.id}`, { request: { request_text: 'Аудит: текст изменён' } });
    await t.settled();
    type Page = { audit: Array<{ user_id: number | null; kind: string; object_id: string; event_type: string; summary: string; correlation_id: string; position: string }>; next: string | null };
    const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
    const mine = (await admin.get(`/api/audit?filter=${filter({ kind: 'request', object_id: String(saved.id) })}`)).json() as Page;
    expect(mine.audit.map((r) => r.event_type)).toEqual(expect.arrayContaining(['RequestRegistered', 'RequestFieldsChanged']));
    expect(mine.audit.find((r) => r.event_type === 'RequestRegistered')).toMatchObject({ user_id: facts.courtUserId, summary: 'Заявка зарегистрирована' });
    expect(mine.audit.every((r) => r.correlation_id)).toBe(true);

    const adminId = admin.userId!;
    const byAdmin = (await admin.get(`/api/audit?filter=${filter({ user_id: adminId, limit: 20 })}`)).json() as Page;
    expect(byAdmin.audit.length).toBeGreaterThan(0);
    expect(byAdmin.audit.every((r) => r.user_id === adminId)).toBe(true);

    // Keyset pages: the next page starts strictly after the last row, nothing repeated.
    const all = (await admin.get(`/api/audit?filter=${filter({ limit: 20 })}`)).json() as Page;
    expect(all.next).not.toBeNull();
    const second = (await admin.get(`/api/audit?filter=${filter({ limit: 20, after: all.next })}`)).json() as Page;
    expect(second.audit.length).toBeGreaterThan(0);
    expect(BigInt(second.audit[0]!.position)).toBeLessThan(BigInt(all.audit[all.audit.length - 1]!.position));

    expect((await court.get('/api/audit')).statusCode).toBe(403);
    expect((await admin.get(`/api/audit?filter=${filter({ limit: 7 })}`)).statusCode).toBe(400);
    expect((await admin.get(`/api/audit?filter=${filter({ date_from: 'вчера' })}`)).statusCode).toBe(400);
  });

  it('exports a period as xlsx listing every change made in it', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const saved = (await registerRepair(court, facts)).json().savedRequest as { id: number };
    await admin.multipart('PUT', `/api/request/${saved.id}`, { request: { request_text: 'Аудит: выгрузка' } });
    await t.settled();
    const res = await admin.get(`/api/audit_export/${encodeURIComponent(JSON.stringify({ date_from: from, kind: 'request', object_id: String(saved.id) }))}`);
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const types: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) types.push(String(row.getCell(6).value));
    });
    expect(types).toEqual(expect.arrayContaining(['RequestRegistered', 'RequestFieldsChanged']));
    expect(types.length).toBeGreaterThanOrEqual(2);
  });
});
