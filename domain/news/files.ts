/**
 * Files of news and manuals (administration.md 5): allowed extensions, the 250 MB limit and a check of
 * the first bytes against the extension, so a renamed executable cannot pass as a PDF or a picture.
 */
export const UPLOAD_MAX_BYTES = 262_144_000;

export interface StoredFile {
  file_id: string;
  file_name: string;
  mimetype: string;
  size: number;
  checksum: string;
}

export const extensionOfName = (name: string): string => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

const starts = (head: Uint8Array, bytes: readonly number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The magic bytes each type must start with; txt must hold no NUL byte in its head. */
const MAGIC: Readonly<Record<string, (head: Uint8Array) => boolean>> = {
  pdf: (h) => starts(h, [0x25, 0x50, 0x44, 0x46]),
  doc: (h) => starts(h, OLE),
  xls: (h) => starts(h, OLE),
  docx: (h) => starts(h, ZIP),
  xlsx: (h) => starts(h, ZIP),
  odt: (h) => starts(h, ZIP),
  zip: (h) => starts(h, ZIP) || starts(h, [0x50, 0x4b, 0x05, 0x06]),
  rar: (h) => starts(h, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]),
  '7z': (h) => starts(h, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  exe: (h) => starts(h, [0x4d, 0x5a]),
  txt: (h) => !h.includes(0),
  avi: (h) => starts(h, [0x52, 0x49, 0x46, 0x46]) && starts(h, [0x41, 0x56, 0x49, 0x20], 8),
  mp4: (h) => starts(h, [0x66, 0x74, 0x79, 0x70], 4),
  mkv: (h) => starts(h, [0x1a, 0x45, 0xdf, 0xa3]),
  jpg: (h) => starts(h, [0xff, 0xd8, 0xff]),
  png: (h) => starts(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};

/** How many first bytes `contentMatches` needs. */
export const MAGIC_HEAD_BYTES = 16;

export const contentMatches = (extension: string, head: Uint8Array): boolean => MAGIC[extension]?.(head) ?? false;

export interface UploadRule {
  readonly extensions: readonly string[];
  readonly typeMessage: string;
}

/** Media types the players and the image view need (served by extension, never the uploader's claim). */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  jpg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
};

export const fileKindOf = (name: string): 'video' | 'image' | 'file' => {
  const ext = extensionOfName(name);
  if (ext === 'mp4' || ext === 'mkv' || ext === 'avi') return 'video';
  if (ext === 'jpg' || ext === 'png') return 'image';
  return 'file';
};
