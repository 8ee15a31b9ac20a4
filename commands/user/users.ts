import { userDecider, userStreamId, type UserState } from '../../domain/user/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import { combineAccessLevel, combineRights } from '../../domain/rights/rights';
import { changedIds } from '../../domain/rights/privilege';
import type { AccountRefs } from '../../domain/user/account-rules';
import { accountIdsSchema } from '../../domain/user/schemas';
import { parseOrThrow } from '../../domain/shared/validation';
import { handleCommand } from '../handle-command';
import { claimUnique, releaseUnique } from '../../infrastructure/unique-values';
import { latest, type CommandOutcome, type WriteContext } from '../context';
import { readAggregate } from '../aggregate';
import { existingCatalogIds } from '../catalog/catalog-refs';
import { organizationRefs, unitRefs } from '../organization/organization-refs';
import { roleRefs } from '../role/role-refs';
import { posts, programs, ProgramType } from '../../domain/catalog/definitions';
import { credentialChangeOf } from './credentials';

export type PasswordHasher = (password: string) => Promise<string>;

const LOGIN_TAKEN = 'Пользователь с таким логином уже существует';
const TARGET_ABOVE = 'Учетная запись с уровнем доступа выше собственного недоступна';

const currentState = async (w: WriteContext, id: number): Promise<UserState> => (await readAggregate(w.store, userDecider, userStreamId(id))).state;

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isSafeInteger) : []);

/**
 * What a save refers to, read from the streams: the roles it keeps, gives or takes (and so the
 * account's current rights and level), its current and submitted organisation, the buildings it
 * gains or loses.
 */
const lookupsFor = async (w: WriteContext, before: UserState['user'], input: Record<string, unknown>) => {
  const submittedRoles = idsOf(input.users_roles);
  const roles = await roleRefs(w.store, [...submittedRoles, ...(before?.users_roles ?? [])]);
  const current = roles.filter((r) => before?.users_roles.includes(r.id));
  const refs: AccountRefs = {
    organizations: await organizationRefs(w.store, [Number(input.organization_id), before?.organization_id ?? 0]),
    units: await unitRefs(w, changedIds(before?.units ?? [], idsOf(input.units))),
    targetRights: combineRights(current),
    posts: await existingCatalogIds(w.store, posts.name, [Number(input.post_id)]),
    programs: await existingCatalogIds(w.store, programs.name, idsOf(input.users_programs)),
    specialPrograms: (await Promise.all([...new Set(idsOf(input.users_programs).filter((id) => id > 0 && id <= 2_147_483_647))].map((id) => w.lookups.program(id))))
      .filter((p) => p?.type === ProgramType.SPECIAL)
      .map((p) => p!.id),
  };
  return { roles, refs, targetAccessLevel: before ? combineAccessLevel(current) : 0 };
};

/**
 * Creates or changes an account. The login is claimed first (unique across accounts); when the
 * account change itself is refused, a newly claimed login is given back.
 */
export const saveUser = async (
  w: WriteContext,
  hash: PasswordHasher,
  id: number | null,
  input: Record<string, unknown>,
  actor: Actor,
  ctx: CommandContext,
  fixedId?: number,
): Promise<CommandOutcome> => {
  // An account above the actor's level is refused first, its level read from its user and role streams.
  const before = id === null ? null : await currentState(w, id);
  if (before && combineAccessLevel(await roleRefs(w.store, before.user?.users_roles ?? [])) > actor.accessLevel)
    throw forbidden(TARGET_ABOVE);
  // Ids within PostgreSQL integer before they are looked up (the decider checks the rest).
  parseOrThrow(accountIdsSchema, input);
  const userId = id ?? fixedId ?? (await w.ids.next('user'));
  if (id !== null && (!before || before.status === 'absent')) throw notFound('Пользователь не найден');
  const login = typeof input.login === 'string' ? input.login.trim().toLowerCase() : '';
  const oldLogin = before?.user?.login.toLowerCase() ?? null;
  const password = typeof input.password === 'string' && input.password ? input.password : null;
  const command = {
    type: 'SaveUser' as const,
    id: userId,
    input,
    passwordGiven: password !== null,
    ...(await lookupsFor(w, before?.user ?? null, input)),
    actor,
  };
  // Decide once without writing so that invalid input never claims a login (nor costs a hash).
  userDecider.decide(before ?? userDecider.initialState(), command, ctx);
  const passwordHash = password ? await hash(password) : null;
  const owner = `user-${userId}`;
  const claimNew = login && login !== oldLogin;
  if (claimNew) {
    const claim = await claimUnique(w.pool, 'login', login, owner);
    if (!claim.ok) throw invalid(LOGIN_TAKEN, { login: LOGIN_TAKEN });
  }
  try {
    // The hash is written beside the events, in the append's transaction, never into them.
    const r = await handleCommand(w.store, userDecider, userStreamId(userId), command, ctx, { credential: credentialChangeOf(userId, passwordHash) });
    if (claimNew && oldLogin) await releaseUnique(w.pool, 'login', oldLogin, owner);
    return { id: userId, position: latest(r.position) };
  } catch (error) {
    if (claimNew) await releaseUnique(w.pool, 'login', login, owner);
    throw error;
  }
};

export const deleteUser = async (w: WriteContext, id: number, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const state = await currentState(w, id);
  const roles = await roleRefs(w.store, state.user?.users_roles ?? []);
  const r = await handleCommand(w.store, userDecider, userStreamId(id), {
    type: 'DeleteUser', id, targetAccessLevel: combineAccessLevel(roles), refs: { organizations: await organizationRefs(w.store, [state.user?.organization_id ?? 0]) }, actor,
  }, ctx, { credential: credentialChangeOf(id, null) });
  if (state.user) await releaseUnique(w.pool, 'login', state.user.login.toLowerCase(), `user-${id}`);
  return { id, position: r.position };
};

export const recordSignIn = async (w: WriteContext, id: number, ctx: CommandContext): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, userDecider, userStreamId(id), { type: 'RecordSignIn', id, at: ctx.now }, ctx);
  return { id, position: r.position };
};
