import { Queue, Worker, createPostgresBackend, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandler, JobOptions, JobQueue, JobStatus } from '../../infrastructure/jobs';
import type { Logger } from '../../infrastructure/logger';

export type JobBackend = { readonly kind: 'redis'; readonly url: string } | { readonly kind: 'postgres'; readonly url: string };

const QUEUE = 'side-effects';

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
      : (new Queue(queueName, { connection: this.pgConnection() }, createPostgresBackend) as unknown as AnyQueue);
  }

  private pgConnection() {
    return { connectionString: this.backend.url, schema: 'bullmq', migrate: true, max: 4 };
  }

  async enqueue(name: string, data: unknown, options: JobOptions): Promise<void> {
    await this.queue.add(name, data, {
      // BullMQ ids may not contain ':' (Redis key separator).
      jobId: options.jobId.replaceAll(':', '_'),
      attempts: options.attempts ?? 5,
      backoff: { type: 'exponential', delay: 1000 },
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
      ? new Worker(this.queueName, processor, { connection: this.redis.duplicate(), concurrency })
      : (new Worker(this.queueName, processor, { connection: this.pgConnection(), concurrency }, createPostgresBackend) as unknown as AnyWorker);
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
