import type { FastifyInstance } from 'fastify';
import { loadRequest, REQUEST_NOT_FOUND } from '../../commands/request/load';
import { requestStreamId } from '../../domain/request/events';
import { actContentMatches, actExtensionOf, isZipPackage, manualActMessages, zipDirectoryOf, zipEntryNames, ZIP_TAIL_BYTES } from '../../domain/request/manual-act';
import { MAGIC_HEAD_BYTES } from '../../domain/news/files';
import { invalid } from '../../domain/shared/errors';
import type { FileRef } from '../../domain/request/state';
import { scopeIncludes } from '../../domain/rights/scope';
import { notFound } from '../../domain/shared/errors';
import type { AppContext } from '../context';
import { attachmentDisposition, downloadContentType } from '../http/download';
import { idParam, userOf } from '../http/guard';
import type { Upload } from '../http/multipart';
import { bytesAt } from '../http/uploaded-files';
import { requestCaller } from './request-caller';

/**
 * A hand-uploaded act must be a document or a scan of an allowed type and really be one: its first
 * bytes, and for .docx/.xlsx/.odt the package parts named in the zip's central directory.
 */
export const checkActUpload = async (u: Upload): Promise<void> => {
  const ext = actExtensionOf(u.name);
  if (!ext) throw invalid(manualActMessages.type, { newDocsList: manualActMessages.type });
  const size = u.blob.size;
  let names: string[] | null = null;
  if (isZipPackage(ext) && size > 0) {
    const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
    const dir = zipDirectoryOf(await bytesAt(u.blob.tmpPath, tailStart, size - tailStart));
    if (dir && dir.offset + dir.size <= size) names = zipEntryNames(await bytesAt(u.blob.tmpPath, dir.offset, dir.size));
  }
  if (size === 0 || !actContentMatches(ext, await bytesAt(u.blob.tmpPath, 0, MAGIC_HEAD_BYTES), names)) {
    const message = manualActMessages.content(u.name);
    throw invalid(message, { newDocsList: message });
  }
};

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
    // Our own type by extension, never the uploaded one; always an attachment (helmet adds nosniff).
    reply.header('content-type', downloadContentType(file.file_name));
    reply.header('content-disposition', attachmentDisposition(file.file_name));
    return reply.send(ctx.files.open(file.checksum));
  });
};
