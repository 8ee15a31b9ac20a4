import { requestDecider } from '../../domain/request/decider';
import { requestStreamId } from '../../domain/request/events';
import type { RequestCommand } from '../../domain/request/commands';
import { buttonCommands, isButtonAction, type ButtonAction } from '../../domain/request/actions';
import type { CommandContext } from '../../domain/shared/events';
import { handleCommand } from '../handle-command';
import { latest } from '../context';
import { releaseRequestSpares } from '../spares/request-spares-step';
import type { RequestCaller } from './caller';
import { assignCommand, ids } from './executors';
import { COMMENT_EVENTS, loadVisible, STALE_REQUEST, withRequest, type Loaded, type RequestOutcome, type RequestWriteContext } from './load';
import { rememberAppend } from './stream-cache';

export type RequestAction = ButtonAction | 'assign';

export const isRequestAction = (a: string): a is RequestAction => a === 'assign' || isButtonAction(a);

/** One button of the transition table: its own command, decided by the machine. */
export const requestAction = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  action: RequestAction,
  body: { revision?: number | null; engineer_ids?: unknown; engineers?: unknown },
  context: CommandContext,
): Promise<RequestOutcome> => {
  const command: RequestCommand =
    action === 'assign'
      ? await assignCommand(w, caller, ids(body.engineer_ids ?? body.engineers))
      : ({ type: buttonCommands[action], actor: caller.actor } as RequestCommand);
  const decide = async (known: Loaded) => {
    const r = await handleCommand(w.store, requestDecider, requestStreamId(id), command, context, {
      clientRevision: body.revision ?? null,
      unrelated: COMMENT_EVENTS,
      staleMessage: STALE_REQUEST,
      known,
      // Decided on the stream cache: a lost race runs the whole command again on the stream as read.
      ...(known.cached ? { retries: 0 } : {}),
    });
    rememberAppend(w.store, id, known, r);
    return r;
  };
  const r = await withRequest(w, caller, id, await loadVisible(w, caller, id, { cached: true }), decide, (r, known) => r.position !== null && r.revision === known.revision + r.events.length);
  const after = { state: r.state, revision: r.revision };
  if (action === 'recall') {
    // A recalled request is canceled: its spares go back to stock.
    const spares = await releaseRequestSpares(w, id, context);
    if (spares) return { id, position: latest(r.position, spares.position), after, sparesChanged: true };
  }
  return { id, position: r.position, after };
};
