import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasFull, hasReadOrFull } from '../../domain/rights/rights';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import { deleteUser, saveUser } from '../../commands/user/users';
import { getUser, listUsers, type UserListQuery, type UserView } from '../../projections/user/queries';
import { adminScopeOf, organizationInScope, scopeMessages } from '../../domain/rights/privilege';
import { accountActions, mayManageAccounts } from '../../domain/user/account-rules';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { commandContext, filterId, filterIds, filterText, idParam, parseFilter, userOf } from '../http/guard';
import { actorOf, type CurrentUser } from '../auth/current-user';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { accountIdsSchema, employeeSchema, hotlineExecutorSchema } from '../../domain/user/schemas';

const mayList = (user: CurrentUser, hotline: boolean) =>
  hotline ? hasReadOrFull(user.rightsObject, 'RIGHT_USERS_HL') : hasFull(user.rightsObject, 'RIGHT_USERS_LIST');

/**
 * The employees an administrator below FULL sees: their region's or organisation's, of every access
 * level (administration.md 2.6: higher levels are listed read-only). Managing them is narrower
 * (`accountActions`: not above one's own level).
 */
const listScope = (user: CurrentUser): UserListQuery['scope'] => {
  const scope = adminScopeOf(actorOf(user));
  if (scope.kind === 'all') return null;
  return scope.kind === 'region' ? { regionId: scope.regionId } : { organizationId: scope.organizationId };
};

/**
 * Who sees logins: the users-list right (administration.md 6); for hot line executors also whoever
 * manages them (RIGHT_USERS_HL FULL), since an executor cannot be created or saved without a login.
 */
const seesLogins = (user: CurrentUser, hotline: boolean) =>
  hasFull(user.rightsObject, 'RIGHT_USERS_LIST') || (hotline && hasFull(user.rightsObject, 'RIGHT_USERS_HL'));

/**
 * An account as the viewer receives it: marked `editable` and `deletable` by the write rules, its
 * login only with the users-list right (for executors also to their manager), and never for an
 * account the viewer does not manage (a higher level's login is no business of a lower one). One's
 * own account always shows its login.
 */
const shownTo = (viewer: CurrentUser, u: UserView) => {
  const hotline = Boolean(u.hotline_worker);
  const organizationId = u.organization_id == null ? null : Number(u.organization_id);
  const actions = accountActions(actorOf(viewer), {
    id: u.id,
    accessLevel: Number(u.accessLevel),
    is_inactive: Boolean(u.is_inactive),
    hotline_worker: hotline,
    organization_id: organizationId,
    organization: organizationId === null ? null : { id: organizationId, region_id: Number(u.region_id) },
  });
  const withLogin = u.id === viewer.id || (actions.manages && seesLogins(viewer, hotline));
  const { login: _login, ...withoutLogin } = u;
  return { ...(withLogin ? u : withoutLogin), editable: actions.editable, deletable: actions.deletable };
};

/** Employees and hot line executors (administration.md 2.6, 6, 7). */
export const userRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const list = async (request: FastifyRequest, rawFilter: unknown) => {
    const user = userOf(request);
    const f = parseFilter(rawFilter);
    const hotline = f.hotline_worker === true || f.hotline_worker === 'true' || f.hotline === true;
    if (!mayList(user, hotline)) throw forbidden();
    const page = await listUsers(
      ctx.pool,
      {
        hotline_worker: hotline,
        text: filterText(f.text ?? f.fio, 'text'),
        // The logins the answer shows (shownTo): the scope is the list's own, so the level decides.
        loginsOf: { viewerId: user.id, upToLevel: seesLogins(user, hotline) && mayManageAccounts(actorOf(user), hotline) ? actorOf(user).accessLevel : null },
        organization_id: filterId(f.organization_id, 'organization_id'),
        region_id: filterId(f.region_id, 'region_id'),
        role_id: filterId(f.role_id, 'role_id'),
        post_id: filterId(f.post_id, 'post_id'),
        is_inactive: f.is_inactive === undefined || f.is_inactive === null || f.is_inactive === '' ? null : Boolean(f.is_inactive),
        phone: filterText(f.phone, 'phone'),
        email: filterText(f.email, 'email'),
        programs: Array.isArray(f.programs) ? (filterIds(f.programs, 'programs') ?? []) : null,
        pageNumber: pageNumberOf(f.pageNumber),
        scope: listScope(user),
      },
    );
    return { users: page.items.map((u) => shownTo(user, u)), pagesCount: page.pagesCount, itemsCount: page.itemsCount };
  };

  app.get('/api/users', async (request) => list(request, request.query));
  app.get('/api/users/:filter', async (request) => {
    const raw = (request.params as { filter: string }).filter;
    // A bare number is an account id.
    if (/^\d+$/.test(raw)) {
      const user = userOf(request);
      const target = await getUser(ctx.pool, idParam(raw));
      if (!target) throw notFound('Пользователь не найден');
      if (!mayList(user, Boolean(target.hotline_worker)) && target.id !== user.id) throw forbidden();
      // A higher level is shown read-only (administration.md 2.6); its save and delete stay refused.
      const scope = adminScopeOf(actorOf(user));
      const org = target.organization_id == null ? null : { id: Number(target.organization_id), region_id: Number(target.region_id) };
      if (target.id !== user.id && !target.hotline_worker && !organizationInScope(scope, org)) throw forbidden(scopeMessages(scope).account);
      return { user: shownTo(user, target) };
    }
    return list(request, raw);
  });

  // The decider parses the account with the employee's or the hot line executor's schema; `userUnits` are its buildings.
  const userBody = documented({ body: z.object({ user: z.union([employeeSchema, hotlineExecutorSchema]), userUnits: accountIdsSchema.shape.units }) });
  const bodyOf = (request: FastifyRequest) => {
    const b = (request.body ?? {}) as { user?: unknown; userUnits?: unknown };
    if (!b.user || typeof b.user !== 'object') throw invalid('Нет данных работника в запросе');
    const user = { ...(b.user as Record<string, unknown>) };
    if (Array.isArray(b.userUnits)) user.units = b.userUnits.map((u) => (typeof u === 'object' && u ? (u as { id?: unknown; unit_id?: unknown }).unit_id ?? (u as { id?: unknown }).id : u));
    return user;
  };

  const savedAnswer = async (viewer: CurrentUser, id: number) => {
    const saved = await getUser(ctx.pool, id);
    return saved ? shownTo(viewer, saved) : null;
  };

  app.post('/api/users', userBody, async (request) => {
    const user = userOf(request);
    const r = await saveUser(ctx, ctx.hashPassword, null, bodyOf(request), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Пользователь создан', id: r.id, user: await savedAnswer(user, r.id) };
  });

  app.put('/api/users/:id', userBody, async (request) => {
    const user = userOf(request);
    const id = idParam((request.params as { id: string }).id);
    // The target's access level is checked by saveUser from the user and role streams.
    const r = await saveUser(ctx, ctx.hashPassword, id, bodyOf(request), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Пользователь сохранен', id, user: await savedAnswer(user, id) };
  });

  app.delete('/api/users/:id', async (request) => {
    const user = userOf(request);
    // administration.md 8: deleting a user with an invalid id answers 'Ошибка'.
    let id: number;
    try {
      id = idParam((request.params as { id: string }).id);
    } catch {
      throw invalid('Ошибка', { id: 'Ошибка' });
    }
    const r = await deleteUser(ctx, id, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Пользователь удален' };
  });
};
