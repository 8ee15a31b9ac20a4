import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Logger } from '../../infrastructure/logger';
import type { ReportFileName } from '../../domain/report/types';
import type { Cell, ChartPoint, ReportColumn, ReportData } from '../../projections/report/queries';
import { waitForSheet } from '../export/sheet-backpressure';

/**
 * Report runs (issue 15): a run reads its report's data from the read models and streams an xlsx
 * file into DATA_DIR/reports, reporting its phase and rows done of total (at most every 250 ms);
 * it can be cancelled between batches; the file (and a small .json beside it naming its owner and
 * name) stays a week and only the user who started the run may read it. At most two runs work at
 * once, the rest wait, so reports never take the pool from the desk's commands.
 */

export type ReportJobState = 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
export interface ReportPreview {
  readonly columns: readonly ReportColumn[];
  readonly rows: ReadonlyArray<{ readonly cells: readonly Cell[]; readonly style?: string }>;
  readonly totals: readonly Cell[];
  readonly chart?: readonly ChartPoint[];
}
export interface ReportJobView {
  readonly jobId: string;
  readonly reportId: string;
  readonly state: ReportJobState;
  readonly phase: string;
  readonly done: number;
  readonly total: number;
  readonly preview?: ReportPreview;
  readonly fileName?: string;
  readonly error?: string;
}
interface StoredMeta { readonly userId: number; readonly reportId: string; readonly fileName: ReportFileName; readonly finishedAt: number }

export const REPORT_KEEP_MS = 7 * 24 * 3600_000;
const PROGRESS_MS = 250;
const PREVIEW_ROWS = 20;
const CONCURRENCY = 2;

export const reportPhases = { waiting: 'В очереди', reading: 'Чтение данных', writing: 'Запись файла', done: 'Готово', cancelled: 'Отменено', failed: 'Ошибка' } as const;

export interface ReportRunInput {
  readonly userId: number;
  readonly reportId: string;
  readonly title: string;
  readonly period: string | null;
  readonly fileName: ReportFileName;
  readonly data: () => Promise<ReportData>;
}

class Cancelled extends Error {}

export class ReportJobs {
  private readonly runs = new Map<string, { view: ReportJobView; userId: number; abort: AbortController; fileName: ReportFileName; finishedAt: number | null }>();
  private running = 0;
  private readonly queue: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly dir: string, private readonly log: Logger) {}

  /** Removes files older than a week now and every hour. */
  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await this.cleanup();
    this.timer = setInterval(() => void this.cleanup(), 3600_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    for (const r of this.runs.values()) r.abort.abort();
  }

  async cleanup(now = Date.now()): Promise<number> {
    let removed = 0;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(this.dir, name);
      const s = await stat(file).catch(() => null);
      if (s && now - s.mtimeMs > REPORT_KEEP_MS) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    for (const [id, r] of this.runs) if (r.finishedAt !== null && now - r.finishedAt > REPORT_KEEP_MS) this.runs.delete(id);
    return removed;
  }

  run(input: ReportRunInput): string {
    const jobId = randomUUID();
    const abort = new AbortController();
    const entry = { view: { jobId, reportId: input.reportId, state: 'waiting', phase: reportPhases.waiting, done: 0, total: 0 } as ReportJobView, userId: input.userId, abort, fileName: input.fileName, finishedAt: null as number | null };
    this.runs.set(jobId, entry);
    const set = (v: Partial<ReportJobView>) => (entry.view = { ...entry.view, ...v });
    const go = async () => {
      this.running += 1;
      const file = this.filePath(jobId);
      try {
        if (abort.signal.aborted) throw new Cancelled();
        set({ state: 'running', phase: reportPhases.reading });
        const preview = await this.write(input, file, abort.signal, (done, total, phase) => set({ done, total, phase }));
        await writeFile(this.metaPath(jobId), JSON.stringify({ userId: input.userId, reportId: input.reportId, fileName: input.fileName, finishedAt: Date.now() } satisfies StoredMeta));
        set({ state: 'done', phase: reportPhases.done, done: entry.view.total, preview, fileName: input.fileName.display });
      } catch (error) {
        await rm(file, { force: true }).catch(() => {});
        if (error instanceof Cancelled || abort.signal.aborted) set({ state: 'cancelled', phase: reportPhases.cancelled });
        else {
          this.log.error({ jobId, report: input.reportId, err: (error as Error).message }, 'report failed');
          set({ state: 'failed', phase: reportPhases.failed, error: 'Не удалось сформировать отчет' });
        }
      } finally {
        entry.finishedAt = Date.now();
        this.running -= 1;
        this.queue.shift()?.();
      }
    };
    if (this.running < CONCURRENCY) void go();
    else this.queue.push(() => void go());
    return jobId;
  }

  /** A run of this user; another user's run is as unknown as a wrong id. */
  get(jobId: string, userId: number): ReportJobView | null {
    const r = this.runs.get(jobId);
    return r && r.userId === userId ? r.view : null;
  }

  cancel(jobId: string, userId: number): ReportJobView | null {
    const r = this.runs.get(jobId);
    if (!r || r.userId !== userId) return null;
    if (r.view.state === 'waiting' || r.view.state === 'running') r.abort.abort();
    return r.view;
  }

  /** The finished file of this user's run (also after a restart, from the .json beside it), or null. */
  async file(jobId: string, userId: number): Promise<{ path: string; name: ReportFileName } | null> {
    if (!/^[0-9a-f-]{36}$/.test(jobId)) return null;
    const meta = await readFile(this.metaPath(jobId), 'utf8').then((t) => JSON.parse(t) as StoredMeta).catch(() => null);
    if (!meta || meta.userId !== userId) return null;
    const s = await stat(this.filePath(jobId)).catch(() => null);
    return s ? { path: this.filePath(jobId), name: meta.fileName } : null;
  }

  private filePath(jobId: string) {
    return path.join(this.dir, `${jobId}.xlsx`);
  }
  private metaPath(jobId: string) {
    return path.join(this.dir, `${jobId}.json`);
  }

  /** Streams the report into an xlsx file: title, period, heading, column heads, rows (groups and subtotals bold), totals. */
  private async write(input: ReportRunInput, file: string, signal: AbortSignal, progress: (done: number, total: number, phase: string) => void): Promise<ReportPreview> {
    const data = await input.data();
    if (signal.aborted) throw new Cancelled();
    const total = data.total;
    progress(0, total, reportPhases.writing);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
    const ws = wb.addWorksheet('Отчет');
    data.columns.forEach((c, i) => (ws.getColumn(i + 1).width = c.width));
    const bold = { bold: true } as const;
    const title = ws.addRow([input.title]);
    title.font = { bold: true, size: 14 };
    title.commit();
    if (input.period) ws.addRow([input.period]).commit();
    for (const h of data.heading) ws.addRow([h]).commit();
    ws.addRow([]).commit();
    const head = ws.addRow(data.columns.map((c) => c.title));
    head.font = bold;
    head.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    head.eachCell((cell) => (cell.border = { top: { style: 'thin' }, bottom: { style: 'thin' }, left: { style: 'thin' }, right: { style: 'thin' } }));
    head.commit();
    const numFmt = data.columns.map((c) => (c.kind === 'money' ? '#,##0.00' : c.kind === 'int' ? '0' : undefined));
    const preview: Array<{ cells: readonly Cell[]; style?: string }> = [];
    let done = 0;
    let last = 0;
    for await (const batch of data.rows) {
      if (signal.aborted) throw new Cancelled();
      for (const r of batch) {
        const row = ws.addRow([...r.cells]);
        if (r.style) row.font = bold;
        numFmt.forEach((f, i) => { if (f) row.getCell(i + 1).numFmt = f; });
        row.commit();
        if (preview.length < PREVIEW_ROWS) preview.push(r.style ? { cells: r.cells, style: r.style } : { cells: r.cells });
        if (!r.style) done += 1;
      }
      await waitForSheet(ws);
      const now = Date.now();
      if (now - last >= PROGRESS_MS) {
        last = now;
        progress(Math.min(done, total), Math.max(total, done), reportPhases.writing);
      }
    }
    const totals = data.totals();
    const t = ws.addRow([...totals]);
    t.font = bold;
    numFmt.forEach((f, i) => { if (f) t.getCell(i + 1).numFmt = f; });
    t.commit();
    ws.commit();
    await wb.commit();
    progress(Math.max(total, done), Math.max(total, done), reportPhases.writing);
    return { columns: data.columns, rows: preview, totals, ...(data.chart ? { chart: data.chart() } : {}) };
  }
}
