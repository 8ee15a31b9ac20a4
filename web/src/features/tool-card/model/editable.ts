import type { ToolEditItem } from '@domain/tool/lifecycle';
import { generalFields } from './tabs';

// The machine of domain/tool decides the state choices and what each state lets a caller edit.
export { toolEditableItems, toolStateChoices, type ToolEditItem } from '@domain/tool/lifecycle';

const generalSet: ReadonlySet<string> = new Set(generalFields);

/**
 * Whether the form path may be changed with these editable items: a General field with 'general'
 * (a reclaimed tool keeps only its state and note, the items 'state' and 'description'), a list with its group.
 */
export const pathEditable = (path: string, items: ReadonlySet<ToolEditItem>): boolean => {
  const root = path.split('.')[0] ?? '';
  if (generalSet.has(root)) return items.has('general') || ((root === 'state' || root === 'description') && items.has(root));
  if (root === 'traits') return items.has('traits');
  if (root === 'tool_softwares') return items.has('software');
  if (root === 'tool_movings') return items.has('movings');
  if (root === 'tool_places') return items.has('places');
  return false;
};
