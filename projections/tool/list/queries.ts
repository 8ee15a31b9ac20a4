import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { ToolState, ownerTypeTitles } from '../../../domain/tool/states';
import { toolAgeBounds, type ToolListFilter } from '../../../domain/tool/list-filter';
import { PAGE_SIZE, type Page } from '../../support/paging';
import { toolInfoOf, toolSelect } from '../../request/list/names';
import type { ToolRow, ToolsForCommissioning } from '../../../domain/tool/contracts';
import { catalogTitle } from '../../catalog/title-sql';
import { noCache, type ReadModelCache } from '../../../infrastructure/read-model-cache';
import { CUSTOM_PLAN } from '../../../infrastructure/perf/prepared-statements';
import type { ToolFilterTitles } from '../../../domain/tool/describe-filter';
import { toolSearchCondition } from './search';

type Db = Pick<CommonQueryMethods, 'any' | 'one' | 'oneFirst' | 'maybeOne' | 'anyFirst'>;

/**
 * Equipment search (equipment.md 3 'Tool filter fields', 2 '/tools'; requests.md 2.5): the list's
 * filter (domain/tool/list-filter.ts) with the units the caller may see already decided by the route.
 */
export interface ToolSearch {
  /** Units the caller may see and asked for; null = every unit. */
  readonly units: readonly number[] | null;
  readonly filter: ToolListFilter;
  /** 'YYYY-MM-DD': the age buckets are counted back from it. */
  readonly today: string;
}

/** The read models a count reads (rm_tools and rm_tools_sets): a cached count is valid until they change. */
export const TOOL_COUNT_SOURCES = ['tools'] as const;

/** The key of a search's count: every filter field but the page, the units and the day (the age buckets move with it). */
const countKey = (q: ToolSearch) => {
  const { pageNumber: _page, ...filter } = q.filter;
  return `tool-count:${q.today}:${q.units ? q.units.join(',') : '*'}:${JSON.stringify(filter)}`;
};

const escapeLike = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter's text fields: each searched whole when `exact`, otherwise as a part (LIKE '%…%'). */
const textFields = (f: ToolListFilter): Array<{ column: FragmentSqlToken; value: string | null | undefined; exact: boolean }> => [
  { column: sql.fragment`t.model`, value: f.tool_model, exact: Boolean(f.tool_model_exact) },
  { column: sql.fragment`t.serial_number`, value: f.serial_number, exact: Boolean(f.serial_exact) },
  { column: sql.fragment`t.inventar_number`, value: f.inventar_number, exact: Boolean(f.inventar_exact) },
  { column: sql.fragment`t.description`, value: f.tool_description, exact: false },
];

const textCondition = ({ column, value, exact }: ReturnType<typeof textFields>[number]): FragmentSqlToken | null => {
  if (!value) return null;
  return exact ? sql.fragment`lower(${column}) = ${value.toLowerCase()}` : sql.fragment`lower(${column}) LIKE ${`%${escapeLike(value)}%`}`;
};

const rowSelect = sql.fragment`
  ${toolSelect}, u.name AS unit_name, u.address AS unit_address, o.name AS organization_name, u.region_id,
  ${catalogTitle('regions', sql.fragment`u.region_id`)} AS region_title,
  s.inventar_number AS set_inventar_number, s.buh_name AS set_buh_name, s.type_id AS tool_set_name_id,
  ${catalogTitle('tools_sets_names', sql.fragment`s.type_id`)} AS tool_set_name,
  t.owner_type_id, t.cost_remain, t.exchange_stock, t.description, t.buh_name`;

const rowJoins = sql.fragment`
  LEFT JOIN rm_units u ON u.id = t.unit_id
  LEFT JOIN rm_organizations o ON o.id = u.organization_id
  LEFT JOIN rm_tools_sets s ON s.id = t.tools_set_id`;

const numOrNull = (v: unknown) => (v == null ? null : Number(v));

/** The names a list row shows beside its own columns: joined in by a page's query, looked up by the export. */
type ToolRowNames = Partial<Pick<ToolRow, 'tool_kind' | 'manufacturer' | 'unit_name' | 'unit_address' | 'organization_name' | 'region_id' | 'region_title' | 'tool_set_name'>>;

/**
 * A list row from a query's row, its names from `names` (default: the row's own columns). The row is
 * built by adding to a fresh object: in V8, a key added after a spread (`{ ...info, unit_name }`) or
 * onto a driver's row takes a slow path, and made row building most of an export's time.
 */
export const toolRowOf = (r: Record<string, unknown>, names: ToolRowNames = r): ToolRow =>
  Object.assign(toolInfoOf(r, names), {
    unit_name: names.unit_name ?? null,
    unit_address: names.unit_address ?? null,
    organization_name: names.organization_name ?? null,
    region_id: numOrNull(names.region_id),
    region_title: names.region_title ?? null,
    set_inventar_number: (r.set_inventar_number as string | null) ?? null,
    set_buh_name: (r.set_buh_name as string | null) ?? null,
    tool_set_name_id: numOrNull(r.tool_set_name_id),
    tool_set_name: names.tool_set_name ?? null,
    owner_type_id: numOrNull(r.owner_type_id),
    ownerTypeTitle: r.owner_type_id == null ? null : ownerTypeTitles[Number(r.owner_type_id)] ?? null,
    cost_remain: numOrNull(r.cost_remain),
    exchange_stock: Boolean(r.exchange_stock),
    description: (r.description as string | null) ?? null,
    buh_name: (r.buh_name as string | null) ?? null,
  });

/** Units of a region (the region filter becomes a unit list, intersected with the scope by the caller). */
export const unitsOfRegion = async (db: Db, regionId: number): Promise<number[]> =>
  (await db.anyFirst(sql.unsafe`SELECT id FROM rm_units WHERE region_id = ${regionId} ORDER BY id`)).map(Number);

/** The WHERE conditions of a search (every filter field but the units, which the route resolved). */
export const toolConditions = async (db: Db, q: ToolSearch): Promise<FragmentSqlToken[]> => {
  const f = q.filter;
  const c: FragmentSqlToken[] = [sql.fragment`NOT t.deleted`];
  if (q.units) c.push(sql.fragment`t.unit_id = ANY(${sql.array([...q.units], 'int4')})`);
  if (f.toolId) c.push(sql.fragment`t.id = ${f.toolId}`);
  if (f.tool_set_name_id) c.push(sql.fragment`t.tools_set_id IN (SELECT id FROM rm_tools_sets WHERE type_id = ${f.tool_set_name_id})`);
  const kinds = [...(f.tool_kind_ids ?? []), ...(f.tool_kind_id ? [f.tool_kind_id] : [])];
  if (kinds.length) c.push(sql.fragment`t.tool_kind_id = ANY(${sql.array([...new Set(kinds)], 'int4')})`);
  if (f.manufacturer_id) c.push(sql.fragment`t.manufacturer_id = ${f.manufacturer_id}`);
  for (const field of textFields(f)) {
    const cond = textCondition(field);
    if (cond) c.push(cond);
  }
  if (f.tool_work_in_dt_from) c.push(sql.fragment`t.work_in_dt >= ${f.tool_work_in_dt_from}::date`);
  if (f.tool_work_in_dt_till) c.push(sql.fragment`t.work_in_dt <= ${f.tool_work_in_dt_till}::date`);
  if (f.tool_age) {
    const { after, upTo } = toolAgeBounds(f.tool_age, q.today);
    if (after) c.push(sql.fragment`t.age_dt > ${after}::date`);
    if (upTo) c.push(sql.fragment`t.age_dt <= ${upTo}::date`);
  }
  if (f.tool_state) c.push(sql.fragment`t.state = ${f.tool_state}`);
  // 'Owner not set' ignores the owner type (equipment.md 4).
  if (f.tool_owner_is_not_set) c.push(sql.fragment`t.owner_type_id IS NULL`);
  else if (f.tool_owner_type_id) c.push(sql.fragment`t.owner_type_id = ${f.tool_owner_type_id}`);
  if (f.tool_cost_remain_from != null) c.push(sql.fragment`t.cost_remain >= ${f.tool_cost_remain_from}`);
  if (f.tool_cost_remain_upto != null) c.push(sql.fragment`t.cost_remain <= ${f.tool_cost_remain_upto}`);
  if (f.tool_exchange_stock != null) c.push(sql.fragment`t.exchange_stock = ${f.tool_exchange_stock}`);
  if (f.tool_in_set != null) c.push(f.tool_in_set ? sql.fragment`t.tools_set_id IS NOT NULL` : sql.fragment`t.tools_set_id IS NULL`);
  if (f.search) c.push(await toolSearchCondition(db, f.search));
  return c;
};

/** Whether a search has a substring condition (LIKE '%…%'), which the planner can only guess at. */
const hasSubstring = (f: ToolListFilter): boolean => Boolean(f.search) || textFields(f).some((t) => Boolean(t.value) && !t.exact);

/**
 * Up to this many matches, a page of a substring search is cut from the matches sorted, not from a walk
 * of the list's index: a walk that meets 173 matches among 321,000 tools reads nearly all of them.
 */
export const SORT_MATCHES_BELOW = 5_000;

/**
 * One page of 20 tools, by unit, kind and id. The page's ids are cut first from the list's index
 * (unit, kind, id), so a deep page skips index entries, not rows; then only its 20 rows are joined.
 * The count of a filter is kept in the read-model cache until the tools read model changes (paging
 * through a list of 300,000 tools counts it once).
 *
 * A substring condition's selectivity is estimated from ANALYZE's random sample: the same fragment
 * was estimated at a few dozen or a few thousand matches from one ANALYZE to the next, and at the high
 * estimate the planner walked the list's index to find them, hundreds of times slower than through the
 * trigram index (docs/notes/bench.md). Such a search is counted first, and a page of few matches is sorted from them
 * (`unit_id + 0` takes the index's order away); a page of many still walks the index, which finds
 * them early. Other searches count and read their page side by side.
 */
export const searchTools = async (db: Db, q: ToolSearch, cache: ReadModelCache = noCache): Promise<Page<ToolRow>> => {
  if (q.units && q.units.length === 0) return { items: [], pagesCount: 1, itemsCount: 0 };
  const where = sql.fragment`${CUSTOM_PLAN}${sql.join(await toolConditions(db, q), sql.fragment` AND `)}`;
  const pageOf = (page: number, sortMatches: boolean) =>
    db.any(sql.unsafe`
      SELECT ${rowSelect}
      FROM (SELECT t.id FROM rm_tools t WHERE ${where}
            ORDER BY ${sortMatches ? sql.fragment`t.unit_id + 0` : sql.fragment`t.unit_id`}, t.tool_kind_id, t.id
            LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}) p
      JOIN rm_tools t ON t.id = p.id
      ${rowJoins}
      ORDER BY t.unit_id, t.tool_kind_id, t.id`);
  // A search's count also depends on the names it matched (objects, catalogues).
  const sources = q.filter.search ? [...TOOL_COUNT_SOURCES, 'organizations', 'catalog'] : TOOL_COUNT_SOURCES;
  const counted = () => cache.get(sources, countKey(q), async () => Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools t WHERE ${where}`)));
  let itemsCount: number;
  let sortMatches = false;
  let asked: readonly unknown[];
  if (hasSubstring(q.filter)) {
    itemsCount = Number(await counted());
    sortMatches = itemsCount <= SORT_MATCHES_BELOW;
    asked = await pageOf(q.filter.pageNumber, sortMatches);
  } else {
    // The count and the asked page run side by side (two connections of the pool).
    [itemsCount, asked] = await Promise.all([counted().then(Number), pageOf(q.filter.pageNumber, false)]);
  }
  const pagesCount = Math.max(1, Math.ceil(itemsCount / PAGE_SIZE));
  // A page past the end, rare, is read again as the last page.
  const rows = q.filter.pageNumber <= pagesCount || itemsCount === 0 ? asked : await pageOf(pagesCount, sortMatches);
  return { items: rows.map((r) => toolRowOf(r as Record<string, unknown>)), pagesCount, itemsCount };
};

/** Names the export's rows show, read once per export (units, organisations, catalogue titles). */
const exportNames = async (db: Db) => {
  const units = new Map<number, { name: string; address: string | null; region_id: number; organization_name: string | null }>();
  for (const u of await db.any(sql.unsafe`
    SELECT u.id, u.name, u.address, u.region_id, o.name AS organization_name FROM rm_units u LEFT JOIN rm_organizations o ON o.id = u.organization_id`))
    units.set(Number(u.id), { name: String(u.name), address: (u.address as string | null) ?? null, region_id: Number(u.region_id), organization_name: (u.organization_name as string | null) ?? null });
  const titles = new Map<string, string>();
  for (const c of await db.any(sql.unsafe`
    SELECT catalog, id, title FROM rm_catalog_items WHERE catalog IN ('tool_kind', 'manufacturer', 'regions', 'tools_sets_names')`))
    titles.set(`${c.catalog}:${c.id}`, String(c.title));
  return { units, title: (catalog: string, id: unknown) => (id == null ? null : titles.get(`${catalog}:${Number(id)}`) ?? null) };
};

/**
 * The whole filtered list in batches of `batchSize`, in the list's order, by keyset (unit, kind, id):
 * the export streams it without holding it. Names come from maps read once (not joined per batch),
 * and the next batch is read while the caller writes the current one.
 */
export async function* toolBatches(db: Db, q: ToolSearch, batchSize: number): AsyncIterable<ToolRow[]> {
  if (q.units && q.units.length === 0) return;
  const [conditions, names] = await Promise.all([toolConditions(db, q), exportNames(db)]);
  const read = async (after: { unit_id: number; tool_kind_id: number; id: number } | null): Promise<ToolRow[]> => {
    const keyset: FragmentSqlToken[] = after
      ? [sql.fragment`(t.unit_id, t.tool_kind_id, t.id) > (${after.unit_id}, ${after.tool_kind_id}, ${after.id})`]
      : [];
    const where = sql.fragment`${CUSTOM_PLAN}${sql.join([...conditions, ...keyset], sql.fragment` AND `)}`;
    const rows = await db.any(sql.unsafe`
      SELECT t.id, t.unit_id, t.tools_set_id, t.tool_kind_id, t.manufacturer_id, t.model_id, t.model, t.serial_number, t.inventar_number,
        t.guaranty_dt, t.work_in_dt, t.state, t.owner_type_id, t.cost_remain, t.exchange_stock, t.description, t.buh_name,
        s.inventar_number AS set_inventar_number, s.buh_name AS set_buh_name, s.type_id AS tool_set_name_id
      FROM rm_tools t LEFT JOIN rm_tools_sets s ON s.id = t.tools_set_id
      WHERE ${where} ORDER BY t.unit_id, t.tool_kind_id, t.id LIMIT ${batchSize}`);
    return rows.map((r) => {
      const u = names.units.get(Number(r.unit_id));
      return toolRowOf(r, {
        tool_kind: names.title('tool_kind', r.tool_kind_id),
        manufacturer: names.title('manufacturer', r.manufacturer_id),
        unit_name: u?.name ?? null,
        unit_address: u?.address ?? null,
        organization_name: u?.organization_name ?? null,
        region_id: u?.region_id ?? null,
        region_title: u ? names.title('regions', u.region_id) : null,
        tool_set_name: names.title('tools_sets_names', r.tool_set_name_id),
      });
    });
  };
  let next: Promise<ToolRow[]> | null = read(null);
  while (next) {
    const rows: ToolRow[] = await next;
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    next = rows.length < batchSize ? null : read({ unit_id: last.unit_id!, tool_kind_id: last.tool_kind_id!, id: last.id });
    yield rows;
  }
}

/** Tools by ids (not deleted), for labels of selected rows; the caller checks scope per row. */
export const toolsByIds = async (db: Db, ids: readonly number[]): Promise<ToolRow[]> => {
  if (ids.length === 0) return [];
  const rows = await db.any(sql.unsafe`SELECT ${rowSelect} FROM rm_tools t ${rowJoins} WHERE t.id = ANY(${sql.array([...ids], 'int4')}) AND NOT t.deleted`);
  return rows.map((r) => toolRowOf(r as Record<string, unknown>));
};

/** How many tools a list filter finds (the labels' bound, checked before a file starts; the export's first line). */
export const countTools = async (db: Db, q: ToolSearch): Promise<number> => {
  if (q.units && q.units.length === 0) return 0;
  const where = sql.fragment`${CUSTOM_PLAN}${sql.join(await toolConditions(db, q), sql.fragment` AND `)}`;
  return Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools t WHERE ${where}`));
};

export const toolById = async (db: Db, id: number): Promise<ToolRow | null> => {
  const r = await db.maybeOne(sql.unsafe`SELECT ${rowSelect} FROM rm_tools t ${rowJoins} WHERE t.id = ${id} AND NOT t.deleted`);
  return r ? toolRowOf(r as Record<string, unknown>) : null;
};

/**
 * Equipment a commissioning request may take (requests.md 2.5): the unit's sets awaiting balance
 * (every tool of the set waiting, state 5) and its waiting tools that are in no set.
 */
export const toolsForCommissioning = async (db: Db, unitId: number): Promise<ToolsForCommissioning> => {
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

/** GET /api/tools_by_set_id/{id}: the set's tools that are not deleted, in the list's order. */
export const toolsOfSet = async (db: Db, setId: number): Promise<ToolRow[]> =>
  (
    await db.any(sql.unsafe`
      SELECT ${rowSelect} FROM rm_tools t ${rowJoins}
      WHERE t.tools_set_id = ${setId} AND NOT t.deleted ORDER BY t.unit_id, t.tool_kind_id, t.id`)
  ).map((r) => toolRowOf(r as Record<string, unknown>));

/** The names a filter's words need (regions, units, set names, kinds, manufacturers), by catalogue and id. */
export const toolFilterNames = async (db: Db, f: ToolListFilter): Promise<ToolFilterTitles> => {
  const keys = [
    ...(f.region_id != null ? [`regions:${f.region_id}`] : []),
    ...(f.tool_set_name_id != null ? [`tools_sets_names:${f.tool_set_name_id}`] : []),
    ...(f.manufacturer_id != null ? [`manufacturer:${f.manufacturer_id}`] : []),
    ...(f.tool_kind_ids ?? []).map((id) => `tool_kind:${id}`),
  ];
  const catalog = new Map(
    keys.length ? (await db.any(sql.unsafe`SELECT key, title FROM rm_catalog_items WHERE key = ANY(${sql.array(keys, 'text')})`)).map((r) => [String(r.key), String(r.title)]) : [],
  );
  const unitIds = f.units_ids ?? [];
  const units = new Map(
    unitIds.length ? (await db.any(sql.unsafe`SELECT id, name FROM rm_units WHERE id = ANY(${sql.array([...unitIds], 'int4')})`)).map((r) => [Number(r.id), String(r.name)]) : [],
  );
  const of = (catalogName: string) => (id: number) => catalog.get(`${catalogName}:${id}`) ?? '';
  return { region: of('regions'), setName: of('tools_sets_names'), manufacturer: of('manufacturer'), toolKind: of('tool_kind'), unit: (id) => units.get(id) ?? '' };
};
