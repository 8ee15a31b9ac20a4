import type { FastifyInstance } from 'fastify';
import { isPastMomentChange, MOMENT_HEADER, pastMomentRefusal } from '../../domain/audit/moment';

/**
 * Read-only means read-only (issue 33): a change sent from the view of a past moment (the client marks every call
 * of that view with `x-moment`, a `?at=` names a past moment too) is refused before routing, authentication and
 * body parsing, so no route, present or future, can act on it and nothing is appended: 409 with the reason.
 */
export const refusePastMomentChanges = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    if (isPastMomentChange(request.method, request.headers[MOMENT_HEADER], q < 0 ? '' : url.slice(q + 1)))
      return reply.status(409).send({ message: pastMomentRefusal });
  });
};
