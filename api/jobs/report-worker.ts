import { rm, writeFile } from 'node:fs/promises';
import { workerData } from 'node:worker_threads';
import type { SandboxedJob } from 'bullmq';
import ExcelJS from 'exceljs';
import type { DatabasePool } from 'slonik';
import { createDatabasePool } from '../../infrastructure/db/pool';
import { courtReportQueries, type Cell } from '../../projections/report/queries';
import type { CourtReportId } from '../../domain/report/court/reports';
import { waitForSheet } from '../export/sheet-backpressure';
import {
  REPORT_CANCELLED, reportFilePath, reportMetaPath, reportPhases,
  type ReportJobData, type ReportJobProgress, type ReportJobResult, type ReportPreview, type ReportStoredMeta, type ReportWorkerData,
} from './report-types';

/**
 * The report job's processor (issue 15), run by BullMQ in a worker thread (report-worker.mjs loads
 * it), so reading and folding the data and writing the xlsx never hold the server's event loop. It
 * has its own small pool; it reports phase and rows done of total (at most every 250 ms), stops
 * between batches when cancelled, and leaves no file when it does not finish.
 */

const PROGRESS_MS = 250;
const PREVIEW_ROWS = 20;

const { databaseUrl, dir } = workerData as ReportWorkerData;
let pool: Promise<DatabasePool> | null = null;
// Two runs at most at once (the worker's concurrency), a connection each.
const poolOf = () => (pool ??= createDatabasePool(databaseUrl, { maximumPoolSize: 2 }));

class Cancelled extends Error {
  constructor() {
    super(REPORT_CANCELLED);
  }
}

export default async function processReport(job: SandboxedJob<ReportJobData, ReportJobResult>, _token?: string, signal?: AbortSignal): Promise<ReportJobResult> {
  const input = job.data;
  const file = reportFilePath(dir, job.id);
  const check = () => {
    if (signal?.aborted || job.data.cancelled) throw new Cancelled();
  };
  // The worker thread's own heap (its RSS is the server process's), sampled at each progress report.
  let heap = process.memoryUsage().heapUsed;
  const progress = (p: ReportJobProgress) => {
    heap = Math.max(heap, process.memoryUsage().heapUsed);
    return job.updateProgress({ ...p });
  };
  try {
    check();
    await progress({ phase: reportPhases.reading, done: 0, total: 0 });
    const data = await courtReportQueries[input.reportId as CourtReportId](await poolOf(), input.parameters);
    check();
    const total = data.total;
    await progress({ phase: reportPhases.writing, done: 0, total });
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
      check();
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
        await progress({ phase: reportPhases.writing, done: Math.min(done, total), total: Math.max(total, done) });
      }
    }
    const totals = data.totals();
    const t = ws.addRow([...totals]);
    t.font = bold;
    numFmt.forEach((f, i) => { if (f) t.getCell(i + 1).numFmt = f; });
    t.commit();
    ws.commit();
    await wb.commit();
    check();
    const meta: ReportStoredMeta = { userId: input.userId, reportId: input.reportId, fileName: input.fileName, finishedAt: Date.now() };
    await writeFile(reportMetaPath(dir, job.id), JSON.stringify(meta));
    await progress({ phase: reportPhases.done, done: Math.max(total, done), total: Math.max(total, done) });
    const result: ReportPreview = { columns: data.columns, rows: preview, totals, ...(data.chart ? { chart: data.chart() } : {}) };
    return { preview: result, workerHeapMb: Math.round(heap / 2 ** 20) };
  } catch (error) {
    await rm(file, { force: true }).catch(() => {});
    await rm(reportMetaPath(dir, job.id), { force: true }).catch(() => {});
    throw error instanceof Cancelled || signal?.aborted ? new Cancelled() : error;
  }
}
