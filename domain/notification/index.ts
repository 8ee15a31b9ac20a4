import type { EventOf } from '../shared/events';

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
