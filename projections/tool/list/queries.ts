import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { ToolState, ownerTypeTitles } from '../../../domain/tool/states';
import { PAGE_SIZE, type Page } from '../../support/paging';
import { toolInfoOf, toolJoins, toolSelect, type ToolInfo } from '../../request/list/names';

type Db = Pick<CommonQueryMethods, 'any' | 'oneFirst' | 'maybeOne'>;

/** Equipment search (equipment.md 3 'Tool filter fields'; requests.md 2.5). */
export interface ToolSearch {
  /** Units the caller may see; null = every unit. */
  readonly units: readonly number[] | null;
  readonly region_id?: number | null;
  readonly tool_id?: number | null;
  readonly tool_set_name_id?: number | null;
  readonly tool_kind_ids?: readonly number[] | null;
  readonly manufacturer_id?: number | null;
  readonly model?: string | null;
  readonly model_exact?: boolean;
  readonly serial_number?: string | null;
  readonly serial_exact?: boolean;
  readonly inventar_number?: string | null;
  readonly inventar_exact?: boolean;
  readonly state?: number | null;
  readonly owner_type_id?: number | null;
  readonly exchange_stock?: boolean | null;
  readonly in_set?: boolean | null;
  readonly pageNumber: number;
}

export interface ToolRow extends ToolInfo {
  unit_name: string | null;
  organization_name: string | null;
  region_id: number | null;
  set_inventar_number: string | null;
  set_buh_name: string | null;
  tool_set_name_id: number | null;
  tool_set_name: string | null;
  owner_type_id: number | null;
  ownerTypeTitle: string | null;
  exchange_stock: boolean;
  description: string | null;
  buh_name: string | null;
}

const escapeLike = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

const textCondition = (column: FragmentSqlToken, value: string | null | undefined, exact: boolean | undefined): FragmentSqlToken | null => {
  if (!value) return null;
  return exact ? sql.fragment`lower(${column}) = ${value.toLowerCase()}` : sql.fragment`lower(${column}) LIKE ${`%${escapeLike(value)}%`}`;
};

const rowSelect = sql.fragment`
  ${toolSelect}, u.name AS unit_name, o.name AS organization_name, u.region_id, s.inventar_number AS set_inventar_number,
  s.buh_name AS set_buh_name, s.type_id AS tool_set_name_id, sn.title AS tool_set_name, t.owner_type_id, t.exchange_stock,
  t.description, t.buh_name`;

const rowJoins = sql.fragment`
  ${toolJoins}
  LEFT JOIN rm_units u ON u.id = t.unit_id
  LEFT JOIN rm_organizations o ON o.id = u.organization_id
  LEFT JOIN rm_tools_sets s ON s.id = t.tools_set_id
  LEFT JOIN rm_catalog_items sn ON sn.catalog = 'tools_sets_names' AND sn.id = s.type_id`;

const toolRowOf = (r: Record<string, unknown>): ToolRow => ({
  ...toolInfoOf(r),
  unit_name: (r.unit_name as string | null) ?? null,
  organization_name: (r.organization_name as string | null) ?? null,
  region_id: r.region_id == null ? null : Number(r.region_id),
  set_inventar_number: (r.set_inventar_number as string | null) ?? null,
  set_buh_name: (r.set_buh_name as string | null) ?? null,
  tool_set_name_id: r.tool_set_name_id == null ? null : Number(r.tool_set_name_id),
  tool_set_name: (r.tool_set_name as string | null) ?? null,
  owner_type_id: r.owner_type_id == null ? null : Number(r.owner_type_id),
  ownerTypeTitle: r.owner_type_id == null ? null : ownerTypeTitles[Number(r.owner_type_id)] ?? null,
  exchange_stock: Boolean(r.exchange_stock),
  description: (r.description as string | null) ?? null,
  buh_name: (r.buh_name as string | null) ?? null,
});

export const toolConditions = (q: Omit<ToolSearch, 'pageNumber'>): FragmentSqlToken[] => {
  const c: FragmentSqlToken[] = [sql.fragment`NOT t.deleted`];
  if (q.units) c.push(sql.fragment`t.unit_id = ANY(${sql.array([...q.units], 'int4')})`);
  if (q.region_id) c.push(sql.fragment`t.unit_id IN (SELECT id FROM rm_units WHERE region_id = ${q.region_id})`);
  if (q.tool_id) c.push(sql.fragment`t.id = ${q.tool_id}`);
  if (q.tool_set_name_id) c.push(sql.fragment`t.tools_set_id IN (SELECT id FROM rm_tools_sets WHERE type_id = ${q.tool_set_name_id})`);
  if (q.tool_kind_ids?.length) c.push(sql.fragment`t.tool_kind_id = ANY(${sql.array([...q.tool_kind_ids], 'int4')})`);
  if (q.manufacturer_id) c.push(sql.fragment`t.manufacturer_id = ${q.manufacturer_id}`);
  for (const cond of [
    textCondition(sql.fragment`t.model`, q.model, q.model_exact),
    textCondition(sql.fragment`t.serial_number`, q.serial_number, q.serial_exact),
    textCondition(sql.fragment`t.inventar_number`, q.inventar_number, q.inventar_exact),
  ])
    if (cond) c.push(cond);
  if (q.state) c.push(sql.fragment`t.state = ${q.state}`);
  if (q.owner_type_id) c.push(sql.fragment`t.owner_type_id = ${q.owner_type_id}`);
  if (q.exchange_stock != null) c.push(sql.fragment`t.exchange_stock = ${q.exchange_stock}`);
  if (q.in_set != null) c.push(q.in_set ? sql.fragment`t.tools_set_id IS NOT NULL` : sql.fragment`t.tools_set_id IS NULL`);
  return c;
};

/** One page of 20 tools, by unit, kind and id. */
export const searchTools = async (db: Db, q: ToolSearch): Promise<Page<ToolRow>> => {
  if (q.units && q.units.length === 0) return { items: [], pagesCount: 1, itemsCount: 0 };
  const where = sql.join(toolConditions(q), sql.fragment` AND `);
  const itemsCount = Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools t WHERE ${where}`));
  const pagesCount = Math.max(1, Math.ceil(itemsCount / PAGE_SIZE));
  const page = Math.min(q.pageNumber, pagesCount);
  const rows = itemsCount
    ? await db.any(sql.unsafe`
        SELECT ${rowSelect}
        FROM (SELECT * FROM rm_tools t WHERE ${where} ORDER BY t.unit_id, t.tool_kind_id, t.id LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}) t
        ${rowJoins}
        ORDER BY t.unit_id, t.tool_kind_id, t.id`)
    : [];
  return { items: rows.map((r) => toolRowOf(r as Record<string, unknown>)), pagesCount, itemsCount };
};

export const toolById = async (db: Db, id: number): Promise<ToolRow | null> => {
  const r = await db.maybeOne(sql.unsafe`SELECT ${rowSelect} FROM rm_tools t ${rowJoins} WHERE t.id = ${id} AND NOT t.deleted`);
  return r ? toolRowOf(r as Record<string, unknown>) : null;
};

export interface CommissioningSet {
  id: number;
  unit_id: number;
  inventar_number: string;
  buh_name: string | null;
  tool_set_name_id: number;
  tool_set_name: string | null;
  work_in_dt: string | null;
  tools: ToolRow[];
}

/**
 * Equipment a commissioning request may take (requests.md 2.5): the unit's sets awaiting balance
 * (every tool of the set waiting, state 5) and its waiting tools that are in no set.
 */
export const toolsForCommissioning = async (db: Db, unitId: number): Promise<{ toolsSets: CommissioningSet[]; tools: ToolRow[] }> => {
  const rows = (
    await db.any(sql.unsafe`
      SELECT ${rowSelect} FROM rm_tools t ${rowJoins}
      WHERE t.unit_id = ${unitId} AND NOT t.deleted AND t.state = ${ToolState.WAITING}
      ORDER BY t.tools_set_id NULLS FIRST, t.tool_kind_id, t.id`)
  ).map((r) => toolRowOf(r as Record<string, unknown>));
  const sets = await db.any(sql.unsafe`
    SELECT s.id, s.unit_id, s.inventar_number, s.buh_name, s.type_id, sn.title AS tool_set_name, s.work_in_dt
    FROM rm_tools_sets s LEFT JOIN rm_catalog_items sn ON sn.catalog = 'tools_sets_names' AND sn.id = s.type_id
    WHERE s.unit_id = ${unitId}
      AND EXISTS (SELECT 1 FROM rm_tools t WHERE t.tools_set_id = s.id AND NOT t.deleted)
      AND NOT EXISTS (SELECT 1 FROM rm_tools t WHERE t.tools_set_id = s.id AND NOT t.deleted AND t.state <> ${ToolState.WAITING})
    ORDER BY s.inventar_number, s.id`);
  const toolsSets = sets.map((s) => ({
    id: Number(s.id),
    unit_id: Number(s.unit_id),
    inventar_number: String(s.inventar_number),
    buh_name: (s.buh_name as string | null) ?? null,
    tool_set_name_id: Number(s.type_id),
    tool_set_name: (s.tool_set_name as string | null) ?? null,
    work_in_dt: (s.work_in_dt as string | null) ?? null,
    tools: rows.filter((t) => t.tools_set_id === Number(s.id)),
  }));
  return { toolsSets, tools: rows.filter((t) => t.tools_set_id === null) };
};
