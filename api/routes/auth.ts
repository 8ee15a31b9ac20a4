import type { FastifyInstance } from 'fastify';
import { rightsCatalog } from '../../domain/rights/catalog';
import { signinSchema } from '../../domain/user/schemas';
import { DomainError } from '../../domain/shared/errors';
import { parseOrThrow } from '../../domain/shared/validation';
import { recordSignIn } from '../../commands/user/users';
import { listRoles } from '../../projections/role/queries';
import { listOrganizations, listUnits } from '../../projections/organization/queries';
import type { AppContext } from '../context';
import { loadUserByLogin, type CurrentUser } from '../auth/current-user';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { sessionsOf } from '../auth/sessions';
import {
  ADDRESS_WINDOW_SECONDS,
  SIGNIN_WINDOW_MINUTES,
  clearSigninFailures,
  recordSigninFailure,
  signinThrottle,
  throttleDelay,
} from '../auth/rate-limit';
import { commandContext, userOf } from '../http/guard';

const WRONG = 'Неверный логин или пароль';

/** The user data of administration.md section 3 (current user). */
export const currentUserData = async (ctx: AppContext, user: CurrentUser, accessToken: string | null) => {
  const units = await listUnits(ctx.pool, { unitIds: [...new Set([...user.unitIds, ...user.hostUnitIds])] });
  const organizations = user.organization_id
    ? (await listOrganizations(ctx.pool, {})).items.filter((o) => o.id === user.organization_id)
    : [];
  return {
    id: user.id,
    surname: user.surname,
    name: user.name,
    patronymic: user.patronymic,
    fio: user.fio,
    email: user.email,
    phone: user.phone,
    region_id: user.region_id,
    organization_id: user.organization_id,
    post_id: user.post_id,
    role_id: user.users_roles[0] ?? null,
    users_roles: user.users_roles,
    hotline_worker: user.hotline_worker,
    accessToken,
    accessLevel: user.accessLevel,
    rightsObject: user.rightsObject,
    isAuthenticated: true,
    organizations,
    units,
  };
};

export const authRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.post('/api/auth/signin', async (request, reply) => {
    const { username, password } = parseOrThrow(signinSchema, request.body ?? {});
    const address = request.ip;
    const throttle = await signinThrottle(ctx.pool, username, address);
    if (throttle.refused === 'login')
      return reply.status(429).header('retry-after', String(SIGNIN_WINDOW_MINUTES * 60)).send({ message: 'Слишком много неудачных попыток входа. Повторите через 15 минут.' });
    if (throttle.refused === 'address')
      return reply.status(429).header('retry-after', String(ADDRESS_WINDOW_SECONDS)).send({ message: 'Слишком много неудачных попыток входа с этого адреса. Повторите через минуту.' });
    await throttleDelay(throttle);
    const user = await loadUserByLogin(ctx.pool, username);
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) {
      await recordSigninFailure(ctx.pool, username, address);
      throw new DomainError('unauthenticated', WRONG);
    }
    if (user.is_inactive) throw new DomainError('unauthenticated', 'Учетная запись неактивна. Обратитесь к администратору');
    await clearSigninFailures(ctx.pool, username, address);
    const context = { ...commandContext(request), userId: user.id };
    await recordSignIn(ctx, user.id, context);
    const session = await sessionsOf(ctx.pool).start(user.id);
    const token = ctx.tokens.sign({ userId: user.id, passwordVersion: user.passwordVersion, ...session });
    reply.header('freshtoken', token);
    return currentUserData(ctx, user, token);
  });

  /** Ends the caller's session: its tokens, the refreshed ones included, stop working at once. */
  app.post('/api/auth/signout', async (request, reply) => {
    userOf(request);
    if (request.sessionId) await sessionsOf(ctx.pool).revoke(request.sessionId);
    reply.removeHeader('freshtoken');
    return { message: 'Вы вышли из системы' };
  });

  app.get('/api/auth/rights', async (request) => {
    const user = userOf(request);
    return {
      rights: rightsCatalog.map((r) => ({ key: r.key, category: r.category, title: r.title, right: r.values })),
      accessLevel: user.accessLevel,
      rightsObject: user.rightsObject,
    };
  });

  /** The signed-in user's data again (the client restores a session after reload). */
  app.get('/api/auth/me', async (request) => currentUserData(ctx, userOf(request), null));

  /** Roles the current user may see and assign: those not above their own access level. */
  app.get('/api/user_role', async (request) => {
    const user = userOf(request);
    return { user_role: await listRoles(ctx.pool, user.accessLevel) };
  });

  /** Units of the current user (their own plus their host organisation's). */
  app.get('/api/user_unit', async (request) => {
    const user = userOf(request);
    return { user_unit: await listUnits(ctx.pool, { unitIds: [...new Set([...user.unitIds, ...user.hostUnitIds])] }) };
  });
};
