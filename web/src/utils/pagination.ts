import { MAX_PAGE_BUTTONS } from '@/config/constants';

/** A page number button, or a gap (…) between the boundary numbers and the window. */
export type PagerSlot = number | 'gap-before' | 'gap-after';

/**
 * The page buttons of a pager: at most `max` numbers, always including the first and the last
 * page, with a window around the current one (administration.md section 9).
 *   pageButtons(1, 20)  -> 1 2 3 4 5 6 7 … 20
 *   pageButtons(10, 20) -> 1 … 8 9 10 11 12 13 … 20
 */
export const pageButtons = (page: number, pagesCount: number, max = MAX_PAGE_BUTTONS): PagerSlot[] => {
  if (pagesCount <= 0) return [];
  if (pagesCount <= max) return Array.from({ length: pagesCount }, (_, i) => i + 1);
  const inner = max - 2;
  const current = Math.min(Math.max(page, 1), pagesCount);
  const start = Math.min(Math.max(current - Math.floor((inner - 1) / 2), 2), pagesCount - inner);
  const window = Array.from({ length: inner }, (_, i) => start + i);
  const last = window[window.length - 1] ?? 1;
  return [1, ...(start > 2 ? ['gap-before' as const] : []), ...window, ...(last < pagesCount - 1 ? ['gap-after' as const] : []), pagesCount];
};
