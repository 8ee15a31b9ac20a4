import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import type { DomainEvent } from '../shared/events';
import { forbidden, invalid, notFound, refused } from '../shared/errors';
import { diffFields, parseOrThrow, type FieldChange } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { findCatalog, type CatalogDefinition } from './definitions';
import { unknownReference, type KnownReferences } from './references';

export type CatalogItem = Record<string, unknown>;

export type CatalogEvent =
  | DomainEvent<'CatalogItemCreated', { catalog: string; id: number; item: CatalogItem }>
  | DomainEvent<'CatalogItemUpdated', { catalog: string; id: number; item: CatalogItem; changes: FieldChange[] }>
  | DomainEvent<'CatalogItemDeleted', { catalog: string; id: number }>;

/** `known`: the existing ids of the catalogues the item refers to (domain/catalog/references.ts). */
export type CatalogCommand =
  | { type: 'CreateCatalogItem'; catalog: string; id: number; input: unknown; known?: KnownReferences; actor: Actor }
  | { type: 'UpdateCatalogItem'; catalog: string; id: number; input: unknown; known?: KnownReferences; actor: Actor }
  | { type: 'DeleteCatalogItem'; catalog: string; id: number; actor: Actor };

export interface CatalogState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly item: CatalogItem | null;
}

export const catalogStreamId = (catalog: string, id: number) => `catalog-${catalog}-${id}`;

const definitionOf = (name: string): CatalogDefinition => {
  const d = findCatalog(name);
  if (!d) throw notFound('Справочник не найден');
  return d;
};

const ensureMayEdit = (d: CatalogDefinition, actor: Actor) => {
  if (!hasFull(actor.rights, d.editRight)) throw forbidden(`Недостаточно прав для изменения справочника «${d.title}»`);
};

/** Fields guarded by their own right keep their old value unless the actor holds that right. */
const ensureFieldRights = (d: CatalogDefinition, actor: Actor, before: CatalogItem | null, after: CatalogItem) => {
  for (const [field, right] of Object.entries(d.fieldRights ?? {})) {
    // On creation only a value that is set counts as a change.
    const changed = before
      ? JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)
      : Boolean(after[field]);
    if (changed && !hasFull(actor.rights, right)) throw forbidden('Недостаточно прав для изменения этого поля');
  }
};

/** Every id the item names must exist; an unknown one is refused with its field's message. */
const ensureReferences = (d: CatalogDefinition, before: CatalogItem | null, after: CatalogItem, known: KnownReferences = {}) => {
  const missing = unknownReference(d.name, before, after, known);
  if (missing) throw invalid(missing.message, { [missing.field]: missing.message });
};

export const catalogDecider: Decider<CatalogState, CatalogCommand, CatalogEvent> = {
  initialState: () => ({ status: 'absent', item: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CatalogItemCreated':
      case 'CatalogItemUpdated':
        return { status: 'active', item: event.data.item };
      case 'CatalogItemDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide: (state, command) => {
    const d = definitionOf(command.catalog);
    ensureMayEdit(d, command.actor);
    switch (command.type) {
      case 'CreateCatalogItem': {
        if (state.status !== 'absent') throw refused('Запись уже существует');
        const item = parseOrThrow(d.schema, command.input) as CatalogItem;
        ensureFieldRights(d, command.actor, null, item);
        ensureReferences(d, null, item, command.known);
        return [{ type: 'CatalogItemCreated', data: { catalog: d.name, id: command.id, item } }];
      }
      case 'UpdateCatalogItem': {
        if (state.status !== 'active' || !state.item) throw notFound();
        const item = parseOrThrow(d.schema, { ...state.item, ...(command.input as object) }) as CatalogItem;
        ensureFieldRights(d, command.actor, state.item, item);
        ensureReferences(d, state.item, item, command.known);
        const changes = diffFields(state.item, item);
        if (changes.length === 0) return [];
        return [{ type: 'CatalogItemUpdated', data: { catalog: d.name, id: command.id, item, changes } }];
      }
      case 'DeleteCatalogItem':
        if (state.status !== 'active') throw notFound();
        return [{ type: 'CatalogItemDeleted', data: { catalog: d.name, id: command.id } }];
    }
  },
};
