import { sql, type FragmentSqlToken } from 'slonik';
import { ActKind, RequestKind, outOfHotLineStatus, requestKindsWithAct } from '../../../domain/request';
import type { RequestFilter, SoftwareFilter } from '../../../domain/request/list-filter';
import type { UnitScope } from '../../../domain/rights/scope';
import { CountFlag } from './counts';
import { searchCondition } from './search';

/* The SQL of the request list filter; its contract and parsing: domain/request/list-filter.ts (shared with the client). */

// ---------------------------------------------------------------------------------------------
// SQL

type Fragment = FragmentSqlToken;

const intArray = (ids: readonly number[]) => sql.array([...ids], 'int4');

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The kinds each 'without act' toggle looks at: the kinds that carry the act (domain/request/lifecycle.ts). */
const actKinds: Record<string, readonly number[]> = {
  co_3: requestKindsWithAct(ActKind.CO_3),
  co_7: requestKindsWithAct(ActKind.CO_7),
  co_8: requestKindsWithAct(ActKind.CO_8),
  co_41: requestKindsWithAct(ActKind.CO_41),
  co_42: requestKindsWithAct(ActKind.CO_42),
  co_13: requestKindsWithAct(ActKind.CO_13),
};

const dateCondition = (column: Fragment, v: boolean | string | null): Fragment | null => {
  if (v === null) return null;
  if (v === true) return sql.fragment`${column} IS NOT NULL`;
  if (v === false) return sql.fragment`${column} IS NULL`;
  return sql.fragment`${column} = ${v}::date`;
};

const likeContains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likePrefix = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const softwareConditions = (f: SoftwareFilter | null): Fragment[] => {
  if (!f) return [];
  const c: Fragment[] = [];
  if (f.program_id !== null) c.push(sql.fragment`r.program_id = ${f.program_id}`);
  if (f.result !== null) c.push(sql.fragment`r.result = ${f.result}`);
  return c;
};

/**
 * A kind's sub-filter narrows only the requests of that kind: with several kinds chosen, the other
 * kinds stay in the list. Without chosen kinds, a sub-filter asks for its kind.
 */
const kindScoped = (f: RequestFilter, kind: number, conditions: readonly Fragment[]): Fragment | null => {
  if (conditions.length === 0) return null;
  const all = sql.join(conditions, sql.fragment` AND `);
  return f.request_kinds_ids?.length
    ? sql.fragment`(r.request_kind_id <> ${kind} OR (${all}))`
    : sql.fragment`r.request_kind_id = ${kind} AND ${all}`;
};

/**
 * The WHERE conditions of a filter on `rm_requests r` for a user's unit scope. Each condition
 * has an index that starts with its column (see columns.ts), so a page is an index scan.
 */
export const requestConditions = (f: RequestFilter, scope: UnitScope): Fragment[] => {
  const c: Fragment[] = [sql.fragment`NOT r.deleted`];
  if (!scope.all) c.push(sql.fragment`r.unit_id = ANY(${intArray(scope.unitIds)})`);
  c.push(sql.fragment`r.request_date_add >= ${`${f.date_beg}T00:00:00.000Z`}::timestamptz`);
  c.push(sql.fragment`r.request_date_add < ${`${nextDay(f.date_end)}T00:00:00.000Z`}::timestamptz`);
  if (f.region_id !== null) c.push(sql.fragment`r.region_id = ${f.region_id}`);
  if (f.units_ids) c.push(sql.fragment`r.unit_id = ANY(${intArray(f.units_ids)})`);
  if (f.request_performer_kind) c.push(sql.fragment`r.request_performer_kind = ${f.request_performer_kind}`);
  if (f.engineer_id !== null) c.push(sql.fragment`r.engineers @> ARRAY[${f.engineer_id}]::int4[]`);
  if (f.request_kinds_ids) c.push(sql.fragment`r.request_kind_id = ANY(${intArray(f.request_kinds_ids)})`);
  if (f.request_statuses_ids) c.push(sql.fragment`r.request_status_id = ANY(${intArray(f.request_statuses_ids)})`);
  if (f.number !== null) c.push(sql.fragment`r.number = ${f.number}`);
  if (f.hotlinegas_number) c.push(sql.fragment`lower(r.hotlinegas_number) LIKE ${likePrefix(f.hotlinegas_number)}`);
  if (f.result_type !== null) c.push(sql.fragment`r.result_type = ${f.result_type}`);
  if (f.result_date_beg) c.push(sql.fragment`r.result_d >= ${f.result_date_beg}::date`);
  if (f.result_date_end) c.push(sql.fragment`r.result_d <= ${f.result_date_end}::date`);
  const noNumber = sql.fragment`COALESCE(r.hotlinegas_number, '') = ''`;
  const live = sql.fragment`r.request_status_id <> ${outOfHotLineStatus}`;
  if (f.hotline_reqs_without_number) c.push(sql.fragment`${noNumber} AND ${live}`);
  if (f.hotline_reqs_not_register) c.push(sql.fragment`${noNumber} AND NOT r.hotline_email_register_sent AND ${live}`);
  if (f.hotline_reqs_not_closed)
    c.push(sql.fragment`COALESCE(r.hotlinegas_number, '') <> '' AND r.hotlinegas_close_d IS NULL AND NOT r.hotline_email_close_sent`);
  if (f.unsigned_docs) c.push(sql.fragment`r.unsigned_docs > 0`);
  const without = (flag: boolean, act: keyof typeof actKinds, column: Fragment) => {
    if (flag) c.push(sql.fragment`NOT ${column} AND r.request_kind_id = ANY(${intArray(actKinds[act]!)})`);
  };
  without(f.without_doc_co_3, 'co_3', sql.fragment`r.has_co_3`);
  without(f.without_doc_co_41, 'co_41', sql.fragment`r.has_co_41`);
  without(f.without_doc_co_42, 'co_42', sql.fragment`r.has_co_42`);
  without(f.without_doc_co_7, 'co_7', sql.fragment`r.has_co_7`);
  without(f.without_doc_co_8, 'co_8', sql.fragment`r.has_co_8`);
  without(f.without_doc_co_13, 'co_13', sql.fragment`r.has_co_13`);
  if (f.hotline_engineer_id !== null) c.push(sql.fragment`r.engineer_id = ${f.hotline_engineer_id}`);
  if (f.contact_kind !== null) c.push(sql.fragment`r.contact_kind = ${f.contact_kind}`);
  if (f.contact_unknown_name) c.push(sql.fragment`lower(r.contact_unknown_name) LIKE ${likeContains(f.contact_unknown_name)}`);
  if (f.returned !== null) c.push(f.returned ? sql.fragment`r.returned` : sql.fragment`NOT r.returned`);
  if (f.search) c.push(searchCondition(f.search));

  const repair: Fragment[] = [];
  const rp = f.repair;
  if (rp) {
    if (rp.repair_kind_id_is_not_set) repair.push(sql.fragment`r.repair_kind_id IS NULL`);
    else if (rp.repair_kind_id !== null) repair.push(sql.fragment`r.repair_kind_id = ${rp.repair_kind_id}`);
    if (rp.view_res_before_is_not_set) repair.push(sql.fragment`r.view_res_before IS NULL`);
    else if (rp.view_res_before !== null) repair.push(sql.fragment`r.view_res_before = ${rp.view_res_before}`);
    if (rp.view_res_after !== null) repair.push(sql.fragment`r.view_res_after = ${rp.view_res_after}`);
    if (rp.repair_type_id !== null) repair.push(sql.fragment`r.repair_type_id = ${rp.repair_type_id}`);
    if (rp.repair_result_id !== null) repair.push(sql.fragment`r.repair_result_id = ${rp.repair_result_id}`);
    for (const d of [dateCondition(sql.fragment`r.tool_in_d`, rp.tool_in_d), dateCondition(sql.fragment`r.tool_out_d`, rp.tool_out_d)])
      if (d) repair.push(d);
    if (rp.tool_in_filial) repair.push(sql.fragment`r.tool_in_d IS NOT NULL AND r.tool_out_d IS NULL`);
  }
  const t = f.repairTool;
  if (t) {
    const tc: Fragment[] = [sql.fragment`t.id = r.tool_id`];
    if (t.tool_kind_id !== null) tc.push(sql.fragment`t.tool_kind_id = ${t.tool_kind_id}`);
    if (t.exchange_stock !== null) tc.push(sql.fragment`t.exchange_stock = ${t.exchange_stock}`);
    if (t.serial_number) tc.push(sql.fragment`lower(t.serial_number) LIKE ${likeContains(t.serial_number)}`);
    if (t.inventar_number) tc.push(sql.fragment`lower(t.inventar_number) LIKE ${likeContains(t.inventar_number)}`);
    if (t.owner_type_id !== null) tc.push(sql.fragment`t.owner_type_id = ${t.owner_type_id}`);
    if (tc.length > 1) repair.push(sql.fragment`EXISTS (SELECT 1 FROM rm_tools t WHERE ${sql.join(tc, sql.fragment` AND `)})`);
  }
  const scoped = [
    kindScoped(f, RequestKind.REPAIR_HARD, repair),
    kindScoped(f, RequestKind.SPECIAL_SOFTWARE, softwareConditions(f.specialSoftware)),
    kindScoped(f, RequestKind.COMMON_SOFTWARE, softwareConditions(f.commonSoftware)),
    kindScoped(f, RequestKind.RESTORE, softwareConditions(f.restore)),
    kindScoped(f, RequestKind.CONSULTATION, softwareConditions(f.consultation)),
  ];
  for (const s of scoped) if (s) c.push(s);
  return c;
};

const dimensionFilters: ReadonlyArray<keyof RequestFilter> = [
  'region_id', 'units_ids', 'request_performer_kind', 'engineer_id', 'request_kinds_ids', 'request_statuses_ids',
  'hotline_reqs_without_number', 'hotline_reqs_not_register', 'hotline_reqs_not_closed', 'unsigned_docs', 'without_doc_co_3',
  'without_doc_co_41', 'without_doc_co_42', 'without_doc_co_7', 'without_doc_co_8', 'without_doc_co_13',
];
const pagingFields: ReadonlyArray<keyof RequestFilter> = ['date_beg', 'date_end', 'pageNumber', 'export'];

/** Yes/no conditions: `false` is a condition too, not an unset flag. */
const yesNoFilters: ReadonlyArray<keyof RequestFilter> = ['returned'];

/** True when the filter has conditions besides the dimensions of rm_request_counts (a number, a text, a sub-filter...). */
export const hasNeedles = (f: RequestFilter): boolean =>
  (Object.keys(f) as Array<keyof RequestFilter>).some(
    (k) => !dimensionFilters.includes(k) && !pagingFields.includes(k) && f[k] !== null && (f[k] !== false || yesNoFilters.includes(k)),
  );

/**
 * When the list covers every unit (ALL scope, no units chosen, no executor) and the filter uses only
 * the dimensions of rm_request_counts (region, performer kind, kinds, statuses, the toggles), the
 * conditions on that table (alias c) besides the period; otherwise null (count the rows). A unit
 * scope or an executor narrows the rows through their own indexes, so counting them is cheap.
 */
export const countTableConditions = (f: RequestFilter, scope: UnitScope): Fragment[] | null => {
  if (!scope.all || f.units_ids || f.engineer_id !== null || hasNeedles(f)) return null;
  const c: Fragment[] = [];
  if (f.region_id !== null) c.push(sql.fragment`c.region_id = ${f.region_id}`);
  if (f.request_performer_kind) c.push(sql.fragment`c.request_performer_kind = ${f.request_performer_kind}`);
  if (f.request_kinds_ids) c.push(sql.fragment`c.request_kind_id = ANY(${intArray(f.request_kinds_ids)})`);
  if (f.request_statuses_ids) c.push(sql.fragment`c.request_status_id = ANY(${intArray(f.request_statuses_ids)})`);
  const F = CountFlag;
  const flags = (mask: number, value: number) => c.push(sql.fragment`c.flags & ${mask} = ${value}`);
  if (f.hotline_reqs_without_number || f.hotline_reqs_not_register) c.push(sql.fragment`c.request_status_id <> ${outOfHotLineStatus}`);
  if (f.hotline_reqs_without_number) flags(F.NO_HOTLINE_NUMBER, F.NO_HOTLINE_NUMBER);
  if (f.hotline_reqs_not_register) flags(F.NO_HOTLINE_NUMBER | F.REGISTER_SENT, F.NO_HOTLINE_NUMBER);
  if (f.hotline_reqs_not_closed) flags(F.NO_HOTLINE_NUMBER | F.HOTLINE_CLOSED, 0);
  if (f.unsigned_docs) flags(F.UNSIGNED_DOCS, F.UNSIGNED_DOCS);
  const without = (flag: boolean, act: keyof typeof actKinds, bit: number) => {
    if (!flag) return;
    flags(bit, 0);
    c.push(sql.fragment`c.request_kind_id = ANY(${intArray(actKinds[act]!)})`);
  };
  without(f.without_doc_co_3, 'co_3', F.CO_3);
  without(f.without_doc_co_41, 'co_41', F.CO_41);
  without(f.without_doc_co_42, 'co_42', F.CO_42);
  without(f.without_doc_co_7, 'co_7', F.CO_7);
  without(f.without_doc_co_8, 'co_8', F.CO_8);
  without(f.without_doc_co_13, 'co_13', F.CO_13);
  return c;
};
