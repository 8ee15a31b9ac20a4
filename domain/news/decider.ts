import { z } from 'zod';
import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import type { DomainEvent } from '../shared/events';
import { forbidden, invalid, notFound } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { date, id, string, text } from '../shared/primitives';
import type { StoredFile, UploadRule } from './files';

/** Support news about software renewals (administration.md 2.10, 3, 5): /gas-soft-renewal. */
export const newsMessages = {
  title: 'Укажите заголовок',
  description: 'Не более 2000 символов',
  program: 'Нужно выбрать',
  files: 'Нужно добавить файлы',
  date: 'Укажите дату',
  futureDate: 'Дата не может быть позже сегодняшней',
  notSpecial: 'Нужно выбрать специальное программное обеспечение',
  notFound: 'Новость не найдена',
  fileNotFound: 'Файл не найден',
  forbidden: 'Недостаточно прав для изменения новостей поддержки',
  saved: 'Сохранено',
  deleted: 'Удалено',
} as const;

export const newsFileRule: UploadRule = {
  extensions: ['pdf', 'doc', 'docx', 'odt', 'xls', 'xlsx', 'zip', 'rar', '7z', 'exe', 'txt'],
  typeMessage: 'Допустимые типы файлов: pdf, doc, docx, odt, xls, xlsx, zip, rar, 7z, exe, txt',
};

/** The fields the dialog sends (files are set by the server from the uploads). */
export const newsSchema = z.object({
  date: date(newsMessages.date).transform((v) => v.slice(0, 10)),
  title: string(newsMessages.title).trim().min(1, newsMessages.title).max(199, 'Значение от 1 до 200 символов'),
  description: text(1999, newsMessages.description).nullish().transform((v) => v ?? ''),
  program_id: id({ message: newsMessages.program }),
});
export type NewsInput = z.input<typeof newsSchema>;
export type NewsFields = z.output<typeof newsSchema>;
export type NewsItem = NewsFields & { gas_soft_renewals_files: StoredFile[] };

export type NewsEvent =
  | DomainEvent<'NewsCreated', { id: number; item: NewsItem }>
  | DomainEvent<'NewsUpdated', { id: number; item: NewsItem }>
  | DomainEvent<'NewsDeleted', { id: number }>;

/**
 * `program`: the chosen software as its stream has it (null: no such program), read by the handler;
 * `today`: the caller's calendar day, so a renewal dated in the future is refused.
 */
export type NewsCommand =
  | { type: 'SaveNews'; id: number; create: boolean; input: unknown; files: StoredFile[]; program: { type: number } | null; today: string; actor: Actor }
  | { type: 'DeleteNews'; id: number; actor: Actor };

export interface NewsState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly item: NewsItem | null;
}

export const newsStreamId = (id: number) => `news-${id}`;
/** Special software (СПО) is type 1 in the catalogue (administration.md 3). */
export const SPECIAL_SOFTWARE = 1;

export const newsDecider: Decider<NewsState, NewsCommand, NewsEvent> = {
  initialState: () => ({ status: 'absent', item: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'NewsCreated':
      case 'NewsUpdated':
        return { status: 'active', item: event.data.item };
      case 'NewsDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide: (state, command) => {
    if (!hasFull(command.actor.rights, 'RIGHT_GAS_SOFT_RENEWAL_EDIT')) throw forbidden(newsMessages.forbidden);
    if (command.type === 'DeleteNews') {
      if (state.status !== 'active') throw notFound(newsMessages.notFound);
      return [{ type: 'NewsDeleted', data: { id: command.id } }];
    }
    if (command.create ? state.status !== 'absent' : state.status !== 'active') throw notFound(newsMessages.notFound);
    const fields = parseOrThrow(newsSchema, { ...(state.item ?? {}), ...(command.input as object) });
    if (fields.date > command.today) throw invalid(newsMessages.futureDate, { date: newsMessages.futureDate });
    if (!command.program) throw invalid(newsMessages.program, { program_id: newsMessages.program });
    if (command.program.type !== SPECIAL_SOFTWARE) throw invalid(newsMessages.notSpecial, { program_id: newsMessages.notSpecial });
    if (command.files.length === 0) throw invalid(newsMessages.files, { files: newsMessages.files });
    const item: NewsItem = { ...fields, gas_soft_renewals_files: command.files };
    if (state.status === 'absent') return [{ type: 'NewsCreated', data: { id: command.id, item } }];
    if (JSON.stringify(state.item) === JSON.stringify(item)) return [];
    return [{ type: 'NewsUpdated', data: { id: command.id, item } }];
  },
};
