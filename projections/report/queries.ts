import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { RequestKind, RequestStatus, isRequestKind, isRequestStatus, repairTypeTitles, requestKindTitles, requestStatusTitles } from '../../domain/request/enums';
import { ToolState } from '../../domain/tool/states';
import {
  AGE_THRESHOLD_YEARS, EXCLUDED_REGION_ID_FROM, SHORT_TABLE_EXCLUDED_CODE_FROM, SupplyKind, enclosure2Rank, failureCategories,
  failureCategoryOf, fallbacks, hardwareReportKinds, organisationKindLetter, repairDays, OTHER_FAILURE_CATEGORY,
} from '../../domain/report/court/constants';
import type { ResolvedReportParameters } from '../../domain/report/court/parameters';
import type { CourtReportId } from '../../domain/report/court/reports';

/**
 * The data of the court reports (decisions 87–96), read from the read models only (rm_requests, rm_tools,
 * rm_units, rm_organizations, rm_catalog_items); docs/reports.md describes each. A report is a
 * table: columns, rows (streamed in batches for the lists, whole for the counts, which GROUP BY in
 * PostgreSQL and so stay small at any scale), totals and, for the count reports, a chart series.
 */

type Db = CommonQueryMethods;
export type Cell = string | number | null;
export interface ReportColumn { readonly title: string; readonly width: number; readonly kind?: 'int' | 'money' | 'text' }
export interface ReportRow { readonly cells: readonly Cell[]; readonly style?: 'group' | 'subtotal' }
export interface ChartPoint { readonly label: string; readonly value: number }
export interface ReportData {
  /** Heading lines under the title (region, balance holder, supply kind). */
  readonly heading: readonly string[];
  readonly columns: readonly ReportColumn[];
  /** Rows to produce, for the progress (the count of the source rows). */
  readonly total: number;
  readonly rows: AsyncIterable<ReportRow[]>;
  /** The totals row, complete once `rows` has been read. */
  readonly totals: () => readonly Cell[];
  readonly chart?: () => readonly ChartPoint[];
}
export type ReportQuery = (db: Db, p: ResolvedReportParameters) => Promise<ReportData>;

const BATCH = 2000;
const completed = [RequestStatus.PERFORMED, RequestStatus.CLOSED, RequestStatus.HOT_LINE_PERFORMED];
const liveRepair = [RequestStatus.WAITING_ASSIGNMENT, RequestStatus.WAITING_ENGINEER, RequestStatus.PERFORMING, RequestStatus.HOT_LINE_WAITING, RequestStatus.HOT_LINE_PERFORMING];
const intList = (xs: readonly number[]) => sql.join(xs.map((x) => sql.fragment`${x}`), sql.fragment`, `);

/** The region / balance holder filter of a table aliased `alias` with region_id and unit_id (requests, or tools joined to units). */
const placeFilter = (p: ResolvedReportParameters, region: FragmentSqlToken, unit: FragmentSqlToken) => {
  const parts: FragmentSqlToken[] = [];
  parts.push(p.regionId == null ? sql.fragment`${region} < ${EXCLUDED_REGION_ID_FROM}` : sql.fragment`${region} = ${p.regionId}`);
  if (p.balanceHolderId != null)
    parts.push(sql.fragment`${unit} IN (SELECT u.id FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id
      WHERE o.id = ${p.balanceHolderId} OR o.host_id = ${p.balanceHolderId})`);
  return sql.join(parts, sql.fragment` AND `);
};
const rPlace = (p: ResolvedReportParameters) => placeFilter(p, sql.fragment`r.region_id`, sql.fragment`r.unit_id`);
const period = (col: FragmentSqlToken, p: ResolvedReportParameters) => sql.fragment`${col} >= ${p.dateBeg}::date AND ${col} < ${p.dateEnd}::date + 1`;

/** Titles the headings and cells need. */
const titles = async (db: Db, p: ResolvedReportParameters) => {
  const rows = (await db.any(sql.unsafe`SELECT catalog, id, title, data FROM rm_catalog_items WHERE catalog IN ('regions', 'tool_kind', 'programs', 'programs_subsystems')`)) as unknown as Array<{ catalog: string; id: number; title: string; data: Record<string, unknown> }>;
  const of = (c: string) => new Map(rows.filter((r) => r.catalog === c).map((r) => [Number(r.id), String(r.data.title ?? r.title)]));
  const regionCodes = new Map(rows.filter((r) => r.catalog === 'regions').map((r) => [Number(r.id), Number(r.data.code ?? 0)]));
  const regions = of('regions');
  const holder = p.balanceHolderId == null ? null : ((await db.maybeOneFirst(sql.unsafe`SELECT name FROM rm_organizations WHERE id = ${p.balanceHolderId}`)) as string | null);
  const heading = [p.regionId == null ? 'Все регионы' : `Регион: ${regions.get(p.regionId) ?? p.regionId}`];
  if (holder) heading.push(`Балансодержатель: ${holder}`);
  return { regions, regionCodes, kinds: of('tool_kind'), programs: of('programs'), subsystems: of('programs_subsystems'), heading };
};

async function* once(rows: ReportRow[]): AsyncIterable<ReportRow[]> {
  yield rows;
}

/** Rows read along a keyset (`key` names the ORDER BY columns), a batch per query, so a year of all regions never sits in memory. */
async function* keyset<R extends Record<string, unknown>>(db: Db, select: (after: R | null) => FragmentSqlToken): AsyncIterable<R[]> {
  let after: R | null = null;
  for (;;) {
    const batch = (await db.any(sql.unsafe`${select(after)} LIMIT ${BATCH}`)) as unknown as R[];
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!;
  }
}

const kindName = (id: number | null) => (isRequestKind(id) ? requestKindTitles[id] : fallbacks.kind);
const statusName = (id: number | null) => (isRequestStatus(id) ? requestStatusTitles[id] : fallbacks.status);
const ru = (iso: string | null | undefined) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');
const iso = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : typeof v === 'number' ? new Date(v).toISOString() : String(v));

/** Grouped count rows: one group header per outer key, its rows, a subtotal; totals per numeric column. */
const grouped = (groups: Map<string, Array<readonly Cell[]>>, width: number) => {
  const out: ReportRow[] = [];
  const totals: number[] = new Array(width).fill(0);
  for (const [group, rows] of groups) {
    if (groups.size > 1) out.push({ cells: [group], style: 'group' });
    const sub: number[] = new Array(width).fill(0);
    for (const r of rows) {
      out.push({ cells: r });
      r.forEach((c, i) => { if (typeof c === 'number' && i > 0) { sub[i]! += c; totals[i]! += c; } });
    }
    if (groups.size > 1) out.push({ cells: [`Итого: ${group}`, ...sub.slice(1)], style: 'subtotal' });
  }
  return { rows: out, totals: ['Всего', ...totals.slice(1)] as Cell[] };
};

// ---------------------------------------------------------------------------------------------

/** Enclosure 1: write-offs, the hard repairs whose СО-7 act (write-off) is dated in the period, by organisation. */
const enclosure1: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const where = sql.fragment`NOT r.deleted AND r.request_kind_id = ${RequestKind.REPAIR_HARD} AND r.co_7_number IS NOT NULL AND ${period(sql.fragment`r.co_7_d`, p)} AND ${rPlace(p)}`;
  const total = Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_requests r WHERE ${where}`));
  let count = 0;
  let cost = 0;
  const orgCounts = new Map<string, number>();
  type Row = { org: string; oid: number; kind_id: number | null; co_7_d: string; id: number; number: number | null; co_7_number: string; tool_kind_id: number | null; model: string | null; inventar_number: string | null; serial_number: string | null; cost_remain: string | null };
  async function* rows(): AsyncIterable<ReportRow[]> {
    let current: string | null = null;
    let sub = 0;
    for await (const batch of keyset<Row>(db, (a) => sql.fragment`
      SELECT o.name AS org, o.id AS oid, o.kind_id, r.co_7_d::text AS co_7_d, r.id, r.number, r.co_7_number,
             tl.tool_kind_id, tl.model, tl.inventar_number, tl.serial_number, tl.cost_remain::text AS cost_remain
      FROM rm_requests r JOIN rm_units u ON u.id = r.unit_id JOIN rm_organizations o ON o.id = u.organization_id
      LEFT JOIN rm_tools tl ON tl.id = r.tool_id
      WHERE ${where} ${a ? sql.fragment`AND (o.name, o.id, r.co_7_d, r.id) > (${a.org}, ${a.oid}, ${a.co_7_d}::date, ${a.id})` : sql.fragment``}
      ORDER BY o.name, o.id, r.co_7_d, r.id`)) {
      const out: ReportRow[] = [];
      for (const r of batch) {
        if (r.org !== current) {
          if (current !== null) out.push({ cells: [`Итого по организации: ${sub}`], style: 'subtotal' });
          out.push({ cells: [`${r.org} (${organisationKindLetter(r.kind_id)})`], style: 'group' });
          current = r.org;
          sub = 0;
        }
        count += 1;
        sub += 1;
        cost += Number(r.cost_remain ?? 0);
        orgCounts.set(r.org, (orgCounts.get(r.org) ?? 0) + 1);
        out.push({ cells: [count, t.kinds.get(Number(r.tool_kind_id)) ?? '', r.model ?? '', r.inventar_number ?? '', r.serial_number ?? '', r.number, r.co_7_number, ru(r.co_7_d), Number(r.cost_remain ?? 0)] });
      }
      yield out;
    }
    if (current !== null) yield [{ cells: [`Итого по организации: ${sub}`], style: 'subtotal' }];
  }
  return {
    heading: t.heading,
    columns: [
      { title: '№', width: 6, kind: 'int' }, { title: 'Вид оборудования', width: 26 }, { title: 'Наименование', width: 30 },
      { title: 'Инвентарный номер', width: 18 }, { title: 'Серийный номер', width: 18 }, { title: 'Номер заявки', width: 12, kind: 'int' },
      { title: 'Номер акта СО-7', width: 16 }, { title: 'Дата акта', width: 12 }, { title: 'Остаточная стоимость', width: 16, kind: 'money' },
    ],
    total,
    rows: rows(),
    totals: () => [`Всего списано: ${count}`, null, null, null, null, null, null, null, cost],
    chart: () => [...orgCounts].map(([label, value]) => ({ label, value })),
  };
};

/** Enclosure 2: requests of the period per object, UD objects first and GV last, with the organisation kind's letter code. */
const enclosure2: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = (await db.any(sql.unsafe`
    SELECT u.id, COALESCE(NULLIF(u.vncode, ''), o.vncode) AS vncode, u.name, o.kind_id,
      count(*)::int AS all_count,
      count(*) FILTER (WHERE r.request_status_id IN (${intList(completed)}))::int AS done,
      count(*) FILTER (WHERE r.request_status_id = ${RequestStatus.CANCELED})::int AS canceled
    FROM rm_requests r JOIN rm_units u ON u.id = r.unit_id JOIN rm_organizations o ON o.id = u.organization_id
    WHERE NOT r.deleted AND ${period(sql.fragment`r.request_date_add`, p)} AND ${rPlace(p)}
    GROUP BY u.id, u.vncode, o.vncode, u.name, o.kind_id`)) as unknown as Array<{ id: number; vncode: string | null; name: string; kind_id: number | null; all_count: number; done: number; canceled: number }>;
  rows.sort((a, b) => enclosure2Rank(a.vncode) - enclosure2Rank(b.vncode) || String(a.vncode).localeCompare(String(b.vncode)) || a.id - b.id);
  const cells = rows.map((r, i): ReportRow => ({ cells: [i + 1, organisationKindLetter(r.kind_id), r.vncode ?? '', r.name, r.all_count, r.done, r.canceled, r.all_count - r.done - r.canceled] }));
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    heading: t.heading,
    columns: [
      { title: '№', width: 6, kind: 'int' }, { title: 'Код вида', width: 10 }, { title: 'Код объекта', width: 14 }, { title: 'Объект', width: 44 },
      { title: 'Всего заявок', width: 12, kind: 'int' }, { title: 'Выполнено', width: 12, kind: 'int' }, { title: 'Отменено', width: 12, kind: 'int' },
      { title: 'В работе', width: 12, kind: 'int' },
    ],
    total: rows.length,
    rows: once(cells),
    totals: () => ['Всего', null, null, null, sum((r) => r.all_count), sum((r) => r.done), sum((r) => r.canceled), sum((r) => r.all_count - r.done - r.canceled)],
    chart: () => rows.map((r) => ({ label: r.vncode ?? r.name, value: r.all_count })),
  };
};

/** Enclosure 3: commissioning requests (СО-1.3 dated in the period) of the supply kind, by organisation. */
const enclosure3: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  // Central supply = the commissioned tool is the balance holder's (owner type 1); any other owner type is the branch's own purchase.
  const supply = p.supplyKind === SupplyKind.CENTRAL ? sql.fragment`tl.owner_type_id = 1` : sql.fragment`(tl.owner_type_id IS DISTINCT FROM 1)`;
  const rows = (await db.any(sql.unsafe`
    SELECT o.name AS org, r.number, r.co_13_number, r.co_13_d::text AS co_13_d, r.commissioning_year, tl.tool_kind_id, tl.model, tl.inventar_number, tl.serial_number
    FROM rm_requests r JOIN rm_units u ON u.id = r.unit_id JOIN rm_organizations o ON o.id = u.organization_id
    -- Every tool the request commissions: its own tool and the list 'tools_commissioning' (a row each).
    LEFT JOIN LATERAL (
      SELECT DISTINCT c.tool_id FROM (
        SELECT r.tool_id UNION ALL SELECT (e->>'tool_id')::int FROM jsonb_array_elements(r.tools_commissioning) e
      ) c WHERE c.tool_id IS NOT NULL
    ) ct ON true
    LEFT JOIN rm_tools tl ON tl.id = ct.tool_id
    WHERE NOT r.deleted AND r.request_kind_id = ${RequestKind.COMMISSIONING} AND r.co_13_number IS NOT NULL AND ${period(sql.fragment`r.co_13_d`, p)} AND ${rPlace(p)} AND ${supply}
    ORDER BY o.name, r.co_13_d, r.id, tl.id`)) as unknown as Array<Record<string, string | number | null>>;
  const groups = new Map<string, Array<readonly Cell[]>>();
  rows.forEach((r, i) => {
    const g = String(r.org);
    groups.set(g, [...(groups.get(g) ?? []), [i + 1, t.kinds.get(Number(r.tool_kind_id)) ?? '', String(r.model ?? ''), String(r.inventar_number ?? ''), String(r.serial_number ?? ''), (r.number ?? null) as Cell, String(r.co_13_number), ru(r.co_13_d as string), (r.commissioning_year ?? null) as Cell] as readonly Cell[]]);
  });
  const out: ReportRow[] = [];
  for (const [g, rs] of groups) out.push({ cells: [g], style: 'group' }, ...rs.map((cells) => ({ cells })), { cells: [`Итого по организации: ${rs.length}`], style: 'subtotal' });
  return {
    heading: [...t.heading, `Вид поставки: ${p.supplyKind === SupplyKind.CENTRAL ? 'Централизованная поставка' : 'Поставка за счет средств филиала'}`],
    columns: [
      { title: '№', width: 6, kind: 'int' }, { title: 'Вид оборудования', width: 26 }, { title: 'Наименование', width: 30 }, { title: 'Инвентарный номер', width: 18 },
      { title: 'Серийный номер', width: 18 }, { title: 'Номер заявки', width: 12, kind: 'int' }, { title: 'Номер акта СО-1.3', width: 16 }, { title: 'Дата акта', width: 12 },
      { title: 'Год выпуска', width: 10, kind: 'int' },
    ],
    total: rows.length,
    rows: once(out),
    totals: () => [`Всего введено в эксплуатацию: ${rows.length}`],
  };
};

/** The requests archive journal: every request registered in the period in the region, in registration order. */
const archive: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const where = sql.fragment`NOT r.deleted AND ${period(sql.fragment`r.request_date_add`, p)} AND ${rPlace(p)}`;
  const total = Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_requests r WHERE ${where}`));
  let n = 0;
  type Row = { id: number; request_date_add: unknown; at: string; number: number | null; unit: string | null; request_kind_id: number | null; request_status_id: number | null; request_text: string; result_d: string | null; note: string | null };
  async function* rows(): AsyncIterable<ReportRow[]> {
    for await (const batch of keyset<Row>(db, (a) => sql.fragment`
      SELECT r.id, r.request_date_add, r.request_date_add::text AS at, r.number, u.name AS unit, r.request_kind_id, r.request_status_id,
             left(r.request_text, 1000) AS request_text, r.result_d::text AS result_d, left(r.note, 1000) AS note
      FROM rm_requests r LEFT JOIN rm_units u ON u.id = r.unit_id
      WHERE ${where} ${a ? sql.fragment`AND (r.request_date_add, r.id) > (${a.at}::timestamptz, ${a.id})` : sql.fragment``}
      ORDER BY r.request_date_add, r.id`)) {
      yield batch.map((r) => ({ cells: [++n, r.number, ru(iso(r.request_date_add)), r.unit ?? '', kindName(r.request_kind_id), statusName(r.request_status_id), r.request_text, ru(r.result_d), r.note ?? ''] }));
    }
  }
  return {
    heading: t.heading,
    columns: [
      { title: '№', width: 7, kind: 'int' }, { title: 'Номер', width: 10, kind: 'int' }, { title: 'Дата регистрации', width: 14 }, { title: 'Объект', width: 34 },
      { title: 'Тип заявки', width: 26 }, { title: 'Состояние', width: 18 }, { title: 'Содержание', width: 60 }, { title: 'Дата исполнения', width: 14 },
      { title: 'Выполненные работы', width: 50 },
    ],
    total,
    rows: rows(),
    totals: () => [`Всего заявок: ${n}`],
  };
};

/** Hard repairs registered in the period, counted by region and a key column (SQL GROUP BY). */
const repairCounts = async (db: Db, p: ResolvedReportParameters, key: FragmentSqlToken, extra: FragmentSqlToken = sql.fragment`TRUE`) =>
  (await db.any(sql.unsafe`
    SELECT r.region_id, ${key} AS key, count(*)::int AS n, COALESCE(sum(r.cost_work), 0)::float AS cost_work,
           COALESCE(sum(r.cost_spares + r.cost_spares_pbs), 0)::float AS cost_spares,
           count(*) FILTER (WHERE r.request_status_id IN (${intList(completed)}))::int AS done
    FROM rm_requests r LEFT JOIN rm_tools tl ON tl.id = r.tool_id
    WHERE NOT r.deleted AND r.request_kind_id = ${RequestKind.REPAIR_HARD} AND ${period(sql.fragment`r.request_date_add`, p)} AND ${rPlace(p)} AND ${extra}
    GROUP BY r.region_id, key ORDER BY r.region_id, key`)) as unknown as Array<{ region_id: number; key: number | string | null; n: number; cost_work: number; cost_spares: number; done: number }>;

const byRegion = <R extends { region_id: number }>(rows: readonly R[], regions: Map<number, string>, cells: (r: R) => Cell[]) => {
  const groups = new Map<string, Array<readonly Cell[]>>();
  for (const r of rows) {
    const g = regions.get(r.region_id) ?? `Регион ${r.region_id}`;
    groups.set(g, [...(groups.get(g) ?? []), cells(r)]);
  }
  return groups;
};
const chartOf = (rows: readonly ReportRow[]) => {
  const m = new Map<string, number>();
  for (const r of rows) if (!r.style && typeof r.cells[0] === 'string') m.set(r.cells[0], (m.get(r.cells[0]) ?? 0) + Number(r.cells[1] ?? 0));
  return [...m].map(([label, value]) => ({ label, value }));
};
const countReport = (heading: readonly string[], columns: ReportColumn[], g: ReturnType<typeof grouped>, total: number, chart = true): ReportData => ({
  heading, columns, total, rows: once(g.rows), totals: () => g.totals, ...(chart ? { chart: () => chartOf(g.rows) } : {}),
});

/** Repair report 1: hard repairs of the period per region and tool kind: registered, completed, costs. */
const repair1: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = await repairCounts(db, p, sql.fragment`tl.tool_kind_id`);
  const g = grouped(byRegion(rows, t.regions, (r) => [t.kinds.get(Number(r.key)) ?? 'Не указано', r.n, r.done, r.n - r.done, r.cost_work, r.cost_spares]), 6);
  return countReport(t.heading, [
    { title: 'Вид оборудования', width: 34 }, { title: 'Заявок на ремонт', width: 14, kind: 'int' }, { title: 'Выполнено', width: 12, kind: 'int' },
    { title: 'Не выполнено', width: 12, kind: 'int' }, { title: 'Стоимость работ, руб.', width: 16, kind: 'money' }, { title: 'Стоимость ЗИП, руб.', width: 16, kind: 'money' },
  ], g, rows.length);
};

/** Repair report 2: hard repairs of the period per region and repair type. */
const repair2: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = await repairCounts(db, p, sql.fragment`r.repair_type_id`);
  const g = grouped(byRegion(rows, t.regions, (r) => [repairTypeTitles[Number(r.key) as keyof typeof repairTypeTitles] ?? 'Вид ремонта не указан', r.n, r.done, r.cost_work, r.cost_spares]), 5);
  return countReport(t.heading, [
    { title: 'Вид ремонта', width: 40 }, { title: 'Заявок', width: 12, kind: 'int' }, { title: 'Выполнено', width: 12, kind: 'int' },
    { title: 'Стоимость работ, руб.', width: 16, kind: 'money' }, { title: 'Стоимость ЗИП, руб.', width: 16, kind: 'money' },
  ], g, rows.length, false);
};

/** Repair report 3: each hard repair with its tool, days in repair (at least 1), repair type and costs. */
const repair3: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const where = sql.fragment`NOT r.deleted AND r.request_kind_id = ${RequestKind.REPAIR_HARD} AND ${period(sql.fragment`r.request_date_add`, p)} AND ${rPlace(p)}`;
  const total = Number(await db.oneFirst(sql.unsafe`SELECT count(*) FROM rm_requests r WHERE ${where}`));
  let n = 0; let days = 0; let cost = 0;
  type Row3 = { id: number; at: string; number: number | null; unit: string | null; tool_kind_id: number | null; model: string | null; inventar_number: string | null; tool_in_d: string | null; tool_out_d: string | null; result_d: string | null; repair_type_id: number | null; request_status_id: number; cost: number };
  async function* rows(): AsyncIterable<ReportRow[]> {
    for await (const batch of keyset<Row3>(db, (a) => sql.fragment`
      SELECT r.id, r.request_date_add::text AS at, r.number, u.name AS unit, tl.tool_kind_id, tl.model, tl.inventar_number, r.tool_in_d::text AS tool_in_d,
             r.tool_out_d::text AS tool_out_d, r.result_d::text AS result_d, r.repair_type_id, r.request_status_id, (r.cost_work + r.cost_spares + r.cost_spares_pbs)::float AS cost
      FROM rm_requests r LEFT JOIN rm_units u ON u.id = r.unit_id LEFT JOIN rm_tools tl ON tl.id = r.tool_id
      WHERE ${where} ${a ? sql.fragment`AND (r.request_date_add, r.id) > (${a.at}::timestamptz, ${a.id})` : sql.fragment``}
      ORDER BY r.request_date_add, r.id`)) {
      yield batch.map((r) => {
        const from = r.tool_in_d ?? r.at.slice(0, 10);
        const d = repairDays(from, r.tool_out_d ?? r.result_d ?? p.dateEnd);
        n += 1; days += d; cost += r.cost;
        return { cells: [n, r.number, ru(r.at.slice(0, 10)), r.unit ?? '', t.kinds.get(Number(r.tool_kind_id)) ?? '', r.model ?? '', r.inventar_number ?? '', ru(r.tool_in_d), ru(r.tool_out_d), d, repairTypeTitles[Number(r.repair_type_id) as keyof typeof repairTypeTitles] ?? '', statusName(r.request_status_id), r.cost] };
      });
    }
  }
  return {
    heading: t.heading,
    columns: [
      { title: '№', width: 6, kind: 'int' }, { title: 'Номер заявки', width: 10, kind: 'int' }, { title: 'Дата регистрации', width: 13 }, { title: 'Объект', width: 30 },
      { title: 'Вид оборудования', width: 24 }, { title: 'Наименование', width: 26 }, { title: 'Инвентарный номер', width: 16 }, { title: 'Поступило', width: 12 },
      { title: 'Убыло', width: 12 }, { title: 'Дней в ремонте', width: 10, kind: 'int' }, { title: 'Вид ремонта', width: 28 }, { title: 'Состояние', width: 16 },
      { title: 'Стоимость, руб.', width: 14, kind: 'money' },
    ],
    total,
    rows: rows(),
    totals: () => [`Всего ремонтов: ${n}`, null, null, null, null, null, null, null, null, days, null, null, cost],
  };
};

/** Tools awaiting repair: broken tools (state 2) and tools of hard repairs of the period not yet completed, by region and kind. */
const waitingRows = async (db: Db, p: ResolvedReportParameters) =>
  (await db.any(sql.unsafe`
    SELECT u.region_id, tl.tool_kind_id, tl.age_dt::text AS age_dt
    FROM rm_tools tl JOIN rm_units u ON u.id = tl.unit_id
    WHERE NOT tl.deleted AND ${placeFilter(p, sql.fragment`u.region_id`, sql.fragment`tl.unit_id`)} AND (tl.state = ${ToolState.BROKEN} OR tl.id IN (
      SELECT r.tool_id FROM rm_requests r WHERE NOT r.deleted AND r.request_kind_id = ${RequestKind.REPAIR_HARD} AND r.tool_id IS NOT NULL
        AND r.request_status_id IN (${intList(liveRepair)}) AND ${period(sql.fragment`r.request_date_add`, p)} AND ${rPlace(p)}))`)) as unknown as Array<{ region_id: number; tool_kind_id: number; age_dt: string }>;

const waitingRepair: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = await waitingRows(db, p);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(`${r.region_id}:${r.tool_kind_id}`, (counts.get(`${r.region_id}:${r.tool_kind_id}`) ?? 0) + 1);
  const list = [...counts].map(([k, n]) => ({ region_id: Number(k.split(':')[0]), kind: Number(k.split(':')[1]), n })).sort((a, b) => a.region_id - b.region_id || a.kind - b.kind);
  const g = grouped(byRegion(list, t.regions, (r) => [t.kinds.get(r.kind) ?? `Вид ${r.kind}`, r.n]), 2);
  return countReport(t.heading, [{ title: 'Вид оборудования', width: 40 }, { title: 'Ожидает ремонта, ед.', width: 18, kind: 'int' }], g, rows.length);
};

const waitingRepairAge: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = await waitingRows(db, p);
  const edge = `${Number(p.dateEnd.slice(0, 4)) - AGE_THRESHOLD_YEARS}${p.dateEnd.slice(4, 10)}`;
  const m = new Map<number, { old: number; young: number }>();
  for (const r of rows) {
    const e = m.get(r.tool_kind_id) ?? { old: 0, young: 0 };
    if (r.age_dt.slice(0, 10) <= edge) e.old += 1; else e.young += 1;
    m.set(r.tool_kind_id, e);
  }
  const list = [...m].sort((a, b) => a[0] - b[0]);
  const g = grouped(new Map([['', list.map(([k, e]) => [t.kinds.get(k) ?? `Вид ${k}`, e.old, e.young, e.old + e.young] as Cell[])]]), 4);
  return {
    heading: [...t.heading, `Возраст считается на ${ru(p.dateEnd)}; без даты ввода — с 01.01.2000`],
    columns: [{ title: 'Вид оборудования', width: 40 }, { title: 'Старше 5 лет', width: 14, kind: 'int' }, { title: 'Моложе 5 лет', width: 14, kind: 'int' }, { title: 'Всего', width: 12, kind: 'int' }],
    total: rows.length, rows: once(g.rows), totals: () => g.totals,
    chart: () => [{ label: 'Старше 5 лет', value: list.reduce((s, [, e]) => s + e.old, 0) }, { label: 'Моложе 5 лет', value: list.reduce((s, [, e]) => s + e.young, 0) }],
  };
};

/** Warranty vs post-warranty: hard repairs of the period whose tool's warranty ran past the registration date, by region. */
const warranty: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = await repairCounts(db, p, sql.fragment`CASE WHEN tl.guaranty_dt IS NOT NULL AND tl.guaranty_dt >= r.request_date_add::date THEN 1 ELSE 2 END`);
  const m = new Map<number, { w: number; pw: number; cw: number; cpw: number }>();
  for (const r of rows) {
    const e = m.get(r.region_id) ?? { w: 0, pw: 0, cw: 0, cpw: 0 };
    if (Number(r.key) === 1) { e.w += r.n; e.cw += r.cost_work + r.cost_spares; } else { e.pw += r.n; e.cpw += r.cost_work + r.cost_spares; }
    m.set(r.region_id, e);
  }
  const g = grouped(new Map([['', [...m].map(([region, e]) => [t.regions.get(region) ?? `Регион ${region}`, e.w, e.pw, e.w + e.pw, e.cpw] as Cell[])]]), 5);
  return {
    heading: t.heading,
    columns: [{ title: 'Регион', width: 36 }, { title: 'Гарантийные', width: 14, kind: 'int' }, { title: 'Постгарантийные', width: 16, kind: 'int' }, { title: 'Всего', width: 12, kind: 'int' }, { title: 'Затраты на постгарантийные, руб.', width: 20, kind: 'money' }],
    total: rows.length, rows: once(g.rows), totals: () => g.totals,
    chart: () => [{ label: 'Гарантийные', value: [...m.values()].reduce((s, e) => s + e.w, 0) }, { label: 'Постгарантийные', value: [...m.values()].reduce((s, e) => s + e.pw, 0) }],
  };
};

/** The short repair table: all regions with a code below 99, one row each. */
const repairShort: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = await repairCounts(db, { ...p, regionId: null, balanceHolderId: null }, sql.fragment`0`);
  const regionsShown = [...t.regions].filter(([id]) => id < EXCLUDED_REGION_ID_FROM && (t.regionCodes.get(id) ?? 0) < SHORT_TABLE_EXCLUDED_CODE_FROM).sort((a, b) => (t.regionCodes.get(a[0]) ?? 0) - (t.regionCodes.get(b[0]) ?? 0));
  const of = new Map(rows.map((r) => [r.region_id, r]));
  const g = grouped(new Map([['', regionsShown.map(([id, title]) => { const r = of.get(id); return [`${t.regionCodes.get(id) ?? ''} ${title}`, r?.n ?? 0, r?.done ?? 0, (r?.n ?? 0) - (r?.done ?? 0), (r?.cost_work ?? 0) + (r?.cost_spares ?? 0)] as Cell[]; })]]), 5);
  return countReport(['Все регионы'], [{ title: 'Регион', width: 40 }, { title: 'Заявок на ремонт', width: 14, kind: 'int' }, { title: 'Выполнено', width: 12, kind: 'int' }, { title: 'В работе', width: 12, kind: 'int' }, { title: 'Затраты, руб.', width: 16, kind: 'money' }], g, regionsShown.length);
};

/** Failures: hard repairs of the period by the failure category of the tool's kind name, per region. */
const failures: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = await repairCounts(db, p, sql.fragment`tl.tool_kind_id`);
  const m = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const cat = r.key == null ? OTHER_FAILURE_CATEGORY : failureCategoryOf(t.kinds.get(Number(r.key)));
    const e = m.get(r.region_id) ?? new Map<string, number>();
    e.set(cat, (e.get(cat) ?? 0) + r.n);
    m.set(r.region_id, e);
  }
  const cats = [...failureCategories.map((c) => c.title), OTHER_FAILURE_CATEGORY];
  const list = [...m].map(([region_id, e]) => ({ region_id, e }));
  const g = grouped(list.length ? new Map([['', list.map((r) => [t.regions.get(r.region_id) ?? `Регион ${r.region_id}`, ...cats.map((c) => r.e.get(c) ?? 0), [...r.e.values()].reduce((s, n) => s + n, 0)] as Cell[])]]) : new Map(), cats.length + 2);
  return {
    heading: t.heading,
    columns: [{ title: 'Регион', width: 30 }, ...cats.map((c) => ({ title: c, width: 14, kind: 'int' as const })), { title: 'Всего', width: 10, kind: 'int' }],
    total: rows.length, rows: once(g.rows), totals: () => g.totals,
    chart: () => cats.map((c, i) => ({ label: c, value: Number(g.totals[i + 1] ?? 0) })),
  };
};

/** Subsystems: software requests of the period by the program's subsystem (the program's own, or the request's). */
const subsystems: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const rows = (await db.any(sql.unsafe`
    SELECT r.region_id, COALESCE(r.subsystem_id, (pr.data->>'gas_sub_system_id')::int) AS sub, r.program_id, count(*)::int AS n,
           count(*) FILTER (WHERE r.request_status_id IN (${intList(completed)}))::int AS done
    FROM rm_requests r LEFT JOIN rm_catalog_items pr ON pr.catalog = 'programs' AND pr.id = r.program_id
    WHERE NOT r.deleted AND r.request_kind_id IN (${intList([RequestKind.COMMON_SOFTWARE, RequestKind.SPECIAL_SOFTWARE, RequestKind.RESTORE, RequestKind.CONSULTATION])})
      AND ${period(sql.fragment`r.request_date_add`, p)} AND ${rPlace(p)}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`)) as unknown as Array<{ region_id: number; sub: number | null; program_id: number | null; n: number; done: number }>;
  const groups = new Map<string, Array<readonly Cell[]>>();
  for (const r of rows) {
    const g = r.sub == null ? 'Подсистема не указана' : (t.subsystems.get(r.sub) ?? `Подсистема ${r.sub}`);
    groups.set(g, [...(groups.get(g) ?? []), [r.program_id == null ? fallbacks.program : (t.programs.get(r.program_id) ?? fallbacks.program), r.n, r.done, r.n - r.done]]);
  }
  const g = grouped(groups, 4);
  return {
    heading: t.heading,
    columns: [{ title: 'Программа', width: 50 }, { title: 'Заявок', width: 12, kind: 'int' }, { title: 'Выполнено', width: 12, kind: 'int' }, { title: 'Не выполнено', width: 14, kind: 'int' }],
    total: rows.length, rows: once(g.rows), totals: () => g.totals,
    chart: () => [...groups].map(([label, rs]) => ({ label, value: rs.reduce((s, c) => s + Number(c[1]), 0) })),
  };
};

/** Hardware report 1: tools in work or broken of the six kinds, per object of the region. */
const hardware1: ReportQuery = async (db, p) => {
  const t = await titles(db, p);
  const ids = hardwareReportKinds.map((k) => k.id);
  const rows = (await db.any(sql.unsafe`
    SELECT u.id, u.name, tl.tool_kind_id, count(*)::int AS n
    FROM rm_tools tl JOIN rm_units u ON u.id = tl.unit_id
    WHERE NOT tl.deleted AND u.region_id = ${p.regionId ?? -1} AND tl.tool_kind_id IN (${intList(ids)}) AND tl.state IN (${ToolState.IN_WORK}, ${ToolState.BROKEN})
    GROUP BY u.id, u.name, tl.tool_kind_id ORDER BY u.name, u.id`)) as unknown as Array<{ id: number; name: string; tool_kind_id: number; n: number }>;
  const units = new Map<number, { name: string; counts: Map<number, number> }>();
  for (const r of rows) {
    const e = units.get(r.id) ?? { name: r.name, counts: new Map<number, number>() };
    e.counts.set(r.tool_kind_id, r.n);
    units.set(r.id, e);
  }
  const g = grouped(new Map([['', [...units.values()].map((u) => [u.name, ...ids.map((k) => u.counts.get(k) ?? 0), [...u.counts.values()].reduce((s, n) => s + n, 0)] as Cell[])]]), ids.length + 2);
  return {
    heading: t.heading,
    columns: [{ title: 'Объект', width: 44 }, ...hardwareReportKinds.map((k) => ({ title: k.title, width: 14, kind: 'int' as const })), { title: 'Всего', width: 10, kind: 'int' }],
    total: rows.length, rows: once(g.rows), totals: () => g.totals,
    chart: () => hardwareReportKinds.map((k, i) => ({ label: k.title, value: Number(g.totals[i + 1] ?? 0) })),
  };
};

/** Every court report's data query, by report id. */
export const courtReportQueries: Readonly<Record<CourtReportId, ReportQuery>> = {
  'enclosure-1': enclosure1,
  'enclosure-2': enclosure2,
  'enclosure-3': enclosure3,
  archive,
  'repair-1': repair1,
  'repair-2': repair2,
  'repair-3': repair3,
  'waiting-repair': waitingRepair,
  'waiting-repair-age': waitingRepairAge,
  warranty,
  'repair-short': repairShort,
  failures,
  subsystems,
  'hardware-1': hardware1,
};
