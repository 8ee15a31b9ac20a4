import type { DatabasePool } from 'slonik';
import { claimUnique, claimYearlyNumber, releaseUnique } from '../../infrastructure/unique-values';

/**
 * Request numbers: a sequence per calendar year of the request date (1, 2, 3 ... each year), as
 * the acts print them ('{vncode}-{number}/{year}'). A number is unique within its year: it is
 * claimed in unique_values as '{year}-{number}', which holds also for numbers changed by hand;
 * the counter simply skips numbers already claimed.
 */
export const REQUEST_NUMBER_SCOPE = 'request_number';
export const requestNumberKey = (year: number, number: number) => `${year}-${number}`;
export const requestNumberOwner = (requestId: number) => `request-${requestId}`;
const owner = requestNumberOwner;

/**
 * The next number of the year, counted and claimed in one statement. A new request takes its number
 * inside its append instead (register.ts, AppendOptions.yearlyNumber): the same SQL, one round trip.
 */
export const allocateRequestNumber = (pool: DatabasePool, year: number, requestId: number): Promise<number> =>
  claimYearlyNumber(pool, REQUEST_NUMBER_SCOPE, year, requestNumberOwner(requestId));

export const claimRequestNumber = async (pool: DatabasePool, year: number, number: number, requestId: number) =>
  (await claimUnique(pool, REQUEST_NUMBER_SCOPE, requestNumberKey(year, number), owner(requestId))).ok;

export const releaseRequestNumber = (pool: DatabasePool, year: number, number: number, requestId: number) =>
  releaseUnique(pool, REQUEST_NUMBER_SCOPE, requestNumberKey(year, number), owner(requestId));
