import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { AppContext } from './context';
import { BAD_REQUEST, notFoundAnswer, registerErrorHandling } from './http/errors';
import { recordRoutes } from './http/route-registry';
import { requireObjectBodies } from './http/object-body';
import { registerSecurityHeaders } from './http/security-headers';
import { registerAuthentication } from './auth/authenticate';
import { authRoutes } from './routes/auth';
import { catalogRoutes } from './routes/catalog';
import { toolTraitRoutes } from './routes/tool-trait';
import { sparesRoutes } from './routes/spares';
import { toolModelRoutes } from './routes/tool-model';
import { toolCheckRoutes } from './routes/tool-check';
import { organizationRoutes } from './routes/organization';
import { roleRoutes } from './routes/role';
import { userRoutes } from './routes/user';
import { systemRoutes } from './routes/system';
import { requestQueryRoutes } from './routes/request-queries';
import { auditRoutes } from './routes/audit';
import { toolQueryRoutes } from './routes/tool';
import { toolsSetQueryRoutes } from './routes/tools-set-queries';
import { toolWriteRoutes } from './routes/tool-write';
import { toolsSetRoutes } from './routes/tools-set';
import { toolImportRoutes } from './routes/tool-import';
import { reportRoutes } from './routes/report';
import { technicalDocRoutes } from './routes/technical-docs';
import { toolExportRoutes } from './export/tool-export';
import { notificationQueryRoutes } from './routes/notification-queries';
import { requestExportRoutes } from './export/request-export';
import { requestRoutes } from './routes/request';
import { actRoutes } from './routes/act';
import { fileRoutes } from './routes/files';
import { signingRoutes } from './routes/signing';
import { notificationRoutes } from './routes/notification';
import { hotlineRoutes } from './routes/hotline';
import { appVersionRoutes } from './routes/app-version';
import { unitsImportRoutes } from './routes/units-import';
import { innerRequestRoutes } from './routes/inner-request';
import { newsRoutes } from './routes/news';
import { manualRoutes } from './routes/manual';

export const MAX_FILE_BYTES = 52_428_800;

export interface AppOptions {
  /** Built client to serve from the same origin (web/dist); absent in API-only tests. */
  readonly webDist?: string | null;
  readonly logger?: boolean;
}

export const buildApp = async (ctx: AppContext, options: AppOptions = {}): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy ?? false,
    // Filters travel as JSON in a path segment.
    routerOptions: { maxParamLength: 10_000 },
    // Request ids unique across restarts and processes: they name a 5xx in the log and in x-request-id.
    genReqId: () => randomUUID(),
    // A malformed URL (bad percent-encoding) is refused before routing, still as Russian JSON.
    frameworkErrors: (_error, request, reply) => {
      void (reply as unknown as FastifyReply).code(400).header('x-request-id', String(request.id)).send({ message: BAD_REQUEST });
    },
  });
  await registerSecurityHeaders(app);
  recordRoutes(app);
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 25, fields: 200, fieldSize: 5 * 1024 * 1024 } });
  registerErrorHandling(app, ctx.log);
  requireObjectBodies(app);
  registerAuthentication(app, ctx);
  systemRoutes(app, ctx);
  authRoutes(app, ctx);
  catalogRoutes(app, ctx);
  toolTraitRoutes(app, ctx);
  sparesRoutes(app, ctx);
  toolModelRoutes(app, ctx);
  toolCheckRoutes(app, ctx);
  organizationRoutes(app, ctx);
  appVersionRoutes(app, ctx);
  unitsImportRoutes(app, ctx);
  roleRoutes(app, ctx);
  userRoutes(app, ctx);
  requestQueryRoutes(app, ctx);
  auditRoutes(app, ctx);
  toolQueryRoutes(app, ctx);
  toolsSetQueryRoutes(app, ctx);
  toolWriteRoutes(app, ctx);
  toolsSetRoutes(app, ctx);
  toolImportRoutes(app, ctx);
  reportRoutes(app, ctx);
  technicalDocRoutes(app, ctx);
  toolExportRoutes(app, ctx);
  notificationQueryRoutes(app, ctx);
  requestExportRoutes(app, ctx);
  hotlineRoutes(app, ctx);
  requestRoutes(app, ctx);
  actRoutes(app, ctx);
  fileRoutes(app, ctx);
  signingRoutes(app, ctx);
  notificationRoutes(app, ctx);
  newsRoutes(app, ctx);
  manualRoutes(app, ctx);
  innerRequestRoutes(app, ctx);

  const dist = options.webDist;
  const serveClient = Boolean(dist && existsSync(path.join(dist, 'index.html')));
  // wildcard: files are looked up on each request, so a rebuilt client is served without a restart.
  if (serveClient) await app.register(fastifyStatic, { root: dist!, prefix: '/', wildcard: true });
  // Client-side routes (/requests, /users, ...) all load the single page; unknown API paths are 404.
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!serveClient || !page || request.url.startsWith('/api/')) return reply.status(404).send(notFoundAnswer);
    return reply.sendFile('index.html');
  });
  return app;
};
