import type { FastifyInstance } from 'fastify';
import { fastifyUrl, type OpenApiDocument } from '../../api/http/openapi';
import { routesOf, type RegisteredRoute } from '../../api/http/route-registry';

export type { RegisteredRoute };

/** Every API route the app registered (api/http/route-registry.ts), in registration order. */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => [...routesOf(app)];

/** The app's OpenAPI document, as GET /api/openapi.json answers it. */
export const openApiDocument = async (app: FastifyInstance): Promise<OpenApiDocument> => {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode} ${res.body}`);
  return res.json() as OpenApiDocument;
};

/** The operations the document describes, as routes (method and fastify URL). */
export const documentedRoutes = (doc: OpenApiDocument): RegisteredRoute[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url: fastifyUrl(path) })));

/** The operations the document describes with a multipart/form-data body, as `METHOD url` keys. */
export const multipartRouteKeys = (doc: OpenApiDocument): Set<string> =>
  new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, { requestBody?: { content?: Record<string, unknown> } }>)
        .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'])
        .map(([method]) => `${method.toUpperCase()} ${fastifyUrl(path)}`),
    ),
  );
