/**
 * A registration date range cut into the periods rm_request_counts keeps (whole years, whole months)
 * and the partial months at its edges, which are counted from the rows. Dates are UTC calendar days
 * 'YYYY-MM-DD', both ends inclusive, as the list filter has them.
 */
export type PeriodBucket = { readonly kind: 'year' | 'month'; readonly period: number; readonly from: string; readonly to: string };
export type Bucket = PeriodBucket | { readonly kind: 'days'; readonly from: string; readonly to: string };

/** The period key of a whole year (YYYY00) and of a month (YYYYMM). */
export const yearPeriod = (year: number) => year * 100;
export const monthPeriod = (year: number, month: number) => year * 100 + month;

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const day = (year: number, month: number, d: number) => `${year}-${pad(month)}-${pad(d)}`;

/** The buckets of [from, to], newest first (the list's order). */
export const bucketsOf = (from: string, to: string): Bucket[] => {
  const out: Bucket[] = [];
  if (to < from) return out;
  const y1 = Number(from.slice(0, 4));
  const y2 = Number(to.slice(0, 4));
  for (let y = y2; y >= y1; y--) {
    const yearFrom = day(y, 1, 1);
    const yearTo = day(y, 12, 31);
    if (from <= yearFrom && yearTo <= to) {
      out.push({ kind: 'year', period: yearPeriod(y), from: yearFrom, to: yearTo });
      continue;
    }
    for (let m = 12; m >= 1; m--) {
      const monthFrom = day(y, m, 1);
      const monthTo = day(y, m, lastDay(y, m));
      if (monthTo < from || monthFrom > to) continue;
      if (from <= monthFrom && monthTo <= to) out.push({ kind: 'month', period: monthPeriod(y, m), from: monthFrom, to: monthTo });
      else out.push({ kind: 'days', from: from > monthFrom ? from : monthFrom, to: to < monthTo ? to : monthTo });
    }
  }
  return out;
};

/** The months of a whole-year bucket, newest first (to find a deep page inside the year). */
export const monthsOf = (year: number): PeriodBucket[] =>
  Array.from({ length: 12 }, (_, i) => 12 - i).map((m) => ({ kind: 'month' as const, period: monthPeriod(year, m), from: day(year, m, 1), to: day(year, m, lastDay(year, m)) }));

/** The period keys a request counts under: its month and its year. */
export const periodsOfDate = (iso: string): [number, number] => {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  return [monthPeriod(y, m), yearPeriod(y)];
};
