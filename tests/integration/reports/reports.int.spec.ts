import ExcelJS from 'exceljs';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { courtReports } from '../../../domain/report/registry';

let t: TestApp;
let admin: ApiClient;
let chief: ApiClient;
const year = new Date().getFullYear();
const period = { date_beg: `${year}-01-01`, date_end: `${year}-12-31` };
let region: number;
let chiefRegion: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  chief = await t.signIn('chief');
  await t.settled();
  const pool = t.server.ctx.pool;
  chiefRegion = Number(await pool.oneFirst(sql.unsafe`SELECT o.region_id FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id WHERE u.login = 'chief'`));
  region = chiefRegion;
  // The test template's demo data has tools but no requests: register a few of this year through the real command.
  const unitTool = await pool.one(sql.unsafe`SELECT tl.unit_id, tl.id FROM rm_tools tl JOIN rm_units u ON u.id = tl.unit_id
    WHERE NOT tl.deleted AND u.region_id = ${region} ORDER BY tl.id LIMIT 1`);
  const program = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'programs' AND NOT deleted AND (data->>'type')::int = 2 ORDER BY id LIMIT 1`));
  const contact = { contact_kind: 2, contact_unknown_name: 'Иванов И. И.', contact_unknown_email: 'ivanov@example.ru' };
  const base = { region_id: region, unit_id: Number(unitTool.unit_id), ...contact };
  for (const request of [
    { ...base, request_kind_id: 8, request_text: 'Отчеты: задача' },
    { ...base, request_kind_id: 2, tool_id: Number(unitTool.id), request_text: 'Отчеты: не включается' },
    { ...base, request_kind_id: 2, tool_id: Number(unitTool.id), request_text: 'Отчеты: не печатает' },
    { ...base, request_kind_id: 1, program_id: program, request_text: 'Отчеты: обновить программу' },
  ]) {
    const created = await admin.multipart('POST', '/api/request', { request });
    expect(created.statusCode, created.body).toBe(200);
  }
  await t.settled();
});
afterAll(async () => {
  await t.close();
});

type View = { state: string; phase: string; done: number; total: number; preview?: { columns?: Array<{ title: string; kind?: string }>; totals: Array<string | number | null>; rows: unknown[]; chart?: Array<{ label: string; value: number }> }; fileName?: string; error?: string };

const runReport = async (client: ApiClient, id: string, body: Record<string, unknown>): Promise<{ jobId: string; view: View }> => {
  const started = await client.post(`/api/reports/${id}`, body);
  expect(started.statusCode, started.body).toBe(200);
  const { jobId } = started.json() as { jobId: string };
  for (let i = 0; i < 600; i++) {
    const r = await client.get(`/api/reports/jobs/${jobId}`);
    expect(r.statusCode).toBe(200);
    const view = r.json() as View;
    if (view.state !== 'running' && view.state !== 'waiting') return { jobId, view };
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('report did not finish');
};

const count = async (q: ReturnType<typeof sql.unsafe>) => Number(await t.server.ctx.pool.oneFirst(q));

describe('court reports as jobs', () => {
  it('every report runs for the whole current year and gives a file with its print setup and Russian number formats, a preview and totals', async () => {
    let formatted = 0;
    for (const report of courtReports) {
      const all = report.dialog!.region === 'choice' || report.dialog!.region === 'all';
      const body = { ...period, ...(all ? { all_regions: true } : { region_id: region }), ...(report.dialog!.supplyKind ? { supply_kind: 1 } : {}) };
      const { jobId, view } = await runReport(admin, report.id, body);
      expect(view.state, `${report.id}: ${view.error ?? ''}`).toBe('done');
      expect(view.preview?.totals.length).toBeGreaterThan(0);
      if (report.chart) expect(view.preview?.chart).toBeDefined();
      const file = await admin.get(`/api/reports/jobs/${jobId}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain("filename*=UTF-8''");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).getCell(1).value).toBe(report.title);
      // Print setup (issue 38): the title, the period and the region line in every page's header.
      const header = ws.headerFooter.oddHeader ?? '';
      expect(header, report.id).toContain(report.title.replace(/&/g, '&&'));
      if (report.dialog!.dates) expect(header, report.id).toContain(`за период с 01.01.${year} по 31.12.${year}`);
      const headerRow = Number(/^\$?(\d+)/.exec(ws.pageSetup.printTitlesRow ?? '')?.[1]);
      const headingLines = Array.from({ length: headerRow - 2 }, (_, i) => String(ws.getRow(i + 2).getCell(1).value ?? ''));
      const regionLine = headingLines.find((h) => h.startsWith('Регион') || h === 'Все регионы');
      if (regionLine) expect(header, report.id).toContain(regionLine.replace(/&/g, '&&'));
      // Sums and counts in the Russian way in Excel and LibreOffice (space thousands, comma decimals): the totals row.
      const totalsRow = ws.getRow(ws.actualRowCount);
      for (const [i, c] of (view.preview?.columns ?? []).entries()) {
        // Only the cells that hold a sum or a count (the row number column's total is the label or empty).
        if ((c.kind !== 'money' && c.kind !== 'int') || typeof totalsRow.getCell(i + 1).value !== 'number') continue;
        expect(totalsRow.getCell(i + 1).numFmt, `${report.id}: ${c.title}`).toBe(c.kind === 'money' ? '#,##0.00' : '#,##0');
        formatted++;
      }
    }
    expect(formatted).toBeGreaterThan(0);
  });

  it('the archive journal counts the requests of the region and period, as SQL over rm_requests does', async () => {
    const { view } = await runReport(admin, 'archive', { ...period, region_id: region });
    const expected = await count(sql.unsafe`SELECT count(*) FROM rm_requests WHERE NOT deleted AND region_id = ${region}
      AND request_date_add >= ${period.date_beg}::date AND request_date_add < ${period.date_end}::date + 1`);
    expect(expected).toBeGreaterThan(0);
    expect(view.preview!.totals[0]).toBe(`Всего заявок: ${expected}`);
    expect(view.total).toBe(expected);

    // The data call of section 7 answers the same query as JSON.
    const data = await admin.get(`/api/requests_for_archive/${encodeURIComponent(JSON.stringify({ ...period, region_id: region }))}`);
    expect(data.statusCode, data.body).toBe(200);
    const json = data.json() as { requests: Array<Record<string, unknown>>; totals: unknown[]; itemsCount: number; truncated: boolean };
    expect(json.requests).toHaveLength(expected);
    expect(json.itemsCount).toBe(expected);
    expect(json.totals[0]).toBe(`Всего заявок: ${expected}`);
    expect(json.truncated).toBe(false);
    expect((await admin.get('/api/requests_for_archive/%7Bnot-json')).json().message).toBe('Неверные параметры отчета');
  });

  it('enclosure 2 and repair report 1 total the requests of all regions below 90, as SQL does', async () => {
    const e2 = await runReport(admin, 'enclosure-2', { ...period, all_regions: true });
    const all = await count(sql.unsafe`SELECT count(*) FROM rm_requests r JOIN rm_units u ON u.id = r.unit_id WHERE NOT r.deleted AND r.region_id < 90
      AND r.request_date_add >= ${period.date_beg}::date AND r.request_date_add < ${period.date_end}::date + 1`);
    expect(all).toBeGreaterThan(0);
    expect(e2.view.preview!.totals[4]).toBe(all);
    const r1 = await runReport(admin, 'repair-1', { ...period, all_regions: true });
    const repairs = await count(sql.unsafe`SELECT count(*) FROM rm_requests r WHERE NOT r.deleted AND r.region_id < 90 AND r.request_kind_id = 2
      AND r.request_date_add >= ${period.date_beg}::date AND r.request_date_add < ${period.date_end}::date + 1`);
    expect(repairs).toBeGreaterThan(0);
    expect(r1.view.preview!.totals[1]).toBe(repairs);
  });

  it('hardware report 1 counts the region’s tools of kinds 7, 2, 18, 4, 6, 46 in work or broken', async () => {
    const { view } = await runReport(admin, 'hardware-1', { region_id: region });
    const expected = await count(sql.unsafe`SELECT count(*) FROM rm_tools tl JOIN rm_units u ON u.id = tl.unit_id WHERE NOT tl.deleted
      AND u.region_id = ${region} AND tl.tool_kind_id IN (7, 2, 18, 4, 6, 46) AND tl.state IN (1, 2)`);
    expect(view.preview!.totals.at(-1)).toBe(expected);
  });

  it('refuses bad parameters with Russian messages, and regions outside the caller’s scope', async () => {
    const noRegion = await admin.post('/api/reports/archive', period);
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().errors.region_id).toBe('Нужно выбрать');
    const future = await admin.post('/api/reports/repair-1', { all_regions: true, date_beg: `${year + 1}-01-01`, date_end: `${year + 1}-12-31` });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.date_beg).toBe('Дата начала не может быть в будущем');
    const holder = await admin.post('/api/reports/enclosure-1', { ...period, region_id: region });
    expect(holder.json().errors.balance_holder_id).toBe('Нужно выбрать организацию');
    const supply = await admin.post('/api/reports/enclosure-3', { ...period, all_regions: true });
    expect(supply.json().errors.supply_kind).toBe('Нужно выбрать вид поставки');
    expect((await admin.post('/api/reports/no-such', period)).statusCode).toBe(404);
    expect((await admin.post('/api/reports/archive', { ...period, region_id: 999999 })).statusCode).toBe(404);
    expect((await admin.post('/api/reports/enclosure-1', { ...period, region_id: region, balance_holder_id: 999999 })).statusCode).toBe(404);
    // The chief reads requests of own units only: the own region, never all regions.
    expect((await chief.post('/api/reports/repair-1', { ...period, all_regions: true })).statusCode).toBe(403);
    const other = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'regions' AND id <> ${chiefRegion} AND NOT deleted ORDER BY id LIMIT 1`));
    expect((await chief.post('/api/reports/archive', { ...period, region_id: other })).statusCode).toBe(404);
    const own = await runReport(chief, 'archive', { ...period, region_id: chiefRegion });
    expect(own.view.state).toBe('done');
  });

  it('a run is seen, cancelled and downloaded only by its owner; a cancelled run leaves no file', async () => {
    const { jobId } = await runReport(admin, 'archive', { ...period, region_id: region });
    expect((await chief.get(`/api/reports/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await chief.get(`/api/reports/jobs/${jobId}/file`)).statusCode).toBe(404);
    expect((await chief.delete(`/api/reports/jobs/${jobId}`)).statusCode).toBe(404);
    const started = await admin.post('/api/reports/archive', { ...period, region_id: region });
    const id = (started.json() as { jobId: string }).jobId;
    expect((await admin.delete(`/api/reports/jobs/${id}`)).statusCode).toBe(200);
    let view: View = (await admin.get(`/api/reports/jobs/${id}`)).json() as View;
    for (const deadline = Date.now() + 30_000; (view.state === 'running' || view.state === 'waiting') && Date.now() < deadline; ) {
      await new Promise((res) => setTimeout(res, 50));
      view = (await admin.get(`/api/reports/jobs/${id}`)).json() as View;
    }
    // Cancelled before it finished, or it had finished already: either way the state says which, and a cancelled one has no file.
    if (view.state === 'cancelled') expect((await admin.get(`/api/reports/jobs/${id}/file`)).statusCode).toBe(404);
    else expect(view.state).toBe('done');
  });
});
