import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketsOf, monthsOf, periodsOfDate } from '../../../projections/request/list/periods';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayArb = fc.integer({ min: Date.UTC(2019, 0, 1), max: Date.UTC(2027, 11, 31) }).map((ms) => iso(Math.floor(ms / 86_400_000) * 86_400_000));
const daysOf = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(iso(t));
  return out;
};

describe('a date range cut into counted periods and edge days', () => {
  it('a whole year is one year bucket; the current-year default too', () => {
    expect(bucketsOf('2026-01-01', '2026-12-31')).toEqual([{ kind: 'year', period: 202600, from: '2026-01-01', to: '2026-12-31' }]);
  });

  it('whole months inside a partial year, and the partial months at the edges as days', () => {
    expect(bucketsOf('2025-11-22', '2026-02-28')).toEqual([
      { kind: 'month', period: 202602, from: '2026-02-01', to: '2026-02-28' },
      { kind: 'month', period: 202601, from: '2026-01-01', to: '2026-01-31' },
      { kind: 'month', period: 202512, from: '2025-12-01', to: '2025-12-31' },
      { kind: 'days', from: '2025-11-22', to: '2025-11-30' },
    ]);
    expect(bucketsOf('2024-02-10', '2024-02-12')).toEqual([{ kind: 'days', from: '2024-02-10', to: '2024-02-12' }]);
    expect(bucketsOf('2024-03-01', '2024-02-28')).toEqual([]);
  });

  it('the buckets of any range cover each of its days exactly once, newest first', () => {
    fc.assert(
      fc.property(dayArb, dayArb, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const buckets = bucketsOf(from, to);
        const covered = buckets.flatMap((x) => daysOf(x.from, x.to));
        expect([...covered].sort()).toEqual(daysOf(from, to));
        expect(new Set(covered).size).toBe(covered.length);
        for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.to < buckets[i - 1]!.from).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("a year's months, and the periods a date counts under", () => {
    expect(monthsOf(2024).map((m) => m.period)).toEqual([202412, 202411, 202410, 202409, 202408, 202407, 202406, 202405, 202404, 202403, 202402, 202401]);
    expect(monthsOf(2024)[10]).toEqual({ kind: 'month', period: 202402, from: '2024-02-01', to: '2024-02-29' });
    expect(periodsOfDate('2026-03-05T10:00:00.000Z')).toEqual([202603, 202600]);
  });
});
