import type { FastifyInstance } from 'fastify';

/** A `.` or `..` path segment, plain or percent-encoded (browsers resolve them before sending). */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

export const BAD_ADDRESS = 'Неверный адрес запроса';

/**
 * A path with dot segments (`/../`, `/api/./users`) names no page, file or call: it is refused as
 * malformed (400) before routing, instead of reaching the static files' guard (403, "no rights")
 * or the sign-in check of an API path it does not match.
 */
export const refuseDotSegments = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    if (DOT_SEGMENT.test(q < 0 ? url : url.slice(0, q))) return reply.status(400).send({ message: BAD_ADDRESS });
  });
};
