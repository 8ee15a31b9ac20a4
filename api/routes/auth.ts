import type { FastifyInstance } from 'fastify';
import { rightsCatalog } from '../../domain/rights/catalog';
import { signinSchema } from '../../domain/user/schemas';
import { DomainError } from '../../domain/shared/errors';
import { parseOrThrow } from '../../domain/shared/validation';
import { recordSignIn } from '../../commands/user/users';
import { listRoles } from '../../projections/role/queries';
import { getOrganization, listUnits } from '../../projections/organization/queries';
import type { AppContext } from '../context';
import { loadUserByLogin, type CurrentUser } from '../auth/current-user';
import { DUMMY_HASH, hashPassword, needsUpgrade, verifyPassword } from '../auth/passwords';
import { SigninBusy, SigninQueue } from '../auth/signin-queue';
import { sessionsOf } from '../auth/sessions';
import { passwordHashOf, upgradePasswordHash } from '../../infrastructure/credentials';
import {
  ADDRESS_WINDOW_SECONDS,
  SIGNIN_WINDOW_MINUTES,
  clearSigninFailures,
  recordSigninFailure,
  signinThrottle,
  throttleDelay,
} from '../auth/rate-limit';
import { commandContext, userOf } from '../http/guard';
import { documented, noBody } from '../http/route-registry';

const WRONG = 'Неверный логин или пароль';

/** The user data of administration.md section 3 (current user). */
export const currentUserData = async (ctx: AppContext, user: CurrentUser, accessToken: string | null) => {
  const units = await listUnits(ctx.pool, { unitIds: [...new Set([...user.unitIds, ...user.hostUnitIds])] });
  // The user's own organisation, read by its id (every sign-in used to read them all and keep one).
  const own = user.organization_id ? await getOrganization(ctx.pool, user.organization_id) : null;
  const organizations = own ? [own] : [];
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

/**
 * A hash of an older scheme or cost is replaced after a sign-in proves the password, in the
 * background (the answer does not wait for it). Only with the product's hasher: a server given a
 * cheaper one (the browser tests') keeps its hashes.
 */
const upgradeLater = (ctx: AppContext, userId: number, stored: string, password: string) => {
  if (ctx.hashPassword !== hashPassword || !needsUpgrade(stored)) return;
  void hashPassword(password)
    .then((upgraded) => upgradePasswordHash(ctx.pool, userId, stored, upgraded))
    .catch((error: unknown) => ctx.log.warn({ userId, err: String(error) }, 'password hash upgrade failed'));
};

export const authRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const queue = new SigninQueue();

  app.post('/api/auth/signin', documented({ body: signinSchema }), async (request, reply) => {
    // Neither the answer (a token) nor a refusal may be kept by a browser or a proxy.
    reply.header('cache-control', 'no-store');
    const { username, password } = parseOrThrow(signinSchema, request.body ?? {});
    const address = request.ip;
    const throttle = await signinThrottle(ctx.pool, username, address);
    if (throttle.refused === 'login')
      return reply.status(429).header('retry-after', String(SIGNIN_WINDOW_MINUTES * 60)).send({ message: 'Слишком много неудачных попыток входа. Повторите через 15 минут.' });
    if (throttle.refused === 'address')
      return reply.status(429).header('retry-after', String(ADDRESS_WINDOW_SECONDS)).send({ message: 'Слишком много неудачных попыток входа с этого адреса. Повторите через минуту.' });
    await throttleDelay(throttle);
    const user = await loadUserByLogin(ctx.pool, username);
    const stored = user ? await passwordHashOf(ctx.pool, user.id) : null;
    let ok: boolean;
    try {
      ok = await queue.run(address, () => verifyPassword(password, stored ?? DUMMY_HASH));
    } catch (error) {
      if (!(error instanceof SigninBusy)) throw error;
      return reply.status(429).header('retry-after', String(error.retryAfterSeconds)).send({ message: error.message });
    }
    if (!user || !stored || !ok) {
      await recordSigninFailure(ctx.pool, username, address);
      throw new DomainError('unauthenticated', WRONG);
    }
    if (user.is_inactive) throw new DomainError('unauthenticated', 'Учетная запись неактивна. Обратитесь к администратору');
    await clearSigninFailures(ctx.pool, username, address);
    upgradeLater(ctx, user.id, stored, password);
    const context = { ...commandContext(request), userId: user.id };
    await recordSignIn(ctx, user.id, context);
    const session = await sessionsOf(ctx.pool).start(user.id);
    const token = ctx.tokens.sign({ userId: user.id, passwordVersion: user.passwordVersion, ...session });
    reply.header('freshtoken', token);
    return currentUserData(ctx, user, token);
  });

  /** Ends the caller's session: its tokens, the refreshed ones included, stop working at once. */
  app.post('/api/auth/signout', documented({ body: noBody }), async (request, reply) => {
    userOf(request);
    if (request.sessionId) await sessionsOf(ctx.pool).revoke(request.sessionId);
    reply.removeHeader('freshtoken');
    // The browser keeps the API's answers to revalidate them (api/http/conditional-get.ts): none of
    // them stays on this computer after its user left (browsers honour it over HTTPS and on localhost).
    reply.header('clear-site-data', '"cache"');
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
