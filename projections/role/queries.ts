import { sql, type DatabasePool } from 'slonik';
import type { RoleLookup } from '../../domain/user/decider';

export interface RoleView {
  id: number;
  title: string;
  role_order: number;
  role_is_hotline: boolean;
  access_level: number;
  rightsObject: Record<string, number>;
}

const roleColumns = sql.fragment`id, title, role_order, role_is_hotline, access_level, rights_object AS "rightsObject"`;

/** Roles a user may see: those not above their own access level. */
export const listRoles = async (pool: DatabasePool, maxAccessLevel: number): Promise<RoleView[]> =>
  (await pool.any(sql.unsafe`
    SELECT ${roleColumns} FROM rm_roles WHERE NOT deleted AND access_level <= ${maxAccessLevel}
    ORDER BY role_order, id`)) as unknown as RoleView[];

export const getRole = async (pool: DatabasePool, id: number): Promise<RoleView | null> =>
  ((await pool.maybeOne(sql.unsafe`SELECT ${roleColumns} FROM rm_roles WHERE id = ${id} AND NOT deleted`)) as RoleView | null) ?? null;

export const roleLookups = async (pool: DatabasePool, ids: readonly number[]): Promise<RoleLookup[]> =>
  ids.length === 0
    ? []
    : ((await pool.any(sql.unsafe`
        SELECT id, access_level, role_is_hotline FROM rm_roles
        WHERE NOT deleted AND id = ANY(${sql.array([...ids], 'int4')})`)) as unknown as RoleLookup[]);
