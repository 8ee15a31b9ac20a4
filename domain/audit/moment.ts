import { invalid } from '../shared/errors';

/** Russian answer for a malformed `?at=`. */
export const badMoment = 'Неверный момент времени: ожидается дата и время в формате ISO, например 2026-03-01T10:00:00Z';

/**
 * The moment of a time-travel query (`?at=<ISO>`): undefined when absent, else its epoch
 * milliseconds. Only full ISO date-times (a date alone is ambiguous about the hour) pass.
 */
export const parseMoment = (raw: unknown): number | undefined => {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(raw)) throw invalid(badMoment);
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw invalid(badMoment);
  return ms;
};

/** Anything stamped by the command that produced it (stored events, history rows). */
export interface Stamped {
  readonly metadata: { readonly timestamp: string };
}

/**
 * The prefix of a stream's events a reader at `at` would have seen: events are in revision order and
 * their timestamps are the commands' clocks, so the prefix ends at the first event later than `at`.
 */
export const eventsUpTo = <E extends Stamped>(events: readonly E[], at: number): E[] => {
  const end = events.findIndex((e) => Date.parse(e.metadata.timestamp) > at);
  return end < 0 ? [...events] : events.slice(0, end);
};

/** Whether a row dated `date` (ISO string, epoch ms, or null) existed at `at`. */
export const datedUpTo = (date: unknown, at: number): boolean => {
  if (date == null) return true;
  const ms = typeof date === 'number' ? date : Date.parse(String(date));
  return Number.isNaN(ms) || ms <= at;
};

/**
 * The header every call made from a view of a past moment carries (its value: that moment). A view of
 * the past is read-only, so the server refuses any change that carries it (or a `?at=`), whatever the route.
 */
export const MOMENT_HEADER = 'x-moment';

/** The answer to a change sent from a view of a past moment. */
export const pastMomentRefusal = 'Это состояние на прошедший момент: действия недоступны';

/** Methods that change nothing: the only ones a view of a past moment may call. */
export const isReadMethod = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** Whether a call is a change made in the context of a past moment (header, or a `?at=` on a change). */
export const isPastMomentChange = (method: string, header: unknown, query: string): boolean =>
  !isReadMethod(method.toUpperCase()) && ((header !== undefined && header !== '') || /(?:^|&)at=/.test(query));
