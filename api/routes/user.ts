import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasFull, hasReadOrFull } from '../../domain/rights/rights';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import { deleteUser, saveUser } from '../../commands/user/users';
import { getUser, listUsers, type UserListQuery } from '../../projections/user/queries';
import { adminScopeOf, organizationInScope, scopeMessages } from '../../domain/rights/privilege';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { commandContext, filterId, filterIds, filterText, idParam, parseFilter, userOf } from '../http/guard';
import { actorOf, type CurrentUser } from '../auth/current-user';

const mayList = (user: CurrentUser, hotline: boolean) =>
  hotline ? hasReadOrFull(user.rightsObject, 'RIGHT_USERS_HL') : hasFull(user.rightsObject, 'RIGHT_USERS_LIST');

/** The employees an administrator below FULL may see and manage: their region's or organisation's. */
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
      user.accessLevel,
    );
    // Login and password fields are shown only with the users-list right (for executors also to their manager).
    const items = seesLogins(user, hotline) ? page.items : page.items.map(({ login: _login, ...u }) => u);
    return { users: items, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
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
      if (Number(target.accessLevel) > user.accessLevel) throw forbidden('Учетная запись с уровнем доступа выше собственного недоступна');
      const scope = adminScopeOf(actorOf(user));
      const org = target.organization_id == null ? null : { id: Number(target.organization_id), region_id: Number(target.region_id) };
      if (target.id !== user.id && !target.hotline_worker && !organizationInScope(scope, org)) throw forbidden(scopeMessages(scope).account);
      // As in the list: the login only with the users-list right (one's own account always).
      if (target.id === user.id || seesLogins(user, Boolean(target.hotline_worker))) return { user: target };
      const { login: _login, ...withoutLogin } = target;
      return { user: withoutLogin };
    }
    return list(request, raw);
  });

  const bodyOf = (request: FastifyRequest) => {
    const b = (request.body ?? {}) as { user?: unknown; userUnits?: unknown };
    if (!b.user || typeof b.user !== 'object') throw invalid('Нет данных работника в запросе');
    const user = { ...(b.user as Record<string, unknown>) };
    if (Array.isArray(b.userUnits)) user.units = b.userUnits.map((u) => (typeof u === 'object' && u ? (u as { id?: unknown; unit_id?: unknown }).unit_id ?? (u as { id?: unknown }).id : u));
    return user;
  };

  app.post('/api/users', async (request) => {
    const user = userOf(request);
    const r = await saveUser(ctx, ctx.hashPassword, null, bodyOf(request), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Пользователь создан', id: r.id, user: await getUser(ctx.pool, r.id) };
  });

  app.put('/api/users/:id', async (request) => {
    const user = userOf(request);
    const id = idParam((request.params as { id: string }).id);
    // The target's access level is checked by saveUser from the user and role streams.
    const r = await saveUser(ctx, ctx.hashPassword, id, bodyOf(request), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Пользователь сохранен', id, user: await getUser(ctx.pool, id) };
  });

  app.delete('/api/users/:id', async (request) => {
    const user = userOf(request);
    const id = idParam((request.params as { id: string }).id);
    const r = await deleteUser(ctx, id, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Пользователь удален' };
  });
};
