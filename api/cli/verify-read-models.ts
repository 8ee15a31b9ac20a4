import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import type { EventStore } from '../../infrastructure/eventstore/port';
import { rawSql, runScript } from '../../infrastructure/db/raw-sql';
import type { Projection } from '../../infrastructure/projection';
import { readUntil } from '../../processors/read-until';

export interface TableDifference {
  readonly projection: string;
  readonly table: string;
  /** Rows only in the live table / only in the shadow rebuild (as JSON), up to `sample` of each. */
  readonly onlyLive: number;
  readonly onlyShadow: number;
  readonly samples: string[];
}

/**
 * Rebuilds `projections` from the log into a shadow schema (`verify_<pid>`, first on the search_path
 * of the apply transactions, so the projections' SQL is unchanged) and compares every table with
 * the live one row by row (as jsonb, so column order does not matter). Nothing live is touched; the
 * shadow schema is dropped at the end. The live tables must be caught up to the same head first.
 */
export const verifyReadModels = async (
  pool: DatabasePool,
  store: EventStore,
  projections: readonly Projection[],
  options: { batchSize?: number; sample?: number } = {},
): Promise<{ events: number; differences: TableDifference[] }> => {
  const live = String(await pool.oneFirst(sql.unsafe`SELECT current_schema()`));
  const schema = `verify_${process.pid}`;
  const inSchema = <T>(work: (tx: DatabaseTransactionConnection) => Promise<T>) =>
    pool.transaction(async (tx) => {
      await tx.query(rawSql(`SET LOCAL search_path TO "${schema}", "${live}"`));
      return work(tx);
    });
  await pool.query(rawSql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  await pool.query(rawSql(`CREATE SCHEMA "${schema}"`));
  try {
    await inSchema(async (tx) => {
      for (const p of projections) await runScript(tx, p.schema);
    });
    const memos = projections.map(() => new Map<string, unknown>());
    const head = await store.headPosition();
    let events = 0;
    for (let batch = await readUntil(store, null, head, options.batchSize ?? 5000); batch.length > 0; ) {
      // One projection at a time: the shadow tables are only for comparing, speed is secondary.
      for (const [i, p] of projections.entries()) {
        const relevant = batch.filter((e) => p.eventTypes.has(e.type));
        if (relevant.length) await inSchema((tx) => p.apply(tx, relevant, { memo: memos[i]!, rebuilding: true }));
      }
      events += batch.length;
      batch = await readUntil(store, batch[batch.length - 1]!.position, head, options.batchSize ?? 5000);
    }
    for (const p of projections) if (p.finishRebuild) await inSchema((tx) => p.finishRebuild!(tx));
    const differences: TableDifference[] = [];
    for (const p of projections)
      for (const table of p.tables) {
        const diff = (a: string, b: string) => rawSql(`SELECT to_jsonb(x)::text AS j FROM "${a}"."${table}" x EXCEPT ALL SELECT to_jsonb(y)::text FROM "${b}"."${table}" y`);
        const count = async (a: string, b: string) => Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM (${diff(a, b)}) d`));
        const onlyLive = await count(live, schema);
        const onlyShadow = await count(schema, live);
        if (onlyLive === 0 && onlyShadow === 0) continue;
        const n = options.sample ?? 3;
        const samples = [
          ...((await pool.anyFirst(sql.unsafe`SELECT j FROM (${diff(live, schema)}) d LIMIT ${n}`)) as string[]).map((j) => `витрина: ${j}`),
          ...((await pool.anyFirst(sql.unsafe`SELECT j FROM (${diff(schema, live)}) d LIMIT ${n}`)) as string[]).map((j) => `из журнала: ${j}`),
        ];
        differences.push({ projection: p.name, table, onlyLive, onlyShadow, samples });
      }
    return { events, differences };
  } finally {
    await pool.query(rawSql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).catch(() => {});
  }
};
