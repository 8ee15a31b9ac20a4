import type { FastifyRequest } from 'fastify';
import { invalid } from '../../domain/shared/errors';
import type { FileStore, StagedBlob } from '../../infrastructure/files/file-store';

export interface Upload {
  readonly field: string;
  readonly name: string;
  readonly mimetype: string;
  readonly blob: StagedBlob;
}

export interface ParsedBody {
  /** Field values; JSON-looking text fields are parsed. */
  readonly fields: Record<string, unknown>;
  readonly uploads: Upload[];
  /** Moves the uploads into the store: call once the command that references them was accepted. */
  commit(): Promise<void>;
  /** Deletes the uploads not committed: call in `finally`, so a refused call leaves no file. */
  discard(): Promise<void>;
}

/** Limits of one call's files, counted while the body streams in. */
export interface UploadLimits {
  readonly files: number;
  readonly filesMessage: string;
  readonly fileBytes: number;
  readonly fileMessage: string;
  /** All files of the call together. */
  readonly totalBytes: number;
}

const MB = 1024 * 1024;
export const TOTAL_TOO_LARGE = 'Общий размер файлов не может быть более 250 мегабайт';

/** A request save: 5 attachments and 20 documents (requests.md 7), 50 MB each, 250 MB together. */
export const REQUEST_UPLOAD_LIMITS: UploadLimits = {
  files: 25,
  filesMessage: 'Не более 25 файлов',
  fileBytes: 50 * MB,
  fileMessage: 'Размер файла не может быть более 50 мегабайт',
  totalBytes: 250 * MB,
};

/** A tool card save: 20 documents and 20 pictures (equipment.md 7), 50 MB each, 250 MB together. */
export const TOOL_UPLOAD_LIMITS: UploadLimits = { ...REQUEST_UPLOAD_LIMITS, files: 40, filesMessage: 'Не более 40 файлов' };

/** A chat message or a group of requests: 5 files. */
export const FEW_FILES_LIMITS: UploadLimits = { ...REQUEST_UPLOAD_LIMITS, files: 5, filesMessage: 'Не более 5 файлов' };

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

const bodyOf = (files: FileStore, fields: Record<string, unknown>, uploads: Upload[]): ParsedBody => ({
  fields,
  uploads,
  commit: () => files.commit(uploads.map((u) => u.blob)),
  discard: () => files.discard(uploads.map((u) => u.blob)),
});

/**
 * Reads a multipart body (or a JSON one, for calls without files). Files are staged in temporary
 * files as they arrive, their number and sizes counted against `limits` while streaming; when
 * the body breaks a limit or cannot be parsed, every file staged so far is deleted. The route
 * commits the uploads once its command was accepted and discards them in any case.
 */
export const readBody = async (request: FastifyRequest, files: FileStore, limits: UploadLimits = REQUEST_UPLOAD_LIMITS): Promise<ParsedBody> => {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return bodyOf(files, body, []);
  }
  const fields: Record<string, unknown> = {};
  const uploads: Upload[] = [];
  let total = 0;
  try {
    // One more file than allowed is let through so that the count can be refused with our message.
    for await (const part of request.parts({ limits: { files: limits.files + 1, fileSize: limits.fileBytes } })) {
      if (part.type === 'file') {
        if (uploads.length >= limits.files) {
          part.file.resume();
          throw invalid(limits.filesMessage, { files: limits.filesMessage });
        }
        const blob = await files.stage(part.file, () => part.file.truncated, limits.totalBytes - total);
        total += blob.size;
        if (part.file.truncated) throw invalid(limits.fileMessage, { files: limits.fileMessage });
        if (blob.truncated) throw invalid(TOTAL_TOO_LARGE, { files: TOTAL_TOO_LARGE });
        uploads.push({ field: part.fieldname, name: part.filename, mimetype: part.mimetype, blob });
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? parseValue(part.value) : part.value;
      }
    }
  } catch (error) {
    await files.discard(uploads.map((u) => u.blob));
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw invalid(limits.filesMessage, { files: limits.filesMessage });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(limits.fileMessage, { files: limits.fileMessage });
    throw error;
  }
  return bodyOf(files, fields, uploads);
};

/**
 * Runs a command with the body's uploads: the uploads are moved into the store only when
 * `command` returns, and deleted whatever it throws (invalid input, 403, 404, a 409 stale save).
 */
export const withUploads = async <T>(body: ParsedBody, command: () => Promise<T>): Promise<T> => {
  try {
    const result = await command();
    await body.commit();
    return result;
  } finally {
    await body.discard();
  }
};

/** Takes the first not yet used upload with the given file name. */
export const takeUpload = (uploads: Upload[], used: Set<Upload>, name: string): Upload | null => {
  const u = uploads.find((x) => !used.has(x) && x.name === name);
  if (!u) return null;
  used.add(u);
  return u;
};
