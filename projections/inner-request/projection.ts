import type { InnerRequestEventMap } from '../../domain/inner-request';
import { documentProjection, table } from '../support/document-projection';

export interface InnerRequestRmRow {
  [key: string]: unknown;
  id: number;
  parent_id: number | null;
  date_create: string;
  author_id: number | null;
  author_email: string | null;
  message: string;
  request_inner_kind_id: number | null;
  state: number;
  files: unknown;
  deleted: boolean;
}

const idOfStream = (streamId: string) => Number(streamId.slice(streamId.indexOf('-') + 1));

/**
 * rm_request_inner (administration.md 2.9): one row per request or answer; deleted rows stay
 * flagged (their answers are hidden with them by the queries). Names of authors, regions and
 * kinds are joined when read, so a renamed user shows their current name.
 */
export const innerRequestProjection = documentProjection({
  name: 'request_inner',
  version: 1,
  schema: /* sql */ `
    CREATE TABLE rm_request_inner (
      id integer PRIMARY KEY,
      parent_id integer,
      date_create timestamptz NOT NULL,
      author_id integer,
      author_email text,
      message text NOT NULL,
      request_inner_kind_id integer,
      state integer NOT NULL,
      files jsonb NOT NULL DEFAULT '[]',
      deleted boolean NOT NULL DEFAULT false
    );
    CREATE INDEX rm_request_inner_roots ON rm_request_inner (id DESC) WHERE parent_id IS NULL AND NOT deleted;
    CREATE INDEX rm_request_inner_author ON rm_request_inner (author_id, id DESC) WHERE parent_id IS NULL AND NOT deleted;
    CREATE INDEX rm_request_inner_parent ON rm_request_inner (parent_id) WHERE parent_id IS NOT NULL;
  `,
  eventTypes: ['InnerRequestCreated', 'InnerRequestStateChanged', 'InnerRequestKindChanged', 'InnerRequestDeleted'],
  tables: [
    table<InnerRequestRmRow>({
      table: 'rm_request_inner',
      key: 'id',
      columns: ['id', 'parent_id', 'date_create', 'author_id', 'author_email', 'message', 'request_inner_kind_id', 'state', 'files', 'deleted'],
      keysOf: (e) => [idOfStream(e.streamId)],
      evolve: (row, e) => {
        switch (e.type) {
          case 'InnerRequestCreated': {
            const d = e.data as InnerRequestEventMap['InnerRequestCreated'];
            return {
              id: d.id,
              parent_id: d.parent_id,
              date_create: d.date_create,
              author_id: d.author_id,
              author_email: d.author_email,
              message: d.message,
              request_inner_kind_id: d.request_inner_kind_id,
              state: 1,
              files: d.files,
              deleted: false,
            };
          }
          case 'InnerRequestStateChanged':
            return row && { ...row, state: (e.data as InnerRequestEventMap['InnerRequestStateChanged']).state };
          case 'InnerRequestKindChanged':
            return row && { ...row, request_inner_kind_id: (e.data as InnerRequestEventMap['InnerRequestKindChanged']).request_inner_kind_id };
          case 'InnerRequestDeleted':
            return row && { ...row, deleted: true };
          default:
            return row;
        }
      },
    }),
  ],
});
