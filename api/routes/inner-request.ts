import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createInnerRequest, deleteInnerRequest, loadInnerRequest, updateInnerRequest, type InnerCaller } from '../../commands/inner-request/inner-requests';
import { innerMessages, innerRequestFilterSchema, innerRequestUpdateSchema, innerRequestStreamId, type InnerRequestEventMap } from '../../domain/inner-request';
import type { FileRef } from '../../domain/request/state';
import { hasFull } from '../../domain/rights/rights';
import { forbidden, notFound } from '../../domain/shared/errors';
import { objectBody } from '../../domain/shared/primitives';
import { parseOrThrow } from '../../domain/shared/validation';
import { fileRefOf } from '../../infrastructure/files/file-store';
import { innerRequestsPage } from '../../projections/inner-request/queries';
import type { AppContext } from '../context';
import { attachmentDisposition, downloadContentType } from '../http/download';
import { commandContext, filterOf, idParam, userOf } from '../http/guard';
import { FEW_FILES_LIMITS, readBody, withUploads } from '../http/multipart';
import { documented } from '../http/route-registry';
import { innerRequestInputSchema } from '../../domain/inner-request';

/** An administrator of inner requests holds FULL RIGHT_REQUEST_INNER (administration.md 6). */
const callerOf = (request: FastifyRequest): InnerCaller => {
  const user = userOf(request);
  return { id: user.id, isAdmin: hasFull(user.rightsObject, 'RIGHT_REQUEST_INNER') };
};
const adminOf = (request: FastifyRequest): InnerCaller => {
  const caller = callerOf(request);
  if (!caller.isAdmin) throw forbidden();
  return caller;
};

/**
 * Requests to the administrator (administration.md 2.9, 7). Every signed-in user writes and reads
 * their own; administrators read all, answer any, change state and kind, and delete.
 */
export const innerRequestRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/request_inner/:filter', documented({ params: { filter: innerRequestFilterSchema } }), async (request) => {
    const caller = callerOf(request);
    const f = parseOrThrow(innerRequestFilterSchema, filterOf(request));
    return innerRequestsPage(ctx.pool, {
      pageNumber: f.pageNumber,
      authorId: caller.isAdmin ? null : caller.id,
      state: f.state ?? null,
      kindId: f.request_inner_kind_id ?? null,
      text: f.text,
    });
  });

  /** Multipart: innerRequest (JSON), usersIds (JSON), files; an answer names its request in parent_id. */
  app.post('/api/request_inner', documented({
    multipart: {
      innerRequest: { description: 'Запрос администратору (JSON)', schema: innerRequestInputSchema },
      usersIds: { description: 'Кому сообщить по почте (JSON, список id)' },
      files: { description: 'Файлы', file: true },
    },
  }), async (request) => {
    const caller = callerOf(request);
    const parsed = await readBody(request, ctx.files, FEW_FILES_LIMITS);
    const r = await withUploads(parsed, async () => {
      const files: FileRef[] = [];
      for (const u of parsed.uploads) files.push(fileRefOf(await ctx.ids.next('file'), u.name, u.mimetype, u.blob));
      return createInnerRequest(ctx, caller, { innerRequest: parsed.fields.innerRequest, usersIds: parsed.fields.usersIds, files }, commandContext(request));
    });
    await ctx.consistency.afterCommand(caller.id, r.position);
    return { message: innerMessages.created, id: r.id };
  });

  app.put('/api/request_inner/:id', documented({ body: innerRequestUpdateSchema }), async (request) => {
    const caller = adminOf(request);
    const id = idParam((request.params as { id: string }).id);
    const raw = objectBody(request.body ?? {});
    const body = parseOrThrow(innerRequestUpdateSchema, raw);
    // An absent kind changes nothing; an empty one clears it.
    const change = { state: body.state, ...('request_inner_kind_id' in raw ? { request_inner_kind_id: body.request_inner_kind_id ?? null } : {}) };
    const r = await updateInnerRequest(ctx, id, change, commandContext(request));
    await ctx.consistency.afterCommand(caller.id, r.position);
    return { message: innerMessages.updated };
  });

  app.delete('/api/request_inner/:id', async (request) => {
    const caller = adminOf(request);
    const id = idParam((request.params as { id: string }).id);
    const r = await deleteInnerRequest(ctx, id, commandContext(request));
    await ctx.consistency.afterCommand(caller.id, r.position);
    return { message: innerMessages.deleted };
  });

  /** A file of a request or an answer, for whoever may see the request (its author or an administrator). */
  app.get('/api/request_inner_file/:id/:fileId', async (request, reply) => {
    const caller = callerOf(request);
    const id = idParam((request.params as { id: string }).id);
    const { fileId } = request.params as { fileId: string };
    const { state } = await loadInnerRequest(ctx, id);
    // An answer is visible with its request.
    await loadInnerRequest(ctx, state.parent_id ?? id, caller);
    let file: FileRef | undefined;
    for (const e of await ctx.store.readStream(innerRequestStreamId(id)))
      if (e.type === 'InnerRequestCreated') file = (e.data as InnerRequestEventMap['InnerRequestCreated']).files.find((f) => f.file_id === fileId);
    if (!file || !(await ctx.files.exists(file.checksum))) throw notFound('Файл не найден');
    reply.header('content-type', downloadContentType(file.file_name));
    reply.header('content-disposition', attachmentDisposition(file.file_name));
    return reply.send(ctx.files.open(file.checksum));
  });
};
