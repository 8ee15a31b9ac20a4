/** File limits of requests (sections 5 and 9). */

export const FILE_MAX_BYTES = 52_428_800;
export const COMMENT_FILE_MAX_BYTES = 10_485_760;
export const ATTACHMENTS_MAX = 5;
export const DOCUMENTS_MAX = 20;
export const COMMENT_FILES_MAX = 5;
export const allowedFileExtensions = ['.png', '.jpeg', '.jpg', '.pdf', '.doc', '.docx', '.odt', '.xls', '.xlsx', '.zip', '.rar', '.7z'] as const;

export type FileSection = 'attachments' | 'documents' | 'comment';

export const fileMessages = {
  tooMany5: 'Не более 5 файлов',
  tooMany20: 'Не более 20 файлов',
  tooBig50: 'Размер файла не может быть более 50 мегабайт',
  tooBig10: 'Размер файла не может быть более 10 мегабайт',
  type: 'Неподдерживаемый тип файла',
} as const;

const limits: Record<FileSection, { count: number; countMessage: string; bytes: number; sizeMessage: string }> = {
  attachments: { count: ATTACHMENTS_MAX, countMessage: fileMessages.tooMany5, bytes: FILE_MAX_BYTES, sizeMessage: fileMessages.tooBig50 },
  documents: { count: DOCUMENTS_MAX, countMessage: fileMessages.tooMany20, bytes: FILE_MAX_BYTES, sizeMessage: fileMessages.tooBig50 },
  comment: { count: COMMENT_FILES_MAX, countMessage: fileMessages.tooMany5, bytes: COMMENT_FILE_MAX_BYTES, sizeMessage: fileMessages.tooBig10 },
};

export const hasAllowedExtension = (name: string): boolean => {
  const lower = name.toLowerCase();
  return allowedFileExtensions.some((ext) => lower.endsWith(ext));
};

/**
 * The first broken file rule of a section's whole file list (what is there after the change),
 * or null: the count, then each file's type, then its size.
 */
export const validateFiles = (files: readonly { name: string; size: number }[], section: FileSection): string | null => {
  const limit = limits[section];
  if (files.length > limit.count) return limit.countMessage;
  for (const f of files) if (!hasAllowedExtension(f.name)) return fileMessages.type;
  for (const f of files) if (f.size > limit.bytes) return limit.sizeMessage;
  return null;
};
