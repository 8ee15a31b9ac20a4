import {
  inboxStreamId,
  notificationsStreamId,
  type NotificationEvent,
} from '../../domain/notification';
import type { CommandContext } from '../../domain/shared/events';
import { invalid, notFound } from '../../domain/shared/errors';
import { handleCommand } from '../handle-command';
import type { CommandOutcome, WriteContext } from '../context';
import { loadRequest } from '../request/load';
import { usersWhoMaySee } from '../request/lookups';
import { notificationStreams } from './notification-streams';

export const NOTIFICATION_NOT_FOUND = 'Уведомление не найдено';
export const NO_ACCESS_TO_REQUEST = 'У пользователя нет доступа к этой заявке';

/** Marks one of the caller's notifications read (its inbox stream takes any order of reads). */
export const markNotificationRead = async (w: WriteContext, userId: number, notificationId: string, context: CommandContext): Promise<CommandOutcome> => {
  if (!/^[cn]\d+-\d+(-\d+)?$/.test(notificationId)) throw invalid('Неверный идентификатор уведомления');
  // Only a notification the caller holds: another user's (or an unknown) id writes nothing.
  if (!(await w.lookups.notificationHeldBy(notificationId, userId))) throw notFound(NOTIFICATION_NOT_FOUND);
  const event: NotificationEvent = { type: 'NotificationRead', data: { user_id: userId, notification_id: notificationId } };
  const r = await handleCommand(w.store, notificationStreams, inboxStreamId(userId), event, context, { anyRevision: true });
  return { id: userId, position: r.position };
};

/** Opening a request's chat tab clears that request's notifications of the caller. */
export const markRequestNotificationsRead = async (w: WriteContext, userId: number, requestId: number, context: CommandContext): Promise<CommandOutcome> => {
  const event: NotificationEvent = { type: 'RequestNotificationsRead', data: { user_id: userId, request_id: requestId } };
  const r = await handleCommand(w.store, notificationStreams, inboxStreamId(userId), event, context, { anyRevision: true });
  return { id: userId, position: r.position };
};

/** POST /api/create_notifications: a notice for the chosen users about a request. */
export const createNotifications = async (
  w: WriteContext,
  input: { notificationType: unknown; requestId: unknown; usersIds: unknown; notificationInfo: unknown },
  context: CommandContext,
): Promise<CommandOutcome> => {
  const users = Array.isArray(input.usersIds) ? [...new Set(input.usersIds.map(Number).filter((n) => Number.isInteger(n) && n > 0))] : [];
  if (users.length === 0) throw invalid('Выберите пользователей', { usersIds: 'Выберите пользователей' });
  const active = new Set(await w.lookups.activeUserIds(users));
  if (users.some((u) => !active.has(u))) throw invalid('Пользователь не найден', { usersIds: 'Пользователь не найден' });
  const requestId = Number(input.requestId) || null;
  if (requestId !== null) {
    // Only users who may see the request hear about it.
    const { state } = await loadRequest(w, requestId);
    const allowed = await usersWhoMaySee(w, users, state.unit_id);
    if (users.some((u) => !allowed.has(u))) throw invalid(NO_ACCESS_TO_REQUEST, { usersIds: NO_ACCESS_TO_REQUEST });
  }
  const info = typeof input.notificationInfo === 'string' ? input.notificationInfo.trim() : '';
  if (!info) throw invalid('Введите текст уведомления', { notificationInfo: 'Введите текст уведомления' });
  if (info.length > 2000) throw invalid('Не более 2000 символов', { notificationInfo: 'Не более 2000 символов' });
  const id = await w.ids.next('notifications');
  const event: NotificationEvent = {
    type: 'NotificationsCreated',
    data: { id, notification_type: String(input.notificationType ?? 'message'), request_id: requestId, user_ids: users, info, date_time: context.now },
  };
  const r = await handleCommand(w.store, notificationStreams, notificationsStreamId(id), event, context, { expectNew: true });
  return { id, position: r.position };
};
