import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Queue, createPostgresBackend, type Job, type Worker } from 'bullmq';
import type * as BullMQ from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../../infrastructure/logger';
import type { ReportFileName, ReportFormat } from '../../domain/report/types';
import { bullmqConnectionOf, type JobBackend } from './bullmq-queue';
import {
  REPORT_CANCELLED, REPORT_WORKER_ENV, isReportJobId, reportFilePath, reportMetaPath, reportPhases,
  type ReportJobData, type ReportJobInput, type ReportJobProgress, type ReportJobResult, type ReportJobView, type ReportStoredMeta, type ReportWorkerData,
} from './report-types';

export { REPORT_CANCELLED, reportPhases, type ReportJobData, type ReportJobInput, type ReportJobView, type ReportPreview } from './report-types';

/**
 * Report runs (decisions 87–96) as BullMQ jobs of their own queue (`<jobsQueue>-reports`, on Redis or on
 * BullMQ's PostgreSQL backend, as the side-effect jobs). The processor (report-worker.ts) runs in a
 * child process BullMQ forks (at most two, kept for the next runs; stopped with the worker) with its
 * own small pool and a lower CPU priority: it reads the report's data from the read models, streams
 * the file into DATA_DIR/reports and answers the preview; the server only enqueues and polls, and
 * the report's memory is the child's, not the server's. At most two run at once, the rest wait. A
 * run is its owner's only: another user's id answers as an unknown one. Files (and the jobs) stay a week.
 */

export const REPORT_KEEP_MS = 7 * 24 * 3600_000;
const CONCURRENCY = 2;
/** The child process's own heap budget: the report's folding and the file writer's buffers. */
const WORKER_HEAP_MB = 256;
const PROCESSOR = new URL('./report-worker.mjs', import.meta.url);
/**
 * The worker from BullMQ's CommonJS build whoever loads this file: its sandbox forks the child from
 * the build's own main.js, and the ESM build's one (extensionless imports) fails to load under plain
 * node, which vite's resolver (browser tests' global setup) would pick.
 */
const cjs = createRequire(import.meta.url)('bullmq') as Pick<typeof BullMQ, 'Worker' | 'createPostgresBackend'>;

export interface ReportJobsOptions {
  readonly dir: string;
  readonly backend: JobBackend;
  /** The database the worker's pool reads the read models from. */
  readonly databaseUrl: string;
  readonly queueName: string;
  /** Each report child's pool (api/db/connection-budget.ts); default 2. */
  readonly childPoolSize?: number;
}

type AnyQueue = Pick<Queue, 'add' | 'getJob' | 'getJobs' | 'close'>;
type AnyWorker = Pick<Worker, 'on' | 'close' | 'waitUntilReady' | 'cancelJob'>;

const failedView = { state: 'failed', phase: reportPhases.failed, error: 'Не удалось сформировать отчет' } as const;

export class ReportJobs {
  private readonly queue: AnyQueue;
  private worker: AnyWorker | null = null;
  private readonly redis: Redis | null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ReportJobsOptions, private readonly log: Logger) {
    const { backend, queueName } = options;
    this.redis = backend.kind === 'redis' ? new Redis(backend.url, { maxRetriesPerRequest: null }) : null;
    this.queue = this.redis
      ? new Queue(queueName, { connection: this.redis })
      : (new Queue(queueName, { connection: this.pgConnection() }, createPostgresBackend) as unknown as AnyQueue);
  }

  private pgConnection(pool: 'queuePool' | 'workerPool' = 'queuePool') {
    const { backend } = this.options;
    const max = backend.kind === 'postgres' ? (backend[pool] ?? 2) : 2;
    return bullmqConnectionOf(backend.url, max);
  }

  /** Starts the worker (jobs in child processes) and removes files older than a week now and every hour. */
  async start(): Promise<void> {
    await mkdir(this.options.dir, { recursive: true });
    const workerData: ReportWorkerData = { databaseUrl: this.options.databaseUrl, dir: this.options.dir, poolSize: this.options.childPoolSize ?? 2 };
    const opts = {
      concurrency: CONCURRENCY,
      // A child process, not a thread: a thread's heap is the server's resident set (446–460 MB at scale 1).
      useWorkerThreads: false,
      // Only its own heap budget (not the server's flags; the entry registers tsx itself); its data in the environment.
      workerForkOptions: { execArgv: [`--max-old-space-size=${WORKER_HEAP_MB}`], env: { ...process.env, [REPORT_WORKER_ENV]: JSON.stringify(workerData) } },
      // A report may read for a while without a progress message; its lock must outlive that.
      lockDuration: 120_000,
    };
    this.worker = this.redis
      ? new cjs.Worker(this.options.queueName, PROCESSOR, { ...opts, connection: this.redis.duplicate() })
      : (new cjs.Worker(this.options.queueName, PROCESSOR, { ...opts, connection: this.pgConnection('workerPool') }, cjs.createPostgresBackend) as unknown as AnyWorker);
    this.worker.on('failed', (job, err) => {
      if (err.message !== REPORT_CANCELLED) this.log.error({ jobId: job?.id, report: (job?.data as ReportJobData | undefined)?.reportId, err: err.message }, 'report failed');
    });
    this.worker.on('error', (err) => this.log.warn({ err: err.message }, 'report worker error'));
    await this.worker.waitUntilReady();
    await this.cleanup();
    this.timer = setInterval(() => void this.cleanup().catch((e: Error) => this.log.warn({ err: e.message }, 'report cleanup failed')), 3600_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.worker?.close(true);
    await this.queue.close();
    await this.redis?.quit().catch(() => {});
  }

  /** Removes files and finished jobs older than a week (`now` for the tests' clock). */
  async cleanup(now = Date.now()): Promise<number> {
    let removed = 0;
    const names = await readdir(this.options.dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(this.options.dir, name);
      const s = await stat(file).catch(() => null);
      if (s && now - s.mtimeMs > REPORT_KEEP_MS) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    for (const job of await this.queue.getJobs(['completed', 'failed'])) {
      if (job?.finishedOn && now - job.finishedOn > REPORT_KEEP_MS) await job.remove().catch(() => {});
    }
    return removed;
  }

  async run(data: ReportJobInput): Promise<string> {
    const jobId = randomUUID();
    await this.queue.add('report', data, {
      jobId,
      attempts: 1,
      removeOnComplete: { age: REPORT_KEEP_MS / 1000 },
      removeOnFail: { age: REPORT_KEEP_MS / 1000 },
    });
    return jobId;
  }

  private async owned(jobId: string, userId: number): Promise<Job<ReportJobData, ReportJobResult> | null> {
    if (!isReportJobId(jobId)) return null;
    const job = (await this.queue.getJob(jobId)) as Job<ReportJobData, ReportJobResult> | undefined;
    return job && job.data.userId === userId ? job : null;
  }

  /** A run of this user; another user's run is as unknown as a wrong id. */
  async get(jobId: string, userId: number): Promise<ReportJobView | null> {
    const job = await this.owned(jobId, userId);
    if (!job) return null;
    const p = (typeof job.progress === 'object' ? job.progress : null) as ReportJobProgress | null;
    const base = {
      jobId, reportId: job.data.reportId, done: p?.done ?? 0, total: p?.total ?? 0,
      ...(job.processedOn ? { startedAt: new Date(job.processedOn).toISOString() } : {}),
      ...(job.finishedOn ? { finishedAt: new Date(job.finishedOn).toISOString() } : {}),
    };
    // Judged from this one snapshot of the job (a state read apart from it may be newer than its result).
    const result = job.returnvalue as ReportJobResult | null | undefined;
    if (job.finishedOn && !job.failedReason && result) {
      const { preview, workerPid, workerHeapMb, workerRssMb } = result;
      return { ...base, state: 'done', phase: reportPhases.done, done: base.total, preview, fileName: job.data.fileName.display, workerPid, workerHeapMb, workerRssMb };
    }
    if (job.data.cancelled) return { ...base, state: 'cancelled', phase: reportPhases.cancelled };
    if (job.finishedOn) return { ...base, ...failedView };
    if (job.processedOn) return { ...base, state: 'running', phase: p?.phase ?? reportPhases.reading };
    return { ...base, state: 'waiting', phase: reportPhases.waiting };
  }

  /** Cancels a waiting or running run of this user (a finished one stays as it is). */
  async cancel(jobId: string, userId: number): Promise<ReportJobView | null> {
    const job = await this.owned(jobId, userId);
    if (!job) return null;
    if (!job.finishedOn) {
      // The flag stops a job not yet started (the processor checks it first); a running one gets its abort signal.
      await job.updateData({ ...job.data, cancelled: true });
      this.worker?.cancelJob(jobId, REPORT_CANCELLED);
    }
    return this.get(jobId, userId);
  }

  /** The finished file of this user's run (also after a restart, from the .json beside it), or null. */
  async file(jobId: string, userId: number): Promise<{ path: string; name: ReportFileName; format: ReportFormat } | null> {
    if (!isReportJobId(jobId)) return null;
    const { dir } = this.options;
    const meta = await readFile(reportMetaPath(dir, jobId), 'utf8').then((t) => JSON.parse(t) as ReportStoredMeta).catch(() => null);
    if (!meta || meta.userId !== userId) return null;
    const format = meta.format ?? 'xlsx';
    const file = reportFilePath(dir, jobId, format);
    const s = await stat(file).catch(() => null);
    return s ? { path: file, name: meta.fileName, format } : null;
  }
}
