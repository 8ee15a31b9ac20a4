import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app';
import { reportJobsOf } from '../../../api/routes/report';
import { REPORT_KEEP_MS, type ReportJobView } from '../../../api/jobs/report';

/** The report runs as BullMQ jobs worked in a child process (decisions 87–96): progress, cancel, owner, retention, failure. */

let t: TestApp;
let admin: ApiClient;
let chief: ApiClient;
const year = new Date().getFullYear();
const all = { date_beg: `${year}-01-01`, date_end: `${year}-12-31`, all_regions: true };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin');
  chief = await t.signIn('chief');
  await t.settled();
});
afterAll(async () => {
  await t.close();
});

const views = async (client: ApiClient, jobId: string): Promise<ReportJobView[]> => {
  const seen: ReportJobView[] = [];
  for (let i = 0; i < 1200; i++) {
    const r = await client.get(`/api/reports/jobs/${jobId}`);
    expect(r.statusCode, r.body).toBe(200);
    const view = r.json() as ReportJobView;
    seen.push(view);
    if (view.state !== 'running' && view.state !== 'waiting') return seen;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('report did not finish');
};
const start = async (client: ApiClient, id: string, body: Record<string, unknown>) => {
  const r = await client.post(`/api/reports/${id}`, body);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { jobId: string }).jobId;
};
const filesOf = async (jobId: string) => (await readdir(path.join(t.server.ctx.config.dataDir, 'reports'))).filter((f) => f.startsWith(jobId));

describe('report jobs', () => {
  it('run in a child process: phases and rows done of total, then the preview and a file of the owner only', async () => {
    const jobId = await start(admin, 'repair-3', all);
    const seen = await views(admin, jobId);
    const last = seen.at(-1)!;
    expect(last.state, last.error).toBe('done');
    expect(last.phase).toBe('Готово');
    expect(last.done).toBe(last.total);
    expect(last.preview?.columns.length).toBeGreaterThan(0);
    // Built in another process than the server's: the child reports its pid, heap and resident set.
    expect(last.workerPid).toBeGreaterThan(0);
    expect(last.workerPid).not.toBe(process.pid);
    expect(last.workerHeapMb).toBeGreaterThan(0);
    expect(last.workerRssMb).toBeGreaterThan(0);
    for (const v of seen) expect(['В очереди', 'Чтение данных', 'Запись файла', 'Готово']).toContain(v.phase);
    expect(await filesOf(jobId)).toEqual(expect.arrayContaining([`${jobId}.xlsx`, `${jobId}.json`]));
    expect((await chief.get(`/api/reports/jobs/${jobId}`)).json().message).toBe('Отчет не найден');
    expect((await chief.get(`/api/reports/jobs/${jobId}/file`)).statusCode).toBe(404);
    expect((await admin.get('/api/reports/jobs/not-a-job')).statusCode).toBe(404);
  });

  it('at most two run at once; a cancelled waiting run never starts and leaves no file', async () => {
    const ids = [await start(admin, 'enclosure-2', all), await start(admin, 'repair-3', all), await start(admin, 'repair-1', all), await start(admin, 'repair-3', all)];
    const cancelled = ids[3]!;
    expect((await admin.delete(`/api/reports/jobs/${cancelled}`)).json().message).toBe('Формирование отчета отменено');
    const ends: ReportJobView[] = [];
    for (const id of ids) ends.push((await views(admin, id)).at(-1)!);
    // No moment when more than two ran: count the runs started and not yet ended at each start.
    const spans = ends.filter((v) => v.startedAt && v.finishedAt).map((v) => [Date.parse(v.startedAt!), Date.parse(v.finishedAt!)] as const);
    expect(spans.length).toBeGreaterThanOrEqual(3);
    for (const [s] of spans) expect(spans.filter(([a, b]) => a <= s && s < b).length).toBeLessThanOrEqual(2);
    const final = (await admin.get(`/api/reports/jobs/${cancelled}`)).json() as ReportJobView;
    // Cancelled before a worker slot freed (the usual case), or, on a very fast machine, finished first.
    if (final.state === 'cancelled') {
      expect(final.phase).toBe('Отменено');
      expect(await filesOf(cancelled)).toEqual([]);
      expect((await admin.get(`/api/reports/jobs/${cancelled}/file`)).statusCode).toBe(404);
    } else expect(final.state).toBe('done');
  });

  it('a failing query fails the run with a Russian message and leaves no file', async () => {
    const jobs = reportJobsOf(t.server.ctx);
    const userId = admin.userId!;
    const jobId = await jobs.run({
      userId,
      reportId: 'archive',
      title: 'Журнал',
      period: null,
      fileName: { display: 'x.xlsx', ascii: 'x.xlsx' },
      // A date PostgreSQL refuses: the query throws inside the worker.
      parameters: { regionId: null, balanceHolderId: null, dateBeg: 'not-a-date', dateEnd: 'not-a-date', supplyKind: null },
    });
    let view: ReportJobView | null = null;
    for (let i = 0; i < 600; i++) {
      view = await jobs.get(jobId, userId);
      if (view && view.state !== 'running' && view.state !== 'waiting') break;
      await new Promise((res) => setTimeout(res, 20));
    }
    expect(view?.state).toBe('failed');
    expect(view?.error).toBe('Не удалось сформировать отчет');
    expect(await filesOf(jobId)).toEqual([]);
  });

  it('keeps files and runs a week: the hourly cleanup removes them after that', async () => {
    const jobId = await start(admin, 'waiting-repair', all);
    expect((await views(admin, jobId)).at(-1)!.state).toBe('done');
    const jobs = reportJobsOf(t.server.ctx);
    expect(await jobs.cleanup(Date.now() + REPORT_KEEP_MS - 3600_000)).toBe(0);
    expect((await admin.get(`/api/reports/jobs/${jobId}/file`)).statusCode).toBe(200);
    expect(await jobs.cleanup(Date.now() + REPORT_KEEP_MS + 3600_000)).toBeGreaterThanOrEqual(2);
    expect(await filesOf(jobId)).toEqual([]);
    expect((await admin.get(`/api/reports/jobs/${jobId}/file`)).statusCode).toBe(404);
    expect((await admin.get(`/api/reports/jobs/${jobId}`)).statusCode).toBe(404);
  });

  it('run on Redis as well, and the child processes end with the server', async () => {
    const other = await startTestApp({ redis: true });
    let pid = 0;
    try {
      const client = await other.signIn('admin');
      const r = await client.post('/api/reports/waiting-repair', all);
      expect(r.statusCode, r.body).toBe(200);
      const jobId = (r.json() as { jobId: string }).jobId;
      let view: ReportJobView | null = null;
      for (let i = 0; i < 1200; i++) {
        view = (await client.get(`/api/reports/jobs/${jobId}`)).json() as ReportJobView;
        if (view.state !== 'running' && view.state !== 'waiting') break;
        await new Promise((res) => setTimeout(res, 20));
      }
      expect(view?.state, view?.error).toBe('done');
      pid = view!.workerPid!;
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(process.pid);
    } finally {
      await other.close();
    }
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 100 && alive(); i++) await new Promise((res) => setTimeout(res, 50));
    expect(alive()).toBe(false);
  });
});
