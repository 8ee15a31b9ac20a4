import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { toolAgeBounds } from '../../../domain/tool/list-filter';
import { ToolState } from '../../../domain/tool/states';

type Db = Pick<CommonQueryMethods, 'any' | 'anyFirst'>;

const unitCondition = (units: readonly number[] | null): FragmentSqlToken =>
  units ? sql.fragment`t.unit_id = ANY(${sql.array([...units], 'int4')})` : sql.fragment`TRUE`;

export interface ToolCounts {
  total: number;
  /** Per state id ("1" … "6"), zeros included. */
  byState: Record<string, number>;
}

/** GET /api/tools_count: tools of the units (null = every unit) by state. */
export const toolsCount = async (db: Db, units: readonly number[] | null): Promise<ToolCounts> => {
  const byState: Record<string, number> = Object.fromEntries(Object.values(ToolState).map((s) => [String(s), 0]));
  if (units && units.length === 0) return { total: 0, byState };
  const rows = await db.any(sql.unsafe`
    SELECT t.state, count(*) AS n FROM rm_tools t WHERE NOT t.deleted AND ${unitCondition(units)} GROUP BY t.state`);
  let total = 0;
  for (const r of rows) {
    byState[String(r.state)] = Number(r.n);
    total += Number(r.n);
  }
  return { total, byState };
};

export interface AgeCount {
  total: number;
  /** Commissioned 5 years ago or earlier (a missing date counts as 1 Jan 2000). */
  old: number;
  /** Younger than 5 years. */
  new: number;
}
export interface KindAgeCount extends AgeCount {
  tool_kind_id: number;
  tool_kind: string;
}

/**
 * GET /api/tools_age_count (equipment.md 2 '/tools-list', 4, 9): per kind the tools of the units
 * (null = every unit), older and younger than 5 years on `today`; kinds by title.
 */
export const toolsAgeCount = async (db: Db, units: readonly number[] | null, today: string): Promise<{ kinds: KindAgeCount[]; total: AgeCount }> => {
  const total: AgeCount = { total: 0, old: 0, new: 0 };
  if (units && units.length === 0) return { kinds: [], total };
  const { upTo } = toolAgeBounds('old', today);
  const rows = await db.any(sql.unsafe`
    SELECT c.tool_kind_id, k.title AS tool_kind, c.total, c.old
    FROM (
      SELECT t.tool_kind_id, count(*) AS total, count(*) FILTER (WHERE t.age_dt <= ${upTo}::date) AS old
      FROM rm_tools t WHERE NOT t.deleted AND ${unitCondition(units)} GROUP BY t.tool_kind_id
    ) c
    LEFT JOIN rm_catalog_items k ON k.catalog = 'tool_kind' AND k.id = c.tool_kind_id
    ORDER BY lower(coalesce(k.title, '')), c.tool_kind_id`);
  const kinds = rows.map((r) => {
    const n = Number(r.total);
    const old = Number(r.old);
    total.total += n;
    total.old += old;
    total.new += n - old;
    return { tool_kind_id: Number(r.tool_kind_id), tool_kind: String(r.tool_kind ?? r.tool_kind_id), total: n, old, new: n - old };
  });
  return { kinds, total };
};

/** Units of an organisation that is a host: its own and those of the organisations it hosts. */
export const unitsOfHost = async (db: Db, hostId: number): Promise<number[]> =>
  (
    await db.anyFirst(sql.unsafe`
      SELECT u.id FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id
      WHERE (o.id = ${hostId} OR o.host_id = ${hostId}) AND NOT u.deleted ORDER BY u.id`)
  ).map(Number);
