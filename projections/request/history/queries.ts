import { sql, type CommonQueryMethods } from 'slonik';
import { formatFieldValue, requestFieldNames, requestFieldTitles, requestFields, requestListTitles, type RequestField } from '../../../domain/request';
import { formatDate } from '../../../domain/shared/dates';
import type { RequestHistoryEntry } from '../../../domain/request/contracts';
import { noCache, type ReadModelCache } from '../../../infrastructure/read-model-cache';
import { loadNames, type NameRequest, type NamedCatalog, type Names } from '../list/names';

type Db = Pick<CommonQueryMethods, 'any'>;

const catalogs: ReadonlySet<string> = new Set<NamedCatalog>(['regions', 'programs', 'programs_subsystems', 'services_repairs']);
const refOf = (field: string) => {
  const shape = (requestFields as Partial<Record<string, (typeof requestFields)[RequestField]>>)[field]?.shape;
  return shape?.kind === 'ref' ? shape.ref : null;
};
/** Fields naming a catalogue item and fields naming an account, from the field table's value shapes. */
const catalogFields: Partial<Record<string, NamedCatalog>> = Object.fromEntries(
  requestFieldNames.flatMap((f) => {
    const r = refOf(f);
    return r && catalogs.has(r) ? [[f, r as NamedCatalog]] : [];
  }),
);
const userFields = new Set<string>(requestFieldNames.filter((f) => refOf(f) === 'user'));
const unitFields = new Set<string>(requestFieldNames.filter((f) => refOf(f) === 'unit'));
const toolFields = new Set<string>(requestFieldNames.filter((f) => refOf(f) === 'tool'));

export const historyFieldTitle = (field: string): string =>
  requestFieldTitles[field as RequestField] ?? (field === 'spares' ? 'ЗИП' : requestListTitles[field as keyof typeof requestListTitles]) ?? field;

const money = (n: unknown) => `${Number(n ?? 0).toFixed(2)} руб.`;
const list = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? (v as Array<Record<string, unknown>>) : []);

/** A raw history value as the tab shows it; costs only for holders of RIGHT_VIEW_COST. */
export const formatHistoryValue = (field: string, value: unknown, names: Names, showCosts: boolean): string => {
  if (value === null || value === undefined) return '';
  const catalog = catalogFields[field];
  if (catalog) return names.catalog(catalog, value) ?? String(value);
  if (userFields.has(field)) return names.user(value) ?? String(value);
  if (unitFields.has(field)) return names.unit(value)?.name ?? String(value);
  if (toolFields.has(field)) return names.tool(value)?.title ?? String(value);
  switch (field) {
    case 'engineers':
      return (Array.isArray(value) ? value : []).map((id) => names.user(id) ?? String(id)).join(', ');
    case 'works':
    case 'spares_pbs':
      return list(value)
        .map((i) => (showCosts ? `${String(i.title ?? '')} — ${money(i.cost)}` : String(i.title ?? '')))
        .join('; ');
    case 'spares':
      return list(value)
        .map((i) => `${i.code ?? ''} ${String(i.title ?? '')} × ${Number(i.amount)}${showCosts ? ` (${money(i.cost)})` : ''}`.trim())
        .join('; ');
    case 'tools_commissioning':
      return list(value)
        .map((i) => `${names.tool(i.tool_id)?.title ?? String(i.tool_id)}: ${String(i.settling_place ?? '')}, ${String(i.instructed_person ?? '')}`)
        .join('; ');
    case 'students_list':
      return list(value)
        .map((i) => (i.post ? `${String(i.name ?? '')} (${String(i.post)})` : String(i.name ?? '')))
        .join('; ');
    case 'attachments':
    case 'documents':
      return String((value as { file_name?: unknown }).file_name ?? '');
    case 'request_date_add':
      return typeof value === 'string' ? formatDate(value) : String(value);
    default:
      return formatFieldValue(field, value);
  }
};

/** The references the raw values of these rows name. */
const wanted = (rows: ReadonlyArray<{ field: string; value_old: unknown; value_new: unknown; user_id: unknown }>): NameRequest => {
  const users = new Set<number>();
  const units = new Set<number>();
  const tools = new Set<number>();
  const catalog: Record<NamedCatalog, Set<number>> = { regions: new Set(), programs: new Set(), programs_subsystems: new Set(), services_repairs: new Set() };
  for (const r of rows) {
    if (r.user_id != null) users.add(Number(r.user_id));
    for (const v of [r.value_old, r.value_new]) {
      if (v === null || v === undefined) continue;
      const c = catalogFields[r.field];
      if (c) catalog[c].add(Number(v));
      else if (userFields.has(r.field)) users.add(Number(v));
      else if (unitFields.has(r.field)) units.add(Number(v));
      else if (toolFields.has(r.field)) tools.add(Number(v));
      else if (r.field === 'engineers' && Array.isArray(v)) v.forEach((id) => users.add(Number(id)));
      else if (r.field === 'tools_commissioning') list(v).forEach((i) => tools.add(Number(i.tool_id)));
    }
  }
  return { users, units, tools, catalog };
};

/** The history tab of a request, oldest first, numbered from 1. */
export const requestHistory = async (
  db: Db,
  requestId: number,
  options: { showCosts: boolean },
  cache: ReadModelCache = noCache,
): Promise<RequestHistoryEntry[]> => {
  // One row per event; its changes are expanded in order (one line of the tab per change).
  const rows = (await db.any(sql.unsafe`
    SELECT h.date_time, h.user_id, c.change->>0 AS field, c.change->1 AS value_old, c.change->2 AS value_new
    FROM rm_request_history h CROSS JOIN LATERAL jsonb_array_elements(h.changes) WITH ORDINALITY AS c(change, idx)
    WHERE h.request_id = ${requestId} ORDER BY h.position, c.idx`)) as unknown as Array<{
    date_time: string | null;
    user_id: number | null;
    field: string;
    value_old: unknown;
    value_new: unknown;
  }>;
  if (rows.length === 0) return [];
  const names = await loadNames(db, wanted(rows), cache);
  return rows.map((r, i) => ({
    number: i + 1,
    date_time_d: r.date_time,
    user_id: r.user_id,
    user: r.user_id == null ? null : names.user(r.user_id),
    request_attr: r.field,
    request_attr_title: historyFieldTitle(r.field),
    value_old: formatHistoryValue(r.field, r.value_old, names, options.showCosts),
    value_new: formatHistoryValue(r.field, r.value_new, names, options.showCosts),
  }));
};
