import { sql, type DatabasePool } from 'slonik';
import { rawSql, runScript } from '../infrastructure/db/raw-sql';
import type { Projection } from '../infrastructure/projection';
import { lockCheckpoint } from './checkpoint-lock';
import { setCheckpoint } from './checkpoints';

/** Whether every table the projection owns exists in the current schema. */
export const tablesExist = async (pool: DatabasePool, p: Projection): Promise<boolean> => {
  if (p.tables.length === 0) return true;
  const n = await pool.oneFirst(sql.unsafe`
    SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = ANY(${sql.array([...p.tables], 'text')})`);
  return Number(n) === p.tables.length;
};

/**
 * Drops the projection's tables, recreates them (with their secondary indexes) and moves its
 * checkpoint to the start, for the live runner to fill (a new projection, or a new version).
 */
export const resetProjection = async (pool: DatabasePool, p: Projection): Promise<void> => {
  await pool.transaction(async (tx) => {
    await lockCheckpoint(tx, p.name, p.version);
    for (const t of p.tables) await tx.query(rawSql(`DROP TABLE IF EXISTS "${t}" CASCADE`));
    await runScript(tx, p.schema);
    if (p.indexes) await runScript(tx, p.indexes);
    await setCheckpoint(tx, p.name, null, p.version);
  });
};
