import { toolDecider, toolStreamId, toolsSetDecider, toolsSetStreamId, type ToolAggregate, type ToolStateReason } from '../../domain/tool/decider';
import type { ToolFile } from '../../domain/tool/events';
import type { ToolMachineEventType } from '../../domain/tool/machine';
import { toolMessages, toolPlacesOnlySchema, toolSchema } from '../../domain/tool/schemas';
import type { ToolState } from '../../domain/tool/states';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { notFound } from '../../domain/shared/errors';
import { parseOrThrow } from '../../domain/shared/validation';
import { scopeIncludes } from '../../domain/rights/scope';
import { readAggregate, type AggregateSnapshot } from '../aggregate';
import { handleCommand } from '../handle-command';
import { latest, type CommandOutcome, type WriteContext } from '../context';
import { checkToolReferences, type ToolWriteScope } from './references';

export { type ToolWriteScope } from './references';

const EVERYWHERE: ToolWriteScope = { all: true };
const today = (ctx: CommandContext) => ctx.now.slice(0, 10);

export const loadTool = (w: Pick<WriteContext, 'store'>, id: number): Promise<AggregateSnapshot<ToolAggregate>> =>
  readAggregate(w.store, toolDecider, toolStreamId(id));

/** A tool the caller may see (RIGHT_TOOLS_READ scope): anything else is 404, as if it did not exist. */
export const loadVisibleTool = async (w: Pick<WriteContext, 'store'>, id: number, scope: ToolWriteScope) => {
  const loaded = await loadTool(w, id);
  if (loaded.state.status !== 'active' || !loaded.state.tool || !scopeIncludes(scope, loaded.state.tool.unit_id)) throw notFound(toolMessages.notFound);
  return loaded;
};

/**
 * A card validated and checked against the references, as the decider will take it (its output is a
 * valid input again). Field messages of a tool inside a set are prefixed with `prefix`.
 */
export const checkedCard = async (w: WriteContext, input: unknown, scope: ToolWriteScope, ctx: CommandContext) => {
  const card = parseOrThrow(toolSchema(today(ctx)), input);
  await checkToolReferences(w, card, scope);
  return card;
};

export interface CreateToolArgs {
  readonly input: unknown;
  readonly actor: Actor;
  readonly scope: ToolWriteScope;
  readonly files?: readonly ToolFile[];
  readonly toolsSetId?: number | null;
}

/** POST /api/tool (and a new tool of a set save): validated, references checked, registered. */
export const createTool = async (w: WriteContext, args: CreateToolArgs, ctx: CommandContext): Promise<CommandOutcome> => {
  const card = await checkedCard(w, args.input, args.scope, ctx);
  const id = await w.ids.next('tool');
  const r = await handleCommand(w.store, toolDecider, toolStreamId(id), {
    type: 'RegisterTool', id, input: card, actor: args.actor, files: args.files, toolsSetId: args.toolsSetId, fromCard: true,
  }, ctx, { expectNew: true });
  return { id, position: r.position };
};

export interface UpdateToolArgs {
  readonly id: number;
  readonly input: unknown;
  readonly actor: Actor;
  readonly scope: ToolWriteScope;
  /** The stream revision the card was read at: a moved stream is refused (409). */
  readonly revision?: number | null;
  readonly keptFileIds?: readonly string[] | null;
  readonly newFiles?: readonly ToolFile[];
  readonly placesOnly?: boolean;
  /**
   * The tool as the caller has just read it through `loadVisibleTool` (the route checks visibility
   * before the files stream in): decided on without reading the stream again. A stream that moved
   * meanwhile fails the append and is read again (or refused, with `revision` pinned).
   */
  readonly loaded?: AggregateSnapshot<ToolAggregate>;
}


/** PUT /api/tool/{id} and PUT /api/tool_attr/{id}. */
export const updateTool = async (w: WriteContext, args: UpdateToolArgs, ctx: CommandContext): Promise<CommandOutcome & { changed: boolean }> => {
  const loaded = args.loaded ?? (await loadVisibleTool(w, args.id, args.scope));
  let input = args.input;
  if (args.placesOnly) {
    const { tool_places } = parseOrThrow(toolPlacesOnlySchema, input);
    const units = await w.lookups.networkUnits(tool_places.map((p) => p.unit_id));
    for (const [i, p] of tool_places.entries()) {
      const u = units.get(p.unit_id);
      if (!u || u.deleted) throw notFound(`Объект размещения ${i + 1} не найден`);
    }
    input = { tool_places };
  } else {
    input = await checkedCard(w, input, args.scope, ctx);
  }
  const r = await handleCommand(w.store, toolDecider, toolStreamId(args.id), {
    type: 'UpdateTool', id: args.id, input, actor: args.actor, keptFileIds: args.keptFileIds, newFiles: args.newFiles, placesOnly: args.placesOnly,
  }, ctx, { known: loaded, clientRevision: args.revision ?? null, staleMessage: toolMessages.stale });
  return { id: args.id, position: r.position, changed: r.events.length > 0 };
};

/** DELETE /api/tool/{id}. */
export const deleteTool = async (w: WriteContext, id: number, actor: Actor, scope: ToolWriteScope, ctx: CommandContext): Promise<CommandOutcome> => {
  const loaded = await loadVisibleTool(w, id, scope);
  const r = await handleCommand(w.store, toolDecider, toolStreamId(id), { type: 'DeleteTool', id, actor }, ctx, { known: loaded });
  return { id, position: r.position };
};

/** The tool stream follows a membership the set stream decided. */
export const setToolMembership = async (w: WriteContext, id: number, toolsSetId: number | null, ctx: CommandContext): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, toolDecider, toolStreamId(id), { type: 'SetToolMembership', id, toolsSetId }, ctx, { retries: 3 });
  return { id, position: r.position };
};

/** Registers a tool without the reference checks (the seed and tests, whose catalogues they made). */
export const registerTool = async (w: WriteContext, input: unknown, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const id = await w.ids.next('tool');
  const r = await handleCommand(w.store, toolDecider, toolStreamId(id), { type: 'RegisterTool', id, input, actor }, ctx);
  return { id, position: r.position };
};

/** Registers a set of existing tools (the seed and tests); the tools follow the membership first. */
export const registerToolsSet = async (
  w: WriteContext,
  input: unknown,
  toolIds: number[],
  actor: Actor,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const id = await w.ids.next('tools_set');
  // Decided first (pure) so a refused set leaves its tools alone.
  toolsSetDecider.decide(toolsSetDecider.initialState(), { type: 'RegisterToolsSet', id, input, toolIds, actor }, ctx);
  let position = null;
  for (const t of toolIds) position = latest(position, (await setToolMembership(w, t, id, ctx)).position);
  const r = await handleCommand(w.store, toolsSetDecider, toolsSetStreamId(id), { type: 'RegisterToolsSet', id, input, toolIds, actor }, ctx);
  return { id, position: latest(position, r.position) };
};

/** A state a request asks for (a hard repair's outcome): the machine decides whether it is reachable. */
export const changeToolState = async (
  w: WriteContext,
  id: number,
  state: ToolState,
  reason: ToolStateReason | null,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, toolDecider, toolStreamId(id), { type: 'ChangeToolState', id, state, reason }, ctx);
  return { id, position: r.position };
};

/** A machine event by name (commissioning puts a waiting tool in work). */
export const applyToolEvent = async (
  w: WriteContext,
  id: number,
  event: ToolMachineEventType,
  reason: ToolStateReason | null,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const r = await handleCommand(w.store, toolDecider, toolStreamId(id), { type: 'ApplyToolEvent', id, event, reason }, ctx);
  return { id, position: r.position };
};

export { EVERYWHERE as everywhere };
