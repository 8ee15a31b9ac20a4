import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { PAGE_SIZE, type Page } from '../../support/paging';
import { CUSTOM_PLAN } from '../../../infrastructure/perf/prepared-statements';

type Db = Pick<CommonQueryMethods, 'any' | 'oneFirst' | 'maybeOne' | 'anyFirst'>;

/** GET /api/tools_sets filter (equipment.md 2 'Equipment sets list'), units already decided by the route. */
export interface ToolsSetSearch {
  /** Units the caller may see and asked for; null = every unit. */
  readonly units: readonly number[] | null;
  readonly type_id: number | null;
  readonly inventar_number: string | null;
  readonly buh_name: string | null;
  readonly pageNumber: number;
}

export interface ToolsSetRow {
  id: number;
  unit_id: number;
  unit_name: string | null;
  unit_address: string | null;
  region_id: number | null;
  type_id: number;
  type_name: string | null;
  inventar_number: string;
  owner_type_id: number | null;
  buh_name: string | null;
  work_in_dt: string | null;
  tools_count: number;
}

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const day = (v: unknown): string | null => (v == null ? null : String(v).slice(0, 10));

const setRowOf = (r: Record<string, unknown>): ToolsSetRow => ({
  id: Number(r.id),
  unit_id: Number(r.unit_id),
  unit_name: (r.unit_name as string | null) ?? null,
  unit_address: (r.unit_address as string | null) ?? null,
  region_id: r.region_id == null ? null : Number(r.region_id),
  type_id: Number(r.type_id),
  type_name: (r.type_name as string | null) ?? null,
  inventar_number: String(r.inventar_number),
  owner_type_id: r.owner_type_id == null ? null : Number(r.owner_type_id),
  buh_name: (r.buh_name as string | null) ?? null,
  work_in_dt: day(r.work_in_dt),
  tools_count: Number(r.tools_count ?? 0),
});

/** One page of sets by unit, inventory number and id; tools_count counts its tools that are not deleted. */
export const searchToolsSets = async (db: Db, q: ToolsSetSearch): Promise<Page<ToolsSetRow>> => {
  if (q.units && q.units.length === 0) return { items: [], pagesCount: 1, itemsCount: 0 };
  const c: FragmentSqlToken[] = [sql.fragment`TRUE`];
  if (q.units) c.push(sql.fragment`s.unit_id = ANY(${sql.array([...q.units], 'int4')})`);
  if (q.type_id) c.push(sql.fragment`s.type_id = ${q.type_id}`);
  if (q.inventar_number) c.push(sql.fragment`lower(s.inventar_number) LIKE ${like(q.inventar_number)}`);
  if (q.buh_name) c.push(sql.fragment`lower(s.buh_name) LIKE ${like(q.buh_name)}`);
  const where = sql.fragment`${CUSTOM_PLAN}${sql.join(c, sql.fragment` AND `)}`;
  const itemsCount = Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools_sets s WHERE ${where}`));
  const pagesCount = Math.max(1, Math.ceil(itemsCount / PAGE_SIZE));
  const page = Math.min(q.pageNumber, pagesCount);
  const rows = itemsCount
    ? await db.any(sql.unsafe`
        SELECT s.id, s.unit_id, u.name AS unit_name, u.address AS unit_address, u.region_id, s.type_id, sn.title AS type_name,
          s.inventar_number, s.owner_type_id, s.buh_name, s.work_in_dt,
          (SELECT count(*) FROM rm_tools t WHERE t.tools_set_id = s.id AND NOT t.deleted) AS tools_count
        FROM (SELECT * FROM rm_tools_sets s WHERE ${where} ORDER BY s.unit_id, s.id LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}) s
        LEFT JOIN rm_units u ON u.id = s.unit_id
        LEFT JOIN rm_catalog_items sn ON sn.catalog = 'tools_sets_names' AND sn.id = s.type_id
        ORDER BY s.unit_id, s.id`)
    : [];
  return { items: rows.map((r) => setRowOf(r as Record<string, unknown>)), pagesCount, itemsCount };
};

export interface ToolsSetView {
  id: number;
  unit_id: number;
  type_id: number;
  inventar_number: string;
  owner_type_id: number | null;
  buh_name: string | null;
  work_in_dt: string | null;
  /** Stream revision of the set's last event (staleness of a save). */
  revision: number;
}

/** A set with the ids of its tools that are not deleted (by id). */
export const toolsSetById = async (db: Db, id: number): Promise<{ toolsSet: ToolsSetView; toolIds: number[] } | null> => {
  const r = await db.maybeOne(sql.unsafe`SELECT * FROM rm_tools_sets WHERE id = ${id}`);
  if (!r) return null;
  const toolIds = (await db.anyFirst(sql.unsafe`SELECT id FROM rm_tools WHERE tools_set_id = ${id} AND NOT deleted ORDER BY id`)).map(Number);
  return {
    toolsSet: {
      id: Number(r.id),
      unit_id: Number(r.unit_id),
      type_id: Number(r.type_id),
      inventar_number: String(r.inventar_number),
      owner_type_id: r.owner_type_id == null ? null : Number(r.owner_type_id),
      buh_name: (r.buh_name as string | null) ?? null,
      work_in_dt: day(r.work_in_dt),
      revision: Number(r.revision),
    },
    toolIds,
  };
};

/** GET /api/tools_sets_search: sets of a unit (or of the units) whose number or name contains the text; at most 50. */
export const toolsSetsSearch = async (
  db: Db,
  units: readonly number[] | null,
  text: string | null,
): Promise<Array<{ id: number; unit_id: number; inventar_number: string; buh_name: string | null; type_name: string | null }>> => {
  if (units && units.length === 0) return [];
  const rows = await db.any(sql.unsafe`
    SELECT s.id, s.unit_id, s.inventar_number, s.buh_name, sn.title AS type_name
    FROM rm_tools_sets s LEFT JOIN rm_catalog_items sn ON sn.catalog = 'tools_sets_names' AND sn.id = s.type_id
    WHERE ${units ? sql.fragment`s.unit_id = ANY(${sql.array([...units], 'int4')})` : sql.fragment`TRUE`}
      ${text ? sql.fragment`AND (lower(s.inventar_number) LIKE ${like(text)} OR lower(s.buh_name) LIKE ${like(text)})` : sql.fragment``}
    ORDER BY s.inventar_number, s.id LIMIT 50`);
  return rows.map((r) => ({
    id: Number(r.id),
    unit_id: Number(r.unit_id),
    inventar_number: String(r.inventar_number),
    buh_name: (r.buh_name as string | null) ?? null,
    type_name: (r.type_name as string | null) ?? null,
  }));
};
