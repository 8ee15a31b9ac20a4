/**
 * Keys of outgoing calls and mails. The hot line registration key is sent with every attempt of
 * one registration (header `Idempotency-Key` and field `idempotency_key`), so an attempt repeated
 * after a crash between the call and the save is answered with the same number instead of a second
 * registration. A new generation (a new key) is started only after a definitive refusal (a
 * non-200 status: the hot line registered nothing).
 */
export const hotlineRegisterKey = (requestId: number, generation: number): string => `hotline-register:request-${requestId}:${generation}`;
export const hotlineMailRegisterKey = (requestId: number): string => `hotline-mail-register:request-${requestId}`;
export const hotlineMailCloseKey = (requestId: number): string => `hotline-mail-close:request-${requestId}`;
export const declarantMailKey = (requestId: number, sentAt: string): string => `declarant-mail:request-${requestId}:${sentAt}`;

export type OutboxKind = 'hotline-register' | 'hotline-mail-register' | 'hotline-mail-close' | 'declarant-mail' | 'engineer-mail';
export type OutboxStatus = 'pending' | 'sent' | 'retrying' | 'refused' | 'failed';

/** An outgoing mail or hot line call as the outbox keeps it. */
export interface OutboxItem {
  readonly key: string;
  readonly kind: OutboxKind;
  readonly request_id: number | null;
  readonly status: OutboxStatus;
  readonly attempts: number;
  readonly error: string | null;
  /** The hot line's message or number, the mail's message id. */
  readonly result: string | null;
  /** What the job needs to do it again (the mail, or the registration's request id). */
  readonly payload: unknown;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Russian titles of the outbox screen. */
export const outboxKindTitles: Readonly<Record<OutboxKind, string>> = {
  'hotline-register': 'Регистрация на ГЛ',
  'hotline-mail-register': 'Письмо о регистрации на ГЛ',
  'hotline-mail-close': 'Письмо о закрытии на ГЛ',
  'declarant-mail': 'Сообщение заявителю',
  'engineer-mail': 'Письмо инженеру',
};
export const outboxStatusTitles: Readonly<Record<OutboxStatus, string>> = {
  pending: 'Выполняется',
  sent: 'Отправлено',
  retrying: 'Ошибка, будет повтор',
  refused: 'Отказ ГЛ',
  failed: 'Ошибка',
};

/** Only items whose retries ran out may be retried by an operator (a refusal needs the button again). */
export const canRetryOutbox = (status: OutboxStatus): boolean => status === 'failed';
