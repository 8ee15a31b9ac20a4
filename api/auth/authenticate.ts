import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/shared/errors';
import type { AppContext } from '../context';
import { LOG_POSITION_HEADER, formatPosition, parsePosition } from '../consistency';
import { CURRENT_USER_SOURCES, loadCurrentUser } from './current-user';
import { sessionsOf } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's server-side session (sessions.ts), set once the token was checked. */
    sessionId: string | null;
  }
}

const PUBLIC = new Set(['/api/auth/signin', '/api/health', '/api/app_info', '/api/openapi.json', '/api/docs']);

const header = (request: FastifyRequest, name: string): string | null => {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' && v ? v : null;
};

/**
 * Every call except sign-in and health carries `userId` and `accessToken` headers. A valid
 * call gets a fresh token in `freshtoken` (sliding expiry); every answer carries `appversion`.
 */
export const registerAuthentication = (app: FastifyInstance, ctx: AppContext) => {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('appversion', ctx.config.appVersion);
  });
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    // The templates under /public/templates are read by signed-in users only (routes/public-templates.ts).
    if (!(path.startsWith('/api/') || path.startsWith('/public/templates/')) || PUBLIC.has(path)) return;
    const token = header(request, 'accessToken');
    const userId = Number(header(request, 'userId'));
    if (!token || !userId) throw new DomainError('unauthenticated', 'Требуется вход в систему');
    const claims = ctx.tokens.verify(token);
    if (!claims || claims.userId !== userId || !(await sessionsOf(ctx.pool).active(claims.sessionId, userId)))
      throw new DomainError('unauthenticated', 'Сеанс истек. Войдите в систему снова');
    const user = await ctx.cache.get(CURRENT_USER_SOURCES, `current-user:${userId}`, () => loadCurrentUser(ctx.pool, userId));
    if (!user || user.deleted || user.is_inactive || user.passwordVersion !== claims.passwordVersion)
      throw new DomainError('unauthenticated', 'Сеанс истек. Войдите в систему снова');
    request.currentUser = user;
    request.sessionId = claims.sessionId;
    // The same session, its absolute lifetime kept: a fresh token never extends past it. No proxy stores
    // an answer carrying a token; a GET of the API may stay in the user's own browser cache only
    // (`private, no-cache`, revalidated by ETag: api/http/conditional-get.ts), where the client keeps
    // that token anyway. Writes and the session's own calls are never stored.
    if (request.method !== 'GET' || path.startsWith('/api/auth/')) reply.header('cache-control', 'no-store');
    reply.header('freshtoken', ctx.tokens.sign({ userId: user.id, passwordVersion: user.passwordVersion, sessionId: claims.sessionId, startedAt: claims.startedAt }));
    // The client's last write, made through any process, is applied before this call reads.
    await ctx.consistency.beforeCall(parsePosition(request.headers[LOG_POSITION_HEADER]));
    if (request.method === 'GET') await ctx.consistency.beforeQuery(user.id);
  });
  // A write's answer names the position the client must send back (api/consistency.ts).
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || !request.currentUser) return;
    const position = ctx.consistency.positionOf(request.currentUser.id);
    if (position) reply.header(LOG_POSITION_HEADER, formatPosition(position));
  });
};
