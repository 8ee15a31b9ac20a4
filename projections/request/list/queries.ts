import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { kindTitle, performerKindTitles, statusTitle, type PerformerKind } from '../../../domain/request';
import type { UnitScope } from '../../../domain/rights/scope';
import { scopeIncludes } from '../../../domain/rights/scope';
import { PAGE_SIZE } from '../../support/paging';
import type { RequestFilter } from '../../../domain/request/list-filter';
import type { RequestListRow } from '../../../domain/request/contracts';
import { softwareFilterKeys, type RequestFilterTitles } from '../../../domain/request/describe-filter';
import { countTableConditions, requestConditions } from './filter';
import { searchRows } from './search';
import { bucketsOf, monthsOf, type Bucket } from './periods';
import { CUSTOM_PLAN } from '../../../infrastructure/perf/prepared-statements';

type Db = Pick<CommonQueryMethods, 'any' | 'oneFirst' | 'maybeOne'>;

const listColumns = sql.fragment`
  r.id, r.number, r.request_performer_kind, r.request_date_add, r.hotlinegas_number, r.result_d, r.region_id, r.unit_id,
  u.name AS unit_name, u.organization_id, o.name AS organization_name, r.request_kind_id, r.request_status_id,
  r.request_text, r.revision`;

const titled = (r: Record<string, unknown>): RequestListRow => ({
  id: Number(r.id),
  number: r.number == null ? null : Number(r.number),
  request_performer_kind: String(r.request_performer_kind),
  performerKindTitle: performerKindTitles[r.request_performer_kind as PerformerKind] ?? String(r.request_performer_kind ?? ''),
  request_date_add: String(r.request_date_add),
  hotlinegas_number: (r.hotlinegas_number as string | null) ?? null,
  result_d: (r.result_d as string | null) ?? null,
  region_id: r.region_id == null ? null : Number(r.region_id),
  unit_id: r.unit_id == null ? null : Number(r.unit_id),
  unit_name: (r.unit_name as string | null) ?? null,
  organization_id: r.organization_id == null ? null : Number(r.organization_id),
  organization_name: (r.organization_name as string | null) ?? null,
  request_kind_id: r.request_kind_id == null ? null : Number(r.request_kind_id),
  kindTitle: kindTitle(r.request_kind_id as number | null),
  request_status_id: Number(r.request_status_id),
  statusTitle: statusTitle(r.request_status_id as number | null),
  request_text: String(r.request_text ?? ''),
  revision: Number(r.revision),
});

/** The filter's conditions, planned for each call's values (CUSTOM_PLAN). */
const where = (f: RequestFilter, scope: UnitScope) => sql.fragment`${CUSTOM_PLAN}${sql.join(requestConditions(f, scope), sql.fragment` AND `)}`;

type Fragment = ReturnType<typeof sql.fragment>;

/** The filter's conditions on the rows of one part of its date range. */
const whereBetween = (f: RequestFilter, scope: UnitScope, from: string, to: string) => where({ ...f, date_beg: from, date_end: to }, scope);

/** The requests of each bucket, from rm_request_counts (whole months and years) and the rows (edge days). */
const bucketCounts = async (db: Db, f: RequestFilter, scope: UnitScope, dims: Fragment[], buckets: readonly Bucket[]): Promise<number[]> => {
  const periods = buckets.flatMap((b) => (b.kind === 'days' ? [] : [b.period]));
  const dimsSql = dims.length ? sql.fragment`AND ${sql.join(dims, sql.fragment` AND `)}` : sql.fragment``;
  const [byPeriod, days] = await Promise.all([
    periods.length
      ? db.any(sql.unsafe`
          SELECT c.period, sum(c.count)::int AS n FROM rm_request_counts c
          WHERE c.period = ANY(${sql.array(periods, 'int4')}) ${dimsSql} GROUP BY c.period`)
      : Promise.resolve([]),
    Promise.all(
      buckets.map((b) =>
        b.kind === 'days' ? db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_requests r WHERE ${whereBetween(f, scope, b.from, b.to)}`) : Promise.resolve(0),
      ),
    ),
  ]);
  const counted = new Map(byPeriod.map((r) => [Number(r.period), Number(r.n)]));
  return buckets.map((b, i) => (b.kind === 'days' ? Number(days[i]) : counted.get(b.period) ?? 0));
};

/**
 * The page at `offset` of a list counted by buckets: the bucket that holds the offset is found from
 * the counts (a whole year is split into its months first), and the rows are read along the sort key
 * from that bucket's last day on, so a deep page reads at most about a month of rows, not all the
 * newer ones. The index scan returns ids only; the page's rows are read last.
 */
const seekPage = async (
  db: Db,
  f: RequestFilter,
  scope: UnitScope,
  dims: Fragment[],
  buckets: readonly Bucket[],
  counts: readonly number[],
  offset: number,
  limit: number,
): Promise<RequestListRow[]> => {
  let skipped = 0;
  let target: Bucket | undefined;
  for (const [i, b] of buckets.entries()) {
    if (skipped + counts[i]! > offset) {
      target = b;
      break;
    }
    skipped += counts[i]!;
  }
  if (!target) return [];
  if (target.kind === 'year' && offset > skipped) {
    const months = monthsOf(target.period / 100);
    const monthCounts = await bucketCounts(db, f, scope, dims, months);
    for (const [i, m] of months.entries()) {
      if (skipped + monthCounts[i]! > offset) {
        target = m;
        break;
      }
      skipped += monthCounts[i]!;
    }
  }
  return pageOfRows(db, whereBetween(f, scope, f.date_beg, target.to), offset - skipped, limit);
};

/** Rows of a page: ids along the sort key first (often from the index alone), then the rows. */
const pageOfRows = async (db: Db, conditions: ReturnType<typeof where>, offset: number, limit: number): Promise<RequestListRow[]> => {
  const rows = await db.any(sql.unsafe`
    SELECT ${listColumns}
    FROM (SELECT r.id FROM rm_requests r WHERE ${conditions} ORDER BY r.request_date_add DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}) k
    JOIN rm_requests r ON r.id = k.id
    LEFT JOIN rm_units u ON u.id = r.unit_id
    LEFT JOIN rm_organizations o ON o.id = u.organization_id
    ORDER BY r.request_date_add DESC, r.id DESC`);
  return rows.map((r) => titled(r as Record<string, unknown>));
};

/**
 * Count and page in one pass, for filters rm_request_counts cannot count (a unit scope, an executor,
 * a number, a text, a sub-filter...): the keys of the matching rows are collected once through the
 * best index for the filter (the units', the executors', a selective one), counted, sorted, and only
 * the page's rows are read. Scanning along the date for a page would read a whole year to find a rare
 * match.
 */
const countedPage = async (db: Db, f: RequestFilter, scope: UnitScope, offset: number, limit: number) => {
  // A search orders by its rank first (the best match on page 1), then as every list.
  const found = f.search
    ? searchRows(f.search)(where({ ...f, search: null }, scope))
    : sql.fragment`SELECT r.id, r.request_date_add, 0 AS search_rank FROM rm_requests r WHERE ${where(f, scope)}`;
  const rows = await db.any(sql.unsafe`
    WITH m AS MATERIALIZED (${found}),
         k AS (SELECT m.id, m.search_rank FROM m ORDER BY m.search_rank DESC, m.request_date_add DESC, m.id DESC LIMIT ${limit} OFFSET ${offset})
    SELECT t.total, p.* FROM (SELECT count(*) AS total FROM m) t
    LEFT JOIN LATERAL (
      SELECT ${listColumns}, k.search_rank FROM k JOIN rm_requests r ON r.id = k.id
      LEFT JOIN rm_units u ON u.id = r.unit_id
      LEFT JOIN rm_organizations o ON o.id = u.organization_id
    ) p ON true
    ORDER BY p.search_rank DESC, p.request_date_add DESC, p.id DESC`);
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return { total, requests: rows.filter((r) => r.id != null).map((r) => titled(r as Record<string, unknown>)) };
};

export interface RequestList {
  requests: RequestListRow[];
  pagesCount: number;
  itemsCount: number;
}

export const listRequests = async (db: Db, f: RequestFilter, scope: UnitScope): Promise<RequestList> => {
  if (!scope.all && scope.unitIds.length === 0) return { requests: [], pagesCount: 1, itemsCount: 0 };
  const pageOf = (count: number) => Math.min(f.pageNumber, Math.max(1, Math.ceil(count / PAGE_SIZE)));
  const dims = countTableConditions(f, scope);
  if (dims) {
    const buckets = bucketsOf(f.date_beg, f.date_end);
    const counts = await bucketCounts(db, f, scope, dims, buckets);
    const itemsCount = counts.reduce((a, b) => a + b, 0);
    const requests = itemsCount === 0 ? [] : await seekPage(db, f, scope, dims, buckets, counts, (pageOf(itemsCount) - 1) * PAGE_SIZE, PAGE_SIZE);
    return { requests, pagesCount: Math.max(1, Math.ceil(itemsCount / PAGE_SIZE)), itemsCount };
  }
  let result = await countedPage(db, f, scope, (f.pageNumber - 1) * PAGE_SIZE, PAGE_SIZE);
  // A page past the end gives the last page, as everywhere.
  if (result.requests.length === 0 && result.total > 0) result = await countedPage(db, f, scope, (pageOf(result.total) - 1) * PAGE_SIZE, PAGE_SIZE);
  return { requests: result.requests, pagesCount: Math.max(1, Math.ceil(result.total / PAGE_SIZE)), itemsCount: result.total };
};

/** The count the list would show for this filter (its itemsCount), without reading a page. */
export const countRequests = async (db: Db, f: RequestFilter, scope: UnitScope): Promise<number> => {
  if (!scope.all && scope.unitIds.length === 0) return 0;
  const dims = countTableConditions(f, scope);
  if (dims) return (await bucketCounts(db, f, scope, dims, bucketsOf(f.date_beg, f.date_end))).reduce((a, b) => a + b, 0);
  return Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_requests r WHERE ${where(f, scope)}`));
};

export interface Cursor {
  readonly date: string;
  readonly id: number;
}

/**
 * The whole filtered list in keyset batches (exports): each batch continues after the last row
 * of the previous one on the list's own index order, so a batch costs the same at any depth.
 */
export async function* requestBatches(db: Db, f: RequestFilter, scope: UnitScope, batchSize = 2000): AsyncGenerator<RequestListRow[]> {
  if (!scope.all && scope.unitIds.length === 0) return;
  let cursor: Cursor | null = null;
  for (;;) {
    const after: ReturnType<typeof sql.fragment> = cursor
      ? sql.fragment`AND (r.request_date_add, r.id) < (${cursor.date}::timestamptz, ${cursor.id})`
      : sql.fragment``;
    const rows = await db.any(sql.unsafe`
      SELECT ${listColumns}
      FROM (SELECT * FROM rm_requests r WHERE ${where(f, scope)} ${after} ORDER BY r.request_date_add DESC, r.id DESC LIMIT ${batchSize}) r
      LEFT JOIN rm_units u ON u.id = r.unit_id
      LEFT JOIN rm_organizations o ON o.id = u.organization_id
      ORDER BY r.request_date_add DESC, r.id DESC`);
    if (rows.length === 0) return;
    const batch = rows.map((r) => titled(r as Record<string, unknown>));
    yield batch;
    if (rows.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    cursor = { date: last.request_date_add, id: last.id };
  }
}

/** The request's list row, or null when it does not exist, is deleted or is outside the scope. */
export const requestInScope = async (
  db: Pick<DatabasePool, 'maybeOne'>,
  id: number,
  scope: UnitScope,
): Promise<{ id: number; unit_id: number | null; region_id: number | null; number: number | null } | null> => {
  const row = await db.maybeOne(sql.unsafe`
    SELECT id, unit_id, region_id, number FROM rm_requests WHERE id = ${id} AND NOT deleted`);
  if (!row) return null;
  const unitId = row.unit_id == null ? null : Number(row.unit_id);
  if (!scopeIncludes(scope, unitId)) return null;
  return { id: Number(row.id), unit_id: unitId, region_id: row.region_id == null ? null : Number(row.region_id), number: row.number == null ? null : Number(row.number) };
};

/** A request row's list columns (jsonb lists and costs) for the per-list routes. */
export const requestLists = async (db: Pick<DatabasePool, 'maybeOne'>, id: number) =>
  (await db.maybeOne(sql.unsafe`
    SELECT id, number, unit_id, engineers, works, spares_pbs, tools_commissioning, students_list, attachments, documents,
           cost_work, cost_spares, cost_spares_pbs
    FROM rm_requests WHERE id = ${id} AND NOT deleted`)) as {
    id: number;
    number: number | null;
    unit_id: number | null;
    engineers: number[];
    works: Array<{ title: string; cost: number }>;
    spares_pbs: Array<{ title: string; cost: number }>;
    tools_commissioning: Array<{ tool_id: number; settling_place: string; instructed_person: string }>;
    students_list: Array<{ name: string; post: string }>;
    attachments: unknown[];
    documents: unknown[];
    cost_work: number;
    cost_spares: number;
    cost_spares_pbs: number;
  } | null;

/** The names a filter's words need (regions, units, engineers, programs, tool kinds), by catalogue and id. */
export const requestFilterNames = async (db: Db, f: RequestFilter): Promise<RequestFilterTitles> => {
  const programs = softwareFilterKeys.flatMap((k) => (f[k]?.program_id != null ? [f[k]!.program_id!] : []));
  const keys = [
    ...(f.region_id != null ? [`regions:${f.region_id}`] : []),
    ...(f.repairTool?.tool_kind_id != null ? [`tool_kind:${f.repairTool.tool_kind_id}`] : []),
    ...programs.map((id) => `programs:${id}`),
  ];
  const catalog = new Map(
    keys.length ? (await db.any(sql.unsafe`SELECT key, title FROM rm_catalog_items WHERE key = ANY(${sql.array(keys, 'text')})`)).map((r) => [String(r.key), String(r.title)]) : [],
  );
  const unitIds = f.units_ids ?? [];
  const units = new Map(
    unitIds.length ? (await db.any(sql.unsafe`SELECT id, name FROM rm_units WHERE id = ANY(${sql.array([...unitIds], 'int4')})`)).map((r) => [Number(r.id), String(r.name)]) : [],
  );
  const userIds = [f.engineer_id, f.hotline_engineer_id].filter((id): id is number => id != null);
  const users = new Map(
    userIds.length ? (await db.any(sql.unsafe`SELECT id, fio FROM rm_users WHERE id = ANY(${sql.array(userIds, 'int4')})`)).map((r) => [Number(r.id), String(r.fio)]) : [],
  );
  const of = (catalogName: string) => (id: number) => catalog.get(`${catalogName}:${id}`) ?? '';
  const user = (id: number) => users.get(id) ?? '';
  return { region: of('regions'), unit: (id) => units.get(id) ?? '', engineer: user, hotlineEngineer: user, program: of('programs'), toolKind: of('tool_kind') };
};
