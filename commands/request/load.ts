import { requestDecider } from '../../domain/request/decider';
import { requestStreamId } from '../../domain/request/events';
import type { RequestState } from '../../domain/request/state';
import { scopeIncludes } from '../../domain/rights/scope';
import { notFound } from '../../domain/shared/errors';
import type { Logger } from '../../infrastructure/logger';
import { readAggregate } from '../aggregate';
import type { CommandOutcome, WriteContext } from '../context';
import type { RequestCaller } from './caller';

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

/** A request outside the caller's read scope does not exist for them (read from its stream, never stale). */
export const loadVisible = async (w: Pick<WriteContext, 'store'>, caller: Pick<RequestCaller, 'readScope'>, id: number): Promise<Loaded> => {
  const loaded = await loadRequest(w, id);
  if (!loaded.state.registered || loaded.state.deleted || !scopeIncludes(caller.readScope, loaded.state.unit_id))
    throw notFound(REQUEST_NOT_FOUND);
  return loaded;
};
