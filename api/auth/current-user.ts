import { sql, type DatabasePool } from 'slonik';
import type { Actor } from '../../domain/shared/actor';
import { combineAccessLevel, combineRights, type RightsObject } from '../../domain/rights/rights';
import type { AccessLevel } from '../../domain/rights/values';
import { unitScope, type UnitScope } from '../../domain/rights/scope';
import type { RightKey } from '../../domain/rights/catalog';

/** The signed-in user as every route sees it: profile, combined rights and unit scope inputs. */
export interface CurrentUser {
  readonly id: number;
  readonly surname: string | null;
  readonly name: string;
  readonly patronymic: string | null;
  readonly fio: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly organization_id: number | null;
  readonly region_id: number | null;
  readonly post_id: number | null;
  readonly users_roles: readonly number[];
  readonly unitIds: readonly number[];
  readonly hostUnitIds: readonly number[];
  readonly hotline_worker: boolean;
  readonly is_inactive: boolean;
  readonly deleted: boolean;
  readonly passwordVersion: number;
  readonly rightsObject: RightsObject;
  readonly accessLevel: AccessLevel;
}

interface UserRow {
  id: number;
  surname: string | null;
  name: string;
  patronymic: string | null;
  fio: string;
  email: string | null;
  phone: string | null;
  organization_id: number | null;
  region_id: number | null;
  org_is_host: boolean | null;
  post_id: number | null;
  users_roles: number[];
  units: number[];
  hotline_worker: boolean;
  is_inactive: boolean;
  deleted: boolean;
  password_version: number;
  roles: Array<{ access_level: number; rights_object: RightsObject }>;
  host_units: number[] | null;
}

const userQuery = (where: ReturnType<typeof sql.fragment>) => sql.unsafe`
  SELECT u.id, u.surname, u.name, u.patronymic, u.fio, u.email, u.phone, u.organization_id, o.region_id,
         o.is_host AS org_is_host, u.post_id, u.users_roles, u.units, u.hotline_worker, u.is_inactive, u.deleted,
         u.password_version,
         COALESCE((SELECT jsonb_agg(jsonb_build_object('access_level', r.access_level, 'rights_object', r.rights_object))
                   FROM rm_roles r WHERE r.id = ANY(u.users_roles) AND NOT r.deleted), '[]'::jsonb) AS roles,
         CASE WHEN o.is_host THEN (SELECT array_agg(un.id ORDER BY un.id) FROM rm_units un
                                   WHERE un.organization_id = o.id AND NOT un.deleted) END AS host_units
  FROM rm_users u LEFT JOIN rm_organizations o ON o.id = u.organization_id
  WHERE ${where}`;

const toCurrentUser = (r: UserRow): CurrentUser => {
  const roles = r.roles.map((x) => ({ access_level: x.access_level, rightsObject: x.rights_object }));
  return {
    id: r.id,
    surname: r.surname,
    name: r.name,
    patronymic: r.patronymic,
    fio: r.fio,
    email: r.email,
    phone: r.phone,
    organization_id: r.organization_id,
    region_id: r.region_id,
    post_id: r.post_id,
    users_roles: r.users_roles,
    unitIds: r.units,
    hostUnitIds: r.host_units ?? [],
    hotline_worker: r.hotline_worker,
    is_inactive: r.is_inactive,
    deleted: r.deleted,
    passwordVersion: r.password_version,
    rightsObject: combineRights(roles),
    accessLevel: combineAccessLevel(roles),
  };
};

/** The projections a CurrentUser is read from (its cache entry is stale when one of them changes). */
export const CURRENT_USER_SOURCES = ['users', 'roles', 'organizations'] as const;

export const loadCurrentUser = async (pool: DatabasePool, id: number): Promise<CurrentUser | null> => {
  const row = await pool.maybeOne(userQuery(sql.fragment`u.id = ${id}`));
  return row ? toCurrentUser(row as unknown as UserRow) : null;
};

export const loadUserByLogin = async (pool: DatabasePool, login: string): Promise<CurrentUser | null> => {
  const row = await pool.maybeOne(userQuery(sql.fragment`u.login_lower = ${login.toLowerCase()} AND NOT u.deleted`));
  return row ? toCurrentUser(row as unknown as UserRow) : null;
};

export const actorOf = (u: CurrentUser): Actor => ({
  userId: u.id,
  rights: u.rightsObject,
  accessLevel: u.accessLevel,
  organizationId: u.organization_id,
  regionId: u.region_id,
  unitIds: u.unitIds,
  fio: u.fio,
  email: u.email,
});

const scopes = new WeakMap<CurrentUser, Map<RightKey, UnitScope>>();

/**
 * The user's unit scope for a right, computed once per user object (the cached current user is
 * replaced, not changed, when its read models move): a command asks for it several times, and a
 * user of a host organisation unites its own units with the host's, which may be many (docs/notes/bench.md).
 */
export const scopeOf = (u: CurrentUser, right: RightKey): UnitScope => {
  let byRight = scopes.get(u);
  if (!byRight) scopes.set(u, (byRight = new Map()));
  let scope = byRight.get(right);
  if (!scope) byRight.set(right, (scope = unitScope({ rights: u.rightsObject, unitIds: u.unitIds, hostUnitIds: u.hostUnitIds }, right)));
  return scope;
};
