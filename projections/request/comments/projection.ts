import type { RequestEventMap } from '../../../domain/request';
import { documentProjection, table } from '../../support/document-projection';
import { requestIdOf } from '../list/projection';

type Row = Record<string, unknown>;

/** Comments of a request's chat tab ('Чат по заявке'), one row per RequestCommentAdded. */
export const requestCommentsProjection = documentProjection({
  name: 'request-comments',
  version: 1,
  schema: /* sql */ `
    CREATE TABLE rm_request_comments (
      key text PRIMARY KEY,
      request_id integer NOT NULL,
      comment_id integer NOT NULL,
      request_number integer,
      user_id integer,
      fio text,
      comment text NOT NULL,
      files jsonb NOT NULL DEFAULT '[]',
      notify_user_ids integer[] NOT NULL DEFAULT '{}',
      date_time_d timestamptz,
      position bigint NOT NULL
    );
    CREATE UNIQUE INDEX rm_request_comments_request ON rm_request_comments (request_id, comment_id);
  `,
  eventTypes: ['RequestCommentAdded'],
  tables: [
    table<Row>({
      table: 'rm_request_comments',
      key: 'key',
      columns: ['key', 'request_id', 'comment_id', 'request_number', 'user_id', 'fio', 'comment', 'files', 'notify_user_ids', 'date_time_d', 'position'],
      keysOf: (e) => {
        const id = requestIdOf(e.streamId);
        return id === null ? [] : [`${id}:${(e.data as RequestEventMap['RequestCommentAdded']).comment_id}`];
      },
      evolve: (row, e, key) => {
        if (row) return row;
        const d = e.data as RequestEventMap['RequestCommentAdded'];
        return {
          key,
          request_id: requestIdOf(e.streamId),
          comment_id: d.comment_id,
          request_number: d.request_number ?? null,
          user_id: d.user_id ?? null,
          fio: d.fio ?? null,
          comment: d.comment,
          files: d.files ?? [],
          notify_user_ids: d.notify_user_ids ?? [],
          date_time_d: d.date_time_d ?? e.metadata?.timestamp ?? null,
          position: e.position.prepare.toString(),
        };
      },
    }),
  ],
});
