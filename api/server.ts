import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDatabasePool } from '../infrastructure/db/pool';
import { PostgresEventStore } from '../infrastructure/eventstore/postgres/postgres-event-store';
import { EventStoreDbEventStore } from '../infrastructure/eventstore/eventstoredb/eventstoredb-event-store';
import { withUpcasting } from '../infrastructure/eventstore/upcasting';
import type { EventStore } from '../infrastructure/eventstore/port';
import { postgresIdAllocator } from '../infrastructure/ids';
import { consoleLogger, type Logger } from '../infrastructure/logger';
import { ReadModelCache } from '../infrastructure/read-model-cache';
import { allProjections } from '../projections/registry';
import { ProjectionRunner } from '../processors/runner';
import { buildApp } from './app';
import type { Config } from './config';
import { withHotlineKey } from './hotline-key';
import { Consistency } from './consistency';
import type { AppContext } from './context';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { prepareDatabase } from './db/prepare';
import { loadTokenSigner } from './auth/tokens';
import { hashPassword } from './auth/passwords';
import { BullJobQueue } from './jobs/bullmq-queue';
import { registerJobHandlers } from './jobs/handlers';
import { allReactions } from './reactions';
import { upcasters } from './upcasters';
import { backfillWriteIndexes } from '../commands/write-index-backfill';
import { seedIfEmpty, type SeedOutcome } from './seed/seed';
import { FileStore } from '../infrastructure/files/file-store';
import { writeLookups } from './write-lookups';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly url: string;
  readonly databaseUrl: string;
  /** What a fresh database was given (demo data, or references and one administrator), null when not empty. */
  readonly seeded: SeedOutcome | null;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly listen?: boolean;
  readonly seed?: boolean;
  /** With the demo seed, also seed the living demo (weeks of requests); `npm start` turns it on. */
  readonly livingDemo?: boolean;
  readonly log?: Logger;
  readonly httpLogger?: boolean;
}

type Undo = Array<() => Promise<unknown>>;

/**
 * The composition root: database, event store, read models, jobs, HTTP. A start that fails half-way
 * closes what it opened (the embedded PostgreSQL above all), so the caller can print why and exit.
 */
export const startServer = async (config: Config, options: StartOptions = {}): Promise<RunningServer> => {
  const undo: Undo = [];
  try {
    return await compose(await withHotlineKey(config), options, undo);
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => {});
    throw error;
  }
};

const compose = async (config: Config, options: StartOptions, undo: Undo): Promise<RunningServer> => {
  const log = options.log ?? consoleLogger;
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const started = await startEmbeddedPostgres(config.dataDir);
    undo.push(() => started.stop());
    embedded = started;
    databaseUrl = embedded.url;
  }
  const pool = await createDatabasePool(databaseUrl, { maximumPoolSize: 20 });
  undo.push(() => pool.end());
  await prepareDatabase(pool);

  const baseStore: EventStore = config.eventStoreUrl
    ? new EventStoreDbEventStore(config.eventStoreUrl, pool)
    : new PostgresEventStore(pool, { listenUrl: databaseUrl, pollIntervalMs: 500 });
  const store = withUpcasting(baseStore, upcasters);
  undo.push(() => store.close());
  // Write-side indexes (role holders, sets holding a request's spares) from the log, once per database.
  const indexed = await backfillWriteIndexes(pool, store);
  if (indexed.length) log.info({ indexes: indexed }, 'write-side indexes filled from the log');
  // Every new request takes an id: reserve them in blocks (their numbers are what users see).
  const ids = postgresIdAllocator(pool, { reserve: { request: 20 } });
  const jobs = new BullJobQueue(config.redisUrl ? { kind: 'redis', url: config.redisUrl } : { kind: 'postgres', url: databaseUrl }, log, config.jobsQueue);
  // The cache asks the runner how its read models changed; the runner needs the reactions, which use the cache.
  const cache = new ReadModelCache({ version: (name) => runner.version(name) });
  // Handlers read the read models only through these ports (commands/*/lookup-port.ts).
  const lookups = writeLookups(pool, cache);
  const runner: ProjectionRunner = new ProjectionRunner(pool, store, allProjections(), allReactions({ store, pool, ids, jobs, config, log, cache, lookups }), log, {
    pollIntervalMs: 500,
  });
  await runner.prepare();
  const ctx: AppContext = {
    config,
    pool,
    store,
    ids,
    runner,
    jobs,
    tokens: await loadTokenSigner(pool),
    consistency: new Consistency(runner),
    log,
    hashPassword,
    files: new FileStore(config.filesDir),
    cache,
    lookups,
  };
  registerJobHandlers(ctx);
  runner.start();
  undo.push(() => jobs.close());
  undo.push(() => runner.stop());
  await jobs.startWorker();

  let seeded: SeedOutcome | null = null;
  if (options.seed ?? true) seeded = await seedIfEmpty(ctx, { livingDemo: options.livingDemo ?? false });

  const app = await buildApp(ctx, { webDist: path.resolve('web/dist'), logger: options.httpLogger ?? false });
  undo.push(() => app.close());
  let url = '';
  if (options.listen ?? true) {
    const address = await app.listen({ port: config.port, host: config.host });
    url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  } else await app.ready();

  return {
    app,
    ctx,
    url,
    databaseUrl,
    seeded,
    close: async () => {
      await app.close();
      await runner.stop();
      await jobs.close();
      await store.close();
      await pool.end();
      await embedded?.stop();
    },
  };
};
