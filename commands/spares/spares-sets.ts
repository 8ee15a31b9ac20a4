import { readAggregate } from '../aggregate';
import { sparesMessages, sparesSetDecider, sparesSetStreamId, type SparesItem } from '../../domain/spares/decider';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import { handleCommand } from '../handle-command';
import { existingCatalogIds } from '../catalog/catalog-refs';
import type { CommandOutcome, WriteContext } from '../context';

/** An item as the dialog sends it: without an id when it is new. */
export type SparesItemInput = Omit<SparesItem, 'id'> & { id?: number | null };

export interface SparesSetInput {
  region_id: number;
  title: string;
  contract: string;
  items: SparesItemInput[];
}

/**
 * The regions whose stock the caller keeps (null = every region): a branch keeps its own region's
 * spares only (the route derives them from the caller's access level and region).
 */
export type SparesRegions = readonly number[] | null;

const FOREIGN_REGION = 'Нет прав на ЗИП другого региона';

/** The region must exist (a 400 with the field's message otherwise) and be one the caller keeps (403). */
const ensureRegion = async (w: WriteContext, regionId: unknown, regions: SparesRegions = null): Promise<number> => {
  const id = Number(regionId);
  if (!Number.isSafeInteger(id) || id < 1 || (await existingCatalogIds(w.store, 'regions', [id])).length === 0)
    throw invalid(sparesMessages.region, { region_id: sparesMessages.region });
  if (regions && !regions.includes(id)) throw forbidden(FOREIGN_REGION);
  return id;
};

/** An existing set of the caller's regions, read from its stream; another region's is as unknown. */
const ensureOwnSet = async (w: WriteContext, id: number, regions: SparesRegions) => {
  const aggregate = await readAggregate(w.store, sparesSetDecider, sparesSetStreamId(id));
  const { state } = aggregate;
  if (!state.registered || state.deleted || (regions && (state.region_id == null || !regions.includes(state.region_id)))) throw notFound(sparesMessages.notFound);
  return aggregate;
};

/** New items (no id) get ids from the counter; ids sent must be the set's own (checked by the decider's state). */
const withIds = async (w: WriteContext, items: readonly SparesItemInput[], own: ReadonlySet<number>): Promise<SparesItem[]> => {
  const fresh = items.filter((i) => i.id === undefined || i.id === null).length;
  let next = fresh ? await w.ids.nextBlock('spares_item', fresh) : 0;
  return items.map((item, i) => {
    if (item.id === undefined || item.id === null) return { ...item, id: next++ };
    if (!own.has(Number(item.id))) throw invalid(sparesMessages.unknownItem, { [`items.${i}.id`]: sparesMessages.unknownItem });
    return { ...item, id: Number(item.id) };
  });
};

/** Registers a spare-parts set (ЗИП) of a region; item ids come from the id counter. */
export const registerSparesSet = async (
  w: WriteContext,
  input: { region_id: number; title: string; contract: string; items: Array<Omit<SparesItem, 'id'>> },
  actor: Actor,
  context: CommandContext,
  options: { checkRegion?: boolean; regions?: SparesRegions } = {},
): Promise<CommandOutcome> => {
  const regionId = options.checkRegion ? await ensureRegion(w, input.region_id, options.regions) : input.region_id;
  const id = await w.ids.next('spares_set');
  const items = Array.isArray(input.items) ? await withIds(w, input.items.map((i) => ({ ...i, id: null })), new Set()) : input.items;
  const r = await handleCommand(w.store, sparesSetDecider, sparesSetStreamId(id), {
    type: 'RegisterSparesSet', actor, id, region_id: regionId, title: input.title, contract: input.contract, items,
  }, context);
  return { id, position: r.position };
};

/** The edit dialog's save of an existing set (its whole item list). */
export const updateSparesSet = async (
  w: WriteContext,
  id: number,
  input: SparesSetInput,
  actor: Actor,
  context: CommandContext,
  regions: SparesRegions = null,
): Promise<CommandOutcome> => {
  const { state } = await ensureOwnSet(w, id, regions);
  const regionId = await ensureRegion(w, input.region_id, regions);
  const items = Array.isArray(input.items) ? await withIds(w, input.items, new Set(state.items.map((i) => i.id))) : (input.items as unknown as SparesItem[]);
  const r = await handleCommand(w.store, sparesSetDecider, sparesSetStreamId(id), {
    type: 'UpdateSparesSet', actor, region_id: regionId, title: input.title, contract: input.contract, items,
  }, context);
  return { id, position: r.position };
};

export const removeSparesSetItem = async (
  w: WriteContext,
  id: number,
  itemId: number,
  actor: Actor,
  context: CommandContext,
  regions: SparesRegions = null,
): Promise<CommandOutcome> => {
  if (regions) await ensureOwnSet(w, id, regions);
  const r = await handleCommand(w.store, sparesSetDecider, sparesSetStreamId(id), { type: 'RemoveSparesSetItem', actor, item_id: itemId }, context);
  return { id, position: r.position };
};

export const deleteSparesSet = async (w: WriteContext, id: number, actor: Actor, context: CommandContext, regions: SparesRegions = null): Promise<CommandOutcome> => {
  if (regions) await ensureOwnSet(w, id, regions);
  const r = await handleCommand(w.store, sparesSetDecider, sparesSetStreamId(id), { type: 'DeleteSparesSet', actor }, context);
  return { id, position: r.position };
};
