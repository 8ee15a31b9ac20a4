import type { RequestState } from '../../domain/request/state';
import { indexMembers } from '../../infrastructure/write-index';
import type { WriteIndex } from '../aggregate';
import type { WriteContext } from '../context';

/** A hot line number as it is compared: trimmed, lower-cased. */
export const hotlineNumberKey = (number: string) => number.trim().toLowerCase();

/**
 * Requests by their hot line number: a registered request that is not deleted is listed under its
 * number. Kept by the request's own append, in the same transaction (docs/decisions.md,
 * "Write-side invariants"), so the uniqueness check never decides on a lagging read model, and every
 * way a number reaches a request (a save, a registration, the hot line's answer) is listed.
 */
export const hotlineNumberIndex: WriteIndex<RequestState> = {
  name: 'hotline-number',
  keysOf: (state) => {
    const number = (state.hotlinegas_number ?? '').trim();
    return state.registered && !state.deleted && number ? [hotlineNumberKey(number)] : [];
  },
};

/** Ids of the requests (but `exceptId`) listed under the number, lowest first. */
export const requestsHoldingHotlineNumber = async (w: Pick<WriteContext, 'pool'>, number: string, exceptId: number): Promise<number[]> =>
  (await indexMembers(w.pool, hotlineNumberIndex.name, hotlineNumberKey(number)))
    .map((member) => Number(member.slice('request-'.length)))
    .filter((id) => id !== exceptId)
    .sort((a, b) => a - b);
