import { hasFull, type RightsObject } from '../rights/rights';
import { toolStateTitles, ToolState } from './states';
import { isToolState, toolMachineEventTypes, toolStateMeta, toolTransition, type ToolEditItem, type ToolGroup, type ToolMachineEventType } from './machine';

/** Pure helpers over the tool machine, shared by the server (decider, reactions) and the web card. */

export const toolStates: readonly ToolState[] = [ToolState.WAITING, ToolState.IN_WORK, ToolState.BROKEN, ToolState.WAITING_RECLAIM, ToolState.RECLAIMED, ToolState.UTILIZED];

/** The states a new tool may be registered in (equipment.md 3: the default is waiting). */
export const newToolStates: readonly ToolState[] = [ToolState.WAITING, ToolState.IN_WORK, ToolState.BROKEN];

/** The state an event leads to, or null when the machine refuses it. */
export const stateAfter = (from: ToolState, event: ToolMachineEventType): ToolState | null => toolTransition(from, event);

/** The event that moves a tool from one state to another, or null when no single transition does. */
export const eventBetween = (from: ToolState, to: ToolState): ToolMachineEventType | null =>
  toolMachineEventTypes.find((e) => toolTransition(from, e) === to) ?? null;

/** The states the card's state field offers: the current one and every one a transition reaches. */
export const toolStateChoices = (state: ToolState | null): ToolState[] => {
  if (state === null) return [...newToolStates];
  if (!isToolState(state)) return [];
  const reachable = new Set(toolMachineEventTypes.map((e) => toolTransition(state, e)).filter((s): s is ToolState => s !== null));
  return toolStates.filter((s) => s === state || reachable.has(s));
};

/** The rights the card's editability reads. */
export type ToolRights = RightsObject;

/** What a state lets this caller edit: groups and single General fields ('state', 'description'). */
export const toolEditableItems = (state: ToolState | null, rights: ToolRights): Set<ToolEditItem> => {
  const write = hasFull(rights, 'RIGHT_TOOLS_WRITE');
  const place = hasFull(rights, 'RIGHT_TOOLS_PLACE_EDIT');
  const granted: readonly ToolEditItem[] = state === null ? [...toolGroupsAll, 'state'] : isToolState(state) ? toolStateMeta(state).editable : [];
  const out = new Set<ToolEditItem>();
  for (const item of granted) {
    if (write) out.add(item);
    // A new tool is registered by a writer only; the place right edits locations of existing ones.
    else if (place && item === 'places' && state !== null) out.add(item);
  }
  return out;
};

const toolGroupsAll: readonly ToolGroup[] = ['general', 'traits', 'software', 'documents', 'pictures', 'movings', 'places'];

/** The card's tabs this caller may edit in this state (the contract's `toolEditableGroups`). */
export const toolEditableGroups = (state: ToolState | null, rights: ToolRights): ToolGroup[] => {
  const items = toolEditableItems(state, rights);
  return toolGroupsAll.filter((g) => items.has(g));
};

/** The Russian refusal of a state change the machine does not allow. */
export const transitionRefusal = (from: ToolState, to: ToolState): string =>
  `Переход из состояния «${toolStateTitles[from]}» в состояние «${toolStateTitles[to]}» недоступен`;

export { type ToolGroup, type ToolEditItem, type ToolMachineEventType } from './machine';
