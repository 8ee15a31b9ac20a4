import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type DatabasePool } from 'slonik';

/**
 * Failed sign-ins are throttled two ways, counted in PostgreSQL so several server processes share
 * the counts:
 * - per login and address: 5 failures lock that login from that address for 15 minutes (guessing
 *   one account's password);
 * - per address: failures of the last minute slow every attempt from it down, and only a flood
 *   refuses the address for that short minute. An address is often shared (an office behind NAT,
 *   or a proxy without TRUST_PROXY), so it is never locked for long: other accounts that sign in
 *   correctly from it keep working.
 */
export const SIGNIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_LOGIN = 5;
export const ADDRESS_WINDOW_SECONDS = 60;
/** Failures per address and minute answered at full speed. */
export const ADDRESS_FREE_FAILURES = 10;
/** Each failure beyond the free ones delays the address's attempts by this much, up to the cap. */
const DELAY_STEP_MS = 50;
const MAX_DELAY_MS = 1_000;
/** Failures per address and minute after which the address is refused (429) until the minute passes. */
export const MAX_FAILURES_PER_ADDRESS = 120;

export type SigninThrottle =
  | { readonly refused: 'login' | 'address' }
  | { readonly refused: null; readonly delayMs: number };

export const signinThrottle = async (pool: DatabasePool, login: string, address: string): Promise<SigninThrottle> => {
  const row = await pool.one(sql.unsafe`
    SELECT
      count(*) FILTER (WHERE login = ${login.toLowerCase()}) AS per_login,
      count(*) FILTER (WHERE failed_at > now() - make_interval(secs => ${ADDRESS_WINDOW_SECONDS})) AS per_address
    FROM signin_failures
    WHERE address = ${address} AND failed_at > now() - make_interval(mins => ${SIGNIN_WINDOW_MINUTES})`);
  if (Number(row.per_login) >= MAX_FAILURES_PER_LOGIN) return { refused: 'login' };
  const perAddress = Number(row.per_address);
  if (perAddress >= MAX_FAILURES_PER_ADDRESS) return { refused: 'address' };
  return { refused: null, delayMs: Math.min(MAX_DELAY_MS, Math.max(0, perAddress - ADDRESS_FREE_FAILURES) * DELAY_STEP_MS) };
};

/** Waits the throttle's delay (a slowed-down address). */
export const throttleDelay = async (throttle: SigninThrottle) => {
  if (throttle.refused === null && throttle.delayMs > 0) await sleep(throttle.delayMs);
};

export const recordSigninFailure = async (pool: DatabasePool, login: string, address: string) => {
  await pool.query(sql.unsafe`INSERT INTO signin_failures (login, address) VALUES (${login.toLowerCase()}, ${address})`);
  await pool.query(sql.unsafe`DELETE FROM signin_failures WHERE failed_at < now() - interval '1 day'`);
};

export const clearSigninFailures = async (pool: DatabasePool, login: string, address: string) => {
  await pool.query(sql.unsafe`DELETE FROM signin_failures WHERE login = ${login.toLowerCase()} AND address = ${address}`);
};
