/**
 * Headers of a download. The content type is the server's, chosen by the file's extension from
 * the types the spec allows to upload, never the type the uploader claimed (a claimed text/html
 * would make the browser render it on our origin); anything else is an opaque octet stream.
 */
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

export const downloadContentType = (fileName: string): string => {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || 'application/octet-stream';
};

// encodeURIComponent leaves ' ( ) * alone, but RFC 5987 attr-char does not allow them.
const encodeRfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` (never inline) with an ASCII fallback name and the UTF-8 name (RFC 6266/5987), so
 * Russian names survive; quotes, backslashes and control characters cannot break the header.
 */
export const attachmentDisposition = (fileName: string, fallback?: string): string => {
  const ascii = (fallback ?? fileName).replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
};
