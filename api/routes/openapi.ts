import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { buildOpenApi, referencePage, type OpenApiDocument } from '../http/openapi';
import { routesOf } from '../http/route-registry';

/**
 * The API's description (GET /api/openapi.json) and its reference page (GET /api/docs), open to
 * anyone: they describe calls, hold no data, and an integrator reads them before signing in.
 * Built once, on the first call, when every route is registered.
 */
export const openApiRoutes = (app: FastifyInstance, ctx: AppContext) => {
  let doc: OpenApiDocument | null = null;
  const documentOf = () => (doc ??= buildOpenApi(routesOf(app), ctx.config.appVersion));
  app.get('/api/openapi.json', async () => documentOf());
  app.get('/api/docs', async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').send(referencePage(documentOf())));
};
