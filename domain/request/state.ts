import type { RightsObject } from '../rights';
import {
  ContactKind,
  PerformerKind,
  RequestStatus,
  type ActKind,
  type RequestResult,
  type SignType,
} from './enums';

/**
 * The scalar fields of a request (requests.md section 3), by their spec names. Costs
 * (cost_work, cost_spares) are derived: see costOfWorks and the spares-set streams.
 * Dates ending in `_d`/`_date` are calendar dates 'YYYY-MM-DD'; request_date_add is an ISO timestamp.
 */
export interface RequestFields {
  id: number | null;
  number: number | null;
  request_date_add: string | null;
  request_status_id: number;
  request_kind_id: number | null;
  request_performer_kind: PerformerKind;
  region_id: number | null;
  unit_id: number | null;
  contact_kind: number | null;
  contact_id: number | null;
  contact_unknown_name: string | null;
  contact_unknown_email: string | null;
  number_out: string | null;
  date_out_d: string | null;
  program_id: number | null;
  subsystem_id: number | null;
  system_ts_id: number | null;
  tool_id: number | null;
  learning_type_id: number | null;
  repair_kind_id: number | null;
  repair_type_id: number | null;
  repair_result_id: number | null;
  request_text: string;
  request_text_expl: string | null;
  note: string | null;
  hotlinegas_number: string | null;
  hotlinegas_close_d: string | null;
  hotline_email_register_sent: boolean;
  hotline_email_close_sent: boolean;
  result: RequestResult | null;
  result_type: number | null;
  result_d: string | null;
  commissioning_year: number | null;
  fulfielled_works: string | null;
  co_13_number: string | null;
  co_13_d: string | null;
  co_3_number: string | null;
  co_3_d: string | null;
  co_7_number: string | null;
  co_7_d: string | null;
  co_8_number: string | null;
  co_8_d: string | null;
  co_41_number: string | null;
  co_41_d: string | null;
  co_42_number: string | null;
  co_42_d: string | null;
  date_repair_d: string | null;
  service_repair_id: number | null;
  date_pass_d: string | null;
  date_return_d: string | null;
  tool_in_d: string | null;
  tool_out_d: string | null;
  view_res_before: number | null;
  view_res_after: number | null;
  comment_before: string | null;
  comment_after: string | null;
  troubles_display: boolean;
  troubles_list: string | null;
  hotline_result_id: number | null;
  hotline_result_type: number | null;
  hotline_result_date: string | null;
  hotline_work_description: string | null;
  /** The message to the declarant (hot line tab). */
  instructed_person: string | null;
  /** The hot line engineer who took the request (set by the hot line take). */
  engineer_id: number | null;
}

export type RequestField = keyof RequestFields;

export interface WorkItem {
  title: string;
  cost: number;
}
export interface SparePbsItem {
  title: string;
  cost: number;
}
export interface CommissioningTool {
  tool_id: number;
  settling_place: string;
  instructed_person: string;
}
export interface Student {
  name: string;
  post: string;
}
/** A stored file as the request references it (the file service keeps the bytes). */
export interface FileRef {
  file_id: string;
  file_name: string;
  mimetype: string;
  size: number;
  checksum: string;
}
export interface RequestDocument extends FileRef {
  act_kind: ActKind | null;
  sign_type: SignType;
  signers_count: 2 | 3;
}

/** The lists a request carries besides its scalar fields. */
export interface RequestLists {
  engineers: number[];
  works: WorkItem[];
  spares_pbs: SparePbsItem[];
  tools_commissioning: CommissioningTool[];
  students_list: Student[];
  attachments: FileRef[];
  documents: RequestDocument[];
}

/** What a form edits and a save submits: fields and lists. */
export type RequestData = RequestFields & RequestLists;

/** The decider's state: the request plus stream facts. */
export interface RequestState extends RequestData {
  registered: boolean;
  /** Who registered the request (the chat offers them as a user to notify). */
  registered_by: number | null;
  deleted: boolean;
  comments_count: number;
}

/** The acting user, looked up by the handler. */
export interface Actor {
  userId: number;
  rights: RightsObject;
  fio?: string;
  email?: string;
}

export const listNames = [
  'engineers',
  'works',
  'spares_pbs',
  'tools_commissioning',
  'students_list',
  'attachments',
  'documents',
] as const satisfies readonly (keyof RequestLists)[];
export type ListName = (typeof listNames)[number];

/** A new request as the form starts it (4.1: waiting for an engineer, FILIAL, contact from the system). */
export const emptyRequestFields = (): RequestFields => ({
  id: null,
  number: null,
  request_date_add: null,
  request_status_id: RequestStatus.UNDEFINED,
  request_kind_id: null,
  request_performer_kind: PerformerKind.FILIAL,
  region_id: null,
  unit_id: null,
  contact_kind: ContactKind.FROM_IAC,
  contact_id: null,
  contact_unknown_name: null,
  contact_unknown_email: null,
  number_out: null,
  date_out_d: null,
  program_id: null,
  subsystem_id: null,
  system_ts_id: null,
  tool_id: null,
  learning_type_id: null,
  repair_kind_id: null,
  repair_type_id: null,
  repair_result_id: null,
  request_text: '',
  request_text_expl: null,
  note: null,
  hotlinegas_number: null,
  hotlinegas_close_d: null,
  hotline_email_register_sent: false,
  hotline_email_close_sent: false,
  result: null,
  result_type: null,
  result_d: null,
  commissioning_year: null,
  fulfielled_works: null,
  co_13_number: null,
  co_13_d: null,
  co_3_number: null,
  co_3_d: null,
  co_7_number: null,
  co_7_d: null,
  co_8_number: null,
  co_8_d: null,
  co_41_number: null,
  co_41_d: null,
  co_42_number: null,
  co_42_d: null,
  date_repair_d: null,
  service_repair_id: null,
  date_pass_d: null,
  date_return_d: null,
  tool_in_d: null,
  tool_out_d: null,
  view_res_before: null,
  view_res_after: null,
  comment_before: null,
  comment_after: null,
  troubles_display: false,
  troubles_list: null,
  hotline_result_id: null,
  hotline_result_type: null,
  hotline_result_date: null,
  hotline_work_description: null,
  instructed_person: null,
  engineer_id: null,
});

export const emptyRequestLists = (): RequestLists => ({
  engineers: [],
  works: [],
  spares_pbs: [],
  tools_commissioning: [],
  students_list: [],
  attachments: [],
  documents: [],
});

/*
 * The next two build their object as one literal: V8 keeps an object of ~80 properties in fast mode only
 * when one literal creates it (merged spreads give a dictionary-mode object, ~70 µs to build and slow to
 * spread again), and every command, fold and view starts from them. Same keys, in the same order, as
 * emptyRequestFields() followed by emptyRequestLists(); tests/unit/domain/request/state.unit.spec.ts checks it.
 */
export const emptyRequestData = (): RequestData => ({
  id: null,
  number: null,
  request_date_add: null,
  request_status_id: RequestStatus.UNDEFINED,
  request_kind_id: null,
  request_performer_kind: PerformerKind.FILIAL,
  region_id: null,
  unit_id: null,
  contact_kind: ContactKind.FROM_IAC,
  contact_id: null,
  contact_unknown_name: null,
  contact_unknown_email: null,
  number_out: null,
  date_out_d: null,
  program_id: null,
  subsystem_id: null,
  system_ts_id: null,
  tool_id: null,
  learning_type_id: null,
  repair_kind_id: null,
  repair_type_id: null,
  repair_result_id: null,
  request_text: '',
  request_text_expl: null,
  note: null,
  hotlinegas_number: null,
  hotlinegas_close_d: null,
  hotline_email_register_sent: false,
  hotline_email_close_sent: false,
  result: null,
  result_type: null,
  result_d: null,
  commissioning_year: null,
  fulfielled_works: null,
  co_13_number: null,
  co_13_d: null,
  co_3_number: null,
  co_3_d: null,
  co_7_number: null,
  co_7_d: null,
  co_8_number: null,
  co_8_d: null,
  co_41_number: null,
  co_41_d: null,
  co_42_number: null,
  co_42_d: null,
  date_repair_d: null,
  service_repair_id: null,
  date_pass_d: null,
  date_return_d: null,
  tool_in_d: null,
  tool_out_d: null,
  view_res_before: null,
  view_res_after: null,
  comment_before: null,
  comment_after: null,
  troubles_display: false,
  troubles_list: null,
  hotline_result_id: null,
  hotline_result_type: null,
  hotline_result_date: null,
  hotline_work_description: null,
  instructed_person: null,
  engineer_id: null,
  engineers: [],
  works: [],
  spares_pbs: [],
  tools_commissioning: [],
  students_list: [],
  attachments: [],
  documents: [],
});

export const initialRequestState = (): RequestState => ({
  id: null,
  number: null,
  request_date_add: null,
  request_status_id: RequestStatus.UNDEFINED,
  request_kind_id: null,
  request_performer_kind: PerformerKind.FILIAL,
  region_id: null,
  unit_id: null,
  contact_kind: ContactKind.FROM_IAC,
  contact_id: null,
  contact_unknown_name: null,
  contact_unknown_email: null,
  number_out: null,
  date_out_d: null,
  program_id: null,
  subsystem_id: null,
  system_ts_id: null,
  tool_id: null,
  learning_type_id: null,
  repair_kind_id: null,
  repair_type_id: null,
  repair_result_id: null,
  request_text: '',
  request_text_expl: null,
  note: null,
  hotlinegas_number: null,
  hotlinegas_close_d: null,
  hotline_email_register_sent: false,
  hotline_email_close_sent: false,
  result: null,
  result_type: null,
  result_d: null,
  commissioning_year: null,
  fulfielled_works: null,
  co_13_number: null,
  co_13_d: null,
  co_3_number: null,
  co_3_d: null,
  co_7_number: null,
  co_7_d: null,
  co_8_number: null,
  co_8_d: null,
  co_41_number: null,
  co_41_d: null,
  co_42_number: null,
  co_42_d: null,
  date_repair_d: null,
  service_repair_id: null,
  date_pass_d: null,
  date_return_d: null,
  tool_in_d: null,
  tool_out_d: null,
  view_res_before: null,
  view_res_after: null,
  comment_before: null,
  comment_after: null,
  troubles_display: false,
  troubles_list: null,
  hotline_result_id: null,
  hotline_result_type: null,
  hotline_result_date: null,
  hotline_work_description: null,
  instructed_person: null,
  engineer_id: null,
  engineers: [],
  works: [],
  spares_pbs: [],
  tools_commissioning: [],
  students_list: [],
  attachments: [],
  documents: [],
  registered: false,
  registered_by: null,
  deleted: false,
  comments_count: 0,
});

/** Every scalar field name, in the order of the spec's list. */
export const requestFieldNames = Object.keys(emptyRequestFields()) as RequestField[];

export const fieldsOf = (data: RequestFields): RequestFields => {
  const out = {} as Record<RequestField, unknown>;
  for (const f of requestFieldNames) out[f] = data[f];
  return out as RequestFields;
};

export const dataOf = (state: RequestData): RequestData => {
  const out = fieldsOf(state) as RequestData;
  for (const l of listNames) (out as unknown as Record<string, unknown>)[l] = state[l];
  return out;
};

const sumCosts = (items: readonly { cost: number }[]): number => Math.round(items.reduce((s, i) => s + i.cost, 0) * 100) / 100;

/** cost_work: the works of the request. */
export const costOfWorks = (state: Pick<RequestLists, 'works'>): number => sumCosts(state.works);

/** The spares PBS of the request; the costs of stock spares come from the spares-set allocations. */
export const costOfSparesPbs = (state: Pick<RequestLists, 'spares_pbs'>): number => sumCosts(state.spares_pbs);

/** Structural equality for plain JSON data (field values and lists); key order does not matter. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!sameValue(ao[k], bo[k])) return false;
  return true;
};
