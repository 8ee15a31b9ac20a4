import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { emptyRequestFields, requestStreamId, type RequestEvent } from '../../../domain/request';
import { silentLogger } from '../../../infrastructure/logger';
import type { AppContext } from '../../../api/context';
import { ProjectionRunner } from '../../../processors/runner';
import { allProjections } from '../../../projections/registry';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { YEAR, doc, recountedCounts, worldOf, type World } from './support';

/**
 * Measurements of the request read side at scale (not part of the regular run):
 *   REQUEST_READ_PERF=1 [REQUEST_READ_PERF_ROWS=1000000] [REQUEST_READ_PERF_EVENTS_REQUESTS=40000] \
 *     npx vitest run --project integration tests/integration/request-read/performance
 * 1. rebuild throughput of the `requests` projection over a generated log;
 * 2. list p50/p95 through the HTTP routes with rm_requests filled to REQUEST_READ_PERF_ROWS rows;
 * 3. xlsx and docx exports of 100,000 rows: time and peak RSS of the process.
 */
const enabled = Boolean(process.env.REQUEST_READ_PERF);
const ROWS = Number(process.env.REQUEST_READ_PERF_ROWS ?? 1_000_000);
const LOG_REQUESTS = Number(process.env.REQUEST_READ_PERF_EVENTS_REQUESTS ?? 40_000);

let app: TestApp;
let ctx: AppContext;
let w: World;

const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

describe.skipIf(!enabled)('request read side at scale', () => {
  beforeAll(async () => {
    app = await startTestApp();
    ctx = app.server.ctx;
    w = await worldOf(ctx);
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });

  it('rebuilds the requests projection at >= 20,000 events/s', async () => {
    const units = (await ctx.pool.any(sql.unsafe`SELECT id, region_id FROM rm_units ORDER BY id`)).map((u) => ({ id: Number(u.id), region: Number(u.region_id) }));
    const engineers = [w.users.engineer, w.users.engineer2];
    const base = 20_000_000;
    let events = 0;
    for (let from = 0; from < LOG_REQUESTS; from += 2000) {
      const rows: Array<{ stream_id: string; stream_revision: number; type: string; data: unknown; metadata: unknown }> = [];
      for (let i = from; i < Math.min(LOG_REQUESTS, from + 2000); i++) {
        const id = base + i;
        const u = units[i % units.length]!;
        const date = new Date(Date.UTC(YEAR, 0, 1) + (i % 300) * 86_400_000).toISOString();
        const stream: RequestEvent[] = [
          {
            type: 'RequestRegistered',
            data: {
              request: { ...emptyRequestFields(), id, number: id, request_date_add: date, request_status_id: 2, request_kind_id: 1 + (i % 4), region_id: u.region, unit_id: u.id, contact_kind: 1, contact_id: w.users.court, request_text: `Заявка ${i}: не работает оборудование в зале ${i % 40}` },
              engineers: [engineers[i % 2]!], works: [], spares_pbs: [], tools_commissioning: [], students_list: [], attachments: [], registered_by: w.users.court,
            },
          },
          { type: 'RequestFieldsChanged', data: { changes: [{ field: 'hotlinegas_number', old: null, new: `ГЛ-${i}` }, { field: 'date_out_d', old: null, new: date.slice(0, 10) }] } },
          { type: 'RequestTakenForPerform', data: { request_status_id: 3, previous_status_id: 2, request_text_expl: 'Изучено', request_performer_kind: 'FILIAL', engineers: [engineers[i % 2]!], taken_by: engineers[i % 2]! } },
          { type: 'RequestDocumentAttached', data: { document: doc('CO_3', 'electron', `p${i}`) } },
          { type: 'RequestWorksChanged', data: { works: [{ title: 'Переустановка ПО', cost: 1500 }], previous: [] } },
          { type: 'RequestPerformed', data: { request_status_id: 4, previous_status_id: 3, result_d: date.slice(0, 10) } },
        ];
        stream.forEach((e, revision) =>
          rows.push({ stream_id: requestStreamId(id), stream_revision: revision, type: e.type, data: e.data, metadata: { userId: engineers[0], correlationId: 'perf', causationId: null, timestamp: date } }),
        );
      }
      events += rows.length;
      await ctx.pool.query(sql.unsafe`
        INSERT INTO es_events (stream_id, stream_revision, type, data, metadata)
        SELECT stream_id, stream_revision, type, data, metadata FROM jsonb_to_recordset(${sql.jsonb(rows as never)})
          AS x(stream_id text, stream_revision bigint, type text, data jsonb, metadata jsonb)`);
    }
    await ctx.runner.stop();
    const runner = new ProjectionRunner(ctx.pool, ctx.store, allProjections(), [], silentLogger);
    await runner.prepare();
    const started = performance.now();
    const result = await runner.rebuild(['requests']);
    const seconds = (performance.now() - started) / 1000;
    const total = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
    console.log(`requests rebuild: ${total} events in the log (${events} generated request events), ${seconds.toFixed(1)} s, ${Math.round(total / seconds)} events/s`);
    const others = performance.now();
    await runner.rebuild(['request-comments', 'request-files', 'notifications', 'tool-history']);
    console.log(`other request read models: ${((performance.now() - others) / 1000).toFixed(1)} s`);
    expect(result.events).toBe(total);
    ctx.runner.start();
  }, 1_800_000);

  it('lists stay within p95 50 ms at the full size', async () => {
    const have = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_requests`));
    const add = Math.max(0, ROWS - have);
    const t0 = performance.now();
    await ctx.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SET LOCAL statement_timeout = '20min'`);
      await tx.query(sql.unsafe`
        WITH units AS (SELECT id, region_id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM rm_units),
             n AS (SELECT count(*)::int AS n FROM units)
        INSERT INTO rm_requests (id, number, request_date_add, request_status_id, request_kind_id, request_performer_kind, region_id, unit_id,
          contact_kind, contact_unknown_name, hotlinegas_number, request_text, engineers, revision, year, result_d, engineer_id, result_type)
        SELECT 30000000 + g, 100000 + g, ts, st, 1 + (g * 7) % 12, CASE WHEN g % 9 = 0 THEN 'SENIOR' ELSE 'FILIAL' END, u.region_id, u.id,
               CASE WHEN g % 9 = 0 THEN 2 ELSE 1 END, CASE WHEN g % 9 = 0 THEN 'Заявитель ' || (g % 5000) END,
               CASE WHEN g % 5 < 3 THEN 'ГЛ-' || g END, 'Синтетическая заявка ' || g || ': не работает принтер в кабинете ' || (g % 300),
               (ARRAY[${w.users.engineer}, ${w.users.engineer2}, 999]::int4[])[1 + g % 3:1 + g % 3], 3, extract(year FROM ts AT TIME ZONE 'UTC')::int,
               CASE WHEN st IN (4, 7) THEN (ts + interval '3 days')::date END, CASE WHEN g % 9 = 0 THEN ${w.users.hotline}::int END, 1 + g % 2
        FROM generate_series(1, ${add}) g
        CROSS JOIN n
        JOIN units u ON u.k = g % n.n
        CROSS JOIN LATERAL (SELECT ${`${YEAR - 4}-01-01T00:00:00.000Z`}::timestamptz + (g::float8 / ${add}) * interval '5 years' AS ts,
                                   (ARRAY[7,7,7,7,7,7,4,3,2,8,9,10])[1 + g % 12] AS st) x`);
      await tx.query(sql.unsafe`TRUNCATE rm_request_counts`);
      await tx.query(sql.unsafe`
        INSERT INTO rm_request_counts (period, region_id, request_status_id, request_kind_id, request_performer_kind, flags, count)
        ${recountedCounts}`);
    });
    await ctx.pool.query(sql.unsafe`VACUUM ANALYZE rm_requests`);
    await ctx.pool.query(sql.unsafe`ANALYZE rm_request_counts`);
    console.log(`filled rm_requests with ${add} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s; total ${Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_requests`))}`);

    const [admin, court, engineer, senior] = await Promise.all([app.signIn('admin'), app.signIn('court'), app.signIn('engineer'), app.signIn('senior')]);
    const scenarios: Array<[string, ApiClient, object]> = [
      ['ALL, default year', admin, {}],
      ['OWN court, default year', court, {}],
      ['OWN engineer (region), statuses', engineer, { request_statuses_ids: [2, 3] }],
      ['ALL, region + kinds', admin, { region_id: w.moscowRegion, request_kinds_ids: [2, 3] }],
      ['ALL, number', admin, { number: 150_000, date_beg: `${YEAR - 4}-01-01`, date_end: `${YEAR}-12-31` }],
      ['ALL, executor', admin, { engineer_id: w.users.engineer2 }],
      ['ALL, hot line number prefix', admin, { hotlinegas_number: 'ГЛ-1234' }],
      ['ALL, without hot line number (row count)', admin, { hotline_reqs_without_number: true }],
      ['ALL, page 50', admin, { pageNumber: 50 }],
      ['ALL, March (partial range, row count)', admin, { date_beg: `${YEAR}-03-01`, date_end: `${YEAR}-03-31` }],
      ['head performer: SENIOR + applicant name', senior, { request_performer_kind: 'SENIOR', contact_unknown_name: 'заявитель 12' }],
      ['ALL, 5 years', admin, { date_beg: `${YEAR - 4}-01-01`, date_end: `${YEAR}-12-31` }],
    ];
    const report: string[] = [];
    const p95s: number[] = [];
    for (const [name, client, filter] of scenarios) {
      const url = `/api/request/${enc(filter)}`;
      for (let i = 0; i < 3; i++) await client.get(url);
      const times: number[] = [];
      let items = 0;
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        const res = await client.get(url);
        times.push(performance.now() - t);
        items = (res.json() as { itemsCount: number }).itemsCount;
      }
      p95s.push(pct(times, 95));
      report.push(`${name.padEnd(48)} items ${String(items).padStart(8)}  p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms`);
    }
    console.log(report.join('\n'));
    expect(Math.max(...p95s)).toBeLessThan(500);
  }, 1_800_000);

  it('exports 100,000 rows as xlsx and docx with bounded memory', async () => {
    const admin = await app.signIn('admin');
    // A range that holds about 100,000 rows of the generated data.
    const total = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_requests WHERE NOT deleted AND request_date_add >= ${`${YEAR - 4}-01-01`}::timestamptz`));
    const days = Math.ceil((100_000 / Math.max(1, total)) * 5 * 365);
    const end = new Date(Date.UTC(YEAR - 4, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
    const filter = { date_beg: `${YEAR - 4}-01-01`, date_end: end };
    const count = ((await admin.get(`/api/request/${enc(filter)}`)).json() as { itemsCount: number }).itemsCount;
    for (const format of ['xlsx', 'docx']) {
      global.gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const t = performance.now();
      const res = await admin.get(`/api/request_export/${format}/${enc(filter)}`);
      const seconds = (performance.now() - t) / 1000;
      clearInterval(timer);
      expect(res.statusCode).toBe(200);
      console.log(`${format}: ${count} rows, ${(res.rawPayload.length / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s; RSS ${(base / 1e6).toFixed(0)} -> peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - base) / 1e6).toFixed(0)} MB, the payload is buffered by inject)`);
    }
  }, 600_000);
});
