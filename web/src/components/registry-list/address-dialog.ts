/**
 * A registry's dialogs live in its address (`?open={id}`, `?new=1`, …): Back closes them, a reload
 * or a link opens them again. These helpers read and write those parameters; anything else in the
 * address stays.
 */

/** A positive whole id in an address parameter, or null. */
export const idParam = (text: string | null): number | null => (text !== null && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** The parameters without the dialog ones. */
export const withoutParams = (params: URLSearchParams, keys: readonly string[]): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of keys) next.delete(key);
  return next;
};

/** The parameters opening one dialog: the other dialogs' parameters removed, these set. */
export const withParams = (params: URLSearchParams, keys: readonly string[], set: Readonly<Record<string, string>>): URLSearchParams => {
  const next = withoutParams(params, keys);
  for (const [key, value] of Object.entries(set)) next.set(key, value);
  return next;
};
