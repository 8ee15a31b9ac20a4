import { hasFull, type RightsObject } from '@domain/rights';
import { ToolState } from '@domain/tool/states';
import { generalFields } from './tabs';

/** The parts of the card that are edited together (issue 11 contract, ToolGroup). */
export type ToolGroup = 'general' | 'traits' | 'software' | 'documents' | 'pictures' | 'movings' | 'places';

/**
 * The transitions of the issue 11 contract (the domain machine decides on the server): the states a
 * card offers are the current one and those reachable from it; a new tool starts waiting, in work or broken.
 */
const reachable: Record<ToolState, readonly ToolState[]> = {
  [ToolState.WAITING]: [ToolState.IN_WORK, ToolState.BROKEN],
  [ToolState.IN_WORK]: [ToolState.BROKEN, ToolState.WAITING_RECLAIM],
  [ToolState.BROKEN]: [ToolState.IN_WORK, ToolState.WAITING_RECLAIM],
  [ToolState.WAITING_RECLAIM]: [ToolState.IN_WORK, ToolState.BROKEN, ToolState.RECLAIMED],
  [ToolState.RECLAIMED]: [ToolState.UTILIZED],
  [ToolState.UTILIZED]: [],
};

export const toolStateChoices = (state: ToolState | null): ToolState[] =>
  state === null ? [ToolState.WAITING, ToolState.IN_WORK, ToolState.BROKEN] : [state, ...reachable[state]];

/** What the user may change in a tool of `state` (RECLAIMED: documents, places, movings, state, note; UTILIZED: documents). */
export const toolEditableGroups = (state: ToolState | null, rights: RightsObject): ToolGroup[] => {
  const write = hasFull(rights, 'RIGHT_TOOLS_WRITE');
  const place = hasFull(rights, 'RIGHT_TOOLS_PLACE_EDIT');
  const groups: ToolGroup[] = [];
  if (write) {
    if (state === ToolState.UTILIZED) groups.push('documents');
    else if (state === ToolState.RECLAIMED) groups.push('documents', 'movings');
    else groups.push('general', 'traits', 'software', 'documents', 'pictures', 'movings');
  }
  if (place && state !== ToolState.UTILIZED) groups.push('places');
  return groups;
};

const generalSet: ReadonlySet<string> = new Set(generalFields);

/** Whether the form path may be changed with these groups (a reclaimed tool keeps its state and note editable). */
export const pathEditable = (path: string, groups: ReadonlySet<ToolGroup>, state: ToolState | null, write: boolean): boolean => {
  const root = path.split('.')[0] ?? '';
  if (generalSet.has(root)) return groups.has('general') || (write && state === ToolState.RECLAIMED && (root === 'state' || root === 'description'));
  if (root === 'traits') return groups.has('traits');
  if (root === 'tool_softwares') return groups.has('software');
  if (root === 'tool_movings') return groups.has('movings');
  if (root === 'tool_places') return groups.has('places');
  return false;
};
