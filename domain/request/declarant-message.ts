import { hasFull, type RightsObject } from '../rights';
import { PerformerKind } from './enums';
import { hotLineStatuses } from './lifecycle';
import type { RequestFields } from './fields';

/**
 * 'Отправить сообщение заявителю' (requests.md 2.4 hot line tab, 4.4): one rule for the dialog (the button and
 * the message field) and the server (the route refuses with the same reason, nothing sent). The message is the
 * hot line executor's: a SENIOR request while the hot line has it (waiting, performing, or performed by the hot
 * line), by a holder of the hot line executor's edit right. A branch request, a closed or cancelled one, or a
 * branch engineer (the hot line number right alone) may not.
 */
export const declarantMessageTexts = {
  noRight: 'Недостаточно прав: сообщение заявителю отправляет исполнитель ГЛ',
  notHotline: 'Сообщение заявителю отправляется только по заявке ГЛ, пока она ожидает, исполняется или выполнена ГЛ',
} as const;

export type DeclarantMessageRefusal =
  | { readonly kind: 'forbidden'; readonly message: string }
  | { readonly kind: 'refused'; readonly message: string };

/** What the rule reads of a request (an unregistered one has no hot line status; a deleted one is nobody's to see). */
export type DeclarantMessageState = Pick<RequestFields, 'request_performer_kind' | 'request_status_id'>;

/** The right part of the rule alone: the server asks it before it looks at the request (403, not 404). */
export const mayMessageDeclarants = (rights: RightsObject): boolean => hasFull(rights, 'RIGHT_REQUEST_HOTLINE_EDIT');

/** Why this user may not message the declarant of this request now; null: they may. */
export const declarantMessageRefusal = (
  state: DeclarantMessageState,
  rights: RightsObject,
): DeclarantMessageRefusal | null => {
  if (!mayMessageDeclarants(rights)) return { kind: 'forbidden', message: declarantMessageTexts.noRight };
  const hotline = state.request_performer_kind === PerformerKind.SENIOR && (hotLineStatuses as readonly number[]).includes(state.request_status_id);
  return hotline ? null : { kind: 'refused', message: declarantMessageTexts.notHotline };
};

/** Whether this user may message the declarant of this request now. */
export const mayMessageDeclarant = (
  state: DeclarantMessageState,
  rights: RightsObject,
): boolean => declarantMessageRefusal(state, rights) === null;
