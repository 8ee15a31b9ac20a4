import { refused } from '../../domain/shared/errors';
import { claimUnique, releaseUnique } from '../../infrastructure/unique-values';
import type { WriteContext } from '../context';
import { loadRequest } from './load';
import { hotlineNumberKey as keyOf, requestsHoldingHotlineNumber } from './hotline-number-index';

/**
 * Hot line numbers are unique (one state hot line). The requests holding a number are found in the
 * write-side index their appends keep (hotline-number-index.ts: never behind the log, numbers given
 * before the claims existed included); a number is also claimed in unique_values under its request,
 * so two saves at once cannot both take it. The refusal names the request that holds the number.
 */
export const HOTLINE_NUMBER_SCOPE = 'hotline_number';
const owner = (requestId: number) => `request-${requestId}`;

export const hotlineNumberTaken = (number: string, holder: number | null) =>
  `Номер на ГЛ ${number.trim()} уже указан в заявке №${holder ?? ''}`;

/**
 * Claims the request's new hot line number before its append; answers `release` (for a refused
 * append) and `commit` (releases the old number once the new one is saved). Refuses a number another
 * request holds.
 */
export const claimHotlineNumber = async (w: Pick<WriteContext, 'pool' | 'store'>, requestId: number, before: string | null | undefined, after: string | null | undefined) => {
  const next = (after ?? '').trim();
  const prev = (before ?? '').trim();
  const none = { release: async () => {}, commit: async () => {} };
  if (keyOf(next) === keyOf(prev)) return none;
  const releaseOld = async () => {
    if (prev) await releaseUnique(w.pool, HOTLINE_NUMBER_SCOPE, keyOf(prev), owner(requestId));
  };
  if (!next) return { release: async () => {}, commit: releaseOld };
  const [holding] = await requestsHoldingHotlineNumber(w, next, requestId);
  if (holding !== undefined) throw refused(hotlineNumberTaken(next, (await loadRequest(w, holding)).state.number ?? null));
  const claim = await claimUnique(w.pool, HOTLINE_NUMBER_SCOPE, keyOf(next), owner(requestId));
  if (!claim.ok) {
    const id = Number(/request-(\d+)/.exec(claim.owner)?.[1] ?? 0);
    const holder = await loadRequest(w, id).catch(() => null);
    throw refused(hotlineNumberTaken(next, holder?.state.number ?? null));
  }
  return { release: () => releaseUnique(w.pool, HOTLINE_NUMBER_SCOPE, keyOf(next), owner(requestId)), commit: releaseOld };
};
