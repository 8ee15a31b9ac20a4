import type { InventoryState } from '../../domain/inventory';
import { indexMembers } from '../../infrastructure/write-index';
import type { WriteIndex } from '../aggregate';
import type { WriteContext } from '../context';

/** Open rounds by the units they cover, kept by the round's own append: one open round per object. */
export const openInventoryIndex: WriteIndex<InventoryState> = {
  name: 'open-inventory',
  keysOf: (state) => (state.exists && state.status === 'open' ? state.unit_ids.map(String) : []),
};

/** Stream ids of the open rounds covering the unit. */
export const openRoundsOf = (w: Pick<WriteContext, 'pool'>, unitId: number): Promise<string[]> => indexMembers(w.pool, openInventoryIndex.name, String(unitId));
