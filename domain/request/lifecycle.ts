import { ActKind, InspectionBefore, RequestKind, RequestStatus, requestKindIds } from './enums';
import type { RequestFields } from './state';

/**
 * The status groups and the kind → act mapping of the request lifecycle, in one place: the machine,
 * the rules, the validation, the field reactions, the list filter and the client import them from
 * here (docs/decisions.md, "Request lifecycle in one place"). Per-state editability is the machine's
 * `meta` (machine.ts).
 */

/** Completed requests (4.1): only the transitions of the table apply to them. */
export const completedStatuses: readonly RequestStatus[] = [
  RequestStatus.HOT_LINE_PERFORMED,
  RequestStatus.PERFORMED,
  RequestStatus.CANCELED,
  RequestStatus.CLOSED,
];
export const isCompleted = (status: number): boolean => (completedStatuses as readonly number[]).includes(status);

/** The statuses of the hot line's own work (a SENIOR request). */
export const hotLineStatuses: readonly RequestStatus[] = [
  RequestStatus.HOT_LINE_WAITING,
  RequestStatus.HOT_LINE_PERFORMING,
  RequestStatus.HOT_LINE_PERFORMED,
];

/**
 * Before an engineer takes the request (a new one included): a tool is not required yet (5), and a
 * tool chosen on the common tab sets the warranty kind (4.3).
 */
export const beforeTakeStatuses: readonly RequestStatus[] = [
  RequestStatus.UNDEFINED,
  RequestStatus.WAITING_ASSIGNMENT,
  RequestStatus.WAITING_ENGINEER,
];
export const isBeforeTake = (status: number): boolean => (beforeTakeStatuses as readonly number[]).includes(status);

/** A hard repair in these statuses has an outcome for its tool (4.2). */
export const repairOutcomeStatuses: readonly RequestStatus[] = [RequestStatus.PERFORMING, RequestStatus.PERFORMED, RequestStatus.CLOSED];

/**
 * A canceled request is out of the hot line's work: it is not registered there ('Добавить на ГЛ'),
 * and the list toggles 'ГЛ: без номера' / 'ГЛ: не зарегистрированные' leave it out.
 */
export const outOfHotLineStatus = RequestStatus.CANCELED;

/** The acts a request of each kind may carry (the movement tab's act blocks, the list's 'without act' toggles). */
export const actsOfKind: Readonly<Partial<Record<RequestKind, readonly ActKind[]>>> = {
  [RequestKind.COMMON_SOFTWARE]: [ActKind.CO_3],
  [RequestKind.SPECIAL_SOFTWARE]: [ActKind.CO_3],
  [RequestKind.RESTORE]: [ActKind.CO_3],
  [RequestKind.REPAIR_HARD]: [ActKind.CO_7, ActKind.CO_8, ActKind.CO_41, ActKind.CO_42],
  [RequestKind.COMMISSIONING]: [ActKind.CO_13],
  [RequestKind.LEARNING]: [ActKind.LEARNING],
};

/** The kinds whose requests may carry the act, in kind order. */
export const requestKindsWithAct = (act: ActKind): RequestKind[] => requestKindIds.filter((k) => actsOfKind[k]?.includes(act));

/**
 * The act a save needs to mark the request performed (4.2), or null when the kind needs none: the
 * kind's one act, and for a hard repair СО-7 when the tool is to be dismissed, else СО-8.
 */
export const matchingActKind = (data: Pick<RequestFields, 'request_kind_id' | 'view_res_before'>): ActKind | null => {
  if (data.request_kind_id === RequestKind.REPAIR_HARD)
    return data.view_res_before === InspectionBefore.TO_DISMISS ? ActKind.CO_7 : ActKind.CO_8;
  const acts = data.request_kind_id == null ? undefined : actsOfKind[data.request_kind_id as RequestKind];
  return acts?.length === 1 ? acts[0]! : null;
};
