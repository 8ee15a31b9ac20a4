import { open } from 'node:fs/promises';
import { MAGIC_HEAD_BYTES } from '../../domain/news/files';
import { invalid } from '../../domain/shared/errors';
import { extensionOf, looksLikePicture } from '../../domain/tool/files';
import { fileRefOf } from '../../infrastructure/files/file-store';
import type { AppContext } from '../context';
import { downloadContentType } from './download';
import type { Upload } from './multipart';

/** Up to `length` bytes of a staged upload from `position` (its signature, a zip's directory). */
export const bytesAt = async (path: string, position: number, length: number): Promise<Uint8Array> => {
  const f = await open(path, 'r');
  try {
    const buf = Buffer.alloc(Math.max(0, length));
    const { bytesRead } = await f.read(buf, 0, buf.length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await f.close();
  }
};

/** The first bytes of a staged upload, enough for every file signature we check. */
export const headOf = (path: string): Promise<Uint8Array> => bytesAt(path, 0, MAGIC_HEAD_BYTES);

const LIST_INVALID = 'Неверный список файлов';

/** `filesList`: the ids of the existing files kept (numbers, strings or `{ file_id }`); absent = null (all kept). */
export const keptFileIdsOf = (raw: unknown): string[] | null => {
  if (raw === undefined || raw === null || raw === '') return null;
  if (!Array.isArray(raw)) throw invalid(LIST_INVALID, { filesList: LIST_INVALID });
  return raw.map((e) => {
    const v = e && typeof e === 'object' ? ((e as Record<string, unknown>).file_id ?? (e as Record<string, unknown>).id) : e;
    if ((typeof v !== 'string' && typeof v !== 'number') || String(v).length > 40) throw invalid(LIST_INVALID, { filesList: LIST_INVALID });
    return String(v);
  });
};

/** The current files that `filesList` keeps (all when it is absent). */
export const keptFilesOf = <F extends { readonly file_id: string }>(raw: unknown, current: readonly F[]): F[] => {
  const ids = keptFileIdsOf(raw);
  if (ids === null) return [...current];
  const kept = new Set(ids);
  return current.filter((f) => kept.has(f.file_id));
};

/** One section's upload rule (equipment.md 7, 9: a card's or a model's Documents and Images). */
export interface SectionRule {
  readonly field: string;
  readonly extensions: readonly string[];
  readonly max: number;
  readonly typeMessage: string;
  readonly countMessage: string;
}

/**
 * The uploads of a multipart save as files of their sections: the field names the section, the
 * extension must be the section's, a picture must really be a PNG or JPEG, and a section holds at
 * most `max` files with the ones already `kept`.
 */
export const sectionedFilesOf = async <S extends string>(
  ctx: AppContext,
  uploads: readonly Upload[],
  sections: {
    readonly sectionOf: (field: string) => S | null;
    readonly rules: Readonly<Record<S, SectionRule>>;
    readonly pictures: S;
    readonly kept?: readonly { readonly section: S }[];
  },
): Promise<Array<ReturnType<typeof fileRefOf> & { section: S }>> => {
  const counts = new Map<S, number>();
  for (const f of sections.kept ?? []) counts.set(f.section, (counts.get(f.section) ?? 0) + 1);
  const out: Array<ReturnType<typeof fileRefOf> & { section: S }> = [];
  for (const u of uploads) {
    const section = sections.sectionOf(u.field);
    if (!section) throw invalid(`Неизвестное поле файла «${u.field}»`, { files: `Неизвестное поле файла «${u.field}»` });
    const rule = sections.rules[section];
    if (!rule.extensions.includes(extensionOf(u.name))) throw invalid(rule.typeMessage, { [rule.field]: rule.typeMessage });
    if (section === sections.pictures && !looksLikePicture(await headOf(u.blob.tmpPath))) throw invalid(rule.typeMessage, { [rule.field]: rule.typeMessage });
    const count = (counts.get(section) ?? 0) + 1;
    counts.set(section, count);
    if (count > rule.max) throw invalid(rule.countMessage, { [rule.field]: rule.countMessage });
    out.push({ ...fileRefOf(await ctx.ids.next('file'), u.name, downloadContentType(u.name), u.blob), section });
  }
  return out;
};
