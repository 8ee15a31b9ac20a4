import { sql, type DatabasePool } from 'slonik';
import { claimUnique, releaseUnique } from '../../infrastructure/unique-values';

/**
 * Request numbers: a sequence per calendar year of the request date (1, 2, 3 ... each year), as
 * the acts print them ('{vncode}-{number}/{year}'). A number is unique within its year: it is
 * claimed in unique_values as '{year}-{number}', which holds also for numbers changed by hand;
 * the counter simply skips numbers already claimed.
 */
export const REQUEST_NUMBER_SCOPE = 'request_number';
export const requestNumberKey = (year: number, number: number) => `${year}-${number}`;
const owner = (requestId: number) => `request-${requestId}`;

/** The next number of the year, counted and claimed in one statement. */
export const allocateRequestNumber = async (pool: DatabasePool, year: number, requestId: number): Promise<number> => {
  for (;;) {
    const row = await pool.one(sql.unsafe`
      WITH n AS (
        INSERT INTO request_number_counters (year, last) VALUES (${year}, 1)
        ON CONFLICT (year) DO UPDATE SET last = request_number_counters.last + 1
        RETURNING last),
      claimed AS (
        INSERT INTO unique_values (scope, value, owner)
        SELECT ${REQUEST_NUMBER_SCOPE}, ${year}::text || '-' || n.last::text, ${owner(requestId)} FROM n
        ON CONFLICT (scope, value) DO NOTHING RETURNING 1)
      SELECT n.last, EXISTS (SELECT 1 FROM claimed) AS claimed FROM n`);
    if (row.claimed) return Number(row.last);
  }
};

export const claimRequestNumber = async (pool: DatabasePool, year: number, number: number, requestId: number) =>
  (await claimUnique(pool, REQUEST_NUMBER_SCOPE, requestNumberKey(year, number), owner(requestId))).ok;

export const releaseRequestNumber = (pool: DatabasePool, year: number, number: number, requestId: number) =>
  releaseUnique(pool, REQUEST_NUMBER_SCOPE, requestNumberKey(year, number), owner(requestId));
