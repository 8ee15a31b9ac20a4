import { Random } from '../lib/random';
import type { RegistrationPlan } from './requests';

const DAY = 86_400_000;

/**
 * When requests are registered: working days carry the load (weekends and the New Year and May
 * holidays little), the network grows ~10 % a year, registrations fall in office hours (Moscow
 * time); regions by their weight. Ids follow time (the id counter), numbers restart every year
 * (request_number_counters), exactly as allocation in time order gives them.
 */
export interface ScheduleOptions {
  readonly seed: number;
  readonly start: number;
  readonly end: number;
  readonly total: number;
  readonly regionWeights: readonly number[];
  /** Ids start after this one. */
  readonly firstId: number;
}

export interface ScheduledDay {
  readonly dayStart: number;
  readonly plans: RegistrationPlan[];
}

const dayWeight = (t: number, start: number) => {
  const d = new Date(t);
  const dow = d.getUTCDay();
  const month = d.getUTCMonth() + 1;
  const date = d.getUTCDate();
  let w = dow === 0 ? 0.05 : dow === 6 ? 0.12 : 1;
  if (month === 1 && date <= 8) w *= 0.1;
  if (month === 5 && (date <= 3 || date === 9 || date === 10)) w *= 0.3;
  if (month === 12 && date === 31) w *= 0.3;
  return w * (1 + (0.1 * (t - start)) / (365 * DAY));
};

export function* schedule(options: ScheduleOptions): Generator<ScheduledDay> {
  const rnd = new Random(options.seed ^ 0x5c4ed);
  const first = Math.floor(options.start / DAY) * DAY;
  const days: number[] = [];
  for (let t = first; t < options.end; t += DAY) days.push(t);
  const weights = days.map((t) => dayWeight(t, first));
  const sum = weights.reduce((a, b) => a + b, 0);
  const regionTable = options.regionWeights.map((w, i) => [i, w] as const);
  let id = options.firstId;
  const numbers = new Map<number, number>();
  let carry = 0;
  let made = 0;
  for (let i = 0; i < days.length; i++) {
    const dayStart = days[i]!;
    const exact = (options.total * weights[i]!) / sum + carry;
    let count = Math.floor(exact);
    carry = exact - count;
    if (i === days.length - 1) count = options.total - made;
    made += count;
    // Office hours in Moscow (UTC+3): most between 9 and 18, a few early or late.
    const times: number[] = [];
    for (let k = 0; k < count; k++) {
      const hour = rnd.chance(0.92) ? 6 + rnd.next() * 9 : rnd.next() * 24;
      times.push(dayStart + Math.floor(hour * 3_600_000));
    }
    times.sort((a, b) => a - b);
    const plans: RegistrationPlan[] = [];
    for (const at of times) {
      if (at >= options.end) continue;
      const year = new Date(at).getUTCFullYear();
      const number = (numbers.get(year) ?? 0) + 1;
      numbers.set(year, number);
      // The first request of the third day collects many changes (the history benchmark).
      plans.push({ id: ++id, number, at, regionIndex: rnd.weighted(regionTable), ...(i === 2 && plans.length === 0 ? { longHistory: true } : {}) });
    }
    yield { dayStart, plans };
  }
}
