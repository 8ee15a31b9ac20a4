import type { UserEvent, UserProfile } from '../../domain/user/decider';
import { documentProjection, table } from '../support/document-projection';
import { displayNameOf } from './display-name';

type Row = Record<string, unknown>;

const profileColumns = (u: UserProfile) => ({
  ...u,
  login_lower: u.login.toLowerCase(),
  fio: displayNameOf(u),
});

export const usersProjection = documentProjection({
  // 2: fio shows the hot line marker after the whole name. 3: no password hash (kept outside the log and the read models).
  name: 'users',
  version: 3,
  schema: /* sql */ `
    CREATE TABLE rm_users (
      id integer PRIMARY KEY,
      surname text,
      name text NOT NULL,
      patronymic text,
      fio text NOT NULL,
      phone text,
      email text,
      organization_id integer,
      post_id integer,
      post_description text,
      due_order text,
      login text NOT NULL,
      login_lower text NOT NULL,
      password_version integer NOT NULL DEFAULT 0,
      hotline_worker boolean NOT NULL DEFAULT false,
      is_inactive boolean NOT NULL DEFAULT false,
      deleted boolean NOT NULL DEFAULT false,
      users_roles integer[] NOT NULL DEFAULT '{}',
      units integer[] NOT NULL DEFAULT '{}',
      users_programs integer[] NOT NULL DEFAULT '{}',
      last_visit_d timestamptz
    );
    CREATE INDEX rm_users_login ON rm_users (login_lower) WHERE NOT deleted;
    CREATE INDEX rm_users_organization ON rm_users (organization_id);
    CREATE INDEX rm_users_roles ON rm_users USING gin (users_roles);
    CREATE INDEX rm_users_units ON rm_users USING gin (units);
  `,
  eventTypes: ['UserRegistered', 'UserProfileChanged', 'UserPasswordChanged', 'UserDeactivated', 'UserDeleted', 'UserSignedIn'],
  tables: [
    table<Row>({
      table: 'rm_users',
      key: 'id',
      columns: [
        'id', 'surname', 'name', 'patronymic', 'fio', 'phone', 'email', 'organization_id', 'post_id', 'post_description',
        'due_order', 'login', 'login_lower', 'password_version', 'hotline_worker', 'is_inactive', 'deleted',
        'users_roles', 'units', 'users_programs', 'last_visit_d',
      ],
      keysOf: (e) => [(e.data as { id: number }).id],
      evolve: (row, e) => {
        const ev = { type: e.type, data: e.data } as UserEvent;
        switch (ev.type) {
          case 'UserRegistered':
            return {
              ...profileColumns(ev.data.user),
              id: ev.data.id,
              password_version: 0,
              is_inactive: false,
              deleted: false,
              last_visit_d: null,
            };
          case 'UserProfileChanged':
            return row ? { ...row, ...profileColumns(ev.data.user) } : null;
          case 'UserPasswordChanged':
            return row ? { ...row, password_version: Number(row.password_version) + 1 } : null;
          case 'UserDeactivated':
            return row ? { ...row, is_inactive: true, users_roles: [], units: [], password_version: Number(row.password_version) + 1 } : null;
          case 'UserDeleted':
            return row ? { ...row, deleted: true, password_version: Number(row.password_version) + 1 } : null;
          case 'UserSignedIn':
            return row ? { ...row, last_visit_d: ev.data.at } : null;
        }
      },
    }),
  ],
});
