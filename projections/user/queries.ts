import { sql, type DatabasePool } from 'slonik';
import { paged, type Page } from '../support/paging';

export interface UserListQuery {
  readonly hotline_worker?: boolean;
  readonly text?: string | null;
  /**
   * Whose logins the text matches: the viewer's own, and accounts up to this access level when the
   * viewer sees others' logins (null: none). A login the answer hides is not searchable either, or
   * the filter would tell it letter by letter.
   */
  readonly loginsOf?: { readonly viewerId: number; readonly upToLevel: number | null };
  readonly organization_id?: number | null;
  readonly region_id?: number | null;
  readonly role_id?: number | null;
  readonly post_id?: number | null;
  readonly is_inactive?: boolean | null;
  readonly phone?: string | null;
  readonly email?: string | null;
  readonly programs?: readonly number[] | null;
  readonly pageNumber?: number | null;
  /**
   * The administrator's own scope (below FULL): employees of this region or of this organisation
   * only. Hot line executors belong to no region and are not narrowed.
   */
  readonly scope?: { readonly regionId: number | null } | { readonly organizationId: number | null } | null;
}

export type UserView = Record<string, unknown> & { id: number };

/** The access level of an account: the highest of its roles (OWN when it has none). */
const accessLevelExpr = sql.fragment`COALESCE((SELECT max(r.access_level) FROM rm_roles r
  WHERE r.id = ANY(u.users_roles) AND NOT r.deleted), 1)`;

/** The account's roles with their titles, so a role above the viewer's level is still named. */
const heldRolesExpr = sql.fragment`COALESCE((SELECT jsonb_agg(jsonb_build_object('id', r.id, 'title', r.title) ORDER BY r.role_order, r.id)
  FROM rm_roles r WHERE r.id = ANY(u.users_roles) AND NOT r.deleted), '[]'::jsonb)`;

const userSelect = sql.fragment`jsonb_build_object(
  'id', u.id, 'surname', u.surname, 'name', u.name, 'patronymic', u.patronymic, 'fio', u.fio, 'phone', u.phone,
  'email', u.email, 'organization_id', u.organization_id, 'region_id', o.region_id, 'post_id', u.post_id,
  'post_description', u.post_description, 'due_order', u.due_order, 'login', u.login, 'is_inactive', u.is_inactive,
  'last_visit_d', u.last_visit_d, 'users_roles', to_jsonb(u.users_roles), 'units', to_jsonb(u.units),
  'users_programs', to_jsonb(u.users_programs), 'hotline_worker', u.hotline_worker, 'accessLevel', ${accessLevelExpr},
  'held_roles', ${heldRolesExpr}
) AS u`;

/** Accounts of every access level: the route marks those the viewer may not change (administration.md 2.6). */
export const listUsers = async (pool: DatabasePool, q: UserListQuery): Promise<Page<UserView>> => {
  const c = [sql.fragment`NOT u.deleted`];
  c.push(sql.fragment`u.hotline_worker = ${q.hotline_worker ?? false}`);
  if (q.text) {
    const like = `%${q.text.toLowerCase()}%`;
    const seen = !q.loginsOf
      ? sql.fragment`TRUE`
      : q.loginsOf.upToLevel === null
        ? sql.fragment`u.id = ${q.loginsOf.viewerId}`
        : sql.fragment`(u.id = ${q.loginsOf.viewerId} OR ${accessLevelExpr} <= ${q.loginsOf.upToLevel})`;
    c.push(sql.fragment`(lower(u.fio) LIKE ${like} OR (u.login_lower LIKE ${like} AND ${seen}))`);
  }
  if (q.organization_id) c.push(sql.fragment`u.organization_id = ${q.organization_id}`);
  if (q.region_id) c.push(sql.fragment`o.region_id = ${q.region_id}`);
  if (q.role_id) c.push(sql.fragment`${q.role_id} = ANY(u.users_roles)`);
  if (q.post_id) c.push(sql.fragment`u.post_id = ${q.post_id}`);
  if (q.is_inactive != null) c.push(sql.fragment`u.is_inactive = ${q.is_inactive}`);
  if (q.phone) c.push(sql.fragment`u.phone LIKE ${`%${q.phone}%`}`);
  if (q.email) c.push(sql.fragment`lower(u.email) LIKE ${`%${q.email.toLowerCase()}%`}`);
  if (q.scope && !q.hotline_worker)
    c.push('regionId' in q.scope ? sql.fragment`o.region_id IS NOT DISTINCT FROM ${q.scope.regionId}` : sql.fragment`u.organization_id IS NOT DISTINCT FROM ${q.scope.organizationId}`);
  if (q.programs?.length) c.push(sql.fragment`u.users_programs && ${sql.array([...q.programs], 'int4')}`);
  const select = sql.unsafe`
    SELECT ${userSelect} FROM rm_users u LEFT JOIN rm_organizations o ON o.id = u.organization_id
    WHERE ${sql.join(c, sql.fragment` AND `)} ORDER BY lower(u.fio), u.id`;
  const page = await paged<{ u: UserView }>(pool, select, q.pageNumber ?? 1);
  return { ...page, items: page.items.map((r) => r.u) };
};

export const getUser = async (pool: DatabasePool, id: number): Promise<UserView | null> =>
  ((await pool.maybeOneFirst(sql.unsafe`
    SELECT ${userSelect} FROM rm_users u LEFT JOIN rm_organizations o ON o.id = u.organization_id
    WHERE u.id = ${id} AND NOT u.deleted`)) as UserView | null) ?? null;
