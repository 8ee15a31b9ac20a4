import type {
  Actor,
  CommissioningTool,
  FileRef,
  RequestDocument,
  RequestFields,
  SparePbsItem,
  Student,
  WorkItem,
} from './state';
import type { RequestReferences, UserReference } from './references';
import type { ActKind } from './enums';

/**
 * Data the handler looks up for a register or save (the domain never reads other streams).
 * Give what concerns the submitted request: the chosen tool, the chosen program, the service
 * centre with service_type 1 of the request's region.
 */
export interface RequestLookups {
  tool?: {
    id: number;
    /** The tool's warranty end date 'YYYY-MM-DD' or null. */
    guaranty_dt: string | null;
    /** system_ts_id of the tool's set kind (for restore requests), null when not in a set. */
    set_system_ts_id?: number | null;
  } | null;
  program?: {
    id: number;
    /** Catalogue reading: 1 special (СПО), 2 common (ОПО); the handler maps other readings. */
    type: number;
    gas_sub_system_id: number | null;
  } | null;
  /** The id of the region's service centre with service_type 1, or null when there is none. */
  regional_service_centre_id?: number | null;
  /** Every id the request names, as found (the handler always gives it; see references.ts). */
  references?: RequestReferences;
}

/** Submitted scalar fields: the whole request as the form holds it (system fields are ignored). */
export type SubmittedRequest = Partial<RequestFields>;

export interface RegisterRequest {
  type: 'RegisterRequest';
  actor: Actor;
  /** Allocated by the handler. */
  id: number;
  number: number;
  /** The common tab as the form holds it (movement and hot line fields are filled later). */
  request: SubmittedRequest;
  /** Executors the user chose on creation: assigned only if the user may assign executors. */
  engineer_ids?: number[];
  /** The region's automatic assignment, assigned when the user assigns none. */
  auto_engineer_ids?: number[];
  attachments?: FileRef[];
  lookups?: RequestLookups;
  /** Created by group creation (one request per chosen object). */
  group?: boolean;
}

export interface SaveRequest {
  type: 'SaveRequest';
  actor: Actor;
  /** The whole request; request_status_id, id, number, dates of the stream are ignored. */
  request: SubmittedRequest;
  /** Lists: omitted means unchanged. */
  works?: WorkItem[];
  spares_pbs?: SparePbsItem[];
  tools_commissioning?: CommissioningTool[];
  students_list?: Student[];
  attachments_added?: FileRef[];
  attachments_removed?: string[];
  documents_added?: RequestDocument[];
  documents_removed?: string[];
  lookups?: RequestLookups;
}

interface Button<T extends string> {
  type: T;
  actor: Actor;
}

export type TakeForPerform = Button<'TakeForPerform'>;
export type Complete = Button<'Complete'>;
export type Reexecute = Button<'Reexecute'>;
export type CancelExecution = Button<'CancelExecution'>;
export type HotlineTake = Button<'HotlineTake'>;
export type HotlineFulfil = Button<'HotlineFulfil'>;
export type HotlineReexecute = Button<'HotlineReexecute'>;
export type HotlineCancelExecution = Button<'HotlineCancelExecution'>;
export type Recall = Button<'Recall'>;

export interface AssignEngineers {
  type: 'AssignEngineers';
  actor: Actor;
  engineer_ids: number[];
  /** The chosen users as found (active accounts only); the handler always gives it. */
  executors?: UserReference[];
}

export interface ChangeNumber {
  type: 'ChangeNumber';
  actor: Actor;
  /** Digits only; a string from the dialog or a number. */
  number: string | number;
  /** Handler's verdict: no other request has this number in the request's year. */
  is_unique: boolean;
}

export interface ChangeDate {
  type: 'ChangeDate';
  actor: Actor;
  /** 'YYYY-MM-DD'; the time of day of request_date_add is kept. */
  date: string;
  /** Handler's verdict: no other request has this request's number in the new date's year. */
  is_unique: boolean;
}

export interface AddComment {
  type: 'AddComment';
  actor: Actor;
  comment: string;
  files?: FileRef[];
  notify_user_ids?: number[];
}

/** Set by the hot line reactions after an e-mail registration or a close notice was sent. */
export interface MarkHotlineEmailSent {
  type: 'MarkHotlineEmailSent';
  which: 'register' | 'close';
}

/**
 * Set by the delivery job when a registration or close mail finally failed: the flag no longer says
 * "accepted for delivery", so the request may be registered (or the close notice sent) again.
 */
export interface MarkHotlineEmailUndelivered {
  type: 'MarkHotlineEmailUndelivered';
  which: 'register' | 'close';
}

/**
 * The hot line's number from a direct registration (decisions 68–71), recorded by the registration job.
 * The same number again changes nothing (a repeated attempt after a crash); another number is refused.
 */
export interface RecordHotlineNumber {
  type: 'RecordHotlineNumber';
  hotlinegas_number: string;
}

export type DeleteRequest = Button<'DeleteRequest'>;

/**
 * Attaches an act generated from a template (decisions 72–86). The handler has claimed the number,
 * rendered and staged the file; the decision says whether the request allows the act now.
 */
export interface GenerateAct {
  type: 'GenerateAct';
  actor: Actor;
  act_kind: ActKind;
  document: RequestDocument;
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  template: { kind: string; version: number; checksum: string };
  data: unknown;
}

export type RequestCommand =
  | RegisterRequest
  | SaveRequest
  | TakeForPerform
  | Complete
  | Reexecute
  | CancelExecution
  | HotlineTake
  | HotlineFulfil
  | HotlineReexecute
  | HotlineCancelExecution
  | Recall
  | AssignEngineers
  | ChangeNumber
  | ChangeDate
  | AddComment
  | MarkHotlineEmailSent
  | MarkHotlineEmailUndelivered
  | RecordHotlineNumber
  | DeleteRequest
  | GenerateAct;

export type RequestCommandType = RequestCommand['type'];
