import { z } from 'zod';
import { id, string } from '../shared/primitives';
import { hotlineMessages } from './answer';

/**
 * The bodies of the hot line calls (requests.md 7), parsed by api/routes/hotline.ts and described by
 * the OpenAPI document. The request is named as the spec does (`request_id`) or as older clients
 * did (`requestId`, `id`, `request.id`); the first given is used.
 */
const requestRef = {
  request_id: id().optional(),
  requestId: id().optional(),
  id: id().optional(),
  request: z.object({ id: id().optional() }).optional(),
};
export const hotlineRequestSchema = z.object(requestRef);
export type HotlineRequestRef = z.output<typeof hotlineRequestSchema>;

/** The request's id as the body names it, or undefined. */
export const requestIdOfRef = (r: HotlineRequestRef): number | undefined => r.request_id ?? r.requestId ?? r.id ?? r.request?.id;

export const DECLARANT_MESSAGE_MAX = 4000;
export const declarantMessageSchema = z.object({
  ...requestRef,
  messageToDeclarant: string(hotlineMessages.emptyMessage).trim().min(1, hotlineMessages.emptyMessage).max(DECLARANT_MESSAGE_MAX, hotlineMessages.longMessage),
});

const outboxKey = string('Не указана отправка').min(1, 'Не указана отправка').max(300, 'Не указана отправка');
/** POST /api/request_delivery_retry: a request and one of its deliveries. */
export const deliveryRetrySchema = z.object({ ...requestRef, key: outboxKey });
/** POST /api/outbox/retry: one delivery of the outbox. */
export const outboxRetrySchema = z.object({ key: outboxKey });
