import {
  inventoryDecider,
  inventoryFinishSchema,
  inventoryMessages,
  inventoryMoveSchema,
  inventoryScanSchema,
  inventoryStartSchema,
  inventoryStreamId,
  type InventoryEvent,
  type InventoryState,
  type ScanTarget,
} from '../../domain/inventory';
import { toolIdOfUrl } from '../../domain/tool/labels';
import type { CommandContext } from '../../domain/shared/events';
import { conflict, forbidden, invalid, notFound } from '../../domain/shared/errors';
import { parseOrThrow } from '../../domain/shared/validation';
import { scopeIncludes, type UnitScope } from '../../domain/rights/scope';
import type { Actor } from '../../domain/shared/actor';
import { readAggregate, type AggregateSnapshot } from '../aggregate';
import { latest, type CommandOutcome, type WriteContext } from '../context';
import { handleCommand } from '../handle-command';
import { loadVisibleTool, updateTool } from '../tool/tools';
import { openRoundsOf } from './open-rounds-index';

/** Who acts on a round: RIGHT_TOOLS_WRITE FULL, within the RIGHT_TOOLS_READ scope (as card saves). */
export interface InventoryCaller {
  readonly actor: Actor;
  readonly scope: UnitScope;
  /** The host part of PUBLIC_URL: a scanned address of another host is a foreign code. */
  readonly publicUrl: string;
}

/** A round the caller may see: every unit of it in scope, or 404 as if it did not exist. */
export const loadRound = async (w: Pick<WriteContext, 'store'>, id: number, scope: UnitScope): Promise<AggregateSnapshot<InventoryState>> => {
  const loaded = await readAggregate(w.store, inventoryDecider, inventoryStreamId(id));
  if (!loaded.state.exists || !loaded.state.unit_ids.every((u) => scopeIncludes(scope, u))) throw notFound(inventoryMessages.notFound);
  return loaded;
};

/** POST /api/inventory { unit_ids }: a round over the objects, their registered units expected. */
export const startInventory = async (w: WriteContext, caller: InventoryCaller, input: unknown, ctx: CommandContext): Promise<CommandOutcome> => {
  const { unit_ids } = parseOrThrow(inventoryStartSchema, input);
  const units = await w.lookups.networkUnits(unit_ids);
  for (const u of unit_ids) {
    const unit = units.get(u);
    if (!unit || unit.deleted || !scopeIncludes(caller.scope, u)) throw notFound('Объект не найден');
  }
  for (const u of unit_ids) if ((await openRoundsOf(w, u)).length > 0) throw conflict(inventoryMessages.openExists);
  const expected = await w.lookups.inventoryToolsOfUnits(unit_ids);
  const id = await w.ids.next('inventory');
  const r = await handleCommand(
    w.store,
    inventoryDecider,
    inventoryStreamId(id),
    { type: 'StartInventory', id, unit_ids, expected, started_by: caller.actor.userId, started_by_name: caller.actor.fio ?? '' },
    ctx,
    { expectNew: true },
  );
  return { id, position: r.position };
};

/** A scanned or typed code as the registry knows it. */
const resolveCode = async (w: WriteContext, caller: InventoryCaller, state: InventoryState, code: string): Promise<ScanTarget> => {
  const trimmed = code.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    const ours = new URL(caller.publicUrl).host.toLowerCase();
    let host = '';
    try {
      host = new URL(trimmed).host.toLowerCase();
    } catch {
      throw invalid(inventoryMessages.foreignCode, { code: inventoryMessages.foreignCode });
    }
    const id = toolIdOfUrl(trimmed);
    if (host !== ours || id === null) throw invalid(inventoryMessages.foreignCode, { code: inventoryMessages.foreignCode });
    const tool = await w.lookups.inventoryToolById(id);
    return tool ? { kind: 'tool', tool } : { kind: 'unknown' };
  }
  const found = await w.lookups.inventoryToolsByNumber(trimmed);
  // A number shared by several units: the round's own units first (a serial may repeat across makers).
  const here = found.filter((t) => state.unit_ids.includes(t.unit_id));
  const candidates = here.length > 0 ? here : found;
  if (candidates.length > 1) throw invalid(inventoryMessages.ambiguous(candidates.length), { code: inventoryMessages.ambiguous(candidates.length) });
  return candidates.length === 1 ? { kind: 'tool', tool: candidates[0]! } : { kind: 'unknown' };
};

export interface ScanOutcome extends CommandOutcome {
  /** The event recorded; null when the unit had been scanned already. */
  readonly event: InventoryEvent | null;
  readonly target: ScanTarget;
}

/**
 * POST /api/inventory/{id}/scan { code | tool_id, at_unit_id?, confirm_unknown? }. A unit registered
 * outside the caller's scope is a foreign code (refused, nothing recorded): the round may not reveal it.
 */
export const scanInventory = async (w: WriteContext, caller: InventoryCaller, id: number, input: unknown, ctx: CommandContext): Promise<ScanOutcome> => {
  const body = parseOrThrow(inventoryScanSchema, input);
  const loaded = await loadRound(w, id, caller.scope);
  let target: ScanTarget;
  let code: string;
  if (body.tool_id !== null) {
    const tool = await w.lookups.inventoryToolById(body.tool_id);
    if (!tool) throw notFound('Оборудование не найдено');
    target = { kind: 'tool', tool };
    code = tool.inventar_number ?? tool.serial_number ?? String(tool.tool_id);
  } else {
    code = body.code!;
    target = await resolveCode(w, caller, loaded.state, code);
  }
  if (target.kind === 'tool' && !scopeIncludes(caller.scope, target.tool.unit_id)) throw forbidden('Единица числится на объекте вне вашей области: отметить её нельзя');
  const r = await handleCommand(
    w.store,
    inventoryDecider,
    inventoryStreamId(id),
    { type: 'ScanInventory', code, target, at_unit_id: body.at_unit_id, confirmUnknown: body.confirm_unknown },
    ctx,
    { known: loaded },
  );
  return { id, position: r.position, event: r.events[0] ?? null, target };
};

/**
 * POST /api/inventory/{id}/move { tool_id, move, room? }: a unit found elsewhere is moved to the object
 * where it was found (its card's object and a Location entry, through the tool's own rules) or left
 * where it is registered; the decision is recorded on the round after the tool's change.
 */
export const decideInventoryMove = async (w: WriteContext, caller: InventoryCaller, id: number, input: unknown, ctx: CommandContext): Promise<CommandOutcome> => {
  const body = parseOrThrow(inventoryMoveSchema, input);
  const toolId = body.tool_id!;
  const loaded = await loadRound(w, id, caller.scope);
  // Decided first (pure): a refused decision leaves the tool alone.
  const events = inventoryDecider.decide(loaded.state, { type: 'DecideInventoryMove', tool_id: toolId, move: body.move }, ctx);
  const decided = events[0]!.data as { to_unit_id: number };
  let position = null;
  if (body.move) {
    const tool = await loadVisibleTool(w, toolId, caller.scope);
    const card = tool.state.tool!;
    const place = { date_time: ctx.now.slice(0, 10), unit_id: decided.to_unit_id, room: body.room ?? `Инвентаризация № ${id}`, man_post: null, man_fio: caller.actor.fio ?? null };
    const input = { ...card, unit_id: decided.to_unit_id, tool_places: [...card.tool_places, place] };
    position = (await updateTool(w, { id: toolId, input, actor: caller.actor, scope: caller.scope, loaded: tool }, ctx)).position;
  }
  const r = await handleCommand(w.store, inventoryDecider, inventoryStreamId(id), { type: 'DecideInventoryMove', tool_id: toolId, move: body.move }, ctx, { known: loaded });
  return { id, position: latest(position, r.position) };
};

/** POST /api/inventory/{id}/finish { signers }: refused while a move is undecided. */
export const finishInventory = async (w: WriteContext, caller: InventoryCaller, id: number, input: unknown, ctx: CommandContext): Promise<CommandOutcome> => {
  const { signers } = parseOrThrow(inventoryFinishSchema, input);
  const loaded = await loadRound(w, id, caller.scope);
  const r = await handleCommand(w.store, inventoryDecider, inventoryStreamId(id), { type: 'FinishInventory', signers }, ctx, { known: loaded });
  return { id, position: r.position };
};
