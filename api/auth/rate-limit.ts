import { sql, type DatabasePool } from 'slonik';

/**
 * Failed sign-ins are limited per login and address (and per address overall, against
 * password spraying). Kept in PostgreSQL so several server processes share the count.
 */
export const SIGNIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_LOGIN = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

export const signinBlocked = async (pool: DatabasePool, login: string, address: string): Promise<boolean> => {
  const row = await pool.one(sql.unsafe`
    SELECT
      count(*) FILTER (WHERE login = ${login.toLowerCase()}) AS per_login,
      count(*) AS per_address
    FROM signin_failures
    WHERE address = ${address} AND failed_at > now() - make_interval(mins => ${SIGNIN_WINDOW_MINUTES})`);
  return Number(row.per_login) >= MAX_FAILURES_PER_LOGIN || Number(row.per_address) >= MAX_FAILURES_PER_ADDRESS;
};

export const recordSigninFailure = async (pool: DatabasePool, login: string, address: string) => {
  await pool.query(sql.unsafe`INSERT INTO signin_failures (login, address) VALUES (${login.toLowerCase()}, ${address})`);
  await pool.query(sql.unsafe`DELETE FROM signin_failures WHERE failed_at < now() - interval '1 day'`);
};

export const clearSigninFailures = async (pool: DatabasePool, login: string, address: string) => {
  await pool.query(sql.unsafe`DELETE FROM signin_failures WHERE login = ${login.toLowerCase()} AND address = ${address}`);
};
