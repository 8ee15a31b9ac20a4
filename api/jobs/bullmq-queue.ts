import { Queue, Worker, createPostgresBackend, type Job, type MinimalJob } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandler, JobOptions, JobQueue, JobStatus } from '../../infrastructure/jobs';
import type { Logger } from '../../infrastructure/logger';
import { retryDelayMs } from '../../domain/hotline/delivery';

/** Jobs on Redis, or on BullMQ's PostgreSQL backend with its queue's and worker's pool sizes (api/db/connection-budget.ts; default 4 each). */
export type JobBackend =
  | { readonly kind: 'redis'; readonly url: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly queuePool?: number; readonly workerPool?: number };

const QUEUE = 'side-effects';
const CAPPED = 'capped-exponential:';

/** BullMQ's custom backoff strategy: doubling from the job's delay, capped by the number in its type. */
const cappedBackoff = (attemptsMade: number, type: string | undefined, _err: Error | undefined, job: MinimalJob | undefined): number => {
  const max = type?.startsWith(CAPPED) ? Number(type.slice(CAPPED.length)) : Number.POSITIVE_INFINITY;
  const first = Number((job?.opts.backoff as { delay?: number } | undefined)?.delay ?? 1000);
  return retryDelayMs({ horizonMs: 0, firstMs: first, maxMs: max }, attemptsMade);
};

/**
 * BullMQ's PostgreSQL connection for a database URL. BullMQ pins its `search_path` in the connection's
 * `options`, and an `options` in the URL (a pool's settings, decision 219) would replace it: those are
 * passed apart, so BullMQ adds its own to them.
 */
export const bullmqConnectionOf = (url: string, max: number) => {
  const u = new URL(url);
  const options = u.searchParams.get('options');
  u.searchParams.delete('options');
  return { connectionString: u.toString(), ...(options ? { options } : {}), schema: 'bullmq', migrate: true, max };
};

// The Redis and PostgreSQL flavours differ only in their connection types; we use this surface.
type AnyQueue = Pick<Queue, 'add' | 'getJobs' | 'getJobCounts' | 'close'>;
type AnyWorker = Pick<Worker, 'on' | 'close' | 'waitUntilReady'>;

/**
 * BullMQ behind our JobQueue port: Redis when REDIS_URL is set, BullMQ's PostgreSQL backend
 * (schema `bullmq` of our database) otherwise. The worker runs in the server process.
 */
export class BullJobQueue implements JobQueue {
  private readonly queue: AnyQueue;
  private worker: AnyWorker | null = null;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly redis: Redis | null;

  constructor(
    private readonly backend: JobBackend,
    private readonly log: Logger,
    private readonly queueName: string = QUEUE,
  ) {
    this.redis = backend.kind === 'redis' ? new Redis(backend.url, { maxRetriesPerRequest: null }) : null;
    this.queue = this.redis
      ? new Queue(queueName, { connection: this.redis })
      : (new Queue(queueName, { connection: this.pgConnection('queuePool') }, createPostgresBackend) as unknown as AnyQueue);
  }

  private pgConnection(pool: 'queuePool' | 'workerPool') {
    const max = this.backend.kind === 'postgres' ? (this.backend[pool] ?? 4) : 4;
    return bullmqConnectionOf(this.backend.url, max);
  }

  async enqueue(name: string, data: unknown, options: JobOptions): Promise<void> {
    await this.queue.add(name, data, {
      // BullMQ ids may not contain ':' (Redis key separator).
      jobId: options.jobId.replaceAll(':', '_'),
      attempts: options.attempts ?? 5,
      // A capped backoff names its cap in the type (BullMQ hands a custom strategy only the type and the job).
      backoff: options.backoff ? { type: `${CAPPED}${Math.round(options.backoff.maxMs)}`, delay: Math.round(options.backoff.firstMs) } : { type: 'exponential', delay: 1000 },
      delay: options.delayMs,
      removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
  }

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async startWorker(concurrency = 4): Promise<void> {
    if (this.worker) return;
    const processor = async (job: Job) => {
      const handler = this.handlers.get(job.name);
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      return handler(job.data, { jobId: job.id ?? '', attempt: job.attemptsMade + 1 });
    };
    this.worker = this.redis
      ? new Worker(this.queueName, processor, { connection: this.redis.duplicate(), concurrency, settings: { backoffStrategy: cappedBackoff } })
      : (new Worker(this.queueName, processor, { connection: this.pgConnection('workerPool'), concurrency, settings: { backoffStrategy: cappedBackoff } }, createPostgresBackend) as unknown as AnyWorker);
    this.worker.on('failed', (job, err) => {
      this.log.error(
        { job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message },
        `job ${job?.name ?? '?'} failed: ${err.message}`,
      );
    });
    this.worker.on('error', (err) => this.log.warn({ err: err.message }, 'job worker error'));
    await this.worker.waitUntilReady();
  }

  async list(states: readonly string[], limit = 100): Promise<JobStatus[]> {
    const jobs = await this.queue.getJobs([...states] as Parameters<Queue['getJobs']>[0], 0, limit - 1);
    const out: JobStatus[] = [];
    for (const j of jobs) {
      if (!j) continue;
      out.push({
        id: j.id ?? '',
        name: j.name,
        state: await j.getState(),
        attempts: j.attemptsMade,
        failedReason: j.failedReason ?? null,
        data: j.data,
        createdAt: j.timestamp ? new Date(j.timestamp).toISOString() : null,
        finishedAt: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
      });
    }
    return out;
  }

  async counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    await this.redis?.quit().catch(() => {});
  }
}
