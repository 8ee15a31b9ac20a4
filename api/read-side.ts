import type { DatabasePool } from 'slonik';
import { createDatabasePool } from '../infrastructure/db/pool';
import { setPreparedStatements } from '../infrastructure/perf/prepared-statements';
import { PostgresEventStore } from '../infrastructure/eventstore/postgres/postgres-event-store';
import { EventStoreDbEventStore } from '../infrastructure/eventstore/eventstoredb/eventstoredb-event-store';
import { withUpcasting } from '../infrastructure/eventstore/upcasting';
import type { EventStore } from '../infrastructure/eventstore/port';
import { postgresIdAllocator, type IdAllocator } from '../infrastructure/ids';
import type { JobQueue } from '../infrastructure/jobs';
import type { Logger } from '../infrastructure/logger';
import { ReadModelCache, type ReadModelVersions } from '../infrastructure/read-model-cache';
import { allProjections } from '../projections/registry';
import { ProjectionRunner } from '../processors/runner';
import type { WorkerParts } from '../processors/worker-thread';
import type { WriteLookups } from '../commands/context';
import { connectionBudgetOf, type Config } from './config';
import { BullJobQueue } from './jobs/bullmq-queue';
import { allReactions } from './reactions';
import { upcasters } from './upcasters';
import { writeLookups } from './write-lookups';

/** The event store the configuration names (PostgreSQL, or EventStoreDB with its indexes in PostgreSQL). */
export const openEventStore = (config: Config, pool: DatabasePool, databaseUrl: string): EventStore =>
  withUpcasting(config.eventStoreUrl ? new EventStoreDbEventStore(config.eventStoreUrl, pool) : new PostgresEventStore(pool, { listenUrl: databaseUrl, pollIntervalMs: 500 }), upcasters);

// Every new request takes an id: reserve them in blocks (their numbers are what users see).
export const openIdAllocator = (pool: DatabasePool): IdAllocator => postgresIdAllocator(pool, { reserve: { request: 20 } });

/** The side-effect jobs' queue: the server's (which also works the jobs), or the read side thread's (which only adds them). */
export const openJobQueue = (config: Config, databaseUrl: string, log: Logger, owner: 'server' | 'readSide' = 'server'): BullJobQueue => {
  const budget = connectionBudgetOf(config);
  const queuePool = owner === 'server' ? budget.jobsQueue : budget.readSideJobsQueue;
  const backend = config.redisUrl ? { kind: 'redis' as const, url: config.redisUrl } : { kind: 'postgres' as const, url: databaseUrl, queuePool, workerPool: budget.jobsWorker };
  return new BullJobQueue(backend, log, config.jobsQueue);
};

export interface ReadSideDeps {
  readonly config: Config;
  readonly pool: DatabasePool;
  readonly store: EventStore;
  readonly ids: IdAllocator;
  readonly jobs: JobQueue;
  readonly log: Logger;
}

/**
 * The cache of rarely changing read models and the write side's lookups through it; the cache
 * follows the versions the read side reports (the server's in either mode, the worker's in it).
 */
export const readModelAccess = (pool: DatabasePool, readSide: () => ReadModelVersions): { cache: ReadModelCache; lookups: WriteLookups } => {
  const cache = new ReadModelCache({ version: (name) => readSide().version(name) });
  // Handlers read the read models only through these ports (commands/*/lookup-port.ts).
  return { cache, lookups: writeLookups(pool, cache) };
};

/** The runner with every projection and every reaction (which use the cache and the lookups). */
export const composeRunner = (deps: ReadSideDeps, access: { cache: ReadModelCache; lookups: WriteLookups }): ProjectionRunner =>
  new ProjectionRunner(deps.pool, deps.store, allProjections(), allReactions({ ...deps, ...access }), deps.log, { pollIntervalMs: 500 });

export interface ReadSideWorkerOptions {
  readonly config: Config;
  readonly databaseUrl: string;
}

/**
 * READ_SIDE=worker: the read side in a worker thread (processors/worker-thread.ts) with its own
 * pool, event store (woken by the appends' NOTIFY) and job queue client; jobs run in the server.
 */
export const buildWorkerReadSide = async ({ config, databaseUrl }: ReadSideWorkerOptions, log: Logger): Promise<WorkerParts> => {
  setPreparedStatements(config.preparedStatements);
  const budget = connectionBudgetOf(config);
  const pool = await createDatabasePool(databaseUrl, { maximumPoolSize: budget.readSide, deferredWritesPoolSize: budget.deferredWrites });
  const store = openEventStore(config, pool, databaseUrl);
  const jobs = openJobQueue(config, databaseUrl, log, 'readSide');
  // The runner needs the reactions, which use the cache, which asks the runner.
  const runner: ProjectionRunner = composeRunner({ config, pool, store, ids: openIdAllocator(pool), jobs, log }, readModelAccess(pool, () => runner));
  return {
    runner,
    close: async () => {
      await jobs.close();
      await store.close();
      await pool.end();
    },
  };
};
