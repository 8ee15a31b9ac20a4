import { z } from 'zod';
import { requiredText } from '../catalog/schemas';
import { date } from '../shared/primitives';

/** Rich text of one entry, as HTML (the server sanitises it before it is stored). */
export const VERSION_NOTES_MAX = 20000;

/** One entry of the version history (administration.md 2.10 'Version history', 7 versions-history). */
export const versionEntrySchema = z.object({
  version: requiredText('Укажите версию', 49, 'Не более 50 символов'),
  date: date('Укажите дату').refine((v) => v.length === 10, 'Укажите дату'),
  notes: z
    .string({ invalid_type_error: 'Опишите изменения', required_error: 'Опишите изменения' })
    .max(VERSION_NOTES_MAX, `Не более ${VERSION_NOTES_MAX} символов`)
    .default(''),
});
export type VersionEntryInput = z.output<typeof versionEntrySchema>;

export interface VersionEntry extends VersionEntryInput {
  readonly id: number;
}

/** Newest first: by date, then by id (two entries of one day keep the order they were added in). */
export const newestFirst = (a: VersionEntry, b: VersionEntry) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1);
