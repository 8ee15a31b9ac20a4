import type { EventOf } from '../shared/events';
import type { ActKind, PerformerKind, RequestResult } from './enums';
import type {
  CommissioningTool,
  FileRef,
  RequestDocument,
  RequestField,
  RequestFields,
  SparePbsItem,
  Student,
  WorkItem,
} from './state';

/** One changed scalar field, as the history tab lists it. */
export interface FieldChange {
  field: RequestField;
  old: unknown;
  new: unknown;
}

/** Why a status transition happened is in the event type; these carry the values it set. */
interface StatusMove {
  request_status_id: number;
  previous_status_id: number;
}

export type RequestEventMap = {
  RequestRegistered: {
    request: RequestFields;
    engineers: number[];
    works: WorkItem[];
    spares_pbs: SparePbsItem[];
    tools_commissioning: CommissioningTool[];
    students_list: Student[];
    attachments: FileRef[];
    registered_by: number | null;
    /** One of a group created at once (requests.md 7: such requests send no notification e-mail). */
    group?: true;
  };
  RequestFieldsChanged: { changes: FieldChange[] };
  RequestEngineersAssigned: { engineers: number[]; previous: number[]; request_status_id: number; previous_status_id: number };
  RequestWorksChanged: { works: WorkItem[]; previous: WorkItem[] };
  RequestSparesPbsChanged: { spares_pbs: SparePbsItem[]; previous: SparePbsItem[] };
  RequestCommissioningToolsChanged: { tools_commissioning: CommissioningTool[]; previous: CommissioningTool[] };
  RequestStudentsChanged: { students_list: Student[]; previous: Student[] };
  RequestTakenForPerform: StatusMove & {
    request_text_expl: string | null;
    request_performer_kind: PerformerKind;
    engineers: number[];
    taken_by: number;
  };
  RequestPerformed: StatusMove & { result_d: string | null };
  RequestClosed: StatusMove;
  RequestReexecuted: StatusMove & {
    result: null;
    result_d: null;
    previous_result: RequestResult | null;
    previous_result_d: string | null;
  };
  RequestExecutionCancelled: StatusMove;
  RequestMovedToHotLine: StatusMove & {
    request_performer_kind: 'SENIOR';
    result_d: null;
    note: null;
    engineers: number[];
    previous_result_d: string | null;
    previous_note: string | null;
    previous_engineers: number[];
  };
  RequestHotLineTaken: StatusMove & { engineers: number[]; engineer_id: number; previous_engineers: number[] };
  RequestHotLineFulfilled: StatusMove & {
    hotline_result_id: number;
    hotline_result_type: number | null;
    hotline_result_date: string;
    result: RequestResult;
    result_type: number | null;
    result_d: string;
    note: string | null;
  };
  RequestHotLinePerformed: StatusMove & { hotline_result_date: string };
  RequestHotLineReexecuted: StatusMove & {
    hotline_result_id: null;
    hotline_result_date: null;
    previous_hotline_result_id: number | null;
    previous_hotline_result_date: string | null;
  };
  RequestHotLineExecutionCancelled: StatusMove;
  RequestCanceled: StatusMove & {
    request_kind_id: number;
    engineers: number[];
    previous_engineers: number[];
  };
  RequestRecalled: { request_kind_id: number; previous_kind_id: number | null };
  RequestNumberChanged: { number: number; previous: number | null };
  RequestDateChanged: { request_date_add: string; previous: string | null };
  RequestAttachmentAdded: { file: FileRef };
  RequestAttachmentRemoved: { file_id: string; file_name: string };
  RequestDocumentAttached: { document: RequestDocument };
  RequestDocumentRemoved: { file_id: string; file_name: string; act_kind: ActKind | null };
  /**
   * An act generated from a Word template (decisions 72–86): the document, its number and date, and the
   * template version and data it was rendered from (a stamped copy is rendered again from them).
   */
  RequestActGenerated: {
    document: RequestDocument;
    act_kind: ActKind;
    number: string;
    date: string;
    template: { kind: string; version: number; checksum: string };
    data: unknown;
  };
  RequestCommentAdded: {
    comment_id: number;
    /** The request's number when the comment was written: notifications say 'Сообщение по заявке №N'. */
    request_number: number | null;
    comment: string;
    files: FileRef[];
    user_id: number;
    fio: string | null;
    date_time_d: string;
    notify_user_ids: number[];
  };
  RequestDeleted: { deleted_by: number };
};

export type RequestEventType = keyof RequestEventMap;
export type RequestEvent = EventOf<RequestEventMap>;
export type RequestEventOf<T extends RequestEventType> = Extract<RequestEvent, { type: T }>;

export const requestEventTypes = [
  'RequestRegistered',
  'RequestFieldsChanged',
  'RequestEngineersAssigned',
  'RequestWorksChanged',
  'RequestSparesPbsChanged',
  'RequestCommissioningToolsChanged',
  'RequestStudentsChanged',
  'RequestTakenForPerform',
  'RequestPerformed',
  'RequestClosed',
  'RequestReexecuted',
  'RequestExecutionCancelled',
  'RequestMovedToHotLine',
  'RequestHotLineTaken',
  'RequestHotLineFulfilled',
  'RequestHotLinePerformed',
  'RequestHotLineReexecuted',
  'RequestHotLineExecutionCancelled',
  'RequestCanceled',
  'RequestRecalled',
  'RequestNumberChanged',
  'RequestDateChanged',
  'RequestAttachmentAdded',
  'RequestAttachmentRemoved',
  'RequestDocumentAttached',
  'RequestDocumentRemoved',
  'RequestActGenerated',
  'RequestCommentAdded',
  'RequestDeleted',
] as const satisfies readonly RequestEventType[];

/** Request fields that hold personal data (names, e-mails). */
export const personalRequestFields: readonly RequestField[] = ['contact_unknown_name', 'contact_unknown_email'];

/**
 * Paths of personal data (names, e-mails, phones) inside each event's data, for erasure or
 * encryption later. Notation: `a.b` a property, `a[].b` a property of every list element,
 * `changes[field=x].old` the old/new values of the change entries whose field is x.
 */
export const personalDataFields: Readonly<Record<RequestEventType, readonly string[]>> = {
  RequestRegistered: [
    'request.contact_unknown_name',
    'request.contact_unknown_email',
    'students_list[].name',
    'tools_commissioning[].instructed_person',
  ],
  RequestFieldsChanged: [
    'changes[field=contact_unknown_name].old',
    'changes[field=contact_unknown_name].new',
    'changes[field=contact_unknown_email].old',
    'changes[field=contact_unknown_email].new',
  ],
  RequestEngineersAssigned: [],
  RequestWorksChanged: [],
  RequestSparesPbsChanged: [],
  RequestCommissioningToolsChanged: ['tools_commissioning[].instructed_person', 'previous[].instructed_person'],
  RequestStudentsChanged: ['students_list[].name', 'previous[].name'],
  RequestTakenForPerform: [],
  RequestPerformed: [],
  RequestClosed: [],
  RequestReexecuted: [],
  RequestExecutionCancelled: [],
  RequestMovedToHotLine: [],
  RequestHotLineTaken: [],
  RequestHotLineFulfilled: [],
  RequestHotLinePerformed: [],
  RequestHotLineReexecuted: [],
  RequestHotLineExecutionCancelled: [],
  RequestCanceled: [],
  RequestRecalled: [],
  RequestNumberChanged: [],
  RequestDateChanged: [],
  RequestAttachmentAdded: [],
  RequestAttachmentRemoved: [],
  RequestDocumentAttached: [],
  RequestDocumentRemoved: [],
  RequestActGenerated: ['data.students[].name', 'data.tools[].person', 'data.signers[].name'],
  RequestCommentAdded: ['fio'],
  RequestDeleted: [],
};

export const requestStreamId = (id: number | string): string => `request-${id}`;

/**
 * Schema versions of request events whose shape has changed since first written (absent: 1). The
 * write path stamps them on append (commands/stream-registry.ts); upcasters in
 * api/upcasters.ts lift older shapes on read.
 */
export const requestSchemaVersions: Readonly<Partial<Record<RequestEventType, number>>> = {};
