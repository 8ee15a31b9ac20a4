import type { TestProject } from 'vitest/node';
import { createDatabasePool } from '../../infrastructure/db/pool';
import { prepareDatabase } from '../../api/db/prepare';
import { loadConfig } from '../../api/config';
import { startServer } from '../../api/server';
import { silentLogger } from '../../infrastructure/logger';
import { databaseUrl, dropOrphanDatabases, withAdminClient } from './database';
import { ensurePostgres, ensureRedis } from './services';
import { installServerTricks } from '../../infrastructure/perf/install';

// The servers of these tests run in this process: the library patches a server entry point installs.
installServerTricks();

/**
 * Starts the services if they are down and builds two templates once per run: an empty
 * migrated database, and one with the demo data seeded through the real commands.
 */
export default async function setup(project: TestProject) {
  await ensurePostgres();
  await ensureRedis();
  await dropOrphanDatabases();
  const runId = String(process.pid);
  const stamp = Date.now().toString(36);
  const template = `itsup_tpl_${runId}_${stamp}`;
  const seeded = `itsup_tpl_${runId}_${stamp}_seeded`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${template}"`));
  const pool = await createDatabasePool(databaseUrl(template), { maximumPoolSize: 2 });
  try {
    await prepareDatabase(pool);
  } finally {
    await pool.end();
  }
  await withAdminClient((c) => c.query(`CREATE DATABASE "${seeded}" TEMPLATE "${template}"`));
  const server = await startServer(loadConfig({ DATABASE_URL: databaseUrl(seeded), DATA_DIR: `/tmp/itsup-seed-${runId}`, DEMO: '1' }), {
    listen: false,
    seed: true,
    log: silentLogger,
  });
  await server.close();
  project.provide('templateDatabase', template);
  project.provide('seededTemplateDatabase', seeded);
  project.provide('runId', runId);
  return async () => {
    await withAdminClient(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${seeded}" WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    });
  };
}
