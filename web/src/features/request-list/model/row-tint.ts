import { RequestStatus, canceledKinds, isRequestStatus, type RequestKind } from '@domain/request/enums';
import type { RowTint } from '@/components/registry-list';

/*
 * Row colours of the request list (requests.md 2.1): rows of kind 'Ошибка' (9) or 'Отзыв' (10)
 * have one colour of their own; other rows are tinted by status. A calm palette: light tints far
 * enough apart to tell statuses at a glance, dark text readable on all of them; the status title
 * is always written in the row too, so the colour is a help, not the only signal.
 */

/** Kind 'Ошибка' or 'Отзыв': a pale rose, unlike any status tint. */
export const withdrawnTint: RowTint = { name: 'withdrawn', background: '#fbe4e6', edge: '#d9828b' };

export const statusTints: Readonly<Record<RequestStatus, RowTint>> = {
  [RequestStatus.UNDEFINED]: { name: 'undefined', background: '#f7f7f7', edge: '#bdbdbd' },
  [RequestStatus.WAITING_ASSIGNMENT]: { name: 'waiting-assignment', background: '#fdeedd', edge: '#e0a360' },
  [RequestStatus.WAITING_ENGINEER]: { name: 'waiting-engineer', background: '#fff7d1', edge: '#d9bd4a' },
  [RequestStatus.PERFORMING]: { name: 'performing', background: '#e1eefc', edge: '#6e9fd8' },
  [RequestStatus.PERFORMED]: { name: 'performed', background: '#e2f3e5', edge: '#6fb27c' },
  [RequestStatus.CLOSED]: { name: 'closed', background: '#eceff1', edge: '#90a4ae' },
  [RequestStatus.CANCELED]: { name: 'canceled', background: '#f1ece4', edge: '#b3a58c' },
  [RequestStatus.HOT_LINE_WAITING]: { name: 'hot-line-waiting', background: '#efe6fa', edge: '#a386cf' },
  [RequestStatus.HOT_LINE_PERFORMING]: { name: 'hot-line-performing', background: '#ddf2f3', edge: '#5fb0b6' },
  [RequestStatus.HOT_LINE_PERFORMED]: { name: 'hot-line-performed', background: '#e9f1da', edge: '#98b35e' },
};

/** A status the client does not know: no tint, the '!!! Неизвестный статус' text says enough. */
export const unknownTint: RowTint = { name: 'unknown', background: '#ffffff', edge: '#e0e0e0' };

export const rowTint = (kindId: number | null, statusId: number): RowTint => {
  if (kindId !== null && (canceledKinds as readonly number[]).includes(kindId)) return withdrawnTint;
  return isRequestStatus(statusId) ? statusTints[statusId] : unknownTint;
};

/** Kinds drawn with the withdrawn tint (for the legend). */
export const withdrawnKinds: readonly RequestKind[] = canceledKinds;
