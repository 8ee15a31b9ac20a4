import { requestDecider } from '../../domain/request/decider';
import { requestStreamId, type RequestEvent } from '../../domain/request/events';
import type { FileRef } from '../../domain/request/state';
import type { CommandContext } from '../../domain/shared/events';
import { handleCommand } from '../handle-command';
import type { CommandOutcome } from '../context';
import type { RequestCaller } from './caller';
import { ids } from './executors';
import { loadVisible, type RequestWriteContext } from './load';
import { rememberAppend } from './stream-cache';
import { usersWhoMaySee } from './lookups';

/** A chat message on the request; only chosen users who may see the request are notified. */
export const addRequestComment = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  id: number,
  input: { comment: unknown; files: FileRef[]; notify_user_ids: unknown },
  context: CommandContext,
): Promise<CommandOutcome & { comment: Extract<RequestEvent, { type: 'RequestCommentAdded' }>['data'] | null }> => {
  const known = await loadVisible(w, caller, id);
  const chosen = ids(input.notify_user_ids).filter((u) => u !== caller.actor.userId);
  // Only users who may see the request are notified; others are left out.
  const allowed = chosen.length ? await usersWhoMaySee(w, chosen, known.state.unit_id) : new Set<number>();
  const notify = chosen.filter((u) => allowed.has(u));
  const r = await handleCommand(w.store, requestDecider, requestStreamId(id), {
    type: 'AddComment',
    actor: caller.actor,
    comment: typeof input.comment === 'string' ? input.comment : '',
    files: input.files,
    notify_user_ids: notify,
  }, context, { known });
  rememberAppend(w.store, id, known, r);
  const added = r.events.find((e) => e.type === 'RequestCommentAdded');
  return { id, position: r.position, comment: added?.type === 'RequestCommentAdded' ? added.data : null };
};
