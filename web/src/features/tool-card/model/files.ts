import { FILE_MAX_BYTES, allowedFileExtensions, fileMessages } from '@domain/request/files';
import type { ToolFileSection } from '@domain/tool/events';

/** Documents take the request documents' types; pictures only images (issue 11 contract). */
export const toolFileExtensions: Record<ToolFileSection, readonly string[]> = {
  tool_docs: allowedFileExtensions,
  tool_pictures: ['.png', '.jpeg', '.jpg'],
};

export const TOOL_FILES_MAX = 20;

/** The first broken rule of one section's whole list (count, type, size), or null. */
export const toolFilesError = (files: readonly { file_name: string; size: number }[], section: ToolFileSection): string | null => {
  if (files.length > TOOL_FILES_MAX) return fileMessages.tooMany20;
  const allowed = toolFileExtensions[section];
  for (const f of files) if (!allowed.some((ext) => f.file_name.toLowerCase().endsWith(ext))) return fileMessages.type;
  for (const f of files) if (f.size > FILE_MAX_BYTES) return fileMessages.tooBig50;
  return null;
};

/** The form path of a section's list error. */
export const filesErrorPath = (section: ToolFileSection) => (section === 'tool_docs' ? 'filesDocs' : 'filesPictures');
