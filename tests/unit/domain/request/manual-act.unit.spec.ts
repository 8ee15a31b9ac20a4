import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import {
  actContentMatches,
  actExtensionOf,
  actNeedsNumber,
  manualActMessages,
  manualActSchema,
  zipDirectoryOf,
  zipEntryNames,
  ZIP_TAIL_BYTES,
} from '../../../../domain/request/manual-act';

const zipOf = (entries: Record<string, string>, comment?: string): Buffer => {
  const zip = new PizZip();
  for (const [name, text] of Object.entries(entries)) zip.file(name, text);
  return zip.generate({ type: 'nodebuffer', ...(comment ? { comment } : {}) });
};
/** The entry names as the route reads them: the tail, then the central directory it points to. */
const namesOf = (file: Buffer): string[] | null => {
  const dir = zipDirectoryOf(file.subarray(Math.max(0, file.length - ZIP_TAIL_BYTES)));
  return dir ? zipEntryNames(file.subarray(dir.offset, dir.offset + dir.size)) : null;
};
const head = (file: Buffer) => file.subarray(0, 16);

describe('the file of a hand-uploaded act', () => {
  it('allows documents and scans, never archives or programs', () => {
    expect(['a.PDF', 'a.doc', 'a.docx', 'a.odt', 'a.xls', 'a.xlsx', 'a.jpg', 'a.jpeg', 'a.png'].map(actExtensionOf)).toEqual([
      'pdf', 'doc', 'docx', 'odt', 'xls', 'xlsx', 'jpg', 'jpeg', 'png',
    ]);
    for (const name of ['a.zip', 'a.rar', 'a.7z', 'a.exe', 'a', 'docx']) expect(actExtensionOf(name)).toBeNull();
  });

  it('reads the entry names of a zip from its central directory, behind a comment too', () => {
    expect(namesOf(zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }))).toEqual(['[Content_Types].xml', 'word/document.xml']);
    expect(namesOf(zipOf({ 'content.xml': 'x' }, 'комментарий'.repeat(100)))).toEqual(['content.xml']);
    expect(namesOf(Buffer.from('%PDF-1.4 not a zip'))).toBeNull();
    expect(zipEntryNames(new Uint8Array([1, 2, 3]))).toEqual([]);
  });

  it('matches the content with the extension: magic bytes, and the package parts of .docx/.xlsx/.odt', () => {
    const docx = zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const xlsx = zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    const odt = zipOf({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<office:document-content/>' });
    const other = zipOf({ 'readme.txt': 'x' });
    expect(actContentMatches('docx', head(docx), namesOf(docx))).toBe(true);
    expect(actContentMatches('xlsx', head(xlsx), namesOf(xlsx))).toBe(true);
    expect(actContentMatches('odt', head(odt), namesOf(odt))).toBe(true);
    expect(actContentMatches('docx', head(xlsx), namesOf(xlsx))).toBe(false);
    expect(actContentMatches('xlsx', head(docx), namesOf(docx))).toBe(false);
    expect(actContentMatches('docx', head(other), namesOf(other))).toBe(false);
    expect(actContentMatches('docx', head(docx), null)).toBe(false);

    const pdf = Buffer.from('%PDF-1.7\n');
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(actContentMatches('pdf', pdf, null)).toBe(true);
    expect(actContentMatches('doc', ole, null)).toBe(true);
    expect(actContentMatches('xls', ole, null)).toBe(true);
    expect(actContentMatches('jpg', jpeg, null)).toBe(true);
    expect(actContentMatches('jpeg', jpeg, null)).toBe(true);
    expect(actContentMatches('png', png, null)).toBe(true);
    expect(actContentMatches('pdf', head(docx), null)).toBe(false);
    expect(actContentMatches('doc', pdf, null)).toBe(false);
    expect(actContentMatches('png', jpeg, null)).toBe(false);
    expect(actContentMatches('pdf', new Uint8Array(0), null)).toBe(false);
  });
});

describe('the number and date of a hand-uploaded act', () => {
  const schema = manualActSchema({ createdAt: '2026-03-05T10:00:00.000Z' });
  const messageOf = (input: object) => {
    const r = schema.safeParse(input);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };

  it('are asked for every act with number fields; not for the learning act nor a plain document', () => {
    expect(actNeedsNumber('CO_8')).toBe(true);
    expect(actNeedsNumber('CO_41')).toBe(true);
    expect(actNeedsNumber('LEARNING')).toBe(false);
    expect(actNeedsNumber(null)).toBe(false);
    expect(messageOf({ act_kind: 'LEARNING' })).toBeNull();
    expect(messageOf({ act_kind: null })).toBeNull();
  });

  it('a number of 1 to 50 characters and a real date not before the request', () => {
    expect(messageOf({ act_kind: 'CO_8', act_number: 'СР-1/2026', act_date: '2026-03-05' })).toBeNull();
    expect(messageOf({ act_kind: 'CO_8', act_number: 'СР-1/2026', act_date: '2099-01-01' })).toBeNull();
    expect(messageOf({ act_kind: 'CO_8' })).toEqual([manualActMessages.number, manualActMessages.date]);
    expect(messageOf({ act_kind: 'CO_8', act_number: ' ', act_date: '' })).toEqual([manualActMessages.number, manualActMessages.date]);
    expect(messageOf({ act_kind: 'CO_8', act_number: 'x'.repeat(51), act_date: '2026-03-05' })).toEqual([manualActMessages.numberMax]);
    expect(messageOf({ act_kind: 'CO_8', act_number: '1', act_date: '2026-02-30' })).toEqual(['Неверная дата']);
    expect(messageOf({ act_kind: 'CO_8', act_number: '1', act_date: '05.03.2026' })).toEqual(['Введите дату в формате DD.MM.YYYY']);
    expect(messageOf({ act_kind: 'CO_8', act_number: '1', act_date: '2026-03-04' })).toEqual(['Дата должна быть больше или равна 05.03.2026']);
  });
});
