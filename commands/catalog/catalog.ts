import { catalogDecider, catalogStreamId } from '../../domain/catalog/decider';
import type { CatalogDefinition } from '../../domain/catalog/definitions';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { referencedIds, referencesOf, type KnownReferences } from '../../domain/catalog/references';
import type { EventStore } from '../../infrastructure/eventstore/port';
import { handleCommand } from '../handle-command';
import { existingCatalogIds } from './catalog-refs';
import type { CommandOutcome, WriteContext } from '../context';

/** Looks up, in their streams, the items the submitted fields refer to. */
const knownReferences = async (store: EventStore, def: CatalogDefinition, input: unknown): Promise<KnownReferences> => {
  const fields = (input ?? {}) as Record<string, unknown>;
  const known: Record<string, number[]> = {};
  for (const ref of referencesOf(def.name))
    known[ref.catalog] = [...(known[ref.catalog] ?? []), ...(await existingCatalogIds(store, ref.catalog, referencedIds(fields[ref.field])))];
  return known;
};

export const createCatalogItem = async (
  w: WriteContext,
  def: CatalogDefinition,
  input: unknown,
  actor: Actor,
  ctx: CommandContext,
  id?: number,
): Promise<CommandOutcome> => {
  const newId = id ?? (await w.ids.next(`catalog:${def.name}`));
  const r = await handleCommand(w.store, catalogDecider, catalogStreamId(def.name, newId), {
    type: 'CreateCatalogItem', catalog: def.name, id: newId, input, known: await knownReferences(w.store, def, input), actor,
  }, ctx);
  return { id: newId, position: r.position };
};

export const updateCatalogItem = async (
  w: WriteContext,
  def: CatalogDefinition,
  id: number,
  input: unknown,
  actor: Actor,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, catalogDecider, catalogStreamId(def.name, id), {
    type: 'UpdateCatalogItem', catalog: def.name, id, input, known: await knownReferences(w.store, def, input), actor,
  }, ctx);
  return { id, position: r.position };
};

export const deleteCatalogItem = async (
  w: WriteContext,
  def: CatalogDefinition,
  id: number,
  actor: Actor,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, catalogDecider, catalogStreamId(def.name, id), {
    type: 'DeleteCatalogItem', catalog: def.name, id, actor,
  }, ctx);
  return { id, position: r.position };
};
