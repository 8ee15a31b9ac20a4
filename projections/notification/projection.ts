import { sql, type DatabaseTransactionConnection } from 'slonik';
import {
  NotificationState,
  commentNotificationId,
  commentNotificationInfo,
  explicitNotificationId,
  type NotificationEventMap,
} from '../../domain/notification';
import type { RequestEventMap } from '../../domain/request';
import { defineProjection } from '../../infrastructure/projection';
import { bulkInsert, type BulkColumn } from '../support/bulk-insert';
import { requestIdOf } from '../request/list/projection';

interface NotificationRow {
  id: string;
  user_id: number;
  notification_type: string;
  object_id: number | null;
  info: string;
  state: number;
  date_time: string | null;
  position: string;
}

const notificationColumns: readonly BulkColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'user_id', type: 'integer' },
  { name: 'notification_type', type: 'text' },
  { name: 'object_id', type: 'integer' },
  { name: 'info', type: 'text' },
  { name: 'state', type: 'integer' },
  { name: 'date_time', type: 'timestamp with time zone' },
  { name: 'position', type: 'bigint' },
];

const insert = async (tx: DatabaseTransactionConnection, rows: readonly NotificationRow[]) => {
  if (rows.length === 0) return;
  await bulkInsert(tx, 'rm_notifications', notificationColumns, rows, 'ON CONFLICT (id) DO NOTHING');
};

/**
 * rm_notifications (administration.md 2.4): one row per notified user, created by a comment
 * (RequestCommentAdded.notify_user_ids) or by POST /api/create_notifications (NotificationsCreated),
 * read by NotificationRead (one) or RequestNotificationsRead (a request's chat tab opened).
 *
 * A batch is applied in log order: reads first touch the rows that existed before the batch (one
 * UPDATE each), rows created within the batch are folded in memory and inserted with their final
 * state, so a read never marks a notification that was created after it.
 */
export const notificationsProjection = defineProjection({
  name: 'notifications',
  version: 1,
  tables: ['rm_notifications'],
  schema: /* sql */ `
    CREATE TABLE rm_notifications (
      id text PRIMARY KEY,
      user_id integer NOT NULL,
      notification_type text NOT NULL,
      object_id integer,
      info text NOT NULL,
      state integer NOT NULL,
      date_time timestamptz,
      position bigint NOT NULL
    );
    CREATE INDEX rm_notifications_user ON rm_notifications (user_id, state, position DESC);
    CREATE INDEX rm_notifications_user_object ON rm_notifications (user_id, object_id) WHERE state = 1;
  `,
  eventTypes: new Set(['RequestCommentAdded', 'NotificationsCreated', 'NotificationRead', 'RequestNotificationsRead']),
  apply: async (tx, events) => {
    const created = new Map<string, NotificationRow>();
    const readIds = new Set<string>();
    const readRequests: Array<{ user_id: number; object_id: number }> = [];
    for (const e of events) {
      const position = e.position.prepare.toString();
      switch (e.type) {
        case 'RequestCommentAdded': {
          const requestId = requestIdOf(e.streamId);
          if (requestId === null) break;
          const d = e.data as RequestEventMap['RequestCommentAdded'];
          for (const userId of d.notify_user_ids ?? []) {
            const id = commentNotificationId(requestId, d.comment_id, userId);
            if (!created.has(id))
              created.set(id, {
                id,
                user_id: userId,
                notification_type: 'comment',
                object_id: requestId,
                info: commentNotificationInfo(d.request_number ?? null),
                state: NotificationState.NEW,
                date_time: d.date_time_d ?? e.metadata?.timestamp ?? null,
                position,
              });
          }
          break;
        }
        case 'NotificationsCreated': {
          const d = e.data as NotificationEventMap['NotificationsCreated'];
          for (const userId of d.user_ids) {
            const id = explicitNotificationId(d.id, userId);
            if (!created.has(id))
              created.set(id, {
                id,
                user_id: userId,
                notification_type: d.notification_type,
                object_id: d.request_id ?? null,
                info: d.info,
                state: NotificationState.NEW,
                date_time: d.date_time ?? e.metadata?.timestamp ?? null,
                position,
              });
          }
          break;
        }
        case 'NotificationRead': {
          const d = e.data as NotificationEventMap['NotificationRead'];
          const row = created.get(d.notification_id);
          if (row) {
            if (row.user_id === d.user_id) row.state = NotificationState.READ;
          } else readIds.add(`${d.user_id}:${d.notification_id}`);
          break;
        }
        case 'RequestNotificationsRead': {
          const d = e.data as NotificationEventMap['RequestNotificationsRead'];
          for (const row of created.values())
            if (row.user_id === d.user_id && row.object_id === d.request_id) row.state = NotificationState.READ;
          readRequests.push({ user_id: d.user_id, object_id: d.request_id });
          break;
        }
      }
    }
    // Reads of rows that existed before the batch (rows created in it are not in the table yet).
    if (readIds.size) {
      const pairs = [...readIds].map((k) => {
        const i = k.indexOf(':');
        return { user_id: Number(k.slice(0, i)), id: k.slice(i + 1) };
      });
      await tx.query(sql.unsafe`
        UPDATE rm_notifications n SET state = ${NotificationState.READ}
        FROM unnest(${sql.array(pairs.map((p) => p.user_id), 'int4')}, ${sql.array(pairs.map((p) => p.id), 'text')}) AS k(user_id, id)
        WHERE n.id = k.id AND n.user_id = k.user_id AND n.state <> ${NotificationState.READ}`);
    }
    if (readRequests.length)
      await tx.query(sql.unsafe`
        UPDATE rm_notifications n SET state = ${NotificationState.READ}
        FROM unnest(${sql.array(readRequests.map((p) => p.user_id), 'int4')}, ${sql.array(readRequests.map((p) => p.object_id), 'int4')}) AS k(user_id, object_id)
        WHERE n.user_id = k.user_id AND n.object_id = k.object_id AND n.state = ${NotificationState.NEW}`);
    await insert(tx, [...created.values()]);
  },
});
