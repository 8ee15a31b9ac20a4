import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventBetween, newToolStates, stateAfter, toolEditableGroups, toolStateChoices, toolStates } from '../../../../domain/tool/lifecycle';
import { toolMachineEventTypes, type ToolMachineEventType } from '../../../../domain/tool/machine';
import { ToolState } from '../../../../domain/tool/states';

const { IN_WORK, BROKEN, WAITING_RECLAIM, RECLAIMED, WAITING, UTILIZED } = ToolState;
const write = { RIGHT_TOOLS_WRITE: 2 };
const placeOnly = { RIGHT_TOOLS_PLACE_EDIT: 2 };

describe('tool machine transitions (docs/decisions.md "Tool lifecycle")', () => {
  const table: Array<[ToolState, ToolMachineEventType, ToolState | null]> = [
    [WAITING, 'commission', IN_WORK],
    [WAITING, 'breakdown', BROKEN],
    [WAITING, 'repair', null],
    [WAITING, 'reclaim', null],
    [IN_WORK, 'breakdown', BROKEN],
    [IN_WORK, 'toReclaim', WAITING_RECLAIM],
    [IN_WORK, 'commission', null],
    [BROKEN, 'repair', IN_WORK],
    [BROKEN, 'toReclaim', WAITING_RECLAIM],
    [BROKEN, 'reclaim', null],
    [WAITING_RECLAIM, 'repair', IN_WORK],
    [WAITING_RECLAIM, 'breakdown', BROKEN],
    [WAITING_RECLAIM, 'reclaim', RECLAIMED],
    [RECLAIMED, 'utilize', UTILIZED],
    [RECLAIMED, 'repair', null],
    [UTILIZED, 'repair', null],
  ];
  for (const [from, event, to] of table) it(`${from} --${event}--> ${to ?? 'refused'}`, () => expect(stateAfter(from, event)).toBe(to));

  it('the card offers the current state and every reachable one', () => {
    expect(toolStateChoices(null)).toEqual([WAITING, IN_WORK, BROKEN]);
    expect(toolStateChoices(WAITING)).toEqual([WAITING, IN_WORK, BROKEN]);
    expect(toolStateChoices(IN_WORK)).toEqual([IN_WORK, BROKEN, WAITING_RECLAIM]);
    expect(toolStateChoices(WAITING_RECLAIM)).toEqual([IN_WORK, BROKEN, WAITING_RECLAIM, RECLAIMED]);
    expect(toolStateChoices(RECLAIMED)).toEqual([RECLAIMED, UTILIZED]);
    expect(toolStateChoices(UTILIZED)).toEqual([UTILIZED]);
  });

  it('eventBetween names the event of a single transition', () => {
    expect(eventBetween(BROKEN, IN_WORK)).toBe('repair');
    expect(eventBetween(WAITING, IN_WORK)).toBe('commission');
    expect(eventBetween(WAITING, RECLAIMED)).toBeNull();
  });
});

describe('per-state editability', () => {
  it('RECLAIMED: documents, movings and places; UTILIZED: documents only', () => {
    expect(toolEditableGroups(RECLAIMED, write)).toEqual(['documents', 'movings', 'places']);
    expect(toolEditableGroups(UTILIZED, write)).toEqual(['documents']);
    expect(toolEditableGroups(IN_WORK, write)).toEqual(['general', 'traits', 'software', 'documents', 'pictures', 'movings', 'places']);
  });
  it('the place right alone edits only locations of existing tools; no right edits nothing', () => {
    expect(toolEditableGroups(IN_WORK, placeOnly)).toEqual(['places']);
    expect(toolEditableGroups(null, placeOnly)).toEqual([]);
    expect(toolEditableGroups(UTILIZED, placeOnly)).toEqual([]);
    expect(toolEditableGroups(IN_WORK, {})).toEqual([]);
  });
});

describe('machine properties', () => {
  const state = fc.constantFrom(...toolStates);
  const event = fc.constantFrom(...toolMachineEventTypes);

  it('every transition the machine accepts lands in a state the card offers from there', () => {
    fc.assert(
      fc.property(state, event, (from, e) => {
        const to = stateAfter(from, e);
        return to === null || toolStateChoices(from).includes(to);
      }),
    );
  });

  it('every choice the card offers (other than staying) is one transition away', () => {
    fc.assert(fc.property(state, (from) => toolStateChoices(from).every((to) => to === from || eventBetween(from, to) !== null)));
  });

  it('no path leaves UTILIZED, and no path returns from RECLAIMED to use', () => {
    fc.assert(
      fc.property(fc.constantFrom(RECLAIMED, UTILIZED), fc.array(event, { maxLength: 12 }), (start, events) => {
        let s: ToolState = start;
        for (const e of events) s = stateAfter(s, e) ?? s;
        return start === UTILIZED ? s === UTILIZED : s === RECLAIMED || s === UTILIZED;
      }),
    );
  });

  it('every state is reachable from a new tool', () => {
    const seen = new Set<ToolState>(newToolStates);
    let frontier = [...newToolStates];
    while (frontier.length) {
      const next: ToolState[] = [];
      for (const s of frontier) for (const e of toolMachineEventTypes) {
        const to = stateAfter(s, e);
        if (to !== null && !seen.has(to)) {
          seen.add(to);
          next.push(to);
        }
      }
      frontier = next;
    }
    expect([...seen].sort()).toEqual([...toolStates].sort());
  });

  it('editability only shrinks along the way to the end', () => {
    fc.assert(
      fc.property(state, event, (from, e) => {
        const to = stateAfter(from, e);
        if (to !== RECLAIMED && to !== UTILIZED) return true;
        return toolEditableGroups(to, write).every((g) => toolEditableGroups(from, write).includes(g));
      }),
    );
  });
});
