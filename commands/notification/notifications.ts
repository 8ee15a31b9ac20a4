import { sql } from 'slonik';
import {
  inboxStreamId,
  notificationsStreamId,
  type NotificationEvent,
} from '../../domain/notification';
import type { CommandContext } from '../../domain/shared/events';
import { invalid, notFound } from '../../domain/shared/errors';
import { toNewEvents } from '../handle-command';
import type { CommandOutcome, WriteContext } from '../context';
import { loadRequest } from './handlers';
import { usersWhoMaySee } from './lookups';

export const NOTIFICATION_NOT_FOUND = 'Уведомление не найдено';
export const NO_ACCESS_TO_REQUEST = 'У пользователя нет доступа к этой заявке';

/** Marks one of the caller's notifications read (its inbox stream takes any order of reads). */
export const markNotificationRead = async (w: WriteContext, userId: number, notificationId: string, context: CommandContext): Promise<CommandOutcome> => {
  if (!/^[cn]\d+-\d+(-\d+)?$/.test(notificationId)) throw invalid('Неверный идентификатор уведомления');
  // Only a notification the caller holds: another user's (or an unknown) id writes nothing.
  const own = await w.pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM rm_notifications WHERE id = ${notificationId} AND user_id = ${userId}`);
  if (own == null) throw notFound(NOTIFICATION_NOT_FOUND);
  const event: NotificationEvent = { type: 'NotificationRead', data: { user_id: userId, notification_id: notificationId } };
  const r = await w.store.append(inboxStreamId(userId), toNewEvents([event], context), { expectedRevision: 'any' });
  return { id: userId, position: r.position };
};

/** Opening a request's chat tab clears that request's notifications of the caller. */
export const markRequestNotificationsRead = async (w: WriteContext, userId: number, requestId: number, context: CommandContext): Promise<CommandOutcome> => {
  const event: NotificationEvent = { type: 'RequestNotificationsRead', data: { user_id: userId, request_id: requestId } };
  const r = await w.store.append(inboxStreamId(userId), toNewEvents([event], context), { expectedRevision: 'any' });
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
  const active = new Set(
    (await w.pool.anyFirst(sql.unsafe`
      SELECT id FROM rm_users WHERE id = ANY(${sql.array(users, 'int4')}) AND NOT deleted AND NOT is_inactive`)).map(Number),
  );
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
  const r = await w.store.append(notificationsStreamId(id), toNewEvents([event], context), { expectedRevision: 'no_stream' });
  return { id, position: r.position };
};
