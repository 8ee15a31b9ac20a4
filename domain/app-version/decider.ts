import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import type { DomainEvent } from '../shared/events';
import { forbidden, invalid, notFound } from '../shared/errors';
import { parseOrThrow } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { newestFirst, versionEntrySchema, type VersionEntry } from './schemas';

export type AppVersionEvent =
  | DomainEvent<'VersionEntrySaved', { entry: VersionEntry }>
  | DomainEvent<'VersionEntryDeleted', { id: number }>;

export type AppVersionCommand =
  /** `sanitize` cleans the entry's HTML (an allow-list of the handler); `existing` marks an edit (PUT). */
  | { type: 'SaveVersionEntry'; id: number; existing: boolean; input: unknown; sanitize: (html: string) => string; actor: Actor }
  | { type: 'DeleteVersionEntry'; id: number; actor: Actor };

export interface AppVersionState {
  readonly entries: readonly VersionEntry[];
}

/** The whole history is one small stream: a handful of entries a year, read newest first. */
export const APP_VERSIONS_STREAM = 'app_versions';

const ensureMayEdit = (actor: Actor) => {
  if (!hasFull(actor.rights, 'RIGHT_APP_VERSIONS_EDIT')) throw forbidden('Недостаточно прав для изменения истории версий');
};

export const appVersionDecider: Decider<AppVersionState, AppVersionCommand, AppVersionEvent> = {
  initialState: () => ({ entries: [] }),
  evolve: (state, e) => {
    switch (e.type) {
      case 'VersionEntrySaved':
        return { entries: [...state.entries.filter((x) => x.id !== e.data.entry.id), e.data.entry].sort(newestFirst) };
      case 'VersionEntryDeleted':
        return { entries: state.entries.filter((x) => x.id !== e.data.id) };
    }
  },
  decide: (state, command) => {
    ensureMayEdit(command.actor);
    const current = state.entries.find((x) => x.id === command.id);
    switch (command.type) {
      case 'SaveVersionEntry': {
        if (command.existing && !current) throw notFound('Запись истории версий не найдена');
        const input = parseOrThrow(versionEntrySchema, command.input);
        const notes = command.sanitize(input.notes).trim();
        // What is left after sanitising is what counts: a paste of only scripts is no description.
        if (!notes.replace(/<[^>]*>/g, '').trim()) throw invalid('Опишите изменения', { notes: 'Опишите изменения' });
        const entry: VersionEntry = { id: command.id, version: input.version, date: input.date, notes };
        if (current && current.version === entry.version && current.date === entry.date && current.notes === entry.notes) return [];
        return [{ type: 'VersionEntrySaved', data: { entry } }];
      }
      case 'DeleteVersionEntry':
        if (!current) throw notFound('Запись истории версий не найдена');
        return [{ type: 'VersionEntryDeleted', data: { id: command.id } }];
    }
  },
};
