import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryDecider, inventoryMessages, missingTools, type InventoryCommand, type InventoryTool } from '../../../domain/inventory';
import { given, historyOf, testContext } from '../../support/given-when-then';

const tool = (id: number, unit = 10): InventoryTool => ({ tool_id: id, unit_id: unit, inventar_number: `И${id}`, serial_number: `S${id}`, title: `Единица ${id}` });
const start: InventoryCommand = { type: 'StartInventory', id: 1, unit_ids: [10], expected: [tool(1), tool(2), tool(3)], started_by: 5, started_by_name: 'Инженер' };
const scan = (t: InventoryTool | null, code = t?.inventar_number ?? 'X', confirmUnknown = false): InventoryCommand => ({
  type: 'ScanInventory', code, target: t ? { kind: 'tool', tool: t } : { kind: 'unknown' }, at_unit_id: null, confirmUnknown,
});
const history = (...commands: InventoryCommand[]) => historyOf(inventoryDecider, [start, ...commands]);

describe('inventory rounds (given-when-then)', () => {
  it('classes a unit of the round found, another object\'s elsewhere, a confirmed unknown code unknown', () => {
    given(inventoryDecider, history()).when(scan(tool(2))).then([{ type: 'InventoryScanned', data: { code: 'И2', result: 'found', tool: tool(2), at_unit_id: 10 } }]);
    given(inventoryDecider, history()).when(scan(tool(9, 77))).then([{ type: 'InventoryScanned', data: { code: 'И9', result: 'elsewhere', tool: tool(9, 77), at_unit_id: 10 } }]);
    given(inventoryDecider, history()).when(scan(null, 'НЕТ', true)).then([{ type: 'InventoryScanned', data: { code: 'НЕТ', result: 'unknown', tool: null, at_unit_id: 10 } }]);
  });

  it('refuses an unconfirmed unknown code, a second scan records nothing', () => {
    given(inventoryDecider, history()).when(scan(null, 'НЕТ')).thenThrows(inventoryMessages.unknownCode('НЕТ'), 'invalid');
    given(inventoryDecider, history(scan(tool(1)))).when(scan(tool(1))).then([]);
    given(inventoryDecider, history(scan(null, 'нет', true))).when(scan(null, ' НЕТ ')).then([]);
  });

  it('refuses the finish while a move is undecided; decided moves let it finish with the counts', () => {
    const h = history(scan(tool(1)), scan(tool(9, 77)));
    given(inventoryDecider, h).when({ type: 'FinishInventory', signers: [] }).thenThrows(inventoryMessages.undecided(1), 'invalid');
    const decided = historyOf(inventoryDecider, [{ type: 'DecideInventoryMove', tool_id: 9, move: true }], { from: h });
    given(inventoryDecider, decided).when({ type: 'DecideInventoryMove', tool_id: 9, move: false }).thenThrows(inventoryMessages.decided, 'refused');
    given(inventoryDecider, decided)
      .when({ type: 'FinishInventory', signers: [{ post: 'Инженер', name: 'Иванов' }] })
      .then([{ type: 'InventoryFinished', data: { signers: [{ post: 'Инженер', name: 'Иванов' }], found: 1, missing: 2, elsewhere: 1, unknown: 0 } }]);
    const finished = historyOf(inventoryDecider, [{ type: 'FinishInventory', signers: [] }], { from: decided });
    given(inventoryDecider, finished).when(scan(tool(2))).thenThrows(inventoryMessages.finished, 'refused');
  });

  it('found + missing always make the expected list, whatever is scanned and how often', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 30 }), (ids) => {
        let state = history().reduce(inventoryDecider.evolve, inventoryDecider.initialState());
        for (const id of ids)
          for (const e of inventoryDecider.decide(state, scan(tool(id, id <= 3 ? 10 : 77)), testContext())) state = inventoryDecider.evolve(state, e);
        expect(state.found.size + missingTools(state).length).toBe(3);
        expect(state.elsewhere.size).toBe(new Set(ids.filter((i) => i > 3)).size);
      }),
    );
  });
});
