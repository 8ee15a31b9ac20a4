import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { pageButtons, type PagerSlot } from '../../../../web/src/utils/pagination';

// The client's constants module reads the version the build defines.
vi.hoisted(() => Object.assign(globalThis, { __APP_VERSION__: 'unit' }));

// The pager under every paged list (administration.md 9, equipment.md 9, requests.md 9): at most 8
// page buttons, the first and the last page always among them, the current page always shown.

const numbers = (slots: PagerSlot[]) => slots.filter((s): s is number => typeof s === 'number');

describe('the page buttons of a pager', () => {
  it('165 rows of 20 are 9 pages: 8 buttons with the boundary numbers and a gap', () => {
    expect(pageButtons(1, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-after', 9]);
    expect(pageButtons(5, 9)).toEqual([1, 'gap-before', 3, 4, 5, 6, 7, 8, 9]);
    expect(pageButtons(9, 9)).toEqual([1, 'gap-before', 3, 4, 5, 6, 7, 8, 9]);
    expect(pageButtons(10, 20)).toEqual([1, 'gap-before', 8, 9, 10, 11, 12, 13, 'gap-after', 20]);
  });

  it('8 pages or fewer: every page, no gap', () => {
    expect(pageButtons(3, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(1, 0)).toEqual([]);
  });

  it('for any page and page count: at most 8 numbers, ascending, first and last included, current shown, gaps only where numbers are skipped (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: -3, max: 5100 }), (pagesCount, page) => {
        const slots = pageButtons(page, pagesCount);
        const shown = numbers(slots);
        expect(shown.length).toBe(Math.min(pagesCount, 8));
        expect(shown[0]).toBe(1);
        expect(shown[shown.length - 1]).toBe(pagesCount);
        for (let i = 1; i < shown.length; i++) expect(shown[i]!).toBeGreaterThan(shown[i - 1]!);
        expect(shown).toContain(Math.min(Math.max(page, 1), pagesCount));
        // A gap stands exactly where consecutive numbers are not neighbours.
        slots.forEach((slot, i) => {
          if (typeof slot === 'number') {
            const next = slots[i + 1];
            if (typeof next === 'number') expect(next).toBe(slot + 1);
          } else {
            const before = slots[i - 1];
            const after = slots[i + 1];
            expect(typeof before === 'number' && typeof after === 'number' && after - before > 1).toBe(true);
          }
        });
      }),
    );
  });

  it('the neighbours of the current page are reachable in one click when there are any (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 9, max: 5000 }), fc.nat(), (pagesCount, seed) => {
        const page = (seed % pagesCount) + 1;
        const shown = numbers(pageButtons(page, pagesCount));
        if (page > 1) expect(shown).toContain(page - 1);
        if (page < pagesCount) expect(shown).toContain(page + 1);
      }),
    );
  });
});
