import { z } from 'zod';
import type { EventOf } from '../shared/events';
import { boundedInt, id, idList, PG_INT_MAX, PG_INT_MIN, text } from '../shared/primitives';

/**
 * Notifications (administration.md 2.4): created for the users chosen when a comment is written
 * (from RequestCommentAdded itself) or by POST /api/create_notifications; read by their user.
 * Ids are strings derived from what created them, so read models stay pure functions of the log:
 *   comment: `c{requestId}-{commentId}-{userId}`, explicit: `n{notificationsId}-{userId}`.
 */
export const NotificationState = { NEW: 1, READ: 2 } as const;

export type NotificationEventMap = {
  /** Stream `notifications-{id}` (id allocated by the handler). */
  NotificationsCreated: {
    id: number;
    notification_type: string;
    request_id: number | null;
    user_ids: number[];
    info: string;
    date_time: string;
  };
  /** Stream `inbox-{userId}`. */
  NotificationRead: { user_id: number; notification_id: string };
  /** Stream `inbox-{userId}`: opening a request's chat tab clears its notifications. */
  RequestNotificationsRead: { user_id: number; request_id: number };
};

export type NotificationEvent = EventOf<NotificationEventMap>;

export const commentNotificationId = (requestId: number, commentId: number, userId: number) => `c${requestId}-${commentId}-${userId}`;
export const explicitNotificationId = (notificationsId: number, userId: number) => `n${notificationsId}-${userId}`;
export const commentNotificationInfo = (number: number | null) => `Сообщение по заявке №${number ?? ''}`;

export const notificationsStreamId = (id: number) => `notifications-${id}`;
export const inboxStreamId = (userId: number) => `inbox-${userId}`;

/**
 * POST /api/create_notifications as the route reads it: bounded ids and a bounded type, so the
 * lookups and the event it leads to fit the read models. The text is checked by the command.
 */
export const createNotificationsSchema = z.object({
  notificationType: z.union([text(100), boundedInt(PG_INT_MIN, PG_INT_MAX)]).nullish(),
  requestId: id({ message: 'Укажите заявку' }),
  usersIds: idList({ message: 'Выберите пользователей' }).optional(),
  notificationInfo: z.unknown(),
});

/** PUT /api/notifications/{id}: a notification can only be marked read (state 2, the default). */
export const notificationUpdateSchema = z.object({
  state: z.preprocess((v) => (v === undefined || v === null ? NotificationState.READ : typeof v === 'string' ? Number(v) : v), z.literal(NotificationState.READ, { errorMap: () => ({ message: 'Уведомление можно только отметить прочитанным' }) })),
});

/** Ids of notifications as they are built (see above); anything else names no notification. */
export const NOTIFICATION_ID = /^[cn]\d{1,10}-\d{1,10}(-\d{1,10})?$/;
/** A notification's id in a path. */
export const notificationIdSchema = z.string().regex(NOTIFICATION_ID);
