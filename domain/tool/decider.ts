import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import type { DomainEvent } from '../shared/events';
import { forbidden, notFound, refused } from '../shared/errors';
import { diffFields, parseOrThrow, type FieldChange } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { toolSchema, toolsSetSchema, type ToolInput, type ToolsSetInput } from './schemas';
import type { ToolState } from './states';

export type ToolFields = ToolInput;

/** Why a tool's state changed when a request changed it (requests.md 4.2, after a hard repair). */
export interface ToolStateReason {
  readonly request_id: number;
  readonly request_number: number | null;
}

export type ToolEvent =
  | DomainEvent<'ToolRegistered', { id: number; tool: ToolFields }>
  | DomainEvent<'ToolUpdated', { id: number; tool: ToolFields; changes: FieldChange[] }>
  | DomainEvent<'ToolStateChanged', { id: number; state: ToolState; previous: number; reason: ToolStateReason | null }>
  | DomainEvent<'ToolDeleted', { id: number }>;

export type ToolCommand =
  | { type: 'RegisterTool'; id: number; input: unknown; actor: Actor }
  | { type: 'ChangeToolState'; id: number; state: ToolState; reason: ToolStateReason | null };

export interface ToolState_ {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly tool: ToolFields | null;
}

export const toolStreamId = (id: number) => `tool-${id}`;

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
        const tool = parseOrThrow(toolSchema(ctx.now.slice(0, 10)), c.input);
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

export type ToolsSetEvent = DomainEvent<'ToolsSetRegistered', { id: number; set: ToolsSetInput; tool_ids: number[] }>;
export type ToolsSetCommand = { type: 'RegisterToolsSet'; id: number; input: unknown; toolIds: number[]; actor: Actor };

export const toolsSetStreamId = (id: number) => `tools_set-${id}`;

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
