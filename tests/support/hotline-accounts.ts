import { sql } from 'slonik';
import type { ApiClient, TestApp } from './app';

/**
 * The hot line tests' two kinds of unit: the demo court's, whose organisation gets hot line credentials
 * through the administrator's screen (direct registration), and another unit of its region whose
 * organisation has none (registration by e-mail).
 */
export const courtWithHotlineAccount = async (t: TestApp, admin: ApiClient, facts: { courtUnit: number; regionId: number }) => {
  const pool = t.server.ctx.pool;
  const courtOrg = Number(await pool.oneFirst(sql.unsafe`SELECT organization_id FROM rm_units WHERE id = ${facts.courtUnit}`));
  const plainUnit = Number(await pool.oneFirst(sql.unsafe`
    SELECT id FROM rm_units WHERE region_id = ${facts.regionId} AND organization_id <> ${courtOrg} AND NOT deleted ORDER BY id LIMIT 1`));
  const org = (await admin.get(`/api/organization/${courtOrg}`)).json().organization as Record<string, unknown>;
  const saved = await admin.put(`/api/organization/${courtOrg}`, { organization: { ...org, hot_line_email: 'basmanny@gl.example.ru', hot_line_password: 'секрет-ГЛ' }, units: org.units });
  if (saved.statusCode !== 200) throw new Error(`hot line credentials: ${saved.statusCode} ${saved.body}`);
  await t.settled();
  return { courtOrg, plainUnit };
};
