import { sql, type DatabasePool } from 'slonik';
import type { ToolKindReference, ToolModelReference } from '../../domain/tool/references';
import { noCache, type ReadModelCache } from '../../infrastructure/read-model-cache';

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

/** The catalogue read model's answers to the tool lookup port (wired in api/write-lookups.ts). */
export const toolCatalogLookups = (pool: DatabasePool, cache: ReadModelCache = noCache) => ({
  toolKind: (id: number) =>
    cache.get(['catalog'], `lookup:tool-kind:${id}`, async (): Promise<ToolKindReference | null> => {
      const data = (await pool.maybeOneFirst(sql.unsafe`
        SELECT data FROM rm_catalog_items WHERE catalog = 'tool_kind' AND id = ${id} AND NOT deleted`)) as Record<string, unknown> | null;
      return data ? { id, soft_updatable: data.soft_updatable === true, traits: ids(data.traits) } : null;
    }),
  toolModel: (id: number) =>
    cache.get(['catalog'], `lookup:tool-model:${id}`, async (): Promise<ToolModelReference | null> => {
      const data = (await pool.maybeOneFirst(sql.unsafe`
        SELECT data FROM rm_catalog_items WHERE catalog = 'tool_model' AND id = ${id} AND NOT deleted`)) as Record<string, unknown> | null;
      return data ? { id, tool_kind_id: Number(data.tool_kind_id), manufacturer_id: Number(data.manufacturer_id) } : null;
    }),
  traitValues: async (traitIds: readonly number[]): Promise<ReadonlyMap<number, readonly number[]>> => {
    const out = new Map<number, number[]>();
    if (traitIds.length === 0) return out;
    const rows = await pool.any(sql.unsafe`
      SELECT id, data FROM rm_catalog_items
      WHERE catalog = 'tools_traits' AND id = ANY(${sql.array([...traitIds], 'int4')}) AND NOT deleted`);
    for (const r of rows) {
      const values = ((r.data as { values?: unknown } | null)?.values ?? []) as Array<{ value_id?: unknown; id?: unknown }>;
      out.set(Number(r.id), Array.isArray(values) ? values.map((v) => Number(v.value_id ?? v.id)) : []);
    }
    return out;
  },
});
