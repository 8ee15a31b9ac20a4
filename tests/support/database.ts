import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { inject } from 'vitest';
import { createDatabasePool } from '../../infrastructure/db/pool';
import { TEST_FILE_POOL } from './pools';
import { adminDatabaseUrl } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    seededTemplateDatabase: string;
    runId: string;
  }
}

export const databaseUrl = (name: string) => {
  const u = new URL(adminDatabaseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

export const withAdminClient = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** Drops databases left behind by test runs whose process is gone (names carry the pid). */
export const dropOrphanDatabases = async () => {
  await withAdminClient(async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname ~ '^(itsup_tpl|t)_[0-9]+_'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[datname.startsWith('t_') ? 1 : 2]);
      if (pid && isAlive(pid)) continue;
      await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    }
  });
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  readonly pool: DatabasePool;
  drop(): Promise<void>;
}

/**
 * Each test file gets its own database, cloned from the run's template that already has every
 * migration and read-model table, so files run in parallel without seeing each other.
 */
export const createTestDatabase = async (options: { seeded?: boolean } = {}): Promise<TestDatabase> => {
  const template = options.seeded ? inject('seededTemplateDatabase') : inject('templateDatabase');
  const runId = inject('runId');
  const name = `t_${runId}_${randomBytes(5).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = databaseUrl(name);
  const pool = await createDatabasePool(url, { maximumPoolSize: TEST_FILE_POOL });
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end();
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
};

/** An md5 of every row of each table, order-independent: read models compared before/after a rebuild. */
export const tableChecksums = async (pool: DatabasePool, tables: readonly string[]): Promise<Record<string, string>> => {
  const out: Record<string, string> = {};
  for (const t of tables)
    out[t] = String(
      await pool.oneFirst(sql.unsafe`
        SELECT md5(COALESCE(string_agg(r::text, '|' ORDER BY r::text), '')) FROM (SELECT to_jsonb(x) AS r FROM ${sql.identifier([t])} x) q`),
    );
  return out;
};
