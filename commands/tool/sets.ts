import { toolDecider, toolStreamId, toolsSetDecider, toolsSetStreamId, type ToolsSetAggregate } from '../../domain/tool/decider';
import { toolMessages, toolsSetSchema, type ToolCardFields } from '../../domain/tool/schemas';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { DomainError, invalid, notFound } from '../../domain/shared/errors';
import { parseOrThrow } from '../../domain/shared/validation';
import { scopeIncludes } from '../../domain/rights/scope';
import { readAggregate, type AggregateSnapshot } from '../aggregate';
import { handleCommand } from '../handle-command';
import { latest, type CommandOutcome, type WriteContext } from '../context';
import { checkedCard, createTool, loadVisibleTool, setToolMembership, type ToolWriteScope } from './tools';
import type { Position } from '../../infrastructure/eventstore/port';

export interface SaveToolsSetArgs {
  /** null: a new set (also a copy: the client cleared the ids). */
  readonly id: number | null;
  readonly toolsSet: unknown;
  /** Card inputs; `id` null for a new tool. */
  readonly tools: unknown;
  readonly actor: Actor;
  readonly scope: ToolWriteScope;
  readonly revision?: number | null;
}

export const loadToolsSet = (w: Pick<WriteContext, 'store'>, id: number): Promise<AggregateSnapshot<ToolsSetAggregate>> =>
  readAggregate(w.store, toolsSetDecider, toolsSetStreamId(id));

const loadVisibleSet = async (w: WriteContext, id: number, scope: ToolWriteScope) => {
  const loaded = await loadToolsSet(w, id);
  if (loaded.state.status !== 'active' || !loaded.state.set || !scopeIncludes(scope, loaded.state.set.unit_id)) throw notFound(toolMessages.setNotFound);
  return loaded;
};

/** A tool's messages inside the set, keyed `tools.<i>.<field>` so the dialog can point at the row. */
const withinTool = async <T>(index: number, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') {
      const fields = Object.fromEntries(Object.entries(error.fieldErrors ?? {}).map(([k, v]) => [`tools.${index}.${k}`, v]));
      throw invalid(`Учетная единица ${index + 1}: ${error.message}`, fields);
    }
    throw error;
  }
};

/**
 * POST /api/tools_sets and PUT /api/tools_sets/{id} (equipment.md 7): the set and every tool are
 * validated first (schemas, references, each existing tool's decision on its stream), then the tools
 * are appended (new ones registered into the set, kept ones saved), and the set's event last: the set
 * stream is the authority on membership. Tools dropped from the set stay, outside any set.
 */
export const saveToolsSet = async (w: WriteContext, args: SaveToolsSetArgs, ctx: CommandContext): Promise<CommandOutcome> => {
  const today = ctx.now.slice(0, 10);
  const loadedSet = args.id !== null ? await loadVisibleSet(w, args.id, args.scope) : null;
  const set = parseOrThrow(toolsSetSchema(today), args.toolsSet);
  const units = await w.lookups.networkUnits([set.unit_id]);
  const unit = units.get(set.unit_id);
  if (!unit || unit.deleted) throw invalid(toolMessages.setUnit, { unit_id: toolMessages.setUnit });
  if (!scopeIncludes(args.scope, set.unit_id)) throw notFound('Объект не найден');
  if (!(await w.lookups.catalogItemExists('tools_sets_names', set.type_id))) throw invalid(toolMessages.setType, { type_id: toolMessages.setType });
  const inputs = Array.isArray(args.tools) ? (args.tools as unknown[]) : [];
  if (inputs.length === 0) throw invalid(toolMessages.setEmpty, { tools: toolMessages.setEmpty });

  // Everything is checked before anything is written.
  const planned: Array<{ id: number | null; card: ToolCardFields; revision: number | null }> = [];
  for (const [i, raw] of inputs.entries()) {
    const obj = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const rawId = obj.id;
    const id = rawId === null || rawId === undefined || rawId === '' ? null : Number(rawId);
    if (id !== null && (!Number.isInteger(id) || id < 1)) throw invalid('Неверный идентификатор', { [`tools.${i}.id`]: 'Неверный идентификатор' });
    // The set's object is its tools' object.
    const card = await withinTool(i, () => checkedCard(w, { ...obj, unit_id: set.unit_id }, args.scope, ctx));
    let revision: number | null = null;
    if (id !== null) {
      const loaded = await loadVisibleTool(w, id, args.scope);
      // One set at a time: a tool of another set leaves it there first (that set's save or delete).
      const other = loaded.state.tool!.tools_set_id;
      if (other !== null && other !== args.id) {
        const otherSet = await loadToolsSet(w, other);
        if (otherSet.state.status === 'active' && otherSet.state.tool_ids.includes(id))
          throw invalid('Учетная единица входит в другой комплект', { [`tools.${i}.id`]: 'Учетная единица входит в другой комплект' });
      }
      // Dry run: the tool's own rules (editability, transitions) refuse here, before any append.
      await withinTool(i, async () => toolDecider.decide(loaded.state, { type: 'UpdateTool', id, input: card, actor: args.actor }, ctx));
      revision = loaded.revision;
    } else {
      toolDecider.decide(toolDecider.initialState(), { type: 'RegisterTool', id: 0, input: card, actor: args.actor, fromCard: true }, ctx);
    }
    planned.push({ id, card, revision });
  }
  const ids = planned.map((p) => p.id).filter((x): x is number => x !== null);
  if (new Set(ids).size !== ids.length) throw invalid('Учетная единица указана в комплекте дважды');
  const setId = args.id ?? (await w.ids.next('tools_set'));
  // The set's own decision, dry: its refusals come before any tool is written.
  const setCommand = { input: set, toolIds: [0], actor: args.actor };
  toolsSetDecider.decide(loadedSet?.state ?? toolsSetDecider.initialState(), args.id === null ? { type: 'RegisterToolsSet', id: setId, ...setCommand } : { type: 'UpdateToolsSet', id: setId, ...setCommand }, ctx);

  let position: Position | null = null;
  const toolIds: number[] = [];
  for (const p of planned) {
    if (p.id === null) {
      const r = await createTool(w, { input: p.card, actor: args.actor, scope: args.scope, toolsSetId: setId }, ctx);
      toolIds.push(r.id);
      position = latest(position, r.position);
    } else {
      const r = await handleCommand(w.store, toolDecider, toolStreamId(p.id), { type: 'UpdateTool', id: p.id, input: p.card, actor: args.actor }, ctx);
      const m = await setToolMembership(w, p.id, setId, ctx);
      toolIds.push(p.id);
      position = latest(position, r.position, m.position);
    }
  }
  const r =
    args.id === null
      ? await handleCommand(w.store, toolsSetDecider, toolsSetStreamId(setId), { type: 'RegisterToolsSet', id: setId, input: set, toolIds, actor: args.actor }, ctx, { expectNew: true })
      : await handleCommand(w.store, toolsSetDecider, toolsSetStreamId(setId), { type: 'UpdateToolsSet', id: setId, input: set, toolIds, actor: args.actor }, ctx, {
          known: loadedSet!, clientRevision: args.revision ?? null, staleMessage: toolMessages.stale,
        });
  position = latest(position, r.position);
  // Tools dropped from the set stay, outside any set.
  for (const e of r.events) if (e.type === 'ToolsSetUpdated') for (const t of e.data.removed_tool_ids) position = latest(position, (await setToolMembership(w, t, null, ctx).catch(() => ({ position: null }))).position);
  return { id: setId, position };
};

/** DELETE /api/tools_sets/{id}: the set goes, its tools stay outside any set. */
export const deleteToolsSet = async (w: WriteContext, id: number, actor: Actor, scope: ToolWriteScope, ctx: CommandContext): Promise<CommandOutcome> => {
  const loaded = await loadVisibleSet(w, id, scope);
  const r = await handleCommand(w.store, toolsSetDecider, toolsSetStreamId(id), { type: 'DeleteToolsSet', id, actor }, ctx, { known: loaded });
  let position = r.position;
  for (const t of loaded.state.tool_ids) position = latest(position, (await setToolMembership(w, t, null, ctx).catch(() => ({ position: null }))).position);
  return { id, position };
};
