import { toolDecider, toolStreamId, toolsSetDecider, toolsSetStreamId, type ToolStateReason } from '../../domain/tool/decider';
import type { ToolState } from '../../domain/tool/states';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { handleCommand } from '../handle-command';
import type { CommandOutcome, WriteContext } from '../context';

export const registerTool = async (w: WriteContext, input: unknown, actor: Actor, ctx: CommandContext): Promise<CommandOutcome> => {
  const id = await w.ids.next('tool');
  const r = await handleCommand(w.store, toolDecider, toolStreamId(id), { type: 'RegisterTool', id, input, actor }, ctx);
  return { id, position: r.position };
};

export const registerToolsSet = async (
  w: WriteContext,
  input: unknown,
  toolIds: number[],
  actor: Actor,
  ctx: CommandContext,
): Promise<CommandOutcome> => {
  const id = await w.ids.next('tools_set');
  const r = await handleCommand(w.store, toolsSetDecider, toolsSetStreamId(id), { type: 'RegisterToolsSet', id, input, toolIds, actor }, ctx);
  return { id, position: r.position };
};

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
