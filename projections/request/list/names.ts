import { sql, type CommonQueryMethods } from 'slonik';
import { toolStateTitles, type ToolState } from '../../../domain/tool/states';
import type { ToolInfo } from '../../../domain/tool/contracts';
import { isPlaceholderInventory, toolHead } from '../../../domain/tool/placeholders';
import { noCache, type ReadModelCache } from '../../../infrastructure/read-model-cache';
import { networkUnits } from '../../organization/queries';
import { catalogTitle } from '../../catalog/title-sql';

type Db = Pick<CommonQueryMethods, 'any'>;

/** Reference catalogues a request names by id. */
export type NamedCatalog = 'regions' | 'programs' | 'programs_subsystems' | 'services_repairs';

export interface NameRequest {
  users?: Iterable<number>;
  units?: Iterable<number>;
  tools?: Iterable<number>;
  catalog?: Partial<Record<NamedCatalog, Iterable<number>>>;
}

export interface Names {
  user(id: unknown): string | null;
  unit(id: unknown): UnitName | null;
  tool(id: unknown): ToolInfo | null;
  catalog(name: NamedCatalog, id: unknown): string | null;
}

const ids = (v: Iterable<number> | undefined) => [...new Set([...(v ?? [])].map(Number).filter((n) => Number.isInteger(n) && n > 0))];

/** requests.md 5: placeholder manufacturers, models and inventory numbers count as empty. */
export const toolTitle = (t: Pick<ToolInfo, 'tool_kind' | 'manufacturer' | 'model' | 'serial_number' | 'inventar_number'>): string => {
  const inventar = isPlaceholderInventory(t.inventar_number) ? null : t.inventar_number;
  const head = toolHead(t.tool_kind, t.manufacturer, t.model);
  const numbers = [t.serial_number ? `с/н ${t.serial_number}` : null, inventar ? `инв. № ${inventar}` : null].filter(Boolean).join(', ');
  return [head, numbers].filter(Boolean).join(', ');
};

/** A tool's info columns of `rm_tools t`, its kind's and manufacturer's titles included. */
export const toolSelect = sql.fragment`
  t.id, t.unit_id, t.tools_set_id, t.tool_kind_id, ${catalogTitle('tool_kind', sql.fragment`t.tool_kind_id`)} AS tool_kind,
  t.manufacturer_id, ${catalogTitle('manufacturer', sql.fragment`t.manufacturer_id`)} AS manufacturer, t.model_id,
  t.model, t.serial_number, t.inventar_number, t.guaranty_dt, t.work_in_dt, t.state`;

/** A tool's info from its row; the kind's and manufacturer's titles from `titles` when they are not columns of it. */
export const toolInfoOf = (r: Record<string, unknown>, titles: { readonly tool_kind?: unknown; readonly manufacturer?: unknown } = r): ToolInfo => {
  const info = {
    id: Number(r.id),
    unit_id: r.unit_id == null ? null : Number(r.unit_id),
    tools_set_id: r.tools_set_id == null ? null : Number(r.tools_set_id),
    tool_kind_id: r.tool_kind_id == null ? null : Number(r.tool_kind_id),
    tool_kind: (titles.tool_kind as string | null) ?? null,
    manufacturer_id: r.manufacturer_id == null ? null : Number(r.manufacturer_id),
    manufacturer: (titles.manufacturer as string | null) ?? null,
    model_id: r.model_id == null ? null : Number(r.model_id),
    model: (r.model as string | null) ?? null,
    serial_number: (r.serial_number as string | null) ?? null,
    inventar_number: (r.inventar_number as string | null) ?? null,
    guaranty_dt: (r.guaranty_dt as string | null) ?? null,
    work_in_dt: (r.work_in_dt as string | null) ?? null,
    state: r.state == null ? null : Number(r.state),
    stateTitle: r.state == null ? null : toolStateTitles[Number(r.state) as ToolState] ?? null,
    title: '',
  };
  info.title = toolTitle(info);
  return info;
};

type UnitName = { name: string; organization_id: number; organization_name: string | null };

/** Which projections each kind of name is read from (the cache's dependencies). */
const from = {
  users: ['users'],
  tools: ['tools', 'catalog'],
  catalog: ['catalog'],
} as const;

const unitNames = async (db: Db, wanted: number[], cache: ReadModelCache): Promise<Map<number, UnitName | null>> => {
  if (wanted.length === 0) return new Map();
  const units = await networkUnits(db, cache, wanted);
  return new Map(
    wanted.map((id) => {
      const u = units.get(id);
      return [id, u ? { name: u.name, organization_id: u.organization_id, organization_name: u.organization_name } : null];
    }),
  );
};

/**
 * Resolves reference ids to names: what `cache` holds is taken from it, the rest is read in a few
 * batched queries (one per kind of reference).
 */
export const loadNames = async (db: Db, want: NameRequest, cache: ReadModelCache = noCache): Promise<Names> => {
  const catalogKeys = Object.entries(want.catalog ?? {}).flatMap(([name, list]) => ids(list as Iterable<number>).map((id) => `${name}:${id}`));
  const [users, units, tools, catalog] = await Promise.all([
    cache.getMany(from.users, 'name:user', ids(want.users), async (missing) => {
      const rows = await db.any(sql.unsafe`SELECT id, fio FROM rm_users WHERE id = ANY(${sql.array(missing, 'int4')})`);
      return new Map(rows.map((r) => [Number(r.id), String(r.fio)]));
    }),
    unitNames(db, ids(want.units), cache),
    cache.getMany(from.tools, 'name:tool', ids(want.tools), async (missing) => {
      const rows = await db.any(sql.unsafe`SELECT ${toolSelect} FROM rm_tools t WHERE t.id = ANY(${sql.array(missing, 'int4')})`);
      return new Map(rows.map((r) => [Number(r.id), toolInfoOf(r as Record<string, unknown>)]));
    }),
    cache.getMany(from.catalog, 'name:catalog', catalogKeys, async (missing) => {
      const split = missing.map((k) => k.split(':') as [string, string]);
      const rows = await db.any(sql.unsafe`
        SELECT c.catalog, c.id, c.title FROM rm_catalog_items c
        JOIN unnest(${sql.array(split.map(([name]) => name), 'text')}, ${sql.array(split.map(([, id]) => Number(id)), 'int4')}) AS k(catalog, id)
          ON c.catalog = k.catalog AND c.id = k.id`);
      return new Map(rows.map((r) => [`${r.catalog}:${r.id}`, String(r.title)]));
    }),
  ]);
  return {
    user: (id) => users.get(Number(id)) ?? null,
    unit: (id) => units.get(Number(id)) ?? null,
    tool: (id) => tools.get(Number(id)) ?? null,
    catalog: (name, id) => catalog.get(`${name}:${Number(id)}`) ?? null,
  };
};
