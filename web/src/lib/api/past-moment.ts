import { MOMENT_HEADER } from '@domain/audit/moment';

/**
 * The past moments on screen (issue 33): while a view of a past moment is open, every change the client sends
 * carries `x-moment`, and the server refuses it. The views are modal, so whatever changes while one is open
 * comes from it. A set (not one value): stepping mounts the next moment's view before the last one leaves.
 */
const shown = new Map<symbol, string>();

/** Marks a view of the moment `at` as open; the returned function marks it closed. */
export const enterPastMoment = (at: string): (() => void) => {
  const key = Symbol(at);
  shown.set(key, at);
  return () => void shown.delete(key);
};

/** Sets the header on a change sent while a view of a past moment is open. */
export const markPastMoment = (headers: Headers, type: 'query' | 'mutation'): void => {
  const at = [...shown.values()].at(-1);
  if (type === 'mutation' && at !== undefined) headers.set(MOMENT_HEADER, at);
};
