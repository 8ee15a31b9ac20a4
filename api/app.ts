import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from './context';
import { BAD_REQUEST, registerErrorHandling } from './http/errors';
import { recordRoutes } from './http/route-registry';
import { openApiRoutes } from './routes/openapi';
import { requireObjectBodies } from './http/object-body';
import { registerSecurityHeaders } from './http/security-headers';
import { answerClientError } from './http/client-errors';
import { refuseDotSegments } from './http/dot-segments';
import { refusePastMomentChanges } from './http/past-moment';
import { registerConditionalGet } from './http/conditional-get';
import { registerAnswerCompression } from './http/answer-compression';
import { registerClientFiles } from './http/client-files';
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
import { toolQueryRoutes } from './routes/tool-queries';
import { toolsSetQueryRoutes } from './routes/tools-set-queries';
import { toolWriteRoutes } from './routes/tool';
import { toolsSetRoutes } from './routes/tools-set';
import { toolImportRoutes } from './routes/tool-import';
import { reportRoutes } from './routes/report';
import { technicalDocRoutes } from './routes/technical-docs';
import { toolExportRoutes } from './export/tool-export';
import { toolLabelRoutes } from './routes/tool-labels';
import { inventoryRoutes } from './routes/inventory';
import { notificationQueryRoutes } from './routes/notification-queries';
import { requestExportRoutes } from './export/request-export';
import { requestRoutes } from './routes/request';
import { actRoutes } from './routes/act';
import { publicTemplateRoutes } from './routes/public-templates';
import { fileRoutes } from './routes/files';
import { signingRoutes } from './routes/signing';
import { signingCertificateRoutes } from './routes/signing-certificates';
import { notificationRoutes } from './routes/notification';
import { hotlineRoutes } from './routes/hotline';
import { appVersionRoutes } from './routes/app-version';
import { homeRoutes } from './routes/home';
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
    // Refused by Node's parser (431, a long address 414): Russian JSON too.
    clientErrorHandler: answerClientError,
  });
  await registerSecurityHeaders(app);
  // In this order: the ETag is of the answer itself, and a 304 has nothing to compress.
  registerConditionalGet(app);
  registerAnswerCompression(app);
  recordRoutes(app);
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 25, fields: 200, fieldSize: 5 * 1024 * 1024 } });
  registerErrorHandling(app, ctx.log);
  refuseDotSegments(app);
  refusePastMomentChanges(app);
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
  homeRoutes(app, ctx);
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
  toolLabelRoutes(app, ctx);
  inventoryRoutes(app, ctx);
  notificationQueryRoutes(app, ctx);
  requestExportRoutes(app, ctx);
  hotlineRoutes(app, ctx);
  requestRoutes(app, ctx);
  actRoutes(app, ctx);
  publicTemplateRoutes(app, ctx);
  fileRoutes(app, ctx);
  signingRoutes(app, ctx);
  signingCertificateRoutes(app, ctx);
  notificationRoutes(app, ctx);
  newsRoutes(app, ctx);
  manualRoutes(app, ctx);
  innerRequestRoutes(app, ctx);
  openApiRoutes(app, ctx);

  await registerClientFiles(app, options.webDist);
  return app;
};
