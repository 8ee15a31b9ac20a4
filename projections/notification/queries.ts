import { sql, type CommonQueryMethods } from 'slonik';
import { paged, type Page } from '../support/paging';

type Db = Pick<CommonQueryMethods, 'any'>;

/** administration.md 3: id, date_time, info, object_id, state (1 new, 2 read). */
export interface NotificationView {
  id: string;
  date_time: string | null;
  info: string;
  object_id: number | null;
  state: number;
  notification_type: string;
}

/** A user's notifications, newest first; `states` null means every state. */
export const userNotifications = async (db: Db, userId: number, states: readonly number[] | null, limit = 500): Promise<NotificationView[]> =>
  (
    await db.any(sql.unsafe`
      SELECT id, date_time, info, object_id, state, notification_type FROM rm_notifications
      WHERE user_id = ${userId} ${states ? sql.fragment`AND state = ANY(${sql.array([...states], 'int4')})` : sql.fragment``}
      ORDER BY position DESC, id DESC LIMIT ${limit}`)
  ).map((r) => ({
    id: String(r.id),
    date_time: (r.date_time as string | null) ?? null,
    info: String(r.info),
    object_id: r.object_id == null ? null : Number(r.object_id),
    state: Number(r.state),
    notification_type: String(r.notification_type),
  }));

const viewOf = (r: Record<string, unknown>): NotificationView => ({
  id: String(r.id),
  date_time: (r.date_time as string | null) ?? null,
  info: String(r.info),
  object_id: r.object_id == null ? null : Number(r.object_id),
  state: Number(r.state),
  notification_type: String(r.notification_type),
});

/**
 * One page (20) of a user's notifications, newest first: the /notifications page; `state` null means
 * every state (the page's default), a state only those (its 'Только новые': the home page's link).
 */
export const userNotificationsPage = async (
  db: Pick<CommonQueryMethods, 'any' | 'oneFirst'>,
  userId: number,
  pageNumber: number,
  state: number | null = null,
): Promise<Page<NotificationView>> => {
  const page = await paged<Record<string, unknown>>(
    db,
    sql.unsafe`SELECT id, date_time, info, object_id, state, notification_type FROM rm_notifications
      WHERE user_id = ${userId} ${state === null ? sql.fragment`` : sql.fragment`AND state = ${state}`} ORDER BY position DESC, id DESC`,
    pageNumber,
  );
  return { ...page, items: page.items.map(viewOf) };
};
