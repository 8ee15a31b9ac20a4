import { readFile, rm, writeFile } from 'node:fs/promises';
import type { SandboxedJob } from 'bullmq';
import ExcelJS from 'exceljs';
import type { DatabasePool } from 'slonik';
import { createDatabasePool } from '../../infrastructure/db/pool';
import { setPreparedStatements } from '../../infrastructure/perf/prepared-statements';
import { courtReportQueries, type Cell } from '../../projections/report/queries';
import { objectDocumentData } from '../../projections/report/technical-queries';
import type { CourtReportId } from '../../domain/report/court/reports';
import { renderDocx } from '../../infrastructure/docx-template';
import { waitForSheet } from '../export/sheet-backpressure';
import { headerHeight, printOptions, ruFormats, widthsFromContent } from '../export/print-setup';
import {
  REPORT_CANCELLED, REPORT_WORKER_ENV, formatOfJob, isDocumentJob, reportFilePath, reportMetaPath, reportPhases,
  type DocumentJobData, type ReportJobData, type ReportJobProgress, type ReportJobResult, type ReportPreview, type ReportStoredMeta,
  type ReportWorkerData, type TableJobData,
} from './report-types';
import { installServerTricks } from '../../infrastructure/perf/install';

// A server process: the library patches of infrastructure/perf (each with its off switch).
installServerTricks();

/**
 * The report job's processor (decisions 87–96), run by BullMQ in a child process of the server
 * (report-worker.mjs loads it and lowers its priority), so reading and folding the data and writing
 * the file neither hold the server's event loop nor count in its memory. It has its own small pool;
 * it reports phase and rows done of total (at most every 250 ms), stops between batches when
 * cancelled or when the server stops it, and leaves no file when it does not finish.
 */

const PROGRESS_MS = 250;
const PREVIEW_ROWS = 20;
const TECHNICAL_TEMPLATES = new URL('../../templates/technical/', import.meta.url);

const { databaseUrl, dir, poolSize = 2 } = JSON.parse(process.env[REPORT_WORKER_ENV] ?? '{}') as ReportWorkerData;
// The server stops its children with SIGTERM (BullMQ's handler then waits for the current job):
// the job stops at its next batch instead of running to its end.
let stopping = false;
process.once('SIGTERM', () => (stopping = true));
let pool: Promise<DatabasePool> | null = null;
// Two runs at most at once (the worker's concurrency), a connection each. A report's query keeps to
// one core: with parallel workers a year of all regions took both cores of the database server and
// the desk's commands queued behind it (bench: command p95 while reports run).
// A report's statements run a few times a day, each planned best for its own period and region.
setPreparedStatements(false);
const poolOf = () => (pool ??= createDatabasePool(databaseUrl, { maximumPoolSize: poolSize, settings: { max_parallel_workers_per_gather: 0 } }));

class Cancelled extends Error {
  constructor() {
    super(REPORT_CANCELLED);
  }
}

type Progress = (p: ReportJobProgress) => Promise<void>;

/** A court report's table: its query's rows streamed into the xlsx, the first rows and totals as the preview. */
const buildTable = async (input: TableJobData, file: string, check: () => void, progress: Progress): Promise<ReportPreview> => {
  const data = await courtReportQueries[input.reportId as CourtReportId](await poolOf(), input.parameters);
  check();
  const total = data.total;
  await progress({ phase: reportPhases.writing, done: 0, total });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  // The first batch is read before the sheet opens: the widths come from it (they are written first).
  const batches = data.rows[Symbol.asyncIterator]();
  const first = await batches.next();
  check();
  const titles = data.columns.map((c) => c.title);
  const widths = widthsFromContent(titles, first.done ? [] : first.value.map((r) => r.cells), data.columns.map((c) => Math.min(c.width, 12)));
  const headerRow = 1 + (input.period ? 1 : 0) + data.heading.length + 1 + 1;
  const region = data.heading.find((h) => h.startsWith('Регион') || h === 'Все регионы') ?? null;
  const ws = wb.addWorksheet('Отчет', printOptions(widths, { first: headerRow, last: headerRow }, { title: input.title, period: input.period, region }));
  widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  const bold = { bold: true } as const;
  const title = ws.addRow([input.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  if (input.period) ws.addRow([input.period]).commit();
  for (const h of data.heading) ws.addRow([h]).commit();
  ws.addRow([]).commit();
  const head = ws.addRow(titles);
  head.font = bold;
  head.height = headerHeight(titles, widths);
  head.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
  head.eachCell((cell) => (cell.border = { top: { style: 'thin' }, bottom: { style: 'thin' }, left: { style: 'thin' }, right: { style: 'thin' } }));
  head.commit();
  const numFmt = data.columns.map((c) => (c.kind === 'money' ? ruFormats.money : c.kind === 'int' ? ruFormats.int : undefined));
  const wrap = { wrapText: true, vertical: 'top' } as const;
  const preview: Array<{ cells: readonly Cell[]; style?: string }> = [];
  let done = 0;
  let last = 0;
  const rest = { [Symbol.asyncIterator]: () => batches };
  async function* all() {
    if (!first.done) yield first.value;
    yield* rest;
  }
  for await (const batch of all()) {
    check();
    for (const r of batch) {
      const row = ws.addRow([...r.cells]);
      if (r.style) row.font = bold;
      // Long texts wrap within their column (at most MAX_WIDTH wide) instead of running off the page.
      row.eachCell((c, i) => { if (typeof c.value === 'string' && c.value.length > (widths[i - 1] ?? 0)) c.alignment = wrap; });
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
  await progress({ phase: reportPhases.done, done: Math.max(total, done), total: Math.max(total, done) });
  return { columns: data.columns, rows: preview, totals, ...(data.chart ? { chart: data.chart() } : {}) };
};

/**
 * One object's technical document: its tools, programs and requests read, the template of its KSA
 * code filled; the preview counts what the document lists.
 */
const buildDocument = async (input: DocumentJobData, file: string, check: () => void, progress: Progress): Promise<ReportPreview> => {
  const { spec, unitId, year, template, fields } = input.document;
  const [data, blank] = await Promise.all([objectDocumentData(await poolOf(), spec, unitId, year), readFile(new URL(template, TECHNICAL_TEMPLATES))]);
  check();
  const total = data.tools.length + data.software.length + data.requests.length;
  await progress({ phase: reportPhases.writing, done: 0, total });
  const docx = renderDocx(blank, {
    ...data,
    ...fields,
    year,
    tools_count: data.tools.length,
    software_count: data.software.length,
    requests_count: data.requests.length,
  });
  check();
  await writeFile(file, docx);
  await progress({ phase: reportPhases.done, done: total, total });
  const count = (title: string, n: number) => ({ cells: [title, n] as Cell[] });
  return {
    columns: [{ title: 'Раздел', kind: 'text', width: 40 }, { title: 'Строк', kind: 'int', width: 10 }],
    rows: [
      count('Технические средства', data.tools.length),
      count('Программное обеспечение', data.software.length),
      ...(spec.requests ? [count(`Заявки за ${year} год`, data.requests.length)] : []),
    ],
    totals: ['Итого', total],
  };
};

export default async function processReport(job: SandboxedJob<ReportJobData, ReportJobResult>, _token?: string, signal?: AbortSignal): Promise<ReportJobResult> {
  const input = job.data;
  const format = formatOfJob(input);
  const file = reportFilePath(dir, job.id, format);
  const check = () => {
    if (signal?.aborted || job.data.cancelled || stopping) throw new Cancelled();
  };
  // This process's own heap and resident set, sampled at each progress report.
  let heap = 0;
  let rss = 0;
  const sample = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  sample();
  const progress = (p: ReportJobProgress) => {
    sample();
    return job.updateProgress({ ...p });
  };
  try {
    check();
    await progress({ phase: reportPhases.reading, done: 0, total: 0 });
    const preview = isDocumentJob(input) ? await buildDocument(input, file, check, progress) : await buildTable(input, file, check, progress);
    const meta: ReportStoredMeta = { userId: input.userId, reportId: input.reportId, fileName: input.fileName, format, finishedAt: Date.now() };
    await writeFile(reportMetaPath(dir, job.id), JSON.stringify(meta));
    sample();
    return { preview, workerPid: process.pid, workerHeapMb: Math.round(heap / 2 ** 20), workerRssMb: Math.round(rss / 2 ** 20) };
  } catch (error) {
    await rm(file, { force: true }).catch(() => {});
    await rm(reportMetaPath(dir, job.id), { force: true }).catch(() => {});
    throw error instanceof Cancelled || signal?.aborted ? new Cancelled() : error;
  }
}
