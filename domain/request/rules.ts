import { hasFull, type RightsObject } from '../rights';
import { ToolState } from '../tool/states';
import { daysBetween, toDateOnly } from '../shared/dates';
import {
  InspectionBefore,
  PerformerKind,
  RepairResult,
  RequestKind,
  RequestResult,
  RequestStatus,
  canceledKinds,
  softwareKinds,
  type ActKind,
} from './enums';
import { hotLineStatuses, matchingActKind, outOfHotLineStatus, repairOutcomeStatuses } from './lifecycle';
import { requestFieldsOf, type RequestField } from './fields';
import type { ListName, RequestData, RequestFields, RequestState } from './state';

// ---------------------------------------------------------------------------------------------
// Field groups (4.1): the tabs of the field table (fields.ts)

/** Chosen on the common tab of a new request only; later changed by transitions alone. */
export const registrationFields = requestFieldsOf('registration');

/** The common tab ('Заявка'). */
export const commonFields = requestFieldsOf('common');

/** The movement tab ('Движение'), FILIAL requests in PERFORMING. */
export const movementFields = requestFieldsOf('movement');

/** Lists edited on the movement tab. */
export const movementLists = ['works', 'spares_pbs', 'tools_commissioning', 'students_list'] as const satisfies readonly ListName[];

/** The hot line tab ('Техподдержка ГЛ'). */
export const hotlineFields = requestFieldsOf('hotline');

/** The hot line (registry) number, its own right. */
export const hotlineNumberFields = requestFieldsOf('hotlineNumber');

/** Set by the stream only (ids, status, flags); a save never changes them. */
export const systemFields = requestFieldsOf('system');

/** What a save may touch besides scalar fields. */
/** 'spares': the request's stock spares (kept in the spares sets' streams, edited on the movement tab). */
export type EditableItem = RequestField | (typeof movementLists)[number] | 'spares' | 'attachments' | 'documents_add' | 'documents_remove';

// ---------------------------------------------------------------------------------------------
// Permissions

const inStatus = (state: Pick<RequestFields, 'request_status_id'>, ...statuses: number[]) =>
  statuses.includes(state.request_status_id);

/** General edit permission (4.1): no number yet, FILIAL with request-edit, SENIOR with hotline-edit. */
export const canEdit = (state: Pick<RequestFields, 'number' | 'request_performer_kind'>, rights: RightsObject): boolean =>
  state.number == null ||
  (state.request_performer_kind === PerformerKind.FILIAL && hasFull(rights, 'RIGHT_REQUEST_EDIT')) ||
  (state.request_performer_kind === PerformerKind.SENIOR && hasFull(rights, 'RIGHT_REQUEST_HOTLINE_EDIT'));

/**
 * 'User can edit' of the take (4.2). From HOT_LINE_PERFORMED the take hands the request back to the
 * branch (performer kind FILIAL), so the branch's edit right counts as well as the hot line's: the
 * branch engineer takes back 'Выполнена ГЛ' with request-edit and request-engineer (or as an assignee).
 */
export const canEditToTake = (state: Pick<RequestFields, 'number' | 'request_performer_kind' | 'request_status_id'>, rights: RightsObject): boolean =>
  canEdit(state, rights) ||
  (state.request_status_id === RequestStatus.HOT_LINE_PERFORMED && canEdit({ ...state, request_performer_kind: PerformerKind.FILIAL }, rights));

/** The hot line number: RIGHT_HOTLINE_EDIT or RIGHT_REQUEST_HOTLINE_EDIT. */
export const canEditHotlineNumber = (rights: RightsObject): boolean =>
  hasFull(rights, 'RIGHT_HOTLINE_EDIT') || hasFull(rights, 'RIGHT_REQUEST_HOTLINE_EDIT');

export const isAssignedEngineer = (state: Pick<RequestState, 'engineers'>, userId: number): boolean =>
  state.engineers.includes(userId);

/** Hot line management buttons (assign, fulfil, re-execute, cancel execution). */
export const canManageHotline = (rights: RightsObject): boolean => hasFull(rights, 'RIGHT_REQUEST_DELETE');

/** Approval section of the movement tab (assign, 'Заявка выполнена', re-execute). */
export const canApprove = (state: Pick<RequestFields, 'number' | 'request_performer_kind'>, rights: RightsObject): boolean =>
  state.request_performer_kind === PerformerKind.FILIAL && canEdit(state, rights) && hasFull(rights, 'RIGHT_REQUEST_EDIT');

/**
 * Who may choose a request's executors (the assign button, and the executors of a new request):
 * the approval right on a branch request, hot line management on a SENIOR one.
 */
export const mayAssignExecutors = (state: Pick<RequestFields, 'number' | 'request_performer_kind'>, rights: RightsObject): boolean =>
  state.request_performer_kind === PerformerKind.SENIOR ? canManageHotline(rights) : canApprove(state, rights);

// ---------------------------------------------------------------------------------------------
// Conditions of the transition table

export const isCanceledKind = (kind: number | null): boolean => kind != null && (canceledKinds as readonly number[]).includes(kind);

export const hasDocumentOf = (data: Pick<RequestData, 'documents'>, act: ActKind): boolean =>
  data.documents.some((d) => d.act_kind === act);

/**
 * The save row 'matching act document exists': the act for kinds that have one; a proposal
 * with result fulfilled; a consultation or a task with any result.
 */
export const readyToPerform = (data: RequestData): boolean => {
  const act = matchingActKind(data);
  if (act) return hasDocumentOf(data, act);
  switch (data.request_kind_id) {
    case RequestKind.PROPOSAL:
      return data.result === RequestResult.FULFILLED;
    case RequestKind.CONSULTATION:
    case RequestKind.TASK:
      return data.result != null;
    default:
      return false;
  }
};

export const isHardRepairToDismiss = (data: Pick<RequestFields, 'request_kind_id' | 'view_res_before'>): boolean =>
  data.request_kind_id === RequestKind.REPAIR_HARD && data.view_res_before === InspectionBefore.TO_DISMISS;

/**
 * Result date when a save marks the request performed: for decommission repair the СО-7 date;
 * for other repair the repair date or the СО-8 date; otherwise the current date if unset.
 */
export const resultDateOnPerform = (data: RequestData, now: string): string => {
  const today = toDateOnly(now);
  if (data.request_kind_id === RequestKind.REPAIR_HARD) {
    const date = isHardRepairToDismiss(data) ? data.co_7_d : (data.date_repair_d ?? data.co_8_d);
    return date ?? data.result_d ?? today;
  }
  return data.result_d ?? today;
};

export const isSpecialSoftwarePassedToHotLine = (data: RequestData): boolean =>
  data.request_kind_id === RequestKind.SPECIAL_SOFTWARE && data.result === RequestResult.PASSED_TO_HOT_LINE;

/** Cancel execution of a closed request: within 3 days of the result date. */
export const RESUME_DAYS = 3;
export const withinResumePeriod = (state: Pick<RequestFields, 'result_d'>, now: string): boolean =>
  state.result_d != null && daysBetween(state.result_d, now) <= RESUME_DAYS;

export const hasHotlineNumber = (state: Pick<RequestFields, 'hotlinegas_number'>): boolean =>
  (state.hotlinegas_number ?? '').trim() !== '';

export const isSoftwareKind = (kind: number | null): boolean => kind != null && (softwareKinds as readonly number[]).includes(kind);

/**
 * The tool state a saved hard repair leads to (4.2): full repair result -> in work; no repair
 * result and inspection 'to dismiss' -> waiting reclaim; no result and 'repair needed' -> broken.
 * Only for hard repairs in PERFORMING, PERFORMED or CLOSED with a tool; otherwise null.
 */
export const toolStateAfterRepair = (state: RequestData): ToolState | null => {
  if (state.request_kind_id !== RequestKind.REPAIR_HARD || state.tool_id == null) return null;
  if (!inStatus(state, ...repairOutcomeStatuses)) return null;
  if (state.repair_result_id === RepairResult.FULL) return ToolState.IN_WORK;
  if (state.repair_result_id == null) {
    if (state.view_res_before === InspectionBefore.TO_DISMISS) return ToolState.WAITING_RECLAIM;
    if (state.view_res_before === InspectionBefore.REPAIR_NEEDED) return ToolState.BROKEN;
  }
  return null;
};

/** A hot line request: special software in one of the three hot line statuses (4.1). */
export const isHotLineRequest = (state: Pick<RequestFields, 'request_kind_id' | 'request_status_id'>): boolean =>
  state.request_kind_id === RequestKind.SPECIAL_SOFTWARE && (hotLineStatuses as readonly number[]).includes(state.request_status_id);

/** 'Добавить на ГЛ' (4.4): no number yet, no e-mail registration sent, and the hot line number right. */
export const canRegisterOnHotLine = (
  state: Pick<RequestState, 'registered' | 'deleted' | 'hotlinegas_number' | 'hotline_email_register_sent' | 'request_status_id'>,
  rights: RightsObject,
): boolean =>
  !state.deleted &&
  !hasHotlineNumber(state) &&
  !state.hotline_email_register_sent &&
  state.request_status_id !== outOfHotLineStatus &&
  canEditHotlineNumber(rights);

/**
 * Closed-mail rule (4.2): a CLOSED request with a registry number, whose organisation has no
 * hot line e-mail account, and whose close notice was not sent yet, gets the notice (the
 * handler sends it, then MarkHotlineEmailSent { which: 'close' }).
 */
export const needsHotlineCloseMail = (
  state: Pick<RequestFields, 'request_status_id' | 'hotlinegas_number' | 'hotline_email_close_sent'>,
  organisationHasHotlineAccount: boolean,
): boolean =>
  state.request_status_id === RequestStatus.CLOSED &&
  hasHotlineNumber(state) &&
  !organisationHasHotlineAccount &&
  !state.hotline_email_close_sent;
