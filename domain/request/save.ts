import { toDateOnly } from '../shared/dates';
import type { CommandContext } from '../shared/events';
import type { RegisterRequest, RequestLookups, SaveRequest } from './commands';
import { PerformerKind, RequestKind, RequestStatus } from './enums';
import type { RequestEvent } from './events';
import { applyFieldReactions } from './reactions';
import { checkExecutors, checkRequestReferences } from './references';
import { editableFields, type RequestEffect } from './machine';
import { mayAssignExecutors, resultDateOnPerform } from './rules';
import { dataOf, emptyRequestData, initialRequestState, type RequestData, type RequestState } from './state';
import { engineerIdsSchema, parseOrThrow } from './validation';
import { ask, ev, uniq } from './decide-support';
import { changeEvents, checkEditability, checkNewActNumbers, checkNewActs, checkTypedActFields, submittedData, touchedItems, validateData } from './save-diff';

/* The decisions of a new request (RegisterRequest) and of a save (SaveRequest). */

export const decideRegister = (command: RegisterRequest, context: CommandContext): RequestEvent[] => {
  const { actor } = command;
  const state = initialRequestState();
  const lookups = command.lookups ?? {};
  parseOrThrow(engineerIdsSchema, command.engineer_ids ?? []);
  parseOrThrow(engineerIdsSchema, command.auto_engineer_ids ?? []);
  const chosen = uniq(command.engineer_ids ?? []);
  const auto = uniq(command.auto_engineer_ids ?? []);
  const submitted = submittedData(emptyRequestData(), { request: command.request, attachments_added: command.attachments });
  checkEditability(state, submitted, actor, lookups, context.now);
  const next = applyFieldReactions(null, submitted, lookups, context.now).request;
  checkTypedActFields(emptyRequestData(), command.request as Record<string, unknown>, next);
  validateData(next, state, context.now, RequestStatus.UNDEFINED, context.now);
  if (lookups.references) {
    checkRequestReferences(state, next, lookups.references, derivedOf(lookups));
    checkExecutors(uniq([...chosen, ...auto]), next, lookups.references.users);
  }
  const evaluation = ask(state, { type: 'register', actor, now: context.now, next });
  const canceled = evaluation.status === RequestStatus.CANCELED;
  // A user without the right to assign executors (a court user) assigns none: the choice is
  // dropped and the region's automatic assignment, if any, applies as if nobody was chosen.
  const own = mayAssignExecutors(next, actor.rights) ? chosen : [];
  const engineers = canceled ? [] : own.length > 0 ? own : auto;
  const request = {
    ...dataOf(next),
    id: command.id,
    number: command.number,
    request_date_add: context.now,
    request_status_id: evaluation.status,
  };
  const { engineers: _e, works, spares_pbs, tools_commissioning, students_list, attachments, documents: _d, ...fields } = request;
  return [
    ev('RequestRegistered', {
      request: fields,
      engineers,
      works,
      spares_pbs,
      tools_commissioning,
      students_list,
      attachments,
      registered_by: actor.userId,
      ...(command.group ? { group: true as const } : {}),
    }),
  ];
};

export const decideSave = (state: RequestState, command: SaveRequest, context: CommandContext): RequestEvent[] => {
  const { actor } = command;
  const now = context.now;
  const lookups = command.lookups ?? {};
  const submitted = submittedData(state, command);
  checkEditability(state, submitted, actor, lookups, now);
  const { request: next, removedDocuments } = applyFieldReactions(state, submitted, lookups, now);
  checkTypedActFields(state, command.request as Record<string, unknown>, next);
  const changed = touchedItems(state, next).length > 0;
  if (changed) {
    const fixable = new Set<string>([...editableFields(state, actor), ...touchedItems(state, next)]);
    checkNewActNumbers(state, next);
    validateData(next, state, state.request_date_add ?? now, state.request_status_id, now, fixable);
    if (lookups.references) checkRequestReferences(state, next, lookups.references, derivedOf(lookups));
    checkNewActs(state, next);
  }
  const evaluation = ask(state, { type: 'save', actor, now, next, changed });
  const events = changed ? changeEvents(state, next, removedDocuments) : [];
  const move = { request_status_id: evaluation.status, previous_status_id: state.request_status_id };
  for (const effect of evaluation.effects) events.push(...saveEffectEvents(effect, state, next, move, now));
  return events;
};

/** Values the field reactions take from the lookups (catalogue items, so they exist). */
const derivedOf = (lookups: RequestLookups) => ({
  subsystem_id: lookups.program?.gas_sub_system_id ?? null,
  service_repair_id: lookups.regional_service_centre_id ?? null,
  program_type: lookups.program?.type ?? null,
  program_type_of: lookups.program?.id ?? null,
});

type Move = { request_status_id: number; previous_status_id: number };

const saveEffectEvents = (effect: RequestEffect, state: RequestState, next: RequestData, move: Move, now: string): RequestEvent[] => {
  switch (effect) {
    case 'perform': {
      const result_d = resultDateOnPerform(next, now);
      if (state.request_status_id === RequestStatus.PERFORMED && result_d === next.result_d) return [];
      return [ev('RequestPerformed', { ...move, result_d })];
    }
    case 'moveToHotLine':
      return [
        ev('RequestMovedToHotLine', {
          ...move,
          request_performer_kind: PerformerKind.SENIOR,
          result_d: null,
          note: null,
          engineers: [],
          previous_result_d: next.result_d,
          previous_note: next.note,
          previous_engineers: state.engineers,
        }),
      ];
    case 'cancel':
      return [
        ev('RequestCanceled', {
          ...move,
          request_kind_id: next.request_kind_id ?? RequestKind.MISTAKE,
          engineers: [],
          previous_engineers: state.engineers,
        }),
      ];
    case 'hotlinePerform':
      return [ev('RequestHotLinePerformed', { ...move, hotline_result_date: next.hotline_result_date ?? toDateOnly(now) })];
    default:
      return [];
  }
};
