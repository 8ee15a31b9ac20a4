import { randomBytes } from 'node:crypto';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { allRights } from '../../domain/rights/rights';
import { AccessLevel } from '../../domain/rights/values';
import { saveOrganization } from '../../commands/organization/organizations';
import { saveRole } from '../../commands/role/roles';
import { saveUser } from '../../commands/user/users';
import type { Position } from '../../infrastructure/eventstore/port';
import type { AppContext } from '../context';
import { regionsData } from './reference-data';
import { seedReferences } from './references';

export interface FirstAdministrator {
  readonly login: string;
  /** Generated, shown once on the console; never stored in clear. */
  readonly password: string;
}

/** 16 characters from a 96-bit random value: no known password on a real installation. */
export const generatePassword = () => randomBytes(12).toString('base64url');

/**
 * A real installation's first start (DATABASE_URL, no DEMO): the references, the administrator role,
 * the organisation the administrator belongs to (an account needs one; rename it as needed) and one
 * administrator `admin` with a generated password. Units and people come from the administration pages
 * or the unit import.
 */
export const seedInitialData = async (ctx: AppContext): Promise<FirstAdministrator> => {
  const system: Actor = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };
  const context: CommandContext = { userId: null, now: new Date().toISOString(), correlationId: 'seed', causationId: null };
  const { regionIds, postIds } = await seedReferences(ctx, system, context);
  // Each step names the one before, which the write side looks up in the read models.
  const settle = async (r: { position: Position | null }) => {
    if (r.position) await ctx.runner.waitFor(r.position, 30_000);
  };

  await ctx.ids.ensureAbove('role', 1);
  await settle(
    await saveRole(ctx, null, { title: 'Администратор', role_order: 1, role_is_hotline: false, access_level: AccessLevel.FULL, rightsObject: allRights() }, system, context, 1),
  );
  const region = regionsData[0];
  const name = 'ФГБУ ИАЦ Судебного департамента';
  const organization = await saveOrganization(
    ctx,
    null,
    { region_id: regionIds.get(region.code), name, fullname: name, vncode: `${region.code}IC0000`, kind_id: 17, is_host: true, host_id: null, phone: region.phone },
    [{ name, fullname: name, vncode: `${region.code}IC0000` }],
    system,
    context,
  );
  await settle(organization);

  const admin: FirstAdministrator = { login: 'admin', password: generatePassword() };
  await settle(
    await saveUser(ctx, ctx.hashPassword, null, {
      surname: 'Администратор', name: 'Системы', email: 'admin@courts.local', login: admin.login, password: admin.password,
      organization_id: organization.id, post_id: postIds[8] ?? null, users_roles: [1], units: [],
    }, system, context),
  );
  return admin;
};
