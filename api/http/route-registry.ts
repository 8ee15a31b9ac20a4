import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
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
    // HEAD routes are the ones fastify adds for GET.
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
};

export const routesOf = (app: FastifyInstance): readonly RegisteredRoute[] => registries.get(app) ?? [];
