import path from 'node:path';
import type { ObjectDocumentSpec, ReportFileName, ReportFormat } from '../../domain/report/types';
import type { ResolvedReportParameters } from '../../domain/report/court/parameters';
import type { Cell, ChartPoint, ReportColumn } from '../../projections/report/queries';

/** What the server (api/jobs/report.ts) and the report job's child process (report-worker.ts) share. */

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
  /** The process that built it (not the server's), its peak heap and peak resident set (the bench reads them). */
  readonly workerPid?: number;
  readonly workerHeapMb?: number;
  readonly workerRssMb?: number;
}

/** A job's data: everything the worker needs, as JSON; a court report's table or one object's document. */
interface ReportJobBase {
  readonly userId: number;
  readonly reportId: string;
  readonly title: string;
  readonly fileName: ReportFileName;
  /** Set by a cancel; the worker also gets BullMQ's abort signal when it already runs. */
  readonly cancelled?: boolean;
}
export interface TableJobData extends ReportJobBase {
  readonly period: string | null;
  readonly parameters: ResolvedReportParameters;
}
/**
 * A technical document of one object: the server checked the right, the object's scope and the
 * signers and looked up what the template prints of them; the worker reads the data and renders.
 */
export interface DocumentJobData extends ReportJobBase {
  readonly document: {
    readonly spec: ObjectDocumentSpec;
    readonly unitId: number;
    readonly year: number;
    /** The template's file under templates/technical (by the object's KSA code). */
    readonly template: string;
    /** The template's fields about the object and its signers. */
    readonly fields: Readonly<Record<string, string | number>>;
  };
}
export type ReportJobData = TableJobData | DocumentJobData;
/** What a start gives (a union's each member without the cancel flag). */
export type ReportJobInput = ReportJobData extends infer T ? (T extends ReportJobData ? Omit<T, 'cancelled'> : never) : never;
export const isDocumentJob = (data: ReportJobData): data is DocumentJobData => 'document' in data;
export const formatOfJob = (data: ReportJobData): ReportFormat => (isDocumentJob(data) ? 'docx' : 'xlsx');
export interface ReportJobProgress { readonly phase: string; readonly done: number; readonly total: number }
export interface ReportJobResult { readonly preview: ReportPreview; readonly workerPid: number; readonly workerHeapMb: number; readonly workerRssMb: number }
/** What the child process needs from the server, as JSON in its environment variable REPORT_WORKER_ENV. */
/** What a report child is given: where to read and write, and its pool's size (PG_POOL_MAX's share). */
export interface ReportWorkerData { readonly databaseUrl: string; readonly dir: string; readonly poolSize?: number }
export const REPORT_WORKER_ENV = 'ITSUP_REPORT_WORKER';
/** The .json beside a file: its owner, name and format, so a download survives the job's removal and a restart. */
export interface ReportStoredMeta { readonly userId: number; readonly reportId: string; readonly fileName: ReportFileName; readonly format?: ReportFormat; readonly finishedAt: number }

export const REPORT_CANCELLED = 'report cancelled';
export const reportPhases = { waiting: 'В очереди', reading: 'Чтение данных', writing: 'Запись файла', done: 'Готово', cancelled: 'Отменено', failed: 'Ошибка' } as const;

/** Job ids are UUIDs; anything else is unknown (and never reaches a path). */
export const isReportJobId = (id: string | undefined): id is string => id !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
const safe = (id: string | undefined) => {
  if (!isReportJobId(id)) throw new Error(`bad report job id ${id ?? ''}`);
  return id;
};
export const reportFilePath = (dir: string, jobId: string | undefined, format: ReportFormat = 'xlsx') => path.join(dir, `${safe(jobId)}.${format}`);
export const reportMetaPath = (dir: string, jobId: string | undefined) => path.join(dir, `${safe(jobId)}.json`);
