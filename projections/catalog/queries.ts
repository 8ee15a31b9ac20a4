import { sql, type DatabasePool } from 'slonik';
import type { CatalogDefinition } from '../../domain/catalog/definitions';
import { paged, type Page } from '../support/paging';

export type CatalogItemView = { id: number } & Record<string, unknown>;

export interface CatalogListQuery {
  readonly text?: string | null;
  readonly filters?: Readonly<Record<string, string | number | null | undefined>>;
  /** Absent: every item (the client caches reference data); present: one page of 20. */
  readonly pageNumber?: number | null;
  readonly includeDeleted?: boolean;
}

const itemSelect = sql.fragment`jsonb_build_object('id', id) || data AS item`;

const FLAG_VALUES: Readonly<Record<string, string>> = { true: 'true', '1': 'true', false: 'false', '0': 'false' };

/**
 * The text a filter compares `data->>field` with, or null for no filter: empty, a value meaning
 * "all" (programs type 3) or a repeated parameter. Flags are stored as JSON booleans.
 */
const filterValue = (def: CatalogDefinition, field: string, raw: unknown): string | null => {
  if (raw === undefined || raw === null || raw === '' || typeof raw === 'object') return null;
  const v = String(raw).trim();
  if (def.filterAllValues?.[field] === v) return null;
  if (def.flagFilters?.includes(field)) return FLAG_VALUES[v.toLowerCase()] ?? v;
  return v;
};

export const listCatalog = async (pool: DatabasePool, def: CatalogDefinition, q: CatalogListQuery): Promise<Page<CatalogItemView>> => {
  const conditions = [sql.fragment`catalog = ${def.name}`];
  if (!q.includeDeleted) conditions.push(sql.fragment`NOT deleted`);
  if (q.text) conditions.push(sql.fragment`lower(title) LIKE ${`%${q.text.toLowerCase()}%`}`);
  for (const field of def.filters) {
    const v = filterValue(def, field, q.filters?.[field]);
    const list = def.listFilters?.[field];
    if (v === null) continue;
    if (list === undefined) conditions.push(sql.fragment`data->>${field} = ${v}`);
    else if (!/^\d{1,9}$/.test(v)) conditions.push(sql.fragment`FALSE`);
    else conditions.push(sql.fragment`(data->${list} @> ${sql.jsonb([Number(v)])} OR jsonb_array_length(COALESCE(data->${list}, '[]'::jsonb)) = 0)`);
  }
  const select = sql.unsafe`
    SELECT ${itemSelect} FROM rm_catalog_items WHERE ${sql.join(conditions, sql.fragment` AND `)}
    ORDER BY lower(title), id`;
  if (q.pageNumber) {
    const page = await paged<{ item: CatalogItemView }>(pool, select, q.pageNumber);
    return { ...page, items: page.items.map((r) => r.item) };
  }
  const rows = await pool.any(select);
  const items = rows.map((r) => r.item as CatalogItemView);
  return { items, pagesCount: 1, itemsCount: items.length };
};

export const getCatalogItem = async (pool: DatabasePool, catalog: string, id: number): Promise<CatalogItemView | null> => {
  const item = await pool.maybeOneFirst(sql.unsafe`
    SELECT ${itemSelect} FROM rm_catalog_items WHERE catalog = ${catalog} AND id = ${id} AND NOT deleted`);
  return (item as CatalogItemView | null) ?? null;
};

/** Where a characteristic is still named: equipment kinds listing it and tools holding a value of it. */
export const traitUsage = async (db: Pick<DatabasePool, 'oneFirst'>, traitId: number): Promise<{ kinds: number; tools: number }> => {
  const kinds = Number(
    await db.oneFirst(sql.unsafe`
      SELECT count(*) FROM rm_catalog_items
      WHERE catalog = 'tool_kind' AND NOT deleted AND (data->'traits') @> ${sql.jsonb([traitId])}`),
  );
  const tools = Number(
    await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools WHERE NOT deleted AND traits @> ${sql.jsonb([{ tool_trait_id: traitId }])}`),
  );
  return { kinds, tools };
};
