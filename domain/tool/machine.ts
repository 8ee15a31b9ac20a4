import { setup, transition } from 'xstate';
import { ToolState } from './states';

/**
 * The tool lifecycle (decisions 41–47; the spec shows no transitions, see docs/decisions.md "Tool
 * lifecycle"). Used purely like the request machine: a snapshot is resolved from the stored state
 * and one `transition` answers whether an event is allowed and where it lands. No actor is started.
 */

/** The groups of the card (its tabs); 'general' is the General tab. */
export type ToolGroup = 'general' | 'traits' | 'software' | 'documents' | 'pictures' | 'movings' | 'places';
export const toolGroups: readonly ToolGroup[] = ['general', 'traits', 'software', 'documents', 'pictures', 'movings', 'places'];

/** What a state lets a writer edit: whole groups, plus single General fields when 'general' is not granted. */
export type ToolEditItem = ToolGroup | 'state' | 'description';

export interface ToolStateMeta {
  /** Editable with RIGHT_TOOLS_WRITE; RIGHT_TOOLS_PLACE_EDIT takes only 'places' of it. */
  readonly editable: readonly ToolEditItem[];
}

export type ToolMachineEventType = 'commission' | 'breakdown' | 'repair' | 'toReclaim' | 'reclaim' | 'utilize';
export const toolMachineEventTypes: readonly ToolMachineEventType[] = ['commission', 'breakdown', 'repair', 'toReclaim', 'reclaim', 'utilize'];

export type ToolStateName = keyof typeof ToolState;

const all: readonly ToolEditItem[] = [...toolGroups, 'state'];

export const toolMachine = setup({
  types: { events: {} as { type: ToolMachineEventType } },
}).createMachine({
  id: 'tool',
  initial: 'WAITING',
  states: {
    /** Delivered, not yet commissioned (the default of a new tool). */
    WAITING: {
      meta: { editable: all } satisfies ToolStateMeta,
      on: { commission: 'IN_WORK', breakdown: 'BROKEN' },
    },
    IN_WORK: {
      meta: { editable: all } satisfies ToolStateMeta,
      on: { breakdown: 'BROKEN', toReclaim: 'WAITING_RECLAIM' },
    },
    BROKEN: {
      meta: { editable: all } satisfies ToolStateMeta,
      on: { repair: 'IN_WORK', toReclaim: 'WAITING_RECLAIM' },
    },
    WAITING_RECLAIM: {
      meta: { editable: all } satisfies ToolStateMeta,
      on: { repair: 'IN_WORK', breakdown: 'BROKEN', reclaim: 'RECLAIMED' },
    },
    /** Written off: the card keeps its papers, location and movements; only utilisation is left. */
    RECLAIMED: {
      meta: { editable: ['documents', 'places', 'movings', 'state', 'description'] } satisfies ToolStateMeta,
      on: { utilize: 'UTILIZED' },
    },
    /** Final: only documents (the utilisation act) may still be attached. */
    UTILIZED: {
      type: 'final',
      meta: { editable: ['documents'] } satisfies ToolStateMeta,
    },
  },
});

const nameOf = (state: ToolState): ToolStateName =>
  (Object.keys(ToolState) as ToolStateName[]).find((k) => ToolState[k] === state)!;

export const isToolState = (v: unknown): v is ToolState => typeof v === 'number' && (Object.values(ToolState) as number[]).includes(v);

/** One pure transition of the machine. */
const machineTransition = (from: ToolState, event: ToolMachineEventType): ToolState | null => {
  const snapshot = toolMachine.resolveState({ value: nameOf(from) });
  const [next] = transition(toolMachine, snapshot, { type: event });
  const to = ToolState[next.value as ToolStateName];
  return to === from ? null : to;
};

/**
 * The machine's transitions as a table, asked of the machine once: the bench generator and imports
 * ask hundreds of thousands of times, and resolving an XState transition is costly at that count.
 */
const table = new Map<ToolState, ReadonlyMap<ToolMachineEventType, ToolState | null>>(
  (Object.values(ToolState) as ToolState[]).map((from) => [from, new Map(toolMachineEventTypes.map((e) => [e, machineTransition(from, e)]))]),
);

/** The state an event leads to from `from`, or null when the machine refuses it. */
export const toolTransition = (from: ToolState, event: ToolMachineEventType): ToolState | null => table.get(from)?.get(event) ?? null;

/** The machine's meta of a state. */
export const toolStateMeta = (state: ToolState): ToolStateMeta => {
  const node = toolMachine.states[nameOf(state)];
  return (node?.meta as ToolStateMeta | undefined) ?? { editable: [] };
};
