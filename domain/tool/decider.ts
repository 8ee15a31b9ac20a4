import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import { forbidden, invalid, notFound, refused } from '../shared/errors';
import { diffFields, parseOrThrow } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { toolMessages, toolPlacesOnlySchema, toolSchema, toolsSetSchema } from './schemas';
import { toolStateTitles, type ToolState } from './states';
import { withToolListDefaults, type ToolEvent, type ToolFields, type ToolFile, type ToolsSetEvent, type ToolsSetFields, type ToolStateReason } from './events';
import { eventBetween, newToolStates, stateAfter, toolEditableItems, transitionRefusal } from './lifecycle';
import type { ToolEditItem, ToolMachineEventType } from './machine';
import { toolFieldNames, toolFields } from './fields';

export type { ToolEvent, ToolFields, ToolsSetEvent, ToolStateReason, ToolFile, ToolsSetInput } from './events';
export { toolStreamId, toolsSetStreamId } from './events';

export type ToolCommand =
  /**
   * A new tool; files are the uploads already stored. `fromCard`: the card's (and the set dialog's)
   * new-tool states apply (toolStateChoices(null)); an import or the seed registers existing
   * equipment in whatever state it is in.
   */
  | { type: 'RegisterTool'; id: number; input: unknown; actor: Actor; files?: readonly ToolFile[]; toolsSetId?: number | null; fromCard?: boolean }
  /**
   * A card save. `keptFileIds` lists the existing files kept (null: all kept); `placesOnly` takes only
   * tool_places of the input (PUT /api/tool_attr by a holder of the place right alone).
   */
  | {
      type: 'UpdateTool';
      id: number;
      input: unknown;
      actor: Actor;
      keptFileIds?: readonly string[] | null;
      newFiles?: readonly ToolFile[];
      placesOnly?: boolean;
    }
  /** A state a request or an act asks for; the machine decides whether a transition leads there. */
  | { type: 'ChangeToolState'; id: number; state: ToolState; reason: ToolStateReason | null }
  /** A machine event by name (commissioning). */
  | { type: 'ApplyToolEvent'; id: number; event: ToolMachineEventType; reason: ToolStateReason | null }
  | { type: 'DeleteTool'; id: number; actor: Actor }
  /** The set stream decided membership (a set save or delete); the tool stream follows it. */
  | { type: 'SetToolMembership'; id: number; toolsSetId: number | null }
  /**
   * The Excel import keeps a tool a live request names (issue 33): `input` is the file row with its
   * serial number (its card fields replace the card's, the state stays: the request owns it), or null
   * when the file has no such row (the note gets `note`). Membership follows the new registry.
   */
  | { type: 'KeepToolAtImport'; id: number; actor: Actor; input: unknown; note: string | null; toolsSetId: number | null };

export interface ToolAggregate {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly tool: ToolFields | null;
}
/** @deprecated the old name of the tool aggregate's state. */
export type ToolState_ = ToolAggregate;

const requireWrite = (actor: Actor) => {
  if (!hasFull(actor.rights, 'RIGHT_TOOLS_WRITE')) throw forbidden(toolMessages.noWrite);
};

const today = (now: string) => now.slice(0, 10);

/** The card's state field offers only what the machine allows: anything else is a bad input there. */
const stateInvalid = (message: string) => invalid(message, { state: message });

/** Whether a field of the card may change under these edit items (a group, or a single General field). */
const fieldEditable = (field: keyof ToolFields, items: ReadonlySet<ToolEditItem>): boolean =>
  toolFields[field].groups.some((g) => items.has(g)) || ((field === 'state' || field === 'description') && items.has(field));

const sectionEditable = (file: Pick<ToolFile, 'section'>, items: ReadonlySet<ToolEditItem>): boolean =>
  items.has(file.section === 'tool_pictures' ? 'pictures' : 'documents');

/** The card fields a file row carries (equipment.md 5); state, lists and files stay the tool's. */
const importedFields = [
  'tool_kind_id', 'manufacturer_id', 'model_id', 'model', 'serial_number', 'inventar_number', 'owner_type_id',
  'work_in_dt', 'guaranty_dt', 'buh_name', 'description',
] as const satisfies ReadonlyArray<keyof ToolFields>;

const listFields: ReadonlySet<keyof ToolFields> = new Set(['tool_softwares', 'traits', 'tool_places', 'tool_movings']);



/** A state change the machine must accept; the same state is no change. */
const stateChange = (s: ToolAggregate, id: number, to: ToolState, reason: ToolStateReason | null): ToolEvent[] => {
  if (s.status !== 'active' || !s.tool) throw notFound(toolMessages.notFound);
  const from = s.tool.state;
  if (from === to) return [];
  if (eventBetween(from, to) === null) throw refused(transitionRefusal(from, to));
  return [{ type: 'ToolStateChanged', data: { id, state: to, previous: from, reason } }];
};

/** The card's next values: every field the state lets this caller edit from the input, the rest kept. */
const nextToolOf = (s: ToolFields, c: Extract<ToolCommand, { type: 'UpdateTool' }>, items: ReadonlySet<ToolEditItem>, now: string): ToolFields => {
  let next: ToolFields;
  if (c.placesOnly) {
    if (!items.has('places')) throw forbidden(toolMessages.noPlaceEdit);
    next = { ...s, tool_places: parseOrThrow(toolPlacesOnlySchema, c.input).tool_places };
  } else {
    const card = parseOrThrow(toolSchema(today(now)), c.input);
    next = { ...s };
    const raw = (c.input ?? {}) as Record<string, unknown>;
    for (const f of toolFieldNames) {
      // The set stream owns membership; files come as uploads and kept ids.
      if (f === 'files' || f === 'tools_set_id') continue;
      // A list the save does not send is unchanged (not emptied by the schema's default).
      if (listFields.has(f) && !(f in raw)) continue;
      if (fieldEditable(f, items)) (next as unknown as Record<string, unknown>)[f] = card[f];
    }
    if (next.state !== s.state && eventBetween(s.state, next.state) === null) throw stateInvalid(transitionRefusal(s.state, next.state));
  }
  const kept = c.keptFileIds == null ? null : new Set(c.keptFileIds);
  const newFiles = c.newFiles ?? [];
  if (newFiles.some((f) => !sectionEditable(f, items))) throw forbidden(toolMessages.noWrite);
  next.files = [...s.files.filter((f) => kept === null || !sectionEditable(f, items) || kept.has(f.file_id)), ...newFiles];
  return next;
};

export const toolDecider: Decider<ToolAggregate, ToolCommand, ToolEvent> = {
  initialState: () => ({ status: 'absent', tool: null }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'ToolRegistered':
      case 'ToolUpdated':
        // Events written by earlier versions lack the lists.
        return { status: 'active', tool: withToolListDefaults(e.data.tool) };
      case 'ToolStateChanged':
        return s.tool ? { ...s, tool: { ...s.tool, state: e.data.state } } : s;
      case 'ToolDeleted':
        return { ...s, status: 'deleted' };
    }
  },
  decide: (s, c, ctx) => {
    switch (c.type) {
      case 'RegisterTool': {
        requireWrite(c.actor);
        if (s.status !== 'absent') throw refused('Оборудование уже зарегистрировано');
        const card = parseOrThrow(toolSchema(today(ctx.now)), c.input);
        if (c.fromCard && !newToolStates.includes(card.state)) throw stateInvalid(toolMessages.newState);
        const tool: ToolFields = { ...card, tools_set_id: c.toolsSetId !== undefined ? c.toolsSetId : card.tools_set_id, files: [...(c.files ?? [])] };
        return [{ type: 'ToolRegistered', data: { id: c.id, tool } }];
      }
      case 'UpdateTool': {
        if (s.status !== 'active' || !s.tool) throw notFound(toolMessages.notFound);
        const items = toolEditableItems(s.tool.state, c.actor.rights);
        if (items.size === 0) throw forbidden(hasFull(c.actor.rights, 'RIGHT_TOOLS_WRITE') || hasFull(c.actor.rights, 'RIGHT_TOOLS_PLACE_EDIT') ? 'Оборудование в этом состоянии не редактируется' : toolMessages.noWrite);
        const next = nextToolOf(s.tool, c, items, ctx.now);
        const changes = diffFields(s.tool, next, toolFieldNames);
        if (changes.length === 0) return [];
        return [{ type: 'ToolUpdated', data: { id: c.id, tool: next, changes } }];
      }
      case 'ChangeToolState':
        return stateChange(s, c.id, c.state, c.reason);
      case 'ApplyToolEvent': {
        if (s.status !== 'active' || !s.tool) throw notFound(toolMessages.notFound);
        const to = stateAfter(s.tool.state, c.event);
        if (to === null) throw refused(`Действие недоступно для оборудования в состоянии «${toolStateTitles[s.tool.state]}»`);
        return stateChange(s, c.id, to, c.reason);
      }
      case 'DeleteTool': {
        requireWrite(c.actor);
        if (s.status !== 'active') throw notFound(toolMessages.notFound);
        return [{ type: 'ToolDeleted', data: { id: c.id } }];
      }
      case 'KeepToolAtImport': {
        requireWrite(c.actor);
        if (s.status !== 'active' || !s.tool) throw notFound(toolMessages.notFound);
        const next: ToolFields = { ...s.tool, tools_set_id: c.toolsSetId };
        if (c.input !== null) {
          const card = parseOrThrow(toolSchema(today(ctx.now)), c.input);
          for (const f of importedFields) (next as unknown as Record<string, unknown>)[f] = card[f];
        } else if (c.note !== null) next.description = c.note;
        const changes = diffFields(s.tool, next, toolFieldNames);
        return changes.length === 0 ? [] : [{ type: 'ToolUpdated', data: { id: c.id, tool: next, changes } }];
      }
      case 'SetToolMembership': {
        if (s.status !== 'active' || !s.tool) throw notFound(toolMessages.notFound);
        if (s.tool.tools_set_id === c.toolsSetId) return [];
        const tool = { ...s.tool, tools_set_id: c.toolsSetId };
        return [{ type: 'ToolUpdated', data: { id: c.id, tool, changes: [{ field: 'tools_set_id', old: s.tool.tools_set_id, new: c.toolsSetId }] } }];
      }
    }
  },
};

export const toolChanges = (before: ToolFields, after: ToolFields) => diffFields(before, after, toolFieldNames);

export type ToolsSetCommand =
  | { type: 'RegisterToolsSet'; id: number; input: unknown; toolIds: number[]; actor: Actor }
  | { type: 'UpdateToolsSet'; id: number; input: unknown; toolIds: number[]; actor: Actor }
  | { type: 'DeleteToolsSet'; id: number; actor: Actor };

export interface ToolsSetAggregate {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly set: ToolsSetFields | null;
  readonly tool_ids: readonly number[];
}

const setFieldNames: readonly (keyof ToolsSetFields)[] = ['unit_id', 'inventar_number', 'type_id', 'owner_type_id', 'buh_name', 'work_in_dt'];

export const toolsSetDecider: Decider<ToolsSetAggregate, ToolsSetCommand, ToolsSetEvent> = {
  initialState: () => ({ status: 'absent', set: null, tool_ids: [] }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'ToolsSetRegistered':
      case 'ToolsSetUpdated':
        return { status: 'active', set: e.data.set, tool_ids: e.data.tool_ids };
      case 'ToolsSetDeleted':
        return { ...s, status: 'deleted', tool_ids: [] };
    }
  },
  decide: (s, c, ctx) => {
    requireWrite(c.actor);
    switch (c.type) {
      case 'RegisterToolsSet': {
        if (s.status !== 'absent') throw refused('Комплект уже зарегистрирован');
        const set = parseOrThrow(toolsSetSchema(today(ctx.now)), c.input);
        if (c.toolIds.length === 0) throw refused(toolMessages.setEmpty);
        return [{ type: 'ToolsSetRegistered', data: { id: c.id, set, tool_ids: [...new Set(c.toolIds)] } }];
      }
      case 'UpdateToolsSet': {
        if (s.status !== 'active' || !s.set) throw notFound(toolMessages.setNotFound);
        const set = parseOrThrow(toolsSetSchema(today(ctx.now)), c.input);
        if (c.toolIds.length === 0) throw refused(toolMessages.setEmpty);
        const toolIds = [...new Set(c.toolIds)];
        const removed = s.tool_ids.filter((t) => !toolIds.includes(t));
        const changes = diffFields({ ...s.set, tool_ids: s.tool_ids }, { ...set, tool_ids: toolIds }, [...setFieldNames, 'tool_ids']);
        if (changes.length === 0) return [];
        return [{ type: 'ToolsSetUpdated', data: { id: c.id, set, tool_ids: toolIds, removed_tool_ids: removed, changes } }];
      }
      case 'DeleteToolsSet': {
        if (s.status !== 'active') throw notFound(toolMessages.setNotFound);
        return [{ type: 'ToolsSetDeleted', data: { id: c.id, tool_ids: [...s.tool_ids] } }];
      }
    }
  },
};
