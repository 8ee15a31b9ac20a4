import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDatabasePool, SERVING_SETTINGS } from '../infrastructure/db/pool';
import { setPreparedStatements } from '../infrastructure/perf/prepared-statements';
import { consoleLogger, type Logger } from '../infrastructure/logger';
import type { ProjectionRunner } from '../processors/runner';
import type { ReadSide } from '../processors/read-side';
import { WorkerReadSide } from '../processors/worker-read-side';
import { buildApp } from './app';
import { connectionBudgetOf, type Config } from './config';
import { withHotlineKey } from './hotline-key';
import { withDemoHotline } from './demo-hotline';
import { Consistency } from './consistency';
import type { AppContext } from './context';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { prepareDatabase } from './db/prepare';
import { takeStartLock } from './db/start-lock';
import { loadTokenSigner } from './auth/tokens';
import { hashPassword } from './auth/passwords';
import { registerJobHandlers } from './jobs/handlers';
import { composeRunner, openEventStore, openIdAllocator, openJobQueue, readModelAccess } from './read-side';
import { backfillWriteIndexes } from '../commands/write-index-backfill';
import { seedIfEmpty, type SeedOutcome } from './seed/seed';
import { FileStore } from '../infrastructure/files/file-store';

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
  /**
   * How new passwords are hashed (the OWASP cost unless given). The browser tests' servers pass a
   * cheaper scrypt: their hundreds of sign-ins each took the full cost's CPU (a stored hash carries
   * its parameters, so sign-in checks it the same way).
   */
  readonly hashPassword?: (password: string) => Promise<string>;
  /**
   * With the demo data and HOTLINE_URL unset, a simulated hot line answers (api/demo-hotline.ts);
   * `npm start` turns it on, the tests' servers call their own double.
   */
  readonly demoHotline?: boolean;
}

type Undo = Array<() => Promise<unknown>>;

/**
 * The composition root: database, event store, read models, jobs, HTTP. A start that fails half-way
 * closes what it opened (the embedded PostgreSQL above all), so the caller can print why and exit.
 */
export const startServer = async (config: Config, options: StartOptions = {}): Promise<RunningServer> => {
  const undo: Undo = [];
  try {
    let configured = await withHotlineKey(config);
    let closeHotline: (() => Promise<void>) | null = null;
    if (options.demoHotline) {
      const demo = await withDemoHotline(configured);
      closeHotline = demo.close;
      if (closeHotline) undo.push(closeHotline);
      configured = demo.config;
    }
    const running = await compose(configured, options, undo);
    if (!closeHotline) return running;
    const stopHotline = closeHotline;
    return { ...running, close: () => running.close().finally(stopHotline) };
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
  setPreparedStatements(config.preparedStatements);
  // PG_POOL_MAX shared out among the process's pools (api/db/connection-budget.ts).
  const budget = connectionBudgetOf(config);
  const pool = await createDatabasePool(databaseUrl, { maximumPoolSize: budget.server, deferredWritesPoolSize: budget.deferredWrites, settings: SERVING_SETTINGS });
  undo.push(() => pool.end());
  // From the migrations to the end of a first start's seeding, one process at a time.
  const startLock = await takeStartLock(databaseUrl, log);
  undo.push(() => startLock.release());
  await prepareDatabase(pool);

  const store = openEventStore(config, pool, databaseUrl);
  undo.push(() => store.close());
  // Write-side indexes (role holders, sets holding a request's spares) from the log, once per database.
  const indexed = await backfillWriteIndexes(pool, store);
  if (indexed.length) log.info({ indexes: indexed }, 'write-side indexes filled from the log');
  const ids = openIdAllocator(pool);
  const jobs = openJobQueue(config, databaseUrl, log);
  const deps = { config, pool, store, ids, jobs, log };
  // Inline: the runner in this event loop. Worker: a thread of its own (READ_SIDE, api/config.ts).
  let readSide: ReadSide;
  let inline: ProjectionRunner | null = null;
  let worker: WorkerReadSide | null = null;
  // The cache asks the read side how its read models changed; an inline runner's reactions use the cache.
  const { cache, lookups } = readModelAccess(pool, () => readSide);
  if (config.readSide === 'worker') {
    worker = new WorkerReadSide({ module: new URL('./read-side.ts', import.meta.url).href, factory: 'buildWorkerReadSide', options: { config, databaseUrl } }, log);
    readSide = worker;
  } else {
    inline = composeRunner(deps, { cache, lookups });
    await inline.prepare();
    readSide = inline;
  }
  const ctx: AppContext = {
    config,
    pool,
    store,
    ids,
    runner: readSide,
    jobs,
    tokens: await loadTokenSigner(pool, config.dataDir),
    consistency: new Consistency(readSide, store),
    log,
    hashPassword: options.hashPassword ?? hashPassword,
    files: new FileStore(config.filesDir),
    cache,
    lookups,
  };
  registerJobHandlers(ctx);
  undo.push(() => jobs.close());
  const stopReadSide = async () => {
    await inline?.stop();
    await worker?.close();
  };
  undo.push(stopReadSide);
  inline?.start();
  await worker?.open();
  await jobs.startWorker();

  let seeded: SeedOutcome | null = null;
  if (options.seed ?? true) seeded = await seedIfEmpty(ctx, { livingDemo: options.livingDemo ?? false });
  await startLock.release();

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
      await stopReadSide();
      await jobs.close();
      await store.close();
      await pool.end();
      await embedded?.stop();
    },
  };
};
