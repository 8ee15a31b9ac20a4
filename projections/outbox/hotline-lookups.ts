import { sql, type DatabasePool } from 'slonik';
import { RightValue } from '../../domain/rights/values';

/**
 * Hot line credentials and names for mail texts, read from the organisations read model. The
 * password is decrypted by `decrypt` (a stored value written before encryption is returned as is).
 */
/** Implements commands/hotline/ports.ts HotlineLookupPort. */
export const hotlineLookups = (pool: DatabasePool, decrypt: (stored: string) => string) => ({
  credentialsOfUnit: async (unitId: number): Promise<{ email: string; password: string } | null> => {
    const r = await pool.maybeOne(sql.unsafe`
      SELECT o.hot_line_email, o.hot_line_password FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id
      WHERE u.id = ${unitId}`);
    const email = (r?.hot_line_email as string | null) ?? null;
    const password = (r?.hot_line_password as string | null) ?? null;
    return email && password ? { email, password: decrypt(password) } : null;
  },
  unitAndOrganization: async (unitId: number): Promise<{ unit: string; organization: string }> => {
    const r = await pool.maybeOne(sql.unsafe`
      SELECT u.name AS unit, coalesce(o.fullname, o.name) AS organization FROM rm_units u
      LEFT JOIN rm_organizations o ON o.id = u.organization_id WHERE u.id = ${unitId}`);
    return { unit: String(r?.unit ?? ''), organization: String(r?.organization ?? '') };
  },
  administrators: async (): Promise<number[]> => {
    const rows = await pool.anyFirst(sql.unsafe`
      SELECT u.id FROM rm_users u
      WHERE NOT u.deleted AND NOT u.is_inactive AND EXISTS (
        SELECT 1 FROM rm_roles r WHERE r.id = ANY(u.users_roles) AND NOT r.deleted
          AND (coalesce((r.rights_object ->> 'RIGHT_SETTINGS')::int, 0) & ${RightValue.FULL}) <> 0)
      ORDER BY u.id`);
    return rows.map(Number);
  },
});
