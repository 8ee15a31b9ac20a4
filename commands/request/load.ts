import { requestDecider } from '../../domain/request/decider';
import { requestStreamId } from '../../domain/request/events';
import type { RequestState } from '../../domain/request/state';
import { scopeIncludes } from '../../domain/rights/scope';
import { DomainError, notFound } from '../../domain/shared/errors';
import type { Logger } from '../../infrastructure/logger';
import { readAggregate } from '../aggregate';
import type { CommandOutcome, WriteContext } from '../context';
import type { RequestCaller } from './caller';
import { requestStreamCache } from './stream-cache';

export const STALE_REQUEST = 'Заявка была изменена другим пользователем. Обновите заявку.';
export const REQUEST_NOT_FOUND = 'Заявка не найдена';

export interface RequestWriteContext extends WriteContext {
  readonly log: Logger;
}

export interface Loaded {
  readonly state: RequestState;
  readonly revision: number;
  /** Event types of the stream, oldest first (when it was read, not for a command's outcome). */
  readonly types?: readonly string[];
  /**
   * Taken from this process's cache of the streams it appended to (stream-cache.ts), not read: a
   * decision on it counts only if its append, expecting this revision, succeeds (`withRequest`).
   */
  readonly cached?: boolean;
}

/**
 * A request command's outcome with the request as the command left it (its stream folded), so the
 * answer needs no second read; `sparesChanged` says the stock spares (a read model) moved too.
 */
export interface RequestOutcome extends CommandOutcome {
  readonly after: Loaded;
  readonly sparesChanged?: boolean;
}

/**
 * A chat message does not make an open dialog stale: a save or button that carries the revision
 * read before a comment arrived still applies (it decides on the current state).
 */
export const COMMENT_EVENTS: ReadonlySet<string> = new Set(['RequestCommentAdded']);

export const loadRequest = (w: Pick<WriteContext, 'store'>, id: number): Promise<Loaded> => readAggregate(w.store, requestDecider, requestStreamId(id));

const visibleTo = (caller: Pick<RequestCaller, 'readScope'>, state: RequestState) =>
  state.registered && !state.deleted && scopeIncludes(caller.readScope, state.unit_id);

/**
 * A request outside the caller's read scope does not exist for them (read from its stream, never stale).
 * With `cached`, a request this process appended to last comes from the stream cache, marked `cached`:
 * the caller must run its command through `withRequest`, which proves it current or runs it again on
 * the stream as read (a request the cache shows outside the scope is read at once).
 */
export const loadVisible = async (
  w: Pick<WriteContext, 'store'>,
  caller: Pick<RequestCaller, 'readScope'>,
  id: number,
  options: { cached?: boolean } = {},
): Promise<Loaded> => {
  const hit = options.cached ? requestStreamCache(w.store).get(id) : undefined;
  if (hit && visibleTo(caller, hit.state)) return { ...hit, cached: true };
  const loaded = await loadRequest(w, id);
  if (!visibleTo(caller, loaded.state)) throw notFound(REQUEST_NOT_FOUND);
  return loaded;
};

/**
 * Runs a command on `loaded`; when that came from the stream cache, the result counts only if the
 * command appended to the request on that very revision (`appendedOn`). Otherwise — refused, beaten
 * by another writer, or nothing to append — the entry is forgotten and the command runs again on the
 * stream as read now, so its answer is exactly what it would have been without the cache. `run` must
 * have no effect outside the request stream before that append (a save that moves spares reads first).
 */
export const withRequest = async <R extends { readonly position: unknown }>(
  w: Pick<WriteContext, 'store'>,
  caller: Pick<RequestCaller, 'readScope'>,
  id: number,
  loaded: Loaded,
  run: (loaded: Loaded) => Promise<R>,
  appendedOn: (result: R, loaded: Loaded) => boolean,
): Promise<R> => {
  if (!loaded.cached) return run(loaded);
  try {
    const result = await run(loaded);
    if (appendedOn(result, loaded)) return result;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  requestStreamCache(w.store).forget(id);
  return run(await loadVisible(w, caller, id));
};
