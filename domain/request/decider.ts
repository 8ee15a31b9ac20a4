import { hasFull } from '../rights';
import type { Decider } from '../shared/decider';
import { toDateOnly, yearOf } from '../shared/dates';
import { forbidden, invalid, notFound, refused } from '../shared/errors';
import type { CommandContext } from '../shared/events';
import type { AddComment, ChangeDate, ChangeNumber, RequestCommand, SubmittedRequest } from './commands';
import type { RequestEvent } from './events';
import { validateFiles } from './files';
import { initialRequestState, type RequestState } from './state';
import { commentSchema, dateMessages, parseOrThrow, requestDateSchema, requestNumberSchema } from './validation';
import { decisionMessages, ev, uniq } from './decide-support';
import { fileList } from './save-diff';
import { evolveRequest, foldRequest } from './evolve';
import { decideRegister, decideSave } from './save';
import { decideAssign, decideButton } from './buttons';
import { decideGenerateAct } from './generate-act';

/*
 * The request decider (stream `request-{id}`): dispatches each command to its decision; evolve.ts
 * folds the events, save.ts and save-diff.ts decide saves, buttons.ts the buttons.
 */

const decideNumber = (state: RequestState, command: ChangeNumber): RequestEvent[] => {
  if (!hasFull(command.actor.rights, 'RIGHT_REQUEST_EDIT_NUMBER')) throw forbidden(decisionMessages.noNumberRight);
  const number = parseOrThrow(requestNumberSchema, command.number);
  if (number === state.number) return [];
  if (!command.is_unique) throw refused(decisionMessages.numberTaken(number));
  return [ev('RequestNumberChanged', { number, previous: state.number })];
};

const decideDate = (state: RequestState, command: ChangeDate, now: string): RequestEvent[] => {
  if (!hasFull(command.actor.rights, 'RIGHT_REQUEST_EDIT_NUMBER')) throw forbidden(decisionMessages.noNumberRight);
  const date = parseOrThrow(requestDateSchema, command.date) as string;
  if (date > toDateOnly(now)) throw invalid(dateMessages.future, { date: dateMessages.future });
  const previous = state.request_date_add;
  const timeOfDay = previous && previous.length > 10 ? previous.slice(10) : 'T00:00:00.000Z';
  const request_date_add = `${date}${timeOfDay}`;
  if (request_date_add === previous) return [];
  if (!command.is_unique) throw refused(decisionMessages.numberTakenInYear(state.number, yearOf(date)));
  return [ev('RequestDateChanged', { request_date_add, previous })];
};

const decideComment = (state: RequestState, command: AddComment, now: string): RequestEvent[] => {
  const { comment } = parseOrThrow(commentSchema, { comment: command.comment });
  const files = command.files ?? [];
  const broken = validateFiles(fileList(files), 'comment');
  if (broken) throw invalid(broken, { files: broken });
  return [
    ev('RequestCommentAdded', {
      comment_id: state.comments_count + 1,
      request_number: state.number ?? null,
      comment,
      files,
      user_id: command.actor.userId,
      fio: command.actor.fio ?? null,
      date_time_d: now,
      notify_user_ids: uniq(command.notify_user_ids ?? []),
    }),
  ];
};

export const decideRequest = (state: RequestState, command: RequestCommand, context: CommandContext): RequestEvent[] => {
  if (state.deleted) throw notFound(decisionMessages.notFound);
  if (command.type === 'RegisterRequest') {
    if (state.registered) throw refused('Заявка уже зарегистрирована');
    return decideRegister(command, context);
  }
  if (!state.registered) throw notFound(decisionMessages.notFound);
  switch (command.type) {
    case 'SaveRequest':
      return decideSave(state, command, context);
    case 'AssignEngineers':
      return decideAssign(state, command, context.now);
    case 'ChangeNumber':
      return decideNumber(state, command);
    case 'ChangeDate':
      return decideDate(state, command, context.now);
    case 'AddComment':
      return decideComment(state, command, context.now);
    case 'MarkHotlineEmailSent': {
      const field = command.which === 'register' ? 'hotline_email_register_sent' : 'hotline_email_close_sent';
      return state[field] ? [] : [ev('RequestFieldsChanged', { changes: [{ field, old: state[field], new: true }] })];
    }
    case 'MarkHotlineEmailUndelivered': {
      const field = command.which === 'register' ? 'hotline_email_register_sent' : 'hotline_email_close_sent';
      return state[field] ? [ev('RequestFieldsChanged', { changes: [{ field, old: true, new: false }] })] : [];
    }
    case 'RecordHotlineNumber': {
      const number = command.hotlinegas_number.trim();
      if (!number) throw invalid('Пустой номер на ГЛ');
      const current = (state.hotlinegas_number ?? '').trim();
      if (current === number) return [];
      if (current) throw refused(`Заявка уже зарегистрирована на ГЛ под номером ${current}`);
      return [ev('RequestFieldsChanged', { changes: [{ field: 'hotlinegas_number', old: state.hotlinegas_number, new: number }] })];
    }
    case 'GenerateAct':
      return decideGenerateAct(state, command);
    case 'DeleteRequest':
      if (!hasFull(command.actor.rights, 'RIGHT_REQUEST_DELETE')) throw forbidden(decisionMessages.noDeleteRight);
      return [ev('RequestDeleted', { deleted_by: command.actor.userId })];
    default:
      return decideButton(state, command.type, command.actor, context.now);
  }
};

/** The request decider (stream `request-{id}`). */
export const requestDecider: Decider<RequestState, RequestCommand, RequestEvent> = {
  initialState: initialRequestState,
  evolve: evolveRequest,
  decide: decideRequest,
};

export type { SubmittedRequest };


export { decisionMessages, evolveRequest, foldRequest };
