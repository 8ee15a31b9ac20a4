import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasFull, hasReadOrFull } from '../../domain/rights/rights';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import { deleteUser, saveUser } from '../../commands/admin/users';
import { accessLevelOfUser, getUser, listUsers } from '../../projections/users/queries';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { commandContext, idParam, parseFilter, userOf } from '../http/guard';
import { actorOf, type CurrentUser } from '../auth/current-user';

const mayList = (user: CurrentUser, hotline: boolean) =>
  hotline ? hasReadOrFull(user.rightsObject, 'RIGHT_USERS_HL') : hasFull(user.rightsObject, 'RIGHT_USERS_LIST');

const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));

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
        text: (f.text ?? f.fio ?? null) as string | null,
        organization_id: num(f.organization_id),
        region_id: num(f.region_id),
        role_id: num(f.role_id),
        post_id: num(f.post_id),
        is_inactive: f.is_inactive === undefined || f.is_inactive === null || f.is_inactive === '' ? null : Boolean(f.is_inactive),
        phone: (f.phone ?? null) as string | null,
        email: (f.email ?? null) as string | null,
        programs: Array.isArray(f.programs) ? f.programs.map(Number) : null,
        pageNumber: pageNumberOf(f.pageNumber),
      },
      user.accessLevel,
    );
    // Login and password fields are shown only with the users-list right.
    const items = hasFull(user.rightsObject, 'RIGHT_USERS_LIST') ? page.items : page.items.map(({ login: _login, ...u }) => u);
    return { users: items, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
  };

  app.get('/api/users', async (request) => list(request, request.query));
  app.get('/api/users/:filter', async (request) => {
    const raw = (request.params as { filter: string }).filter;
    // A bare number is an account id.
    if (/^\d+$/.test(raw)) {
      const user = userOf(request);
      const target = await getUser(ctx.pool, Number(raw));
      if (!target) throw notFound('Пользователь не найден');
      if (!mayList(user, Boolean(target.hotline_worker)) && target.id !== user.id) throw forbidden();
      if (Number(target.accessLevel) > user.accessLevel) throw forbidden('Учетная запись с уровнем доступа выше собственного недоступна');
      // As in the list: the login only with the users-list right (one's own account always).
      if (target.id === user.id || hasFull(user.rightsObject, 'RIGHT_USERS_LIST')) return { user: target };
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
    if ((await accessLevelOfUser(ctx.pool, id)) > user.accessLevel) throw forbidden('Учетная запись с уровнем доступа выше собственного недоступна');
    const r = await saveUser(ctx, ctx.hashPassword, id, bodyOf(request), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Пользователь сохранен', id, user: await getUser(ctx.pool, id) };
  });

  app.delete('/api/users/:id', async (request) => {
    const user = userOf(request);
    const id = Number((request.params as { id: string }).id);
    if (!Number.isInteger(id) || id <= 0) throw invalid('Ошибка');
    const r = await deleteUser(ctx, id, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Пользователь удален' };
  });
};
