import { z } from 'zod';
import { contentMatches, extensionOfName } from '../news/files';
import { toDateOnly } from '../shared/dates';
import { actFields } from './acts';
import { actKindValues, type ActKind } from './enums';
import { checkIsoDate, dateMessages } from './validation';

/*
 * An act uploaded by hand in the documents tab (decisions 72–86): it must be a real document or scan, and it
 * carries the act's number and date, which fill the request's act fields as a generated act's do.
 */

export const ACT_NUMBER_MAX = 50;

export const manualActMessages = {
  number: 'Укажите номер акта',
  numberMax: `Номер акта не более ${ACT_NUMBER_MAX} символов`,
  date: 'Укажите дату акта',
  type: 'Акт должен быть документом PDF, Word (.doc, .docx), Excel (.xls, .xlsx), OpenDocument (.odt) или сканом (.jpg, .jpeg, .png)',
  content: (name: string) => `Файл «${name}» повреждён или не является документом своего типа`,
  typed: 'Номер и дата акта заполняются при формировании акта или при добавлении акта в разделе «Документы»',
} as const;

/** Acts that carry a number and a date (every act but the learning one): the upload dialog asks for both. */
export const actNeedsNumber = (kind: ActKind | null | undefined): boolean => kind != null && actFields[kind] !== null;

/**
 * The act part of a new document: number and date required for acts that have them, the date a real
 * day not before the request's creation (as for a generated act; a future date is allowed, as the
 * act dialogs allow it). The upload dialog and the save parse with it.
 */
export const manualActSchema = (context: { createdAt: string | null }) =>
  z
    .object({
      act_kind: z.enum(actKindValues).nullish(),
      act_number: z.string().nullish(),
      act_date: z.string().nullish(),
    })
    .superRefine((d, ctx) => {
      if (!actNeedsNumber(d.act_kind)) return;
      const number = (d.act_number ?? '').trim();
      if (number === '') ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['act_number'], message: manualActMessages.number });
      else if (number.length > ACT_NUMBER_MAX) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['act_number'], message: manualActMessages.numberMax });
      const day = d.act_date ?? '';
      const broken =
        day === ''
          ? manualActMessages.date
          : !/^\d{4}-\d{2}-\d{2}$/.test(day)
            ? dateMessages.format
            : checkIsoDate(day, { min: context.createdAt ? toDateOnly(context.createdAt) : null });
      if (broken) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['act_date'], message: broken });
    });

// ---------------------------------------------------------------------------------------------
// The file of an uploaded act, checked by its content

/** What an act may be: a document or a scan; never an archive. */
export const actFileExtensions = ['pdf', 'doc', 'docx', 'odt', 'xls', 'xlsx', 'jpg', 'jpeg', 'png'] as const;
type ActFileExtension = (typeof actFileExtensions)[number];

export const actExtensionOf = (name: string): ActFileExtension | null => {
  const ext = extensionOfName(name);
  return (actFileExtensions as readonly string[]).includes(ext) ? (ext as ActFileExtension) : null;
};

/** The entries a zip-based document must hold: its package manifest and its main part. */
const zipParts: Readonly<Partial<Record<ActFileExtension, readonly string[]>>> = {
  docx: ['[Content_Types].xml', 'word/document.xml'],
  xlsx: ['[Content_Types].xml', 'xl/workbook.xml'],
  odt: ['mimetype', 'content.xml'],
};

/** Whether the type is a zip package, so the caller reads its central directory (`zipDirectoryOf`, `zipEntryNames`). */
export const isZipPackage = (ext: ActFileExtension): boolean => zipParts[ext] !== undefined;

/**
 * Whether an act file is what its extension says: the first bytes (PDF '%PDF', OLE D0 CF 11 E0 for
 * .doc/.xls, JPEG, PNG), and for .docx/.xlsx/.odt a zip whose entries include the package's parts.
 */
export const actContentMatches = (ext: ActFileExtension, head: Uint8Array, zipNames: readonly string[] | null): boolean => {
  if (!contentMatches(ext === 'jpeg' ? 'jpg' : ext, head)) return false;
  const parts = zipParts[ext];
  return !parts || (zipNames !== null && parts.every((p) => zipNames.includes(p)));
};

const u16 = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, i: number) => (u16(b, i) | (u16(b, i + 2) << 16)) >>> 0;

/** The longest tail a zip's end-of-central-directory record can hide in (22 bytes + a 64 KB comment). */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

/** Where a zip's central directory lies, from the file's last `ZIP_TAIL_BYTES` bytes; null: not a zip. */
export const zipDirectoryOf = (tail: Uint8Array): { offset: number; size: number } | null => {
  for (let i = tail.length - 22; i >= 0; i--)
    if (u32(tail, i) === 0x06054b50) return { size: u32(tail, i + 12), offset: u32(tail, i + 16) };
  return null;
};

/** The entry names of a zip's central directory; stops at the first record that is not an entry. */
export const zipEntryNames = (directory: Uint8Array): string[] => {
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i + 46 <= directory.length && u32(directory, i) === 0x02014b50; ) {
    const nameLength = u16(directory, i + 28);
    names.push(decoder.decode(directory.subarray(i + 46, i + 46 + nameLength)));
    i += 46 + nameLength + u16(directory, i + 30) + u16(directory, i + 32);
  }
  return names;
};
