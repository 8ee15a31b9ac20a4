import type { FastifyInstance } from 'fastify';
import { loadRequest, REQUEST_NOT_FOUND } from '../../commands/request/handlers';
import { requestStreamId } from '../../domain/request/events';
import type { FileRef } from '../../domain/request/state';
import { scopeIncludes } from '../../domain/rights/scope';
import { notFound } from '../../domain/shared/errors';
import type { AppContext } from '../context';
import { idParam, userOf } from '../http/guard';
import { requestCaller } from './request-caller';

/** RFC 5987 so Russian file names survive the header. */
export const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Files of a request (attachments, documents, chat files) are served only to users who can read
 * the request, and only when an event of that request references them.
 */
export const fileRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/request_file/:requestId/:fileId', async (request, reply) => {
    const user = userOf(request);
    const { requestId, fileId } = request.params as { requestId: string; fileId: string };
    const id = idParam(requestId);
    const { state } = await loadRequest(ctx, id);
    if (!state.registered || state.deleted || !scopeIncludes(requestCaller(user).readScope, state.unit_id)) throw notFound(REQUEST_NOT_FOUND);
    let file: FileRef | undefined = [...state.attachments, ...state.documents].find((f) => f.file_id === fileId);
    if (!file)
      for (const e of await ctx.store.readStream(requestStreamId(id)))
        if (e.type === 'RequestCommentAdded') file ??= (e.data as { files: FileRef[] }).files.find((f) => f.file_id === fileId);
    if (!file || !(await ctx.files.exists(file.checksum))) throw notFound('Файл не найден');
    reply.header('content-type', file.mimetype || 'application/octet-stream');
    reply.header('content-disposition', contentDisposition(file.file_name));
    return reply.send(ctx.files.open(file.checksum));
  });
};
