import { sql, type DatabasePool } from 'slonik';
import type { ToolReference } from '../../../domain/request/references';

/** The tools read model's answers to the request lookup port (wired in api/write-lookups.ts). */
export const toolLookups = (pool: DatabasePool) => ({
  /** A tool that is not deleted, with its warranty and its set's system (for the request's reactions). */
  toolForRequest: async (id: number) => {
    const tool = await pool.maybeOne(sql.unsafe`
      SELECT t.id, t.guaranty_dt, (c.data->>'system_ts_id')::int AS set_system_ts_id
      FROM rm_tools t
      LEFT JOIN rm_tools_sets s ON s.id = t.tools_set_id
      LEFT JOIN rm_catalog_items c ON c.catalog = 'tools_sets_names' AND c.id = s.type_id
      WHERE t.id = ${id} AND NOT t.deleted`);
    return tool
      ? { id: Number(tool.id), guaranty_dt: (tool.guaranty_dt as string | null) ?? null, set_system_ts_id: (tool.set_system_ts_id as number | null) ?? null }
      : null;
  },
  /** Tools among `ids` that are not deleted, with their unit. */
  toolReferences: async (ids: readonly number[]): Promise<ToolReference[]> => {
    if (ids.length === 0) return [];
    const rows = await pool.any(sql.unsafe`SELECT id, unit_id FROM rm_tools WHERE id = ANY(${sql.array([...ids], 'int4')}) AND NOT deleted`);
    return rows.map((r) => ({ id: Number(r.id), unit_id: Number(r.unit_id) }));
  },
});
