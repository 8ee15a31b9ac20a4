import { sql, type DatabasePool } from 'slonik';
import type { CommandContext } from '../../domain/shared/events';
import type { EventStore } from '../eventstore/port';
import { claimUnique, releaseUnique } from '../unique-values';

/**
 * Request numbers: a sequence per calendar year of the request date (1, 2, 3 ... each year), as
 * the acts print them ('{vncode}-{number}/{year}'). A number is unique within its year; the
 * claim stream `unique-request_number:{year}-{number}` makes that hold also for numbers changed
 * by hand, and the counter simply skips numbers already claimed.
 */
export const REQUEST_NUMBER_SCOPE = 'request_number';
const key = (year: number, number: number) => `${year}-${number}`;
const owner = (requestId: number) => `request-${requestId}`;

export const allocateRequestNumber = async (
  pool: DatabasePool,
  store: EventStore,
  year: number,
  requestId: number,
  context: CommandContext,
): Promise<number> => {
  for (;;) {
    const n = Number(
      await pool.oneFirst(sql.unsafe`
        INSERT INTO request_number_counters (year, last) VALUES (${year}, 1)
        ON CONFLICT (year) DO UPDATE SET last = request_number_counters.last + 1
        RETURNING last`),
    );
    const claim = await claimUnique(store, REQUEST_NUMBER_SCOPE, key(year, n), owner(requestId), context);
    if (claim.ok) return n;
  }
};

export const claimRequestNumber = async (store: EventStore, year: number, number: number, requestId: number, context: CommandContext) =>
  (await claimUnique(store, REQUEST_NUMBER_SCOPE, key(year, number), owner(requestId), context)).ok;

export const releaseRequestNumber = (store: EventStore, year: number, number: number, requestId: number, context: CommandContext) =>
  releaseUnique(store, REQUEST_NUMBER_SCOPE, key(year, number), owner(requestId), context);
