import { afterAll, beforeAll, describe, it } from 'vitest';
import { notificationsProjection } from '../../../projections/notification/projection';
import { requestCommentsProjection } from '../../../projections/request/comments/projection';
import type { NotificationEventMap } from '../../../domain/notification';
import type { RequestEventMap } from '../../../domain/request';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { on, projectionSpec } from '../../support/projection-spec';

/** Read models as specifications: given these events, then these rows (tests/support/projection-spec.ts). */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const comment = (comment_id: number, over: Partial<RequestEventMap['RequestCommentAdded']> = {}) => ({
  type: 'RequestCommentAdded',
  data: {
    comment_id,
    request_number: 101,
    comment: `Комментарий ${comment_id}`,
    files: [],
    user_id: 3,
    fio: 'Петров П. П.',
    date_time_d: '2026-03-02T10:00:00.000Z',
    notify_user_ids: [],
    ...over,
  } satisfies RequestEventMap['RequestCommentAdded'],
});

const inbox = <T extends 'NotificationRead' | 'RequestNotificationsRead'>(userId: number, type: T, data: NotificationEventMap[T]) =>
  on(`inbox-${userId}`, { type, data });

describe('notifications projection', () => {
  const spec = () => projectionSpec(db.pool, notificationsProjection);
  const rows = 'SELECT id, user_id, notification_type, object_id, info, state FROM rm_notifications ORDER BY id';

  it('a comment notifies each chosen user once, new, naming the request number', async () => {
    await spec()
      .given(on('request-5', comment(1, { notify_user_ids: [7, 8] })))
      .then(rows, [
        { id: 'c5-1-7', user_id: 7, notification_type: 'comment', object_id: 5, info: 'Сообщение по заявке №101', state: 1 },
        { id: 'c5-1-8', user_id: 8, notification_type: 'comment', object_id: 5, info: 'Сообщение по заявке №101', state: 1 },
      ]);
  });

  it('its user reads a notification; another user reading the same id changes nothing', async () => {
    await spec()
      .given([
        ...on('request-5', comment(1, { notify_user_ids: [7, 8] })),
        ...inbox(7, 'NotificationRead', { user_id: 7, notification_id: 'c5-1-7' }),
        ...inbox(7, 'NotificationRead', { user_id: 7, notification_id: 'c5-1-8' }),
      ])
      .then('SELECT id, state FROM rm_notifications ORDER BY id', [
        { id: 'c5-1-7', state: 2 },
        { id: 'c5-1-8', state: 1 },
      ]);
  });

  it("opening a request's chat reads that user's notifications of that request only, not later ones", async () => {
    await spec()
      .given([
        ...on('request-5', comment(1, { notify_user_ids: [7, 8] })),
        ...on('request-6', comment(1, { notify_user_ids: [7] })),
        ...inbox(7, 'RequestNotificationsRead', { user_id: 7, request_id: 5 }),
        ...on('request-5', comment(2, { notify_user_ids: [7] })),
      ])
      .then('SELECT id, state FROM rm_notifications ORDER BY id', [
        { id: 'c5-1-7', state: 2 },
        { id: 'c5-1-8', state: 1 },
        { id: 'c5-2-7', state: 1 },
        { id: 'c6-1-7', state: 1 },
      ]);
  });

  it('notifications created by hand: one per user, with their type, request and text, dated as sent', async () => {
    await spec()
      .given(
        on('notifications-3', {
          type: 'NotificationsCreated',
          data: { id: 3, notification_type: 'info', request_id: null, user_ids: [7, 9], info: 'Плановые работы', date_time: '2026-03-03T08:00:00.000Z' },
        }),
      )
      .then(`SELECT id, user_id, notification_type, object_id, info, state, date_time = '2026-03-03T08:00:00Z' AS dated FROM rm_notifications ORDER BY id`, [
        { id: 'n3-7', user_id: 7, notification_type: 'info', object_id: null, info: 'Плановые работы', state: 1, dated: true },
        { id: 'n3-9', user_id: 9, notification_type: 'info', object_id: null, info: 'Плановые работы', state: 1, dated: true },
      ]);
  });
});

describe('request comments projection', () => {
  const spec = () => projectionSpec(db.pool, requestCommentsProjection);

  it("one row per comment of a request's chat, with its author, text, files and the users it notified", async () => {
    const files = [{ file_id: 'f1', file_name: 'скан.pdf', mimetype: 'application/pdf', size: 10, checksum: 'x' }];
    await spec()
      .given([...on('request-5', comment(1, { files, notify_user_ids: [7] }), comment(2)), ...on('request-6', comment(1, { request_number: 102 }))])
      .then(
        `SELECT key, request_id, comment_id, request_number, user_id, fio, comment, files, notify_user_ids,
                date_time_d = '2026-03-02T10:00:00Z' AS dated
         FROM rm_request_comments ORDER BY request_id, comment_id`,
        [
          { key: '5:1', request_id: 5, comment_id: 1, request_number: 101, user_id: 3, fio: 'Петров П. П.', comment: 'Комментарий 1', files, notify_user_ids: [7], dated: true },
          { key: '5:2', request_id: 5, comment_id: 2, request_number: 101, user_id: 3, fio: 'Петров П. П.', comment: 'Комментарий 2', files: [], notify_user_ids: [], dated: true },
          { key: '6:1', request_id: 6, comment_id: 1, request_number: 102, user_id: 3, fio: 'Петров П. П.', comment: 'Комментарий 1', files: [], notify_user_ids: [], dated: true },
        ],
      );
  });

  it('a comment appended twice under one id keeps the first', async () => {
    await spec()
      .given(on('request-5', comment(1), comment(1, { comment: 'Повтор' })))
      .then('SELECT key, comment FROM rm_request_comments', [{ key: '5:1', comment: 'Комментарий 1' }]);
  });
});
