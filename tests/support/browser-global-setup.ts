import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../api/config';
import { scryptHasher } from '../../api/auth/passwords';
import { startServer, type RunningServer } from '../../api/server';
import type { Logger } from '../../infrastructure/logger';
import { ensureChromium } from './browser-chromium';
import { buildClientIfStale } from './browser-client';
import { browserWorkers } from './browser-workers';
import { databaseUrl, dropOrphanDatabases, withAdminClient } from './database';
import { ensurePostgres, ensureRedis } from './services';
import { startHotlineDouble } from './hotline-double';
import { installServerTricks } from '../../infrastructure/perf/install';

// The servers of these tests run in this process: the library patches a server entry point installs.
installServerTricks();

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per browser worker, the origin serving the built client and /api, e.g. http://127.0.0.1:41234 */
    appUrls: string[];
    /** Per browser worker, the state hot line double its server calls (tests/support/hotline-double.ts; control at /__double/next). */
    hotlineUrls: string[];
    /** Where test files lease one of those servers (browser-slots.ts). */
    browserSlotDir: string;
  }
}

/** Server warnings and errors are worth seeing next to a failing test; info lines are not. */
const quietLog: Logger = {
  info: () => {},
  warn: (obj, msg) => console.warn('[server]', msg ?? '', JSON.stringify(obj)),
  error: (obj, msg) => console.error('[server]', msg ?? '', JSON.stringify(obj)),
};

/**
 * The real server as `npm start` composes it (migrations, demo data, projections, jobs, the built
 * client from web/dist with the SPA fallback), in this process, on a fresh database named with our
 * pid (orphans of dead runs are dropped). Jobs use BullMQ's PostgreSQL backend inside that
 * database, so runs sharing the machine's Redis never take each other's jobs.
 */
const startApp = (database: string, workDir: string, hotlineUrl: string): Promise<RunningServer> => {
  // Small pools (tests/support/pools.ts), with room for a page's calls side by side: the server's pool 6.
  const env: NodeJS.ProcessEnv = { ...process.env, PG_POOL_MAX: process.env.PG_POOL_MAX || '16', DATABASE_URL: databaseUrl(database), PORT: '0', HOST: '127.0.0.1', DATA_DIR: workDir, FILES_DIR: path.join(workDir, 'files'), DEMO: '1', HOTLINE_URL: hotlineUrl, HOTLINE_EMAIL: 'gl@hotline.example.ru', DELIVERY_RETRY_FIRST_MS: '1000' };
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  // Scrypt at N=2^12 instead of 2^17 for the demo accounts and the users the tests create: a sign-in
  // cost ~0.7 s of CPU at the product's cost, ~40 % of a request dialog test (the integration tests
  // keep the product's cost and check it).
  return startServer(loadConfig(env), { listen: true, seed: true, log: quietLog, hashPassword: scryptHasher(2 ** 12) });
};

interface WorkerApp {
  readonly url: string;
  readonly hotlineUrl: string;
  close(): Promise<void>;
}

/** One worker's server with its own database, files folder and hot line double. */
const startWorkerApp = async (slot: number): Promise<WorkerApp> => {
  const database = `t_${process.pid}_browser_${slot}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${database}"`));
  const workDir = mkdtempSync(path.join(tmpdir(), 'itsup-browser-'));
  let server: RunningServer | null = null;
  const hotline = await startHotlineDouble();
  const close = async () => {
    await server?.close();
    await hotline.close();
    await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    server = await startApp(database, workDir, hotline.url);
    const page = await (await fetch(new URL('/about', server.url))).text();
    if (!page.includes('<div id="root">')) throw new Error('The server does not serve the built client (web/dist) with the SPA fallback');
  } catch (error) {
    await close();
    throw error;
  }
  return { url: server.url, hotlineUrl: hotline.url, close };
};

export default async function setup(project: TestProject) {
  const started = Date.now();
  ensureChromium();
  await ensurePostgres();
  await ensureRedis();
  await dropOrphanDatabases();
  buildClientIfStale();

  const results = await Promise.allSettled(Array.from({ length: browserWorkers() }, (_, slot) => startWorkerApp(slot + 1)));
  const apps = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const slotDir = mkdtempSync(path.join(tmpdir(), 'itsup-browser-slots-'));
  const teardown = async () => {
    for (const app of apps) await app.close();
    rmSync(slotDir, { recursive: true, force: true });
  };
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  console.log(`[browser] ${apps.length} apps at ${apps.map((a) => a.url).join(', ')}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('appUrls', apps.map((a) => a.url));
  project.provide('hotlineUrls', apps.map((a) => a.hotlineUrl));
  project.provide('browserSlotDir', slotDir);
  return teardown;
}
