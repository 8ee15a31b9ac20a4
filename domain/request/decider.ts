import { hasFull } from '../rights';
import type { Decider } from '../shared/decider';
import { toDateOnly, yearOf } from '../shared/dates';
import { forbidden, invalid, notFound, refused } from '../shared/errors';
import type { CommandContext } from '../shared/events';
import { actPrecondition } from './acts';
import type {
  AddComment,
  AssignEngineers,
  ChangeDate,
  ChangeNumber,
  RegisterRequest,
  RequestCommand,
  RequestLookups,
  SaveRequest,
  SubmittedRequest,
} from './commands';
import { HotlineResult, PerformerKind, RequestKind, RequestResult, RequestStatus, statusTitle } from './enums';
import type { FieldChange, RequestEvent, RequestEventOf } from './events';
import { validateFiles } from './files';
import { editableItemTitle } from './history';
import { buttonOfCommand, type ButtonCommandType } from './actions';
import { applyFieldReactions } from './reactions';
import { checkExecutors, checkRequestReferences } from './references';
import { editableFields, editableInStatus, evaluateRequestCommand, type RequestEffect, type RequestMachineEvent } from './machine';
import { movementLists, resultDateOnPerform, systemFields, type EditableItem } from './rules';
import {
  dataOf,
  emptyRequestData,
  initialRequestState,
  requestFieldNames,
  sameValue,
  type Actor,
  type RequestData,
  type RequestDocument,
  type RequestField,
  type RequestState,
} from './state';
import { ZodError } from 'zod';
import {
  commentSchema,
  engineerIdsSchema,
  dateMessages,
  fieldErrorsOf,
  parseOrThrow,
  requestDateSchema,
  requestNumberSchema,
  requestSchema,
  ruErrorMap,
} from './validation';

export const decisionMessages = {
  notFound: 'Заявка не найдена',
  noRightsForField: (item: EditableItem) => `Недостаточно прав для изменения поля «${editableItemTitle(item)}»`,
  fieldLocked: (item: EditableItem, status: number) =>
    `Поле «${editableItemTitle(item)}» нельзя изменить в статусе «${statusTitle(status)}»`,
  fieldNotOnCreate: (item: EditableItem) => `Поле «${editableItemTitle(item)}» нельзя заполнить при создании заявки`,
  noNumberRight: 'Недостаточно прав для изменения номера и даты заявки',
  numberTaken: (n: number) => `Заявка с номером ${n} уже существует`,
  numberTakenInYear: (n: number | null, year: number) => `Заявка с номером ${n ?? ''} за ${year} год уже существует`,
  noDeleteRight: 'Недостаточно прав для удаления заявки',
} as const;

// ---------------------------------------------------------------------------------------------
// evolve

const withStatus = (state: RequestState, status: number): RequestState => ({ ...state, request_status_id: status });

export const evolveRequest = (state: RequestState, event: RequestEvent): RequestState => {
  switch (event.type) {
    case 'RequestRegistered': {
      const d = event.data;
      return {
        ...initialRequestState(),
        ...d.request,
        engineers: d.engineers,
        works: d.works,
        spares_pbs: d.spares_pbs,
        tools_commissioning: d.tools_commissioning,
        students_list: d.students_list,
        attachments: d.attachments,
        registered: true,
        registered_by: d.registered_by ?? null,
      };
    }
    case 'RequestFieldsChanged': {
      const next = { ...state } as Record<RequestField, unknown>;
      for (const c of event.data.changes) next[c.field] = c.new;
      return next as unknown as RequestState;
    }
    case 'RequestEngineersAssigned':
      return { ...state, engineers: event.data.engineers, request_status_id: event.data.request_status_id };
    case 'RequestWorksChanged':
      return { ...state, works: event.data.works };
    case 'RequestSparesPbsChanged':
      return { ...state, spares_pbs: event.data.spares_pbs };
    case 'RequestCommissioningToolsChanged':
      return { ...state, tools_commissioning: event.data.tools_commissioning };
    case 'RequestStudentsChanged':
      return { ...state, students_list: event.data.students_list };
    case 'RequestTakenForPerform': {
      const { request_text_expl, request_performer_kind, engineers } = event.data;
      return { ...withStatus(state, event.data.request_status_id), request_text_expl, request_performer_kind, engineers };
    }
    case 'RequestPerformed':
      return { ...withStatus(state, event.data.request_status_id), result_d: event.data.result_d };
    case 'RequestClosed':
    case 'RequestExecutionCancelled':
    case 'RequestHotLineExecutionCancelled':
      return withStatus(state, event.data.request_status_id);
    case 'RequestReexecuted':
      return { ...withStatus(state, event.data.request_status_id), result: null, result_d: null };
    case 'RequestMovedToHotLine': {
      const { request_performer_kind, result_d, note, engineers } = event.data;
      return { ...withStatus(state, event.data.request_status_id), request_performer_kind, result_d, note, engineers };
    }
    case 'RequestHotLineTaken':
      return { ...withStatus(state, event.data.request_status_id), engineers: event.data.engineers, engineer_id: event.data.engineer_id };
    case 'RequestHotLineFulfilled': {
      const { hotline_result_id, hotline_result_type, hotline_result_date, result, result_type, result_d, note } = event.data;
      return {
        ...withStatus(state, event.data.request_status_id),
        hotline_result_id,
        hotline_result_type,
        hotline_result_date,
        result,
        result_type,
        result_d,
        note,
      };
    }
    case 'RequestHotLinePerformed':
      return { ...withStatus(state, event.data.request_status_id), hotline_result_date: event.data.hotline_result_date };
    case 'RequestHotLineReexecuted':
      return { ...withStatus(state, event.data.request_status_id), hotline_result_id: null, hotline_result_date: null };
    case 'RequestCanceled':
      return {
        ...withStatus(state, event.data.request_status_id),
        request_kind_id: event.data.request_kind_id,
        engineers: event.data.engineers,
      };
    case 'RequestRecalled':
      return { ...state, request_kind_id: event.data.request_kind_id };
    case 'RequestNumberChanged':
      return { ...state, number: event.data.number };
    case 'RequestDateChanged':
      return { ...state, request_date_add: event.data.request_date_add };
    case 'RequestAttachmentAdded':
      return { ...state, attachments: [...state.attachments, event.data.file] };
    case 'RequestAttachmentRemoved':
      return { ...state, attachments: state.attachments.filter((f) => f.file_id !== event.data.file_id) };
    case 'RequestDocumentAttached':
      return { ...state, documents: [...state.documents, event.data.document] };
    case 'RequestDocumentRemoved':
      return { ...state, documents: state.documents.filter((f) => f.file_id !== event.data.file_id) };
    case 'RequestCommentAdded':
      return { ...state, comments_count: Math.max(state.comments_count, event.data.comment_id) };
    case 'RequestDeleted':
      return { ...state, deleted: true };
  }
};

// ---------------------------------------------------------------------------------------------
// decide helpers

const ev = <T extends RequestEvent['type']>(type: T, data: RequestEventOf<T>['data']): RequestEvent =>
  ({ type, data }) as RequestEvent;

const system = new Set<RequestField>(systemFields);
const editableScalarFields = requestFieldNames.filter((f) => !system.has(f));
const uniq = (ids: readonly number[]) => [...new Set(ids)];

/** The whole request as the save submits it: known fields over the stored ones, lists replaced. */
const submittedData = (before: RequestData, command: Omit<SaveRequest, 'type' | 'actor'>): RequestData => {
  const out: RequestData = { ...before };
  const submitted = command.request as Record<string, unknown>;
  for (const f of editableScalarFields) if (f in submitted) (out as Record<RequestField, unknown>)[f] = submitted[f] ?? null;
  if (typeof out.request_text !== 'string') out.request_text = '';
  for (const l of movementLists) if (command[l] !== undefined) (out as unknown as Record<string, unknown>)[l] = command[l];
  const removedAttachments = new Set(command.attachments_removed ?? []);
  const attachments = out.attachments.filter((f) => !removedAttachments.has(f.file_id));
  for (const f of command.attachments_added ?? []) if (!attachments.some((a) => a.file_id === f.file_id)) attachments.push(f);
  out.attachments = attachments;
  const removedDocuments = new Set(command.documents_removed ?? []);
  const documents = out.documents.filter((d) => !removedDocuments.has(d.file_id));
  for (const d of command.documents_added ?? []) if (!documents.some((x) => x.file_id === d.file_id)) documents.push(d);
  out.documents = documents;
  return out;
};

const added = <T extends { file_id: string }>(before: readonly T[], after: readonly T[]) =>
  after.filter((a) => !before.some((b) => b.file_id === a.file_id));

/** What of the request a save touches, as the editability check names it. */
const touchedItems = (before: RequestData, after: RequestData): EditableItem[] => {
  const items: EditableItem[] = editableScalarFields.filter((f) => !sameValue(before[f], after[f]));
  for (const l of movementLists) if (!sameValue(before[l], after[l])) items.push(l);
  if (!sameValue(before.attachments, after.attachments)) items.push('attachments');
  if (added(before.documents, after.documents).length) items.push('documents_add');
  if (added(after.documents, before.documents).length) items.push('documents_remove');
  return items;
};

const revert = (data: RequestData, before: RequestData, item: EditableItem): void => {
  const d = data as unknown as Record<string, unknown>;
  const b = before as unknown as Record<string, unknown>;
  if (item === 'documents_add') data.documents = data.documents.filter((x) => before.documents.some((y) => y.file_id === x.file_id));
  else if (item === 'documents_remove')
    data.documents = [...data.documents, ...before.documents.filter((y) => !data.documents.some((x) => x.file_id === y.file_id))];
  else d[item] = b[item];
};

const isTouchedAlike = (a: RequestData, b: RequestData, item: EditableItem): boolean =>
  !touchedItems(a, b).includes(item);

/**
 * A save changes only what the actor may change now (4.1). A change outside the editable set
 * is accepted only when the field reactions of the allowed changes produce it themselves
 * (the client applies the same rules while editing).
 */
const checkEditability = (
  state: RequestState,
  submitted: RequestData,
  actor: Actor,
  lookups: RequestLookups,
  now: string,
): void => {
  const editable = editableFields(state, actor);
  const touched = touchedItems(state, submitted);
  const locked = touched.filter((i) => !editable.has(i));
  if (locked.length === 0) return;
  const allowedOnly: RequestData = { ...submitted };
  for (const item of locked) revert(allowedOnly, state, item);
  const derived = applyFieldReactions(state.registered ? state : null, allowedOnly, lookups, now).request;
  for (const item of locked) {
    if (isTouchedAlike(derived, submitted, item)) continue;
    if (!state.registered) throw refused(decisionMessages.fieldNotOnCreate(item));
    if (editableInStatus(state, item)) throw forbidden(decisionMessages.noRightsForField(item));
    throw refused(decisionMessages.fieldLocked(item, state.request_status_id));
  }
};

const fileList = (files: readonly { file_name: string; size: number }[]) => files.map((f) => ({ name: f.file_name, size: f.size }));

/**
 * Validates the saved request. Errors are reported for what the actor can fix: fields editable
 * now and fields this save touched; an old flaw in a field nobody may change in this status
 * does not block, say, filling the hot line number of a performed request.
 */
const validateData = (
  next: RequestData,
  before: RequestData,
  createdAt: string,
  status: number,
  now: string,
  fixable?: ReadonlySet<string>,
): void => {
  const parsed = requestSchema({ now, createdAt, status }).safeParse(next, { errorMap: ruErrorMap });
  if (!parsed.success) {
    const issues = parsed.error.issues.filter((i) => !fixable || fixable.has(String(i.path[0])));
    if (issues.length) throw invalid(issues[0]?.message ?? '', fieldErrorsOf(new ZodError(issues)));
  }
  if (!sameValue(before.attachments, next.attachments)) {
    const broken = validateFiles(fileList(next.attachments), 'attachments');
    if (broken) throw invalid(broken, { attachments: broken });
  }
  if (added(before.documents, next.documents).length) {
    const broken = validateFiles(fileList(next.documents), 'documents');
    if (broken) throw invalid(broken, { documents: broken });
  }
};

/** Every new act document must meet the act's preconditions on the saved data. */
const checkNewActs = (before: RequestData, next: RequestData): void => {
  for (const doc of added(before.documents, next.documents)) {
    if (!doc.act_kind) continue;
    const broken = actPrecondition({ ...next, documents: next.documents.filter((d) => d.file_id !== doc.file_id) }, doc.act_kind);
    if (broken) throw refused(broken);
  }
};

const throwRefusal = (refusal: { kind: 'refused' | 'forbidden'; message: string }): never => {
  throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : refused(refusal.message);
};

const ask = (state: RequestState, event: RequestMachineEvent) => {
  const evaluation = evaluateRequestCommand(state, event);
  if (evaluation.refusal) throwRefusal(evaluation.refusal);
  return evaluation;
};

/** The events a save's field and list changes produce (without status transitions). */
const changeEvents = (before: RequestData, next: RequestData, removedDocuments: readonly RequestDocument[]): RequestEvent[] => {
  const events: RequestEvent[] = [];
  for (const f of added(next.attachments, before.attachments))
    events.push(ev('RequestAttachmentRemoved', { file_id: f.file_id, file_name: f.file_name }));
  for (const f of added(before.attachments, next.attachments)) events.push(ev('RequestAttachmentAdded', { file: f }));
  for (const d of removedDocuments)
    events.push(ev('RequestDocumentRemoved', { file_id: d.file_id, file_name: d.file_name, act_kind: d.act_kind }));
  for (const d of added(before.documents, next.documents)) events.push(ev('RequestDocumentAttached', { document: d }));
  if (!sameValue(before.works, next.works)) events.push(ev('RequestWorksChanged', { works: next.works, previous: before.works }));
  if (!sameValue(before.spares_pbs, next.spares_pbs))
    events.push(ev('RequestSparesPbsChanged', { spares_pbs: next.spares_pbs, previous: before.spares_pbs }));
  if (!sameValue(before.tools_commissioning, next.tools_commissioning))
    events.push(
      ev('RequestCommissioningToolsChanged', { tools_commissioning: next.tools_commissioning, previous: before.tools_commissioning }),
    );
  if (!sameValue(before.students_list, next.students_list))
    events.push(ev('RequestStudentsChanged', { students_list: next.students_list, previous: before.students_list }));
  const changes: FieldChange[] = editableScalarFields
    .filter((f) => !sameValue(before[f], next[f]))
    .map((f) => ({ field: f, old: before[f], new: next[f] }));
  if (changes.length) events.push(ev('RequestFieldsChanged', { changes }));
  return events;
};

// ---------------------------------------------------------------------------------------------
// decide: register and save

const decideRegister = (command: RegisterRequest, context: CommandContext): RequestEvent[] => {
  const { actor } = command;
  const state = initialRequestState();
  const lookups = command.lookups ?? {};
  parseOrThrow(engineerIdsSchema, command.engineer_ids ?? []);
  const submitted = submittedData(emptyRequestData(), { request: command.request, attachments_added: command.attachments });
  checkEditability(state, submitted, actor, lookups, context.now);
  const next = applyFieldReactions(null, submitted, lookups, context.now).request;
  validateData(next, state, context.now, RequestStatus.UNDEFINED, context.now);
  if (lookups.references) {
    checkRequestReferences(state, next, lookups.references, derivedOf(lookups));
    checkExecutors(uniq(command.engineer_ids ?? []), next, lookups.references.users);
  }
  const evaluation = ask(state, { type: 'register', actor, now: context.now, next });
  const canceled = evaluation.status === RequestStatus.CANCELED;
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
      engineers: canceled ? [] : uniq(command.engineer_ids ?? []),
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

const decideSave = (state: RequestState, command: SaveRequest, context: CommandContext): RequestEvent[] => {
  const { actor } = command;
  const now = context.now;
  const lookups = command.lookups ?? {};
  const submitted = submittedData(state, command);
  checkEditability(state, submitted, actor, lookups, now);
  const { request: next, removedDocuments } = applyFieldReactions(state, submitted, lookups, now);
  const changed = touchedItems(state, next).length > 0;
  if (changed) {
    const fixable = new Set<string>([...editableFields(state, actor), ...touchedItems(state, next)]);
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

// ---------------------------------------------------------------------------------------------
// decide: buttons

const buttonAction = buttonOfCommand;


const decideButton = (state: RequestState, type: ButtonCommandType, actor: Actor, now: string): RequestEvent[] => {
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

const decideAssign = (state: RequestState, command: AssignEngineers, now: string): RequestEvent[] => {
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

// ---------------------------------------------------------------------------------------------
// decide: number, date, comments, flags, deletion

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

/** The state after the events of a stream. */
export const foldRequest = (events: readonly RequestEvent[]): RequestState => events.reduce(evolveRequest, initialRequestState());
