import { z } from 'zod';
import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import type { DomainEvent } from '../shared/events';
import { forbidden, notFound, refused } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { boundedInt, string, text } from '../shared/primitives';
import type { StoredFile, UploadRule } from '../news/files';

/**
 * Manuals (administration.md 2.10, 3): folders holding items. A folder's items live in the folder's
 * own stream, so "a folder with items cannot be deleted" is decided from the stream alone.
 */
export const manualMessages = {
  title: 'Значение от 1 до 100 символов',
  contents: 'Не более 2000 символов',
  order: 'Число больше нуля',
  folderNotFound: 'Папка не найдена',
  itemNotFound: 'Материал не найден',
  fileNotFound: 'Файл не найден',
  folderHasItems: 'Нельзя удалить папку, в которой есть материалы',
  forbidden: 'Недостаточно прав для изменения обучающих материалов',
  saved: 'Сохранено',
  deleted: 'Удалено',
} as const;

export const manualFileRule: UploadRule = {
  extensions: ['pdf', 'doc', 'docx', 'odt', 'xls', 'xlsx', 'zip', 'rar', '7z', 'txt', 'avi', 'mp4', 'mkv', 'jpg', 'png'],
  typeMessage: 'Допустимые типы файлов: pdf, doc, docx, odt, xls, xlsx, zip, rar, 7z, txt, avi, mp4, mkv, jpg, png',
};

const order = boundedInt(1, 100000, { message: manualMessages.order, coerce: true }).nullish().transform((v) => v ?? 1);
const title = string(manualMessages.title).trim().min(1, manualMessages.title).max(99, manualMessages.title);

export const manualFolderSchema = z.object({ title, order });
export const manualItemSchema = z.object({ title, contents: text(1999, manualMessages.contents).nullish().transform((v) => v ?? ''), order });
export type ManualFolderFields = z.output<typeof manualFolderSchema>;
export type ManualItemFields = z.output<typeof manualItemSchema>;
export type ManualItem = ManualItemFields & { manual_item_files: StoredFile[] };

export type ManualEvent =
  | DomainEvent<'ManualFolderSaved', { id: number; folder: ManualFolderFields }>
  | DomainEvent<'ManualFolderDeleted', { id: number }>
  | DomainEvent<'ManualItemSaved', { id: number; manual_id: number; item: ManualItem }>
  | DomainEvent<'ManualItemDeleted', { id: number; manual_id: number }>;

export type ManualCommand =
  | { type: 'SaveManualFolder'; id: number; create: boolean; input: unknown; actor: Actor }
  | { type: 'DeleteManualFolder'; id: number; actor: Actor }
  | { type: 'SaveManualItem'; id: number; manual_id: number; create: boolean; input: unknown; files: StoredFile[]; actor: Actor }
  | { type: 'DeleteManualItem'; id: number; manual_id: number; actor: Actor };

export interface ManualState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly folder: ManualFolderFields | null;
  readonly items: Readonly<Record<number, ManualItem>>;
}

export const manualStreamId = (folderId: number) => `manual-${folderId}`;

export const manualDecider: Decider<ManualState, ManualCommand, ManualEvent> = {
  initialState: () => ({ status: 'absent', folder: null, items: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ManualFolderSaved':
        return { ...state, status: 'active', folder: event.data.folder };
      case 'ManualFolderDeleted':
        return { ...state, status: 'deleted' };
      case 'ManualItemSaved':
        return { ...state, items: { ...state.items, [event.data.id]: event.data.item } };
      case 'ManualItemDeleted': {
        const items = { ...state.items };
        delete items[event.data.id];
        return { ...state, items };
      }
    }
  },
  decide: (state, command) => {
    if (!hasFull(command.actor.rights, 'RIGHT_MANUALS_EDIT')) throw forbidden(manualMessages.forbidden);
    if (command.type === 'SaveManualFolder') {
      if (command.create ? state.status !== 'absent' : state.status !== 'active') throw notFound(manualMessages.folderNotFound);
      const folder = parseOrThrow(manualFolderSchema, { ...(state.folder ?? {}), ...(command.input as object) });
      if (JSON.stringify(folder) === JSON.stringify(state.folder)) return [];
      return [{ type: 'ManualFolderSaved', data: { id: command.id, folder } }];
    }
    if (state.status !== 'active') throw notFound(manualMessages.folderNotFound);
    switch (command.type) {
      case 'DeleteManualFolder':
        if (Object.keys(state.items).length > 0) throw refused(manualMessages.folderHasItems);
        return [{ type: 'ManualFolderDeleted', data: { id: command.id } }];
      case 'SaveManualItem': {
        const before = state.items[command.id];
        if (!command.create && !before) throw notFound(manualMessages.itemNotFound);
        const fields = parseOrThrow(manualItemSchema, { ...(before ?? {}), ...(command.input as object) });
        const item: ManualItem = { title: fields.title, contents: fields.contents, order: fields.order, manual_item_files: command.files };
        if (before && JSON.stringify(before) === JSON.stringify(item)) return [];
        return [{ type: 'ManualItemSaved', data: { id: command.id, manual_id: command.manual_id, item } }];
      }
      case 'DeleteManualItem':
        if (!state.items[command.id]) throw notFound(manualMessages.itemNotFound);
        return [{ type: 'ManualItemDeleted', data: { id: command.id, manual_id: command.manual_id } }];
    }
  },
};
