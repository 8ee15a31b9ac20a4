import {
  innerMessages,
  innerRequestDecider,
  innerRequestInputSchema,
  innerRequestStreamId,
  type InnerRequestCommand,
} from '../../domain/inner-request';
import type { FileRef } from '../../domain/request/state';
import type { CommandContext } from '../../domain/shared/events';
import { invalid, notFound } from '../../domain/shared/errors';
import { parseOrThrow } from '../../domain/shared/validation';
import { readAggregate } from '../aggregate';
import type { CommandOutcome, WriteContext } from '../context';
import { handleCommand, handleCommands } from '../handle-command';

/** The caller as the inner-request rules see them: an administrator holds FULL of RIGHT_REQUEST_INNER. */
export interface InnerCaller {
  readonly id: number;
  readonly isAdmin: boolean;
}

const KIND_CATALOG = 'problems_categories';

/** A live request of the stream, or 404 (also for a caller who may not see it: it does not exist for them). */
export const loadInnerRequest = async (w: Pick<WriteContext, 'store'>, id: number, caller?: InnerCaller) => {
  const { state, revision } = await readAggregate(w.store, innerRequestDecider, innerRequestStreamId(id));
  if (!state.exists || state.deleted) throw notFound(innerMessages.notFound);
  if (caller && !caller.isAdmin && state.author_id !== caller.id) throw notFound(innerMessages.notFound);
  return { state, revision };
};

const checkKind = async (w: WriteContext, kind: number | null) => {
  if (kind !== null && !(await w.lookups.catalogItemExists(KIND_CATALOG, kind)))
    throw invalid(innerMessages.kind, { request_inner_kind_id: innerMessages.kind });
};

/**
 * POST /api/request_inner: a request, or an answer when `parent_id` names one. An answer goes to a
 * request (not to an answer), by its author or an administrator.
 * `usersIds` are the accounts to tell by e-mail; an answer by someone else also mails the request's
 * author (the mail reaction reads `notify_email` from the event).
 */
export const createInnerRequest = async (
  w: WriteContext,
  caller: InnerCaller,
  input: { innerRequest: unknown; usersIds: unknown; files: FileRef[] },
  context: CommandContext,
): Promise<CommandOutcome> => {
  const body = parseOrThrow(innerRequestInputSchema, input.innerRequest ?? {});
  let notifyEmail: string | null = null;
  if (body.parent_id !== null) {
    const { state: parent } = await loadInnerRequest(w, body.parent_id, caller);
    if (parent.parent_id !== null) throw invalid(innerMessages.answerOfAnswer);
    if (parent.author_id !== caller.id) notifyEmail = parent.author_email;
  }
  // The author may classify a request in the dialog (administration.md 2.9); an answer has no kind.
  const kind = body.parent_id === null ? body.request_inner_kind_id : null;
  await checkKind(w, kind);
  const users = Array.isArray(input.usersIds) ? [...new Set(input.usersIds.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2147483647))] : [];
  const active = new Set(await w.lookups.activeUserIds(users));
  if (users.some((u) => !active.has(u))) throw invalid('Пользователь не найден', { usersIds: 'Пользователь не найден' });
  const id = await w.ids.next('request_inner');
  const command: InnerRequestCommand = {
    type: 'create',
    data: {
      id,
      parent_id: body.parent_id,
      author_id: caller.id,
      author_email: body.author_email,
      message: body.message,
      request_inner_kind_id: kind,
      files: input.files,
      date_create: context.now,
      notify_user_ids: users,
      notify_email: notifyEmail,
    },
  };
  const r = await handleCommand(w.store, innerRequestDecider, innerRequestStreamId(id), command, context, { expectNew: true });
  return { id, position: r.position };
};

/** PUT /api/request_inner/{id} (administrators): a state, a kind, or both. */
export const updateInnerRequest = async (
  w: WriteContext,
  id: number,
  change: { state?: number; request_inner_kind_id?: number | null },
  context: CommandContext,
): Promise<CommandOutcome> => {
  await loadInnerRequest(w, id);
  const commands: InnerRequestCommand[] = [];
  if (change.state !== undefined) commands.push({ type: 'setState', state: change.state });
  if (change.request_inner_kind_id !== undefined) {
    await checkKind(w, change.request_inner_kind_id);
    commands.push({ type: 'setKind', request_inner_kind_id: change.request_inner_kind_id });
  }
  if (commands.length === 0) throw invalid('Укажите статус или тип запроса');
  const r = await handleCommands(w.store, innerRequestDecider, innerRequestStreamId(id), commands, context);
  return { id, position: r.position };
};

/** DELETE /api/request_inner/{id} (administrators): its answers go with it from the list. */
export const deleteInnerRequest = async (w: WriteContext, id: number, context: CommandContext): Promise<CommandOutcome> => {
  await loadInnerRequest(w, id);
  const r = await handleCommand(w.store, innerRequestDecider, innerRequestStreamId(id), { type: 'delete' }, context);
  return { id, position: r.position };
};
