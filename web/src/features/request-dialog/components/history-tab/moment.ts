/**
 * The distinct moments of change in a history list, oldest first (a save writes several rows with
 * one time): the previous/next change buttons step along them.
 */
export const changeMoments = (dates: ReadonlyArray<string | null>): string[] =>
  [...new Set(dates.filter((d): d is string => Boolean(d)).map((d) => new Date(d).toISOString()))].sort();
