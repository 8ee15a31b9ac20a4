import { sql, type DatabasePool } from 'slonik';
import type { InventoryTool } from '../../domain/inventory';
import { toolInfoOf, toolSelect } from '../request/list/names';

const inventoryToolOf = (r: Record<string, unknown>): InventoryTool => {
  const info = toolInfoOf(r);
  return { tool_id: info.id, unit_id: Number(r.unit_id), inventar_number: info.inventar_number, serial_number: info.serial_number, title: info.title };
};

/** The tools read model's answers to the inventory lookup port (wired in api/write-lookups.ts). */
export const inventoryLookups = (pool: DatabasePool) => ({
  inventoryToolsOfUnits: async (unitIds: readonly number[]): Promise<InventoryTool[]> => {
    if (unitIds.length === 0) return [];
    const rows = await pool.any(sql.unsafe`
      SELECT ${toolSelect} FROM rm_tools t WHERE t.unit_id = ANY(${sql.array([...unitIds], 'int4')}) AND NOT t.deleted ORDER BY t.unit_id, t.tool_kind_id, t.id`);
    return rows.map((r) => inventoryToolOf(r as Record<string, unknown>));
  },
  inventoryToolById: async (id: number): Promise<InventoryTool | null> => {
    const r = await pool.maybeOne(sql.unsafe`SELECT ${toolSelect} FROM rm_tools t WHERE t.id = ${id} AND NOT t.deleted`);
    return r ? inventoryToolOf(r as Record<string, unknown>) : null;
  },
  inventoryToolsByNumber: async (code: string): Promise<InventoryTool[]> => {
    const c = code.trim().toLowerCase();
    // The two expression indexes of rm_tools (lower(inventar_number), lower(serial_number)) answer each half.
    const rows = await pool.any(sql.unsafe`
      SELECT ${toolSelect} FROM rm_tools t WHERE lower(t.inventar_number) = ${c} AND NOT t.deleted
      UNION
      SELECT ${toolSelect} FROM rm_tools t WHERE lower(t.serial_number) = ${c} AND NOT t.deleted
      LIMIT 10`);
    return rows.map((r) => inventoryToolOf(r as Record<string, unknown>));
  },
});
