import { requestDecider } from '../../domain/request/decider';
import { requestStreamId } from '../../domain/request/events';
import { parseOrThrow, requestDateSchema, requestNumberSchema } from '../../domain/request/validation';
import { hasFull } from '../../domain/rights/rights';
import { yearOf } from '../../domain/shared/dates';
import type { CommandContext } from '../../domain/shared/events';
import { forbidden } from '../../domain/shared/errors';
import { handleCommand } from '../handle-command';
import type { RequestCaller } from './caller';
import { loadVisible, type RequestOutcome, type RequestWriteContext } from './load';
import { rememberAppend } from './stream-cache';
import { claimRequestNumber, releaseRequestNumber } from './numbers';

/** Changes the number (unique within the request's year); needs RIGHT_REQUEST_EDIT_NUMBER. */
export const changeRequestNumber = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  rawNumber: unknown,
  context: CommandContext,
): Promise<RequestOutcome> => {
  const loaded = await loadVisible(w, caller, id);
  const { state } = loaded;
  if (!hasFull(caller.actor.rights, 'RIGHT_REQUEST_EDIT_NUMBER')) throw forbidden();
  const number = parseOrThrow(requestNumberSchema, rawNumber);
  if (number === state.number) return { id, position: null, after: loaded };
  const year = yearOf(state.request_date_add ?? context.now);
  const unique = await claimRequestNumber(w.pool, year, number, id);
  try {
    const r = await handleCommand(w.store, requestDecider, requestStreamId(id), { type: 'ChangeNumber', actor: caller.actor, number, is_unique: unique }, context, { known: loaded });
    rememberAppend(w.store, id, loaded, r);
    if (state.number != null) await releaseRequestNumber(w.pool, year, state.number, id);
    return { id, position: r.position, after: { state: r.state, revision: r.revision } };
  } catch (error) {
    if (unique) await releaseRequestNumber(w.pool, year, number, id);
    throw error;
  }
};

/** Changes the registration date; the number must stay unique in the new date's year. */
export const changeRequestDate = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  rawDate: unknown,
  context: CommandContext,
): Promise<RequestOutcome> => {
  const loaded = await loadVisible(w, caller, id);
  const { state } = loaded;
  if (!hasFull(caller.actor.rights, 'RIGHT_REQUEST_EDIT_NUMBER')) throw forbidden();
  const date = parseOrThrow(requestDateSchema, rawDate) as string;
  const oldYear = yearOf(state.request_date_add ?? context.now);
  const newYear = yearOf(date);
  const moves = newYear !== oldYear && state.number != null;
  const unique = moves ? await claimRequestNumber(w.pool, newYear, state.number!, id) : true;
  try {
    const r = await handleCommand(w.store, requestDecider, requestStreamId(id), { type: 'ChangeDate', actor: caller.actor, date, is_unique: unique }, context, { known: loaded });
    rememberAppend(w.store, id, loaded, r);
    if (moves && r.events.length) await releaseRequestNumber(w.pool, oldYear, state.number!, id);
    return { id, position: r.position, after: { state: r.state, revision: r.revision } };
  } catch (error) {
    if (moves && unique) await releaseRequestNumber(w.pool, newYear, state.number!, id);
    throw error;
  }
};
