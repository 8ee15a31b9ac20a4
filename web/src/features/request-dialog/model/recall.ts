import { isRequestStatus, RequestKind, statusName } from '@domain/request/enums';
import { requestMachine } from '@domain/request/machine';

/** The reason shown on the disabled recall button (decisions 33–40): the rule stays, the applicant learns the way. */
export const RECALL_LOCKED_REASON =
  'Отозвать заявку может только сотрудник филиала. Чтобы попросить об отзыве, напишите в чат по заявке';

/** True when the lifecycle offers a recall in this status (to a user with the edit right). */
export const recallExistsIn = (status: number): boolean =>
  isRequestStatus(status) && (requestMachine.states[statusName(status)]?.ownEvents ?? []).includes('recall');

/**
 * Why the recall is closed to this user, or null: a recall the server accepts needs no reason, and
 * one the status does not offer (or an already revoked request) is simply absent.
 */
export const recallLockedReason = (
  view: { readonly request_status_id: number; readonly request_kind_id: number | null } | null,
  actions: ReadonlySet<string>,
): string | null => {
  if (view === null || actions.has('recall') || view.request_kind_id === RequestKind.REVOKE) return null;
  return recallExistsIn(view.request_status_id) ? RECALL_LOCKED_REASON : null;
};
