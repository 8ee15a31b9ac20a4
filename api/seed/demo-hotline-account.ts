import { sql } from 'slonik';
import { secretBox } from '../../commands/hotline/secret-box';
import { saveOrganization } from '../../commands/organization/organizations';
import { allRights } from '../../domain/rights/rights';
import { AccessLevel } from '../../domain/rights/values';
import { getOrganization } from '../../projections/organization/queries';
import type { AppContext } from '../context';

/** The demo court's hot line account (the simulated hot line accepts any filled-in pair). */
export const DEMO_HOTLINE_ACCOUNT = { hot_line_email: 'basmanny@hotline.demo.local', hot_line_password: 'demo-gl-2026' } as const;

/**
 * The living demo's court (the `court` account's organisation) gets hot line credentials, so
 * 'Добавить на ГЛ' on its requests registers through the API (the simulator of api/demo-hotline.ts)
 * and gets a number, while the other courts register by mail and get the close notice
 * (requests.md 4.2, 4.4): both ways can be walked in the demo.
 */
export const seedDemoHotlineAccount = async (ctx: AppContext): Promise<void> => {
  const orgId = await ctx.pool.maybeOneFirst(sql.unsafe`SELECT organization_id FROM rm_users WHERE login = 'court' AND NOT deleted`);
  if (orgId == null) return;
  const org = await getOrganization(ctx.pool, Number(orgId), true);
  if (!org) return;
  const { units, ...fields } = org as unknown as { units: unknown } & Record<string, unknown>;
  const system = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };
  const context = { userId: null, now: new Date().toISOString(), correlationId: 'seed-hotline-account', causationId: null };
  const r = await saveOrganization(ctx, Number(orgId), { ...fields, ...DEMO_HOTLINE_ACCOUNT }, units, system, context, undefined, secretBox(ctx.config.hotlineSecretKey).seal ?? undefined);
  if (r.position) await ctx.runner.waitFor(r.position, 30_000);
};
