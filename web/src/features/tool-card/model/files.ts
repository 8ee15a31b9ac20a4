import { fileMessages } from '@domain/request/files';
import type { ToolFileSection } from '@domain/tool/events';
import { TOOL_FILE_MAX_BYTES, extensionOf, toolFileRules } from '@domain/tool/files';

/** The types a section's file choice offers first ('.png', ...). */
export const toolFileAccept = (section: ToolFileSection): string[] => toolFileRules[section].extensions.map((e) => `.${e}`);

/** The first broken rule of one section's whole list (count, type, size), or null: the server's rules and messages. */
export const toolFilesError = (files: readonly { file_name: string; size: number }[], section: ToolFileSection): string | null => {
  const rule = toolFileRules[section];
  if (files.length > rule.max) return rule.countMessage;
  for (const f of files) if (!rule.extensions.includes(extensionOf(f.file_name))) return rule.typeMessage;
  for (const f of files) if (f.size > TOOL_FILE_MAX_BYTES) return fileMessages.tooBig50;
  return null;
};

/** The form path of a section's list error: the upload field the server names in its 400 too. */
export const filesErrorPath = (section: ToolFileSection) => toolFileRules[section].field;
