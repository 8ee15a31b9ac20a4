import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import type { IndexChange } from './eventstore/port';

/**
 * Write-side indexes (`write_index`): streams listed by key, moved by the append that changes the
 * stream (PostgreSQL: in its transaction). Like the id counters and unique values they live in
 * PostgreSQL beside the log whichever adapter runs; unlike read models they never lag the events.
 */
export const writeIndexSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS write_index (
  index_name text NOT NULL,
  key        text NOT NULL,
  member     text NOT NULL,
  PRIMARY KEY (index_name, key, member)
);
CREATE TABLE IF NOT EXISTS write_index_built (
  index_name text PRIMARY KEY,
  built_at   timestamptz NOT NULL DEFAULT now()
);
`;

type Db = Pick<DatabaseTransactionConnection, 'query'>;

export const applyIndexChange = async (db: Db, change: IndexChange): Promise<void> => {
  if (change.remove.length)
    await db.query(sql.unsafe`
      DELETE FROM write_index WHERE index_name = ${change.index} AND member = ${change.member}
        AND key = ANY(${sql.array([...change.remove], 'text')})`);
  if (change.add.length)
    await db.query(sql.unsafe`
      INSERT INTO write_index (index_name, key, member)
      SELECT ${change.index}, k, ${change.member} FROM unnest(${sql.array([...change.add], 'text')}) AS k
      ON CONFLICT DO NOTHING`);
};

/** Streams listed under `key`. */
export const indexMembers = async (pool: Pick<DatabasePool, 'anyFirst'>, index: string, key: string): Promise<string[]> =>
  (await pool.anyFirst(sql.unsafe`
    SELECT member FROM write_index WHERE index_name = ${index} AND key = ${key} ORDER BY member`)) as string[];

/** How many streams are listed under `key`. */
export const countIndexMembers = async (pool: Pick<DatabasePool, 'oneFirst'>, index: string, key: string): Promise<number> =>
  Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM write_index WHERE index_name = ${index} AND key = ${key}`));

const BACKFILL_LOCK = 7_160_070;

/**
 * Fills an index from the log once (a database written before the index existed, or loaded by
 * bench:seed, which copies events past the command path). `listed` gives every stream's keys; it
 * is read before the transaction (its reads run on the pool). The fill runs under an advisory lock
 * and is marked built in the same transaction, so it happens once per database.
 */
export const backfillIndex = async (
  pool: DatabasePool,
  index: string,
  listed: () => Promise<ReadonlyArray<{ member: string; keys: readonly string[] }>>,
): Promise<boolean> => {
  const built = async (db: Pick<DatabasePool, 'maybeOneFirst'>) =>
    (await db.maybeOneFirst(sql.unsafe`SELECT 1 FROM write_index_built WHERE index_name = ${index}`)) != null;
  if (await built(pool)) return false;
  const streams = await listed();
  return pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${BACKFILL_LOCK})`);
    if (await built(tx)) return false;
    await tx.query(sql.unsafe`DELETE FROM write_index WHERE index_name = ${index}`);
    const rows = streams.flatMap(({ member, keys }) => keys.map((key) => ({ member, key })));
    for (let i = 0; i < rows.length; i += 10_000) {
      const chunk = rows.slice(i, i + 10_000);
      await tx.query(sql.unsafe`
        INSERT INTO write_index (index_name, key, member)
        SELECT ${index}, k, m FROM unnest(${sql.array(chunk.map((r) => r.key), 'text')}, ${sql.array(chunk.map((r) => r.member), 'text')}) AS t(k, m)
        ON CONFLICT DO NOTHING`);
    }
    await tx.query(sql.unsafe`INSERT INTO write_index_built (index_name) VALUES (${index})`);
    return true;
  });
};

/** Streams listed under each of `keys` (keys without any are absent from the map). */
export const indexMembersOf = async (pool: Pick<DatabasePool, 'any'>, index: string, keys: readonly string[]): Promise<Map<string, string[]>> => {
  const out = new Map<string, string[]>();
  if (keys.length === 0) return out;
  const rows = await pool.any(sql.unsafe`
    SELECT key, member FROM write_index WHERE index_name = ${index} AND key = ANY(${sql.array([...keys], 'text')}) ORDER BY key, member`);
  for (const r of rows as ReadonlyArray<{ key: string; member: string }>) {
    const list = out.get(r.key);
    if (list) list.push(r.member);
    else out.set(r.key, [r.member]);
  }
  return out;
};
