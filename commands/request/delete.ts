import { requestDecider } from '../../domain/request/decider';
import { requestStreamId } from '../../domain/request/events';
import { yearOf } from '../../domain/shared/dates';
import type { CommandContext } from '../../domain/shared/events';
import { handleCommand } from '../handle-command';
import type { CommandOutcome } from '../context';
import { releaseRequestSpares } from '../spares/request-spares-step';
import type { RequestCaller } from './caller';
import { loadVisible, type RequestWriteContext } from './load';
import { rememberAppend } from './stream-cache';
import { releaseRequestNumber } from './numbers';

/** Deletes the request; its spares go back to stock and its number is free again. */
export const deleteRequest = async (w: RequestWriteContext, caller: RequestCaller, id: number, context: CommandContext): Promise<CommandOutcome> => {
  const known = await loadVisible(w, caller, id);
  const { state } = known;
  const r = await handleCommand(w.store, requestDecider, requestStreamId(id), { type: 'DeleteRequest', actor: caller.actor }, context, { known });
  rememberAppend(w.store, id, known, r);
  await releaseRequestSpares(w, id, context);
  if (state.number != null)
    await releaseRequestNumber(w.pool, yearOf(state.request_date_add ?? context.now), state.number, id);
  return { id, position: r.position };
};
