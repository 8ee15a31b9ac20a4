import { sql, type DatabasePool } from 'slonik';
import { eventStoreSchema, visibleHorizonSchema, visibleHorizonSchema009 } from '../../infrastructure/eventstore/postgres/schema';
import { uniqueValuesSchema, writeSideSchema } from '../../infrastructure/write-side-schema';
import { projectionRunnerSchema } from '../../processors/schema';
import { authSchema } from '../auth/schema';
import { sessionsByUserSchema, sessionsSchema } from '../auth/sessions';
import { runScript } from '../../infrastructure/db/raw-sql';
import { writeIndexSchema } from '../../infrastructure/write-index';
import { textSearchSchema } from '../../infrastructure/db/text-search';
import { credentialsOutOfLog, credentialsSchema } from '../../infrastructure/credentials';

/**
 * Ordered, append-only list of schema steps for tables that are not read models (the event
 * store, write-side helpers, infrastructure). Read models are not migrated: each projection
 * owns its tables and is rebuilt from the log when its version changes.
 */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '001-event-store', sql: eventStoreSchema },
  { id: '002-write-side', sql: writeSideSchema },
  { id: '003-projection-runner', sql: projectionRunnerSchema },
  { id: '004-auth', sql: authSchema },
  { id: '005-unique-values', sql: uniqueValuesSchema },
  { id: '006-auth-sessions', sql: sessionsSchema },
  { id: '007-write-index', sql: writeIndexSchema },
  { id: '008-text-search', sql: textSearchSchema },
  { id: '009-visible-horizon', sql: visibleHorizonSchema009 },
  { id: '010-visible-horizon-placed', sql: visibleHorizonSchema },
  { id: '011-credentials', sql: credentialsSchema + credentialsOutOfLog + sessionsByUserSchema },
];

const MIGRATION_LOCK = 7_160_069;

export const migrate = async (pool: DatabasePool): Promise<string[]> => {
  const applied: string[] = [];
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(sql.unsafe`
      CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(await tx.anyFirst(sql.unsafe`SELECT id FROM schema_migrations`) as string[]);
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await runScript(tx, m.sql);
      await tx.query(sql.unsafe`INSERT INTO schema_migrations (id) VALUES (${m.id})`);
      applied.push(m.id);
    }
  });
  return applied;
};
