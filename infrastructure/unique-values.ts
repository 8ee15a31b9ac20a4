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

/**
 * Yearly numbers (request numbers: 1, 2, 3 ... each year): the year's counter in
 * request_number_counters, and the number claimed in unique_values as '{year}-{number}' so numbers
 * changed by hand are never given twice; a number already claimed is skipped (`claimed` false: count on).
 * `then` continues the same statement with the claim's rows (CTE `claim`, columns `number`), so an
 * event store can append in it (docs/notes/bench.md); `then` absent, the statement only claims.
 */
export const yearlyNumberClaim = (scope: string, year: number, owner: string) => sql.fragment`
  counted AS (
    INSERT INTO request_number_counters (year, last) VALUES (${year}, 1)
    ON CONFLICT (year) DO UPDATE SET last = request_number_counters.last + 1
    RETURNING last),
  claim AS (
    INSERT INTO unique_values (scope, value, owner)
    SELECT ${scope}, ${year}::text || '-' || counted.last::text, ${owner} FROM counted
    ON CONFLICT (scope, value) DO NOTHING RETURNING (split_part(value, '-', 2))::int AS number)`;

/** The next number of the year, counted and claimed in one statement (no append beside it). */
export const claimYearlyNumber = async (db: Pick<DatabasePool, 'one'>, scope: string, year: number, owner: string): Promise<number> => {
  for (;;) {
    const row = await db.one(sql.unsafe`
      WITH ${yearlyNumberClaim(scope, year, owner)}
      SELECT counted.last, (SELECT number FROM claim) AS number FROM counted`);
    if (row.number !== null) return Number(row.number);
  }
};

export const releaseUnique = async (db: Db, scope: string, value: string, owner: string): Promise<void> => {
  await db.query(sql.unsafe`DELETE FROM unique_values WHERE scope = ${scope} AND value = ${value} AND owner = ${owner}`);
};
