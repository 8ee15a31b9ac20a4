import path from 'node:path';
import type { ReportFileName } from '../../domain/report/types';
import type { ResolvedReportParameters } from '../../domain/report/court/parameters';
import type { Cell, ChartPoint, ReportColumn } from '../../projections/report/queries';

/** What the server (api/jobs/report.ts) and the report job's worker thread (report-worker.ts) share. */

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
  /** When a worker took it, and when it ended. */
  readonly startedAt?: string;
  readonly finishedAt?: string;
  /** Peak heap of the worker thread that built it (the bench reads it; its RSS is the server's). */
  readonly workerHeapMb?: number;
}

/** A job's data: everything the worker needs, as JSON. */
export interface ReportJobData {
  readonly userId: number;
  readonly reportId: string;
  readonly title: string;
  readonly period: string | null;
  readonly fileName: ReportFileName;
  readonly parameters: ResolvedReportParameters;
  /** Set by a cancel; the worker also gets BullMQ's abort signal when it already runs. */
  readonly cancelled?: boolean;
}
export interface ReportJobProgress { readonly phase: string; readonly done: number; readonly total: number }
export interface ReportJobResult { readonly preview: ReportPreview; readonly workerHeapMb: number }
/** The worker thread's workerData. */
export interface ReportWorkerData { readonly databaseUrl: string; readonly dir: string }
/** The .json beside a file: its owner and name, so a download survives the job's removal and a restart. */
export interface ReportStoredMeta { readonly userId: number; readonly reportId: string; readonly fileName: ReportFileName; readonly finishedAt: number }

export const REPORT_CANCELLED = 'report cancelled';
export const reportPhases = { waiting: 'В очереди', reading: 'Чтение данных', writing: 'Запись файла', done: 'Готово', cancelled: 'Отменено', failed: 'Ошибка' } as const;

/** Job ids are UUIDs; anything else is unknown (and never reaches a path). */
export const isReportJobId = (id: string | undefined): id is string => id !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
const safe = (id: string | undefined) => {
  if (!isReportJobId(id)) throw new Error(`bad report job id ${id ?? ''}`);
  return id;
};
export const reportFilePath = (dir: string, jobId: string | undefined) => path.join(dir, `${safe(jobId)}.xlsx`);
export const reportMetaPath = (dir: string, jobId: string | undefined) => path.join(dir, `${safe(jobId)}.json`);
