import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentMatches, extensionOfName, MEDIA_TYPES, UPLOAD_MAX_BYTES, type StoredFile, type UploadRule } from '../../domain/news/files';
import { invalid, notFound } from '../../domain/shared/errors';
import { fileRefOf } from '../../infrastructure/files/file-store';
import type { AppContext } from '../context';
import { attachmentDisposition, downloadContentType } from '../http/download';
import type { UploadLimits, Upload } from '../http/multipart';
import { headOf } from '../http/uploaded-files';

/**
 * Uploads of support news and manuals (administration.md 5): 250 MB a file. A call's files together
 * are bounded by the same 250 MB (section 9's upload limit), so one call never fills the disk; they
 * stream to temporary files, never into memory.
 */
export const NEWS_UPLOAD_LIMITS: UploadLimits = {
  files: 10,
  filesMessage: 'Не более 10 файлов',
  fileBytes: UPLOAD_MAX_BYTES,
  fileMessage: 'Размер файла не может быть более 250 мегабайт',
  totalBytes: UPLOAD_MAX_BYTES,
};

/** The uploads as stored files: allowed extension, content that matches it, not empty. */
export const storedFilesOf = async (ctx: AppContext, uploads: readonly Upload[], rule: UploadRule): Promise<StoredFile[]> => {
  const out: StoredFile[] = [];
  for (const u of uploads) {
    const ext = extensionOfName(u.name);
    if (!rule.extensions.includes(ext) || u.blob.size === 0 || !contentMatches(ext, await headOf(u.blob.tmpPath)))
      throw invalid(`${rule.typeMessage} (${u.name})`, { files: rule.typeMessage });
    out.push(fileRefOf(await ctx.ids.next('file'), u.name, contentTypeOf(u.name), u.blob));
  }
  return out;
};

export const contentTypeOf = (name: string) => MEDIA_TYPES[extensionOfName(name)] ?? downloadContentType(name);

const RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Sends a stored file, honouring one byte range (the video element seeks with ranges). Always an
 * attachment for navigation; <video> and <img> ignore the disposition and play or show it.
 */
export const sendStoredFile = async (ctx: AppContext, request: FastifyRequest, reply: FastifyReply, file: StoredFile | undefined) => {
  if (!file || !(await ctx.files.exists(file.checksum))) throw notFound('Файл не найден');
  const path = ctx.files.pathOf(file.checksum);
  const size = file.size;
  reply.header('content-type', contentTypeOf(file.file_name));
  reply.header('content-disposition', attachmentDisposition(file.file_name));
  reply.header('accept-ranges', 'bytes');
  const m = RANGE.exec(String(request.headers.range ?? ''));
  if (!m || (m[1] === '' && m[2] === '')) {
    reply.header('content-length', size);
    return reply.send(createReadStream(path));
  }
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || start > end) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`).header('content-length', end - start + 1);
  return reply.send(createReadStream(path, { start, end }));
};
