import { toDateOnly } from '../shared/dates';
import type { AssignEngineers } from './commands';
import { HotlineResult, PerformerKind, RequestKind, RequestResult, RequestStatus } from './enums';
import type { RequestEvent } from './events';
import { buttonOfCommand, type ButtonCommandType } from './actions';
import { checkExecutors } from './references';
import { sameValue, type Actor, type RequestState } from './state';
import { engineerIdsSchema, parseOrThrow } from './validation';
import { ask, ev, uniq } from './decide-support';

/* The decisions of the buttons (take, close, hot line moves, ...) and of assigning executors. */

const buttonAction = buttonOfCommand;


export const decideButton = (state: RequestState, type: ButtonCommandType, actor: Actor, now: string): RequestEvent[] => {
  const evaluation = ask(state, { type: buttonAction[type], actor, now });
  const move = { request_status_id: evaluation.status, previous_status_id: state.request_status_id };
  const today = toDateOnly(now);
  const events: RequestEvent[] = [];
  for (const effect of evaluation.effects) {
    switch (effect) {
      case 'take':
        events.push(
          ev('RequestTakenForPerform', {
            ...move,
            request_text_expl: state.request_text_expl?.trim() ? state.request_text_expl : state.request_text,
            request_performer_kind:
              state.request_status_id === RequestStatus.HOT_LINE_PERFORMED ? PerformerKind.FILIAL : state.request_performer_kind,
            engineers: uniq([...state.engineers, actor.userId]),
            taken_by: actor.userId,
          }),
        );
        break;
      case 'close':
        events.push(ev('RequestClosed', move));
        break;
      case 'reexecute':
        events.push(
          ev('RequestReexecuted', { ...move, result: null, result_d: null, previous_result: state.result, previous_result_d: state.result_d }),
        );
        break;
      case 'cancelExecution':
        events.push(ev('RequestExecutionCancelled', move));
        break;
      case 'hotlineTake':
        events.push(
          ev('RequestHotLineTaken', { ...move, engineers: [actor.userId], engineer_id: actor.userId, previous_engineers: state.engineers }),
        );
        break;
      case 'hotlineFulfil': {
        const date = state.hotline_result_date ?? today;
        const work = state.hotline_work_description?.trim();
        events.push(
          ev('RequestHotLineFulfilled', {
            ...move,
            hotline_result_id: HotlineResult.FULFILLED,
            hotline_result_type: state.hotline_result_type,
            hotline_result_date: date,
            result: RequestResult.FULFILLED_BY_HOT_LINE,
            result_type: state.hotline_result_type ?? state.result_type,
            result_d: date,
            note: work ? (state.note?.trim() ? `${state.note}\n${work}` : work) : state.note,
          }),
        );
        break;
      }
      case 'hotlineReexecute':
        events.push(
          ev('RequestHotLineReexecuted', {
            ...move,
            hotline_result_id: null,
            hotline_result_date: null,
            previous_hotline_result_id: state.hotline_result_id,
            previous_hotline_result_date: state.hotline_result_date,
          }),
        );
        break;
      case 'hotlineCancelExecution':
        events.push(ev('RequestHotLineExecutionCancelled', move));
        break;
      case 'recall':
        events.push(ev('RequestRecalled', { request_kind_id: RequestKind.REVOKE, previous_kind_id: state.request_kind_id }));
        events.push(
          ev('RequestCanceled', { ...move, request_kind_id: RequestKind.REVOKE, engineers: [], previous_engineers: state.engineers }),
        );
        break;
    }
  }
  return events;
};

export const decideAssign = (state: RequestState, command: AssignEngineers, now: string): RequestEvent[] => {
  parseOrThrow(engineerIdsSchema, command.engineer_ids);
  const engineers = uniq(command.engineer_ids);
  const evaluation = ask(state, { type: 'assign', actor: command.actor, now, engineer_ids: engineers });
  // Executors already on the request stay; each new one must fit the request's region or the hot line.
  if (command.executors) checkExecutors(engineers.filter((id) => !state.engineers.includes(id)), state, command.executors);
  if (sameValue(engineers, state.engineers) && evaluation.status === state.request_status_id) return [];
  return [
    ev('RequestEngineersAssigned', {
      engineers,
      previous: state.engineers,
      request_status_id: evaluation.status,
      previous_status_id: state.request_status_id,
    }),
  ];
};
