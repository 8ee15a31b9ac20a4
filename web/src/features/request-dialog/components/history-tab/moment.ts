import dayjs from 'dayjs';

/** The banner's moment: 'DD.MM.YYYY HH:mm:ss' in the user's time zone. */
export const formatMoment = (iso: string): string => dayjs(iso).format('DD.MM.YYYY HH:mm:ss');

/**
 * The distinct moments of change in a history list, oldest first (a save writes several rows with
 * one time): the previous/next change buttons step along them.
 */
export const changeMoments = (dates: ReadonlyArray<string | null>): string[] =>
  [...new Set(dates.filter((d): d is string => Boolean(d)).map((d) => new Date(d).toISOString()))].sort();
