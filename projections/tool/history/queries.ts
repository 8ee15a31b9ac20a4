import { sql, type CommonQueryMethods } from 'slonik';
import { kindTitle, statusTitle } from '../../../domain/request';
import type { UnitScope } from '../../../domain/rights/scope';
import { formatDate } from '../../../domain/shared/dates';
import type { ToolFile, ToolMoving, ToolPlace, ToolTrait } from '../../../domain/tool/events';
import { ownerTypeTitles, toolStateTitles, type ToolState } from '../../../domain/tool/states';
import { toolFieldTitles as titlesOfToolFields } from '../../../domain/tool/fields';
import { toolMovingEventTitle } from '../../../domain/tool/movings';
import { loadNames } from '../../request/list/names';
import { MOVING_EVENTS_CATALOG, TRAITS_CATALOG, UNKNOWN_EVENT } from '../list/card';
import { ToolHistoryType, type ToolHistoryRow } from './projection';

type Db = Pick<CommonQueryMethods, 'any'>;

/** Russian titles of the card's fields for the history tab: the field table's (domain/tool/fields.ts). */
export const toolFieldTitles: Readonly<Record<string, string>> = titlesOfToolFields;

export const toolHistoryTypeTitles: Readonly<Record<string, string>> = {
  [ToolHistoryType.REGISTERED]: 'Регистрация оборудования',
  [ToolHistoryType.ATTRIBUTE]: 'Изменение',
  [ToolHistoryType.STATE]: 'Изменение состояния',
  [ToolHistoryType.DELETED]: 'Удаление оборудования',
  [ToolHistoryType.REQUEST]: 'Заявка',
};

/**
 * A row of the history tab (equipment.md 3 'History entry', decisions 41–47): the tool's own
 * events (registration, attribute changes, state changes with their request, deletion) and the
 * requests that involve it, merged newest first.
 */
export interface ToolHistoryEntry {
  history_type: string;
  history_type_title: string;
  date_time_d: string | null;
  user_id: number | null;
  user_name: string | null;
  /** The same as user_name (the name the tab has always read). */
  user: string | null;
  object_attr: string | null;
  object_attr_title: string | null;
  value_old: string;
  value_new: string;
  request_id: number | null;
  request_number: number | null;
  request_kind_id: number | null;
  request_status_id: number | null;
}

/** A request that involves the tool (its tool_id or its commissioning tools). */
export interface RequestWithTool {
  history_type: 'request';
  history_type_title: string;
  date_time_d: string;
  request_id: number;
  request_number: number | null;
  request_kind_id: number | null;
  request_status_id: number;
  kindTitle: string;
  statusTitle: string;
  request_text: string;
}

type Lookup = Map<string, string>;
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

const formatToolValue = (field: string | null, v: unknown, names: Awaited<ReturnType<typeof loadNames>>, catalog: Lookup): string => {
  if (v === null || v === undefined || v === '') return '';
  switch (field) {
    case 'state':
      return toolStateTitles[Number(v) as ToolState] ?? String(v);
    case 'owner_type_id':
      return ownerTypeTitles[Number(v)] ?? String(v);
    case 'unit_id':
      return names.unit(v)?.name ?? String(v);
    case 'tool_kind_id':
      return catalog.get(`tool_kind:${Number(v)}`) ?? String(v);
    case 'manufacturer_id':
      return catalog.get(`manufacturer:${Number(v)}`) ?? String(v);
    case 'model_id':
      return catalog.get(`tool_model:${Number(v)}`) ?? String(v);
    case 'tools_set_id':
      return catalog.get(`set:${Number(v)}`) ?? String(v);
    case 'tool_softwares':
      return list<number>(v).map((id) => names.catalog('programs', id) ?? String(id)).join(', ');
    case 'traits':
      return list<ToolTrait>(v)
        .map((t) => `${catalog.get(`${TRAITS_CATALOG}:${t.tool_trait_id}`) ?? t.tool_trait_id}: ${catalog.get(`value:${t.tool_trait_id}:${t.trait_value_id}`) ?? t.trait_value_id}`)
        .join('; ');
    case 'tool_places':
      return list<ToolPlace>(v)
        .map((p) => [formatDate(p.date_time), names.unit(p.unit_id)?.name ?? String(p.unit_id), p.room, p.man_post, p.man_fio].filter(Boolean).join(', '))
        .join('; ');
    case 'tool_movings':
      return list<ToolMoving>(v)
        .map((m) => [formatDate(m.date_time), toolMovingEventTitle(Number(m.event_id)) ?? catalog.get(`${MOVING_EVENTS_CATALOG}:${m.event_id}`) ?? UNKNOWN_EVENT, m.comment].filter(Boolean).join(', '))
        .join('; ');
    case 'files':
      return list<ToolFile>(v).map((f) => f.file_name).join(', ');
    case 'exchange_stock':
      return v ? 'Да' : 'Нет';
    case 'cost_remain':
      return Number(v).toFixed(2);
    default:
      if (typeof v === 'boolean') return v ? 'Да' : 'Нет';
      if (field && /_dt$/.test(field) && typeof v === 'string') return formatDate(v);
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
};

type OwnRow = Omit<ToolHistoryRow, 'tool_id' | 'position' | 'idx'>;

/** The catalogue titles the rows name (kinds, manufacturers, models, sets, traits and their values, movement events). */
const catalogTitles = async (db: Db, rows: readonly OwnRow[]): Promise<Lookup> => {
  const values = (attr: string) => rows.filter((r) => r.object_attr === attr).flatMap((r) => [r.value_old, r.value_new]).filter((v) => v != null);
  const refs = [
    ...values('tool_kind_id').map((id) => ({ catalog: 'tool_kind', id: Number(id) })),
    ...values('manufacturer_id').map((id) => ({ catalog: 'manufacturer', id: Number(id) })),
    ...values('model_id').map((id) => ({ catalog: 'tool_model', id: Number(id) })),
    ...values('traits').flatMap((v) => list<ToolTrait>(v).map((t) => ({ catalog: TRAITS_CATALOG, id: Number(t.tool_trait_id) }))),
    ...values('tool_movings').flatMap((v) => list<ToolMoving>(v).map((m) => ({ catalog: MOVING_EVENTS_CATALOG, id: Number(m.event_id) }))),
  ].filter((r) => Number.isInteger(r.id));
  const out: Lookup = new Map();
  if (refs.length)
    for (const r of await db.any(sql.unsafe`
      SELECT c.catalog, c.id, c.title, c.data FROM rm_catalog_items c
      JOIN (SELECT DISTINCT * FROM unnest(${sql.array(refs.map((r) => r.catalog), 'text')}, ${sql.array(refs.map((r) => r.id), 'int4')})) AS k(catalog, id)
        ON c.catalog = k.catalog AND c.id = k.id`)) {
      out.set(`${r.catalog}:${r.id}`, String(r.title));
      if (r.catalog === TRAITS_CATALOG)
        for (const v of list<{ value_id?: unknown; id?: unknown; value_title?: unknown; title?: unknown }>((r.data as { values?: unknown } | null)?.values))
          out.set(`value:${r.id}:${Number(v.value_id ?? v.id)}`, String(v.value_title ?? v.title ?? ''));
    }
  const sets = values('tools_set_id').map(Number).filter((n) => Number.isInteger(n));
  if (sets.length)
    for (const s of await db.any(sql.unsafe`SELECT id, inventar_number FROM rm_tools_sets WHERE id = ANY(${sql.array([...new Set(sets)], 'int4')})`))
      out.set(`set:${s.id}`, String(s.inventar_number));
  return out;
};

/** The tool's own history, newest first. */
export const toolHistory = async (db: Db, toolId: number): Promise<ToolHistoryEntry[]> => {
  const rows = (await db.any(sql.unsafe`
    SELECT history_type, date_time, user_id, object_attr, value_old, value_new, request_id, request_number
    FROM rm_tool_history WHERE tool_id = ${toolId} ORDER BY position DESC, idx DESC`)) as unknown as OwnRow[];
  if (rows.length === 0) return [];
  const values = (attr: string) => rows.filter((r) => r.object_attr === attr).flatMap((r) => [r.value_old, r.value_new]).filter((v) => v != null);
  const names = await loadNames(db, {
    users: rows.map((r) => r.user_id).filter((v): v is number => v != null),
    units: [...values('unit_id').map(Number), ...values('tool_places').flatMap((v) => list<ToolPlace>(v).map((p) => Number(p.unit_id)))],
    catalog: { programs: values('tool_softwares').flatMap((v) => list<number>(v).map(Number)) },
  });
  const catalog = await catalogTitles(db, rows);
  return rows.map((r) => {
    const user = r.user_id == null ? null : names.user(r.user_id);
    return {
      history_type: r.history_type,
      history_type_title: toolHistoryTypeTitles[r.history_type] ?? r.history_type,
      date_time_d: r.date_time,
      user_id: r.user_id,
      user_name: user,
      user,
      object_attr: r.object_attr,
      object_attr_title: r.object_attr ? toolFieldTitles[r.object_attr] ?? r.object_attr : null,
      value_old: formatToolValue(r.object_attr, r.value_old, names, catalog),
      value_new: formatToolValue(r.object_attr, r.value_new, names, catalog),
      request_id: r.request_id,
      request_number: r.request_number,
      request_kind_id: null,
      request_status_id: null,
    };
  });
};

/** Requests that involve the tool, newest first, within the caller's request scope. */
export const requestsWithTool = async (db: Db, toolId: number, scope: UnitScope): Promise<RequestWithTool[]> => {
  if (!scope.all && scope.unitIds.length === 0) return [];
  const rows = await db.any(sql.unsafe`
    SELECT id, number, request_date_add, request_kind_id, request_status_id, request_text FROM rm_requests r
    WHERE r.tool_ids @> ARRAY[${toolId}]::int4[] AND NOT r.deleted
      ${scope.all ? sql.fragment`` : sql.fragment`AND r.unit_id = ANY(${sql.array([...scope.unitIds], 'int4')})`}
    ORDER BY r.request_date_add DESC, r.id DESC`);
  return rows.map((r) => ({
    history_type: 'request' as const,
    history_type_title: toolHistoryTypeTitles[ToolHistoryType.REQUEST]!,
    date_time_d: String(r.request_date_add),
    request_id: Number(r.id),
    request_number: r.number == null ? null : Number(r.number),
    request_kind_id: r.request_kind_id == null ? null : Number(r.request_kind_id),
    request_status_id: Number(r.request_status_id),
    kindTitle: kindTitle(r.request_kind_id as number | null),
    statusTitle: statusTitle(r.request_status_id as number | null),
    request_text: String(r.request_text ?? ''),
  }));
};

/** A request as a history row: its kind, status and text are shown in the value column. */
export const requestHistoryEntry = (r: RequestWithTool): ToolHistoryEntry => ({
  history_type: r.history_type,
  history_type_title: r.history_type_title,
  date_time_d: r.date_time_d,
  user_id: null,
  user_name: null,
  user: null,
  object_attr: null,
  object_attr_title: `${r.kindTitle}${r.request_number == null ? '' : ` № ${r.request_number}`}`,
  value_old: '',
  value_new: `${r.statusTitle}${r.request_text ? `: ${r.request_text}` : ''}`,
  request_id: r.request_id,
  request_number: r.request_number,
  request_kind_id: r.request_kind_id,
  request_status_id: r.request_status_id,
});

const timeOf = (v: string | null) => (v ? Date.parse(v) : Number.NEGATIVE_INFINITY);

/** equipment.md 4: attribute changes and requests merged, newest first (a tie keeps the tool's own row first). */
export const mergedToolHistory = (own: readonly ToolHistoryEntry[], requests: readonly RequestWithTool[]): ToolHistoryEntry[] =>
  [...own.map((e, i) => ({ e, i, t: timeOf(e.date_time_d) })), ...requests.map((r, i) => ({ e: requestHistoryEntry(r), i: own.length + i, t: timeOf(r.date_time_d) }))]
    .sort((a, b) => b.t - a.t || a.i - b.i)
    .map((x) => x.e);
