import { catalogDecider, catalogStreamId } from '../../domain/catalog/decider';
import type { CatalogDefinition } from '../../domain/catalog/definitions';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { handleCommand } from '../handle-command';
import type { CommandOutcome, WriteContext } from '../context';

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
    type: 'CreateCatalogItem', catalog: def.name, id: newId, input, actor,
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
    type: 'UpdateCatalogItem', catalog: def.name, id, input, actor,
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
