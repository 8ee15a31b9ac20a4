import { sql, type DatabasePool } from 'slonik';

/**
 * Uniqueness across aggregates (logins, request numbers) without a cross-stream transaction: a
 * value is claimed by inserting it into `unique_values`, which only one owner can win, and released
 * by deleting it. It lives in PostgreSQL beside the id counters, whichever event store adapter
 * runs: a claim is a precondition of a command, not a fact of the domain, and keeping it out of
 * the log spares an append (and an event every reader skips) per new request.
 */
export type ClaimResult = { readonly ok: true } | { readonly ok: false; readonly owner: string };

type Db = Pick<DatabasePool, 'maybeOneFirst' | 'query'>;

export const claimUnique = async (db: Db, scope: string, value: string, owner: string): Promise<ClaimResult> => {
  // The same owner claiming again is fine (a retried command); another owner's claim stays.
  const holder = (await db.maybeOneFirst(sql.unsafe`
    WITH claimed AS (
      INSERT INTO unique_values (scope, value, owner) VALUES (${scope}, ${value}, ${owner})
      ON CONFLICT (scope, value) DO NOTHING RETURNING owner)
    SELECT owner FROM claimed
    UNION ALL SELECT owner FROM unique_values WHERE scope = ${scope} AND value = ${value}
    LIMIT 1`)) as string | null;
  return holder === null || holder === owner ? { ok: true } : { ok: false, owner: holder };
};

export const releaseUnique = async (db: Db, scope: string, value: string, owner: string): Promise<void> => {
  await db.query(sql.unsafe`DELETE FROM unique_values WHERE scope = ${scope} AND value = ${value} AND owner = ${owner}`);
};
