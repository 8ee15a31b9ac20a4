import pg from 'pg';
import type { Logger } from '../../infrastructure/logger';

/** The advisory lock a start holds while it brings the database up (distinct from the migrations' own). */
export const START_LOCK = 7_160_071;

export interface StartLock {
  release(): Promise<void>;
}

/**
 * Several server processes may start together on one database. Each holds this lock, on a
 * connection of its own, from its migrations to the end of its first-start seeding: the others
 * wait, then find the database migrated and seeded. The lock goes with the connection, so a start
 * that dies releases it.
 */
export const takeStartLock = async (databaseUrl: string, log: Logger): Promise<StartLock> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const free = (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [START_LOCK])).rows[0]?.ok;
    if (!free) {
      log.info({}, 'another server process is preparing the database: waiting for it');
      await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await client.end().catch(() => {});
    },
  };
};
