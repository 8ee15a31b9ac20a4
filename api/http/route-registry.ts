import type { FastifyInstance } from 'fastify';
import { z, type ZodTypeAny } from 'zod';

/** One part of a multipart form: a file part (several allowed) or a JSON/text part with its schema. */
export interface MultipartPart {
  readonly description: string;
  readonly file?: boolean;
  /** The zod schema the route (or its command) validates the part with. */
  readonly schema?: ZodTypeAny;
}

/**
 * What a route tells the OpenAPI document about its input: the very zod schemas it validates with
 * (never a copy), so the document cannot drift from the checks. Registered with the route
 * (`app.post(url, documented({ body }), handler)`) and read by api/http/openapi.ts.
 */
export interface RouteDoc {
  /** A Russian description; a generated one otherwise. */
  readonly summary?: string;
  /** The JSON body. `noBody` for a write that reads none. */
  readonly body?: ZodTypeAny;
  /** The parts of a multipart form (the route reads them with api/http/multipart.ts). */
  readonly multipart?: Readonly<Record<string, MultipartPart>>;
  /** The query parameters (a zod object). */
  readonly query?: ZodTypeAny;
  /** Path parameters whose schema is not the id of idParam (a JSON filter, a name, a uuid). */
  readonly params?: Readonly<Record<string, ZodTypeAny>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

/** Route options carrying the route's description for the OpenAPI document. */
export const documented = (doc: RouteDoc) => ({ config: { doc } });

export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly doc?: RouteDoc;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route as it is registered (fastify keeps no public list, and `printRoutes` merges
 * parameters of different names), so the rights matrix and the fuzzer can enumerate them: a new
 * route joins both without anyone listing it. Call before the routes are registered.
 */
export const recordRoutes = (app: FastifyInstance) => {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    const doc = route.config?.doc;
    // HEAD routes are the ones fastify adds for GET.
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, ...(doc ? { doc } : {}) });
  });
};

export const routesOf = (app: FastifyInstance): readonly RegisteredRoute[] => registries.get(app) ?? [];

/** The body of a write that reads none (an action named by its path): any object is accepted and ignored. */
export const noBody = z.object({}).describe('Тело не требуется');
