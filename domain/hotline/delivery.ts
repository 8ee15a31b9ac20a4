import { canRetryOutbox, outboxKindTitles, type OutboxItem, type OutboxKind, type OutboxStatus } from './keys';
import { canEditHotlineNumber } from '../request/rules';
import { hasRight, type RightsObject } from '../rights/rights';
import { RightValue } from '../rights/values';

/**
 * Delivery of outgoing mail and hot line calls (decision "Delivery you can see"): an item stays in
 * the outbox and is tried again with a capped exponential backoff until the retry horizon has
 * passed; only then is it "не доставлено". Pure: the server schedules with it, the client labels with it.
 */
export interface RetryPolicy {
  /** How long an item is tried before it is given up (at least a day by default). */
  readonly horizonMs: number;
  /** The wait after the first failed attempt; each later wait doubles, up to `maxMs`. */
  readonly firstMs: number;
  readonly maxMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { horizonMs: 24 * 3_600_000, firstMs: 30_000, maxMs: 3_600_000 };

/** The wait before attempt `attemptsMade + 1` (attemptsMade ≥ 1). */
export const retryDelayMs = (policy: RetryPolicy, attemptsMade: number): number =>
  Math.round(Math.min(policy.maxMs, policy.firstMs * 2 ** Math.min(Math.max(attemptsMade - 1, 0), 40)));

/** Attempts whose waits together reach the horizon (bounded, so a silly setting cannot loop). */
export const retryAttempts = (policy: RetryPolicy): number => {
  let waited = 0;
  let attempts = 1;
  while (waited < policy.horizonMs && attempts < 10_000) {
    waited += Math.max(1, retryDelayMs(policy, attempts));
    attempts++;
  }
  return attempts;
};

/** What the request shows next to a flag such as hotline_email_register_sent. */
export type DeliveryState = 'queued' | 'sent' | 'failed';

export const deliveryStateOf = (status: OutboxStatus): DeliveryState =>
  status === 'sent' ? 'sent' : status === 'failed' || status === 'refused' ? 'failed' : 'queued';

/** Kinds of outbox items the request dialog shows (the engineer mail is the operators' business). */
export const requestDeliveryKinds: readonly OutboxKind[] = ['hotline-register', 'hotline-mail-register', 'hotline-mail-close', 'declarant-mail'];

export const deliveryMessages = {
  queued: 'в очереди',
  sent: (date: string) => `отправлено ${date}`,
  failed: (reason: string) => `не доставлено: ${reason}`,
  unknownReason: 'причина неизвестна',
  /** A hot line registration that will be retried (not an error). */
  pending: 'Регистрация на ГЛ выполняется, номер появится в заявке',
  retryQueued: 'Отправка поставлена в очередь',
  retryRefused: 'Повторить можно только неудавшуюся отправку',
  notFound: 'Отправка не найдена',
  noRight: 'Недостаточно прав для повтора отправки',
  finalFailure: (what: string, number: number | null, reason: string) =>
    `Не доставлено: ${what}${number != null ? ` по заявке №${number}` : ''}. ${reason}`,
  numberArrived: (number: number | null, hotline: string) => `Заявка №${number ?? ''} зарегистрирована на ГЛ под номером ${hotline}`,
} as const;

/** 'DD.MM.YYYY HH:MM' of an instant, in the given offset-free local rendering of the caller. */
export const formatDateTime = (iso: string, toLocal: (d: Date) => { y: number; mo: number; d: number; h: number; mi: number } = localParts): string => {
  const p = toLocal(new Date(iso));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.d)}.${two(p.mo)}.${p.y} ${two(p.h)}:${two(p.mi)}`;
};
const localParts = (d: Date) => ({ y: d.getFullYear(), mo: d.getMonth() + 1, d: d.getDate(), h: d.getHours(), mi: d.getMinutes() });

/** "в очереди", "отправлено {дата}" or "не доставлено: {причина}". */
export const deliveryLabel = (item: Pick<OutboxItem, 'status' | 'error' | 'updated_at'>): string => {
  const state = deliveryStateOf(item.status);
  if (state === 'queued') return deliveryMessages.queued;
  if (state === 'sent') return deliveryMessages.sent(formatDateTime(item.updated_at));
  return deliveryMessages.failed(item.error || deliveryMessages.unknownReason);
};

/** Who may press 'Повторить' on a request: the hot line number's right, or the outbox's operator. */
export const mayRetryDelivery = (rights: RightsObject): boolean => canEditHotlineNumber(rights) || hasRight(rights, 'RIGHT_SETTINGS', RightValue.FULL);

/** One outgoing item as the request dialog shows it (GET /api/request_delivery/{id}). */
export interface RequestDelivery {
  readonly key: string;
  readonly kind: OutboxKind;
  readonly title: string;
  readonly status: OutboxStatus;
  readonly state: DeliveryState;
  readonly error: string | null;
  readonly attempts: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly can_retry: boolean;
}

export const requestDeliveryOf = (i: OutboxItem, mayRetry: boolean): RequestDelivery => ({
  key: i.key,
  kind: i.kind,
  title: outboxKindTitles[i.kind],
  status: i.status,
  state: deliveryStateOf(i.status),
  error: i.error,
  attempts: i.attempts,
  created_at: i.created_at,
  updated_at: i.updated_at,
  can_retry: mayRetry && canRetryOutbox(i.status),
});
