/**
 * The reports' figures (issue 15, `npm run bench -- --only reports`): every court report for all
 * regions (or, for the region-only ones, the largest region) over a whole year, run as a job through
 * POST /api/reports/{id} and polled to its end: its time (target <= 10 s), the server's peak RSS
 * while it runs (<= 400 MB; the report's worker thread lives in that process) and the worker thread's
 * own peak heap, and the p95 of a command (a request comment) sent beside the runs
 * (<= 30 ms: reports must not starve the desk). Called by bench/run.ts.
 */
import { sql, type DatabasePool } from 'slonik';
import { courtReports } from '../domain/report/registry';
import { type ApiClient, percentile } from './lib/http';
import { peakRssDuring } from './lib/server';

export interface ReportsBenchDeps {
  readonly pool: DatabasePool;
  readonly client: ApiClient;
  /** A second signed-in client for the commands beside the reports. */
  readonly writer: ApiClient;
  readonly serverPid: number;
  readonly quick: boolean;
  readonly figure: (name: string, value: number, unit: string, target: number | null, kind?: 'max' | 'min', note?: string) => void;
  readonly details: Record<string, unknown>;
}

const MB = 1024 * 1024;

export const benchReports = async (d: ReportsBenchDeps): Promise<void> => {
  console.log('Reports (every report, a whole year, all regions)');
  const year = Number((await d.pool.maybeOneFirst(sql.unsafe`SELECT max(year) FROM rm_requests WHERE NOT deleted`)) ?? new Date().getFullYear());
  const region = Number((await d.pool.maybeOneFirst(sql.unsafe`SELECT region_id FROM rm_requests WHERE NOT deleted GROUP BY region_id ORDER BY count(*) DESC LIMIT 1`)) ?? 1);
  const holder = Number((await d.pool.maybeOneFirst(sql.unsafe`SELECT id FROM rm_organizations WHERE is_host AND region_id = ${region} ORDER BY id LIMIT 1`)) ?? 0);
  const requestId = Number(await d.pool.oneFirst(sql.unsafe`SELECT id FROM rm_requests WHERE NOT deleted ORDER BY id DESC LIMIT 1`));
  // The start may not be in the future: a year ahead of today is cut to today's year.
  const thisYear = new Date().getFullYear();
  const y = Math.min(year, thisYear);
  const period = { date_beg: `${y}-01-01`, date_end: `${y}-12-31` };

  let stop = false;
  const commandMs: number[] = [];
  const commands = (async () => {
    let n = 0;
    while (!stop) {
      const r = await d.writer.call('POST', '/api/request_comments', { requestComment: { request_id: requestId, comment: `bench report load ${n++}` } });
      if (r.status === 200) commandMs.push(r.ms);
      await new Promise((res) => setTimeout(res, 100));
    }
  })();

  const out: Record<string, { seconds: number; peakMb: number; workerHeapMb: number | null; rows: number }> = {};
  try {
    for (const report of courtReports) {
      const dialog = report.dialog!;
      const body = {
        ...period,
        ...(dialog.region === 'required' ? { region_id: region } : dialog.region === 'choice' ? { all_regions: true } : {}),
        ...(dialog.supplyKind ? { supply_kind: 1 } : {}),
        ...(dialog.balanceHolder && dialog.region === 'required' ? { balance_holder_id: holder } : {}),
      };
      const started = Date.now();
      const { result, peak } = await peakRssDuring(d.serverPid, async () => {
        const s = await d.client.call('POST', `/api/reports/${report.id}`, body);
        if (s.status !== 200) throw new Error(`${report.id}: ${s.status} ${JSON.stringify(s.body).slice(0, 300)}`);
        const jobId = (s.body as { jobId: string }).jobId;
        for (;;) {
          const v = await d.client.call('GET', `/api/reports/jobs/${jobId}`);
          const view = v.body as { state: string; total: number; error?: string; workerHeapMb?: number };
          if (view.state === 'done') return view;
          if (view.state !== 'running' && view.state !== 'waiting') throw new Error(`${report.id}: ${view.state} ${view.error ?? ''}`);
          await new Promise((res) => setTimeout(res, 100));
        }
      });
      const seconds = (Date.now() - started) / 1000;
      out[report.id] = { seconds, peakMb: peak / MB, workerHeapMb: result.workerHeapMb ?? null, rows: result.total };
      d.figure(`report ${report.id} (${result.total} rows): time`, seconds, 's', 10);
      // The worker thread's RSS is inside the server's; its own heap peak comes with the job's result.
      d.figure(`report ${report.id}: server peak RSS (worker thread included)`, peak / MB, 'MB', 400);
      if (result.workerHeapMb !== undefined) d.figure(`report ${report.id}: worker thread peak heap`, result.workerHeapMb, 'MB', null);
    }
  } finally {
    stop = true;
    await commands;
  }
  d.figure('command p95 while reports run', percentile(commandMs, 95), 'ms', 30, 'max', `${commandMs.length} commands`);
  d.details.reports = { ...out, commandP95: percentile(commandMs, 95) };
};
