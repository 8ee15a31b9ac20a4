import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../../infrastructure/logger';

export { isDatabaseUnavailable } from '../../infrastructure/db/unavailable';

export const DATABASE_UNAVAILABLE = 'Сервер базы данных недоступен';

/**
 * The answer when the database cannot be reached (down, restarting): 503, so the user learns to
 * try again later instead of seeing an internal error; logged with the request id like any 5xx.
 */
export const replyDatabaseUnavailable = (error: unknown, request: FastifyRequest, reply: FastifyReply, log: Logger) => {
  log.warn({ err: String(error), requestId: String(request.id), method: request.method, url: request.url }, 'database unreachable');
  return reply.status(503).send({ message: DATABASE_UNAVAILABLE });
};
