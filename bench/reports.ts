/**
 * The reports' figures (decisions 87–96, `npm run bench -- --only reports`): every court report for all
 * regions (or, for the region-only ones, the largest region) over a whole year, run as a job through
 * POST /api/reports/{id} and polled to its end: its time (target <= 10 s), the server's peak RSS
 * while it runs (<= 400 MB) and, apart, the peak RSS of the report's own process (a child of the
 * server, found by its parent pid in /proc; its own figure comes with the job's result too), and the
 * p95 of a command (a request comment) sent beside the runs (<= 30 ms: reports must not starve the
 * desk). Called by bench/run.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sql, type DatabasePool } from 'slonik';
import { courtReports } from '../domain/report/registry';
import { type ApiClient, percentile } from './lib/http';
import { peakRssDuring, rssOf } from './lib/server';

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

/** The pids of the processes whose parent is `pid` (the report children BullMQ forks). */
const childrenOf = (pid: number): number[] => {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The fields after the command's closing parenthesis: state, ppid, …
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return out;
};

/** Samples the largest resident set of the server's children every 20 ms until stopped. */
const childPeak = (serverPid: number) => {
  let peak = 0;
  const timer = setInterval(() => {
    for (const c of childrenOf(serverPid)) {
      try {
        peak = Math.max(peak, rssOf(c));
      } catch {
        /* gone */
      }
    }
  }, 20);
  return { stop: () => (clearInterval(timer), peak) };
};

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

  const out: Record<string, { seconds: number; peakMb: number; childPeakMb: number; workerRssMb: number | null; workerHeapMb: number | null; workerPid: number | null; rows: number }> = {};
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
      const child = childPeak(d.serverPid);
      const { result, peak } = await peakRssDuring(d.serverPid, async () => {
        const s = await d.client.call('POST', `/api/reports/${report.id}`, body);
        if (s.status !== 200) throw new Error(`${report.id}: ${s.status} ${JSON.stringify(s.body).slice(0, 300)}`);
        const jobId = (s.body as { jobId: string }).jobId;
        for (;;) {
          const v = await d.client.call('GET', `/api/reports/jobs/${jobId}`);
          const view = v.body as { state: string; total: number; error?: string; workerPid?: number; workerHeapMb?: number; workerRssMb?: number };
          if (view.state === 'done') return view;
          if (view.state !== 'running' && view.state !== 'waiting') throw new Error(`${report.id}: ${view.state} ${view.error ?? ''}`);
          await new Promise((res) => setTimeout(res, 100));
        }
      });
      const seconds = (Date.now() - started) / 1000;
      // The report's process: sampled from /proc, or its own figure when it ran between two samples.
      const childMb = Math.max(child.stop(), (result.workerRssMb ?? 0) * MB) / MB;
      out[report.id] = {
        seconds, peakMb: peak / MB, childPeakMb: childMb, workerRssMb: result.workerRssMb ?? null,
        workerHeapMb: result.workerHeapMb ?? null, workerPid: result.workerPid ?? null, rows: result.total,
      };
      d.figure(`report ${report.id} (${result.total} rows): time`, seconds, 's', 10);
      d.figure(`report ${report.id}: server peak RSS`, peak / MB, 'MB', 400);
      d.figure(`report ${report.id}: report process peak RSS`, childMb, 'MB', null, 'max', result.workerPid ? `pid ${result.workerPid}, heap ${result.workerHeapMb ?? '?'} MB` : undefined);
    }
  } finally {
    stop = true;
    await commands;
  }
  d.figure('command p95 while reports run', percentile(commandMs, 95), 'ms', 30, 'max', `${commandMs.length} commands`);
  d.details.reports = { ...out, commandP95: percentile(commandMs, 95) };
};
