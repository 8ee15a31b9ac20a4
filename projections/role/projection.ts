import type { RoleEvent } from '../../domain/role/decider';
import { documentProjection, table } from '../support/document-projection';

type Row = Record<string, unknown>;

export const rolesProjection = documentProjection({
  name: 'roles',
  version: 1,
  schema: /* sql */ `
    CREATE TABLE rm_roles (
      id integer PRIMARY KEY,
      title text NOT NULL,
      role_order integer NOT NULL,
      role_is_hotline boolean NOT NULL,
      access_level integer NOT NULL,
      rights_object jsonb NOT NULL,
      deleted boolean NOT NULL DEFAULT false
    );
  `,
  eventTypes: ['RoleCreated', 'RoleUpdated', 'RoleDeleted'],
  tables: [
    table<Row>({
      table: 'rm_roles',
      key: 'id',
      columns: ['id', 'title', 'role_order', 'role_is_hotline', 'access_level', 'rights_object', 'deleted'],
      keysOf: (e) => [(e.data as { id: number }).id],
      evolve: (row, e) => {
        const ev = { type: e.type, data: e.data } as RoleEvent;
        if (ev.type === 'RoleDeleted') return row ? { ...row, deleted: true } : null;
        const { rightsObject, ...rest } = ev.data.role;
        return { ...rest, id: ev.data.id, rights_object: rightsObject, deleted: false };
      },
    }),
  ],
});
