import type { FastifyInstance } from 'fastify';
import { routesOf, type RegisteredRoute } from '../../api/http/route-registry';

export type { RegisteredRoute };

/** Every API route the app registered (api/http/route-registry.ts), in registration order. */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => [...routesOf(app)];
