import type { FastifyRequest } from 'fastify';
import { invalid } from '../../domain/shared/errors';
import type { FileStore, StoredBlob } from '../../commands/files/file-store';

export interface Upload {
  readonly field: string;
  readonly name: string;
  readonly mimetype: string;
  readonly blob: StoredBlob;
}

export interface ParsedBody {
  /** Field values; JSON-looking text fields are parsed. */
  readonly fields: Record<string, unknown>;
  readonly uploads: Upload[];
}

const parseValue = (v: string): unknown => {
  const t = v.trim();
  if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']')) || t === 'null' || t === 'true' || t === 'false') {
    try {
      return JSON.parse(t);
    } catch {
      throw invalid('Неверный формат данных запроса');
    }
  }
  return v;
};

/**
 * Reads a multipart body (or a JSON one, for calls without files). Files are streamed into the
 * content-addressed store as they arrive; a file over the size limit is refused with the spec's
 * message. Stored blobs of a refused call stay unreferenced and are never served.
 */
export const readBody = async (request: FastifyRequest, files: FileStore): Promise<ParsedBody> => {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return { fields: body, uploads: [] };
  }
  const fields: Record<string, unknown> = {};
  const uploads: Upload[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const blob = await files.put(part.file, () => part.file.truncated);
      if (blob.truncated) {
        // Drain the rest so the connection stays usable, then refuse.
        throw invalid('Размер файла не может быть более 50 мегабайт', { files: 'Размер файла не может быть более 50 мегабайт' });
      }
      uploads.push({ field: part.fieldname, name: part.filename, mimetype: part.mimetype, blob });
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? parseValue(part.value) : part.value;
    }
  }
  return { fields, uploads };
};

/** Takes the first not yet used upload with the given file name. */
export const takeUpload = (uploads: Upload[], used: Set<Upload>, name: string): Upload | null => {
  const u = uploads.find((x) => !used.has(x) && x.name === name);
  if (!u) return null;
  used.add(u);
  return u;
};
