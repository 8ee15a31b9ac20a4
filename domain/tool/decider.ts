import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import { forbidden, notFound, refused } from '../shared/errors';
import { diffFields, parseOrThrow } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { toolSchema, toolsSetSchema } from './schemas';
import type { ToolState } from './states';
import type { ToolEvent, ToolFields, ToolsSetEvent, ToolStateReason } from './events';

export type { ToolEvent, ToolFields, ToolsSetEvent, ToolStateReason, ToolFile, ToolsSetInput } from './events';
export { toolStreamId, toolsSetStreamId } from './events';

export type ToolCommand =
  | { type: 'RegisterTool'; id: number; input: unknown; actor: Actor }
  | { type: 'ChangeToolState'; id: number; state: ToolState; reason: ToolStateReason | null };

export interface ToolState_ {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly tool: ToolFields | null;
}


export const toolDecider: Decider<ToolState_, ToolCommand, ToolEvent> = {
  initialState: () => ({ status: 'absent', tool: null }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'ToolRegistered':
      case 'ToolUpdated':
        return { status: 'active', tool: e.data.tool };
      case 'ToolStateChanged':
        return s.tool ? { ...s, tool: { ...s.tool, state: e.data.state } } : s;
      case 'ToolDeleted':
        return { ...s, status: 'deleted' };
    }
  },
  decide: (s, c, ctx) => {
    switch (c.type) {
      case 'RegisterTool': {
        if (!hasFull(c.actor.rights, 'RIGHT_TOOLS_WRITE')) throw forbidden('Недостаточно прав для изменения оборудования');
        if (s.status !== 'absent') throw refused('Оборудование уже зарегистрировано');
        const tool: ToolFields = { ...parseOrThrow(toolSchema(ctx.now.slice(0, 10)), c.input), files: [] };
        return [{ type: 'ToolRegistered', data: { id: c.id, tool } }];
      }
      case 'ChangeToolState': {
        if (s.status !== 'active' || !s.tool) throw notFound('Оборудование не найдено');
        if (s.tool.state === c.state) return [];
        return [{ type: 'ToolStateChanged', data: { id: c.id, state: c.state, previous: s.tool.state, reason: c.reason } }];
      }
    }
  },
};

export type ToolsSetCommand = { type: 'RegisterToolsSet'; id: number; input: unknown; toolIds: number[]; actor: Actor };


export const toolsSetDecider: Decider<{ exists: boolean }, ToolsSetCommand, ToolsSetEvent> = {
  initialState: () => ({ exists: false }),
  evolve: () => ({ exists: true }),
  decide: (s, c, ctx) => {
    if (!hasFull(c.actor.rights, 'RIGHT_TOOLS_WRITE')) throw forbidden('Недостаточно прав для изменения оборудования');
    if (s.exists) throw refused('Комплект уже зарегистрирован');
    if (c.toolIds.length === 0) throw refused('Комплект должен содержать учетные единицы');
    const set = parseOrThrow(toolsSetSchema(ctx.now.slice(0, 10)), c.input);
    return [{ type: 'ToolsSetRegistered', data: { id: c.id, set, tool_ids: c.toolIds } }];
  },
};

export const toolChanges = (before: ToolFields, after: ToolFields) => diffFields(before, after);
