import type { ToolFileSection } from './events';

/** Upload rules of the card's Documents and Images tabs (equipment.md 7, 9). */
export const toolFileRules: Readonly<Record<ToolFileSection, { readonly field: string; readonly extensions: readonly string[]; readonly max: number; readonly typeMessage: string; readonly countMessage: string }>> = {
  tool_docs: {
    field: 'documents',
    extensions: ['png', 'jpeg', 'jpg', 'pdf', 'doc', 'docx', 'odt', 'xls', 'xlsx', 'zip', 'rar', '7z'],
    max: 20,
    typeMessage: 'Допустимые типы документов: png, jpeg, jpg, pdf, doc, docx, odt, xls, xlsx, zip, rar, 7z',
    countMessage: 'Не более 20 документов',
  },
  tool_pictures: {
    field: 'pictures',
    extensions: ['png', 'jpeg', 'jpg'],
    max: 20,
    typeMessage: 'Допустимые типы изображений: png, jpeg, jpg',
    countMessage: 'Не более 20 изображений',
  },
};

export const TOOL_FILE_MAX_BYTES = 52_428_800;

export const extensionOf = (name: string): string => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The section of an upload field name, or null for an unknown field. */
export const sectionOfField = (field: string): ToolFileSection | null =>
  field === 'documents' ? 'tool_docs' : field === 'pictures' ? 'tool_pictures' : null;

/** True when the first bytes are a PNG or JPEG signature (a picture whose name lies is refused). */
export const looksLikePicture = (head: Uint8Array): boolean =>
  (head.length >= 8 && head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) ||
  (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff);
