/**
 * The one job API every side effect goes through (mail, calls to outside systems, document
 * generation). Jobs are idempotent: the id is derived from the event that caused them, so a
 * reaction that runs twice enqueues once. Adapters: BullMQ on Redis or on PostgreSQL.
 */
export interface JobOptions {
  /** Derived from the causing event, e.g. `mail:request-12@3`. */
  readonly jobId: string;
  readonly attempts?: number;
  readonly delayMs?: number;
  /** Waits between attempts: doubling from `firstMs`, never longer than `maxMs`. Unset: 1 s doubling. */
  readonly backoff?: { readonly firstMs: number; readonly maxMs: number };
}

export type JobHandler = (data: unknown, info: { readonly jobId: string; readonly attempt: number }) => Promise<unknown>;

export interface JobStatus {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly attempts: number;
  readonly failedReason: string | null;
  readonly data: unknown;
  readonly createdAt: string | null;
  readonly finishedAt: string | null;
}

export interface JobQueue {
  enqueue(name: string, data: unknown, options: JobOptions): Promise<void>;
  register(name: string, handler: JobHandler): void;
  /** Starts working jobs in this process. */
  startWorker(concurrency?: number): Promise<void>;
  list(states: readonly string[], limit?: number): Promise<JobStatus[]>;
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}
