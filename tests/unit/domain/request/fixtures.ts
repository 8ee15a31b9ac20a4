import {
  ContactKind,
  PerformerKind,
  RequestKind,
  RequestStatus,
  emptyRequestData,
  emptyRequestFields,
  evaluateRequestCommand,
  foldRequest,
  initialRequestState,
  type Actor,
  type RequestCommand,
  type RequestDocument,
  type RequestEvent,
  type RequestFields,
  type RequestLists,
  type SaveRequest,
} from '../../../../domain/request';
import type { RightsObject } from '../../../../domain/rights';
import { testContext } from '../../../support/given-when-then';

export const NOW = '2026-03-10T09:00:00.000Z';
export const TODAY = '2026-03-10';
export const CREATED = '2026-03-01T08:00:00.000Z';
export const ctx = (now = NOW) => testContext({ now });

export const R = {
  create: { RIGHT_REQUEST_CREATE: 4 },
  edit: { RIGHT_REQUEST_EDIT: 2 },
  engineer: { RIGHT_REQUEST_ENGINEER: 2 },
  hotlineEdit: { RIGHT_REQUEST_HOTLINE_EDIT: 2 },
  hotlineNumber: { RIGHT_HOTLINE_EDIT: 2 },
  manage: { RIGHT_REQUEST_DELETE: 2 },
  resume: { RIGHT_REQUEST_RESUME: 2 },
  docsDelete: { RIGHT_REQUEST_DOCS_DELETE: 2 },
  editNumber: { RIGHT_REQUEST_EDIT_NUMBER: 2 },
} satisfies Record<string, RightsObject>;

export const actor = (rights: RightsObject = {}, userId = 1): Actor => ({ userId, rights, fio: 'Иванов И. И.' });
/** A branch editor (request-edit), user 1. */
export const editor = actor({ ...R.create, ...R.edit });
/** A branch engineer who may take unassigned requests, user 2. */
export const engineer = actor({ ...R.edit, ...R.engineer }, 2);
/** An assigned engineer without the engineer right, user 3. */
export const assignee = actor({ ...R.edit }, 3);
/** A hot line worker, user 4. */
export const hotliner = actor({ ...R.hotlineEdit }, 4);
/** A hot line manager, user 5. */
export const manager = actor({ ...R.hotlineEdit, ...R.manage }, 5);
export const nobody = actor({}, 9);

/** A valid common-software request. */
export const baseFields = (over: Partial<RequestFields> = {}): RequestFields => ({
  ...emptyRequestFields(),
  id: 1,
  number: 101,
  request_date_add: CREATED,
  request_status_id: RequestStatus.WAITING_ENGINEER,
  request_kind_id: RequestKind.COMMON_SOFTWARE,
  request_performer_kind: PerformerKind.FILIAL,
  region_id: 1,
  unit_id: 10,
  contact_kind: ContactKind.FROM_IAC,
  contact_id: 100,
  program_id: 5,
  tool_id: 7,
  request_text: 'Не печатает принтер в кабинете 12',
  ...over,
});

/** The fields of a registration: everything but the status, which the registration itself decides. */
export type RegistrationFields = Omit<Partial<RequestFields>, 'request_status_id'>;

/** The status the request machine gives a registration of these fields (a canceled kind, a SENIOR request, else waiting for an engineer). */
const registrationStatus = (request: RequestFields): RequestStatus => {
  const { status, refusal } = evaluateRequestCommand(initialRequestState(), { type: 'register', actor: editor, now: CREATED, next: { ...emptyRequestData(), ...request } });
  if (refusal) throw new Error(`registered(): the machine refuses this registration: ${refusal.message}`);
  return status as RequestStatus;
};

const registration = (request: RequestFields, lists: Partial<RequestLists>): RequestEvent => ({
  type: 'RequestRegistered',
  data: {
    request,
    engineers: lists.engineers ?? [],
    works: lists.works ?? [],
    spares_pbs: lists.spares_pbs ?? [],
    tools_commissioning: lists.tools_commissioning ?? [],
    students_list: lists.students_list ?? [],
    attachments: lists.attachments ?? [],
    registered_by: 1,
  },
});

/**
 * A registered request (the event the decider emits for these fields, in the status the machine gives
 * a registration). It takes no status: later states are reached through the commands that lead to
 * them (`requestHistory`, tests/support/request-histories.ts), or, where none does, `plantedRequest`.
 */
export const registered = (over: RegistrationFields = {}, lists: Partial<RequestLists> = {}): RequestEvent => {
  if ('request_status_id' in over) throw new Error('registered() takes no status: reach it with requestHistory, or plantedRequest when no command does');
  const request = baseFields(over);
  return registration({ ...request, request_status_id: registrationStatus(request) }, lists);
};

/**
 * A request registered straight into a status, or with fields, that no command sequence reaches: the
 * legacy status «Ожидает назначения», data imported from the old system that breaks today's rules, a
 * state a test proves the code survives. `because` says why no command gets there (each use is found by
 * grepping `plantedRequest(`); every other state comes from `requestHistory`.
 */
export const plantedRequest = (because: string, over: Partial<RequestFields>, lists: Partial<RequestLists> = {}): RequestEvent => {
  if (because.trim().length < 20) throw new Error('plantedRequest: say why no command sequence reaches this state');
  return registration(baseFields(over), lists);
};

export { doc } from '../../../support/request-histories';

export const attached = (document: RequestDocument): RequestEvent => ({ type: 'RequestDocumentAttached', data: { document } });

export const file = (file_id: string, file_name = `${file_id}.pdf`, size = 1000) => ({
  file_id,
  file_name,
  mimetype: 'application/pdf',
  size,
  checksum: 'x',
});

export const save = (who: Actor, request: Partial<RequestFields> = {}, extra: Partial<Omit<SaveRequest, 'type' | 'actor' | 'request'>> = {}): RequestCommand => ({
  type: 'SaveRequest',
  actor: who,
  request,
  ...extra,
});

export const button = (type: Exclude<RequestCommand['type'], 'RegisterRequest' | 'SaveRequest' | 'AssignEngineers' | 'ChangeNumber' | 'ChangeDate' | 'AddComment' | 'MarkHotlineEmailSent' | 'MarkHotlineEmailUndelivered'>, who: Actor): RequestCommand =>
  ({ type, actor: who }) as RequestCommand;

export const stateOf = (events: readonly RequestEvent[]) => foldRequest(events);
