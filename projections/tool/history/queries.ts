import { sql, type CommonQueryMethods } from 'slonik';
import { kindTitle, statusTitle } from '../../../domain/request';
import type { UnitScope } from '../../../domain/rights/scope';
import { formatDate } from '../../../domain/shared/dates';
import { ownerTypeTitles, toolStateTitles, type ToolState } from '../../../domain/tool/states';
import { loadNames } from '../../request/list/names';
import { ToolHistoryType, type ToolHistoryRow } from './projection';

type Db = Pick<CommonQueryMethods, 'any'>;

export const toolFieldTitles: Readonly<Record<string, string>> = {
  unit_id: 'Объект',
  tools_set_id: 'Комплект',
  tool_kind_id: 'Вид оборудования',
  manufacturer_id: 'Производитель',
  model_id: 'Модель',
  model: 'Наименование',
  serial_number: 'Серийный номер',
  inventar_number: 'Инвентарный номер',
  owner_type_id: 'Принадлежность',
  cost_remain: 'Остаточная стоимость',
  exchange_stock: 'Обменный фонд',
  work_in_dt: 'Дата ввода в эксплуатацию',
  guaranty_dt: 'Дата окончания гарантии',
  work_out_dt: 'Дата вывода из эксплуатации',
  state: 'Состояние',
  buh_name: 'Наименование в бухгалтерском учете',
  description: 'Примечание',
  tool_softwares: 'Программное обеспечение',
};

export const toolHistoryTypeTitles: Readonly<Record<string, string>> = {
  [ToolHistoryType.REGISTERED]: 'Регистрация оборудования',
  [ToolHistoryType.ATTRIBUTE]: 'Изменение',
  [ToolHistoryType.STATE]: 'Изменение состояния',
  [ToolHistoryType.DELETED]: 'Удаление оборудования',
  [ToolHistoryType.REQUEST]: 'Заявка',
};

/** A history entry (equipment.md 3): attribute changes, state changes with their request, registration. */
export interface ToolHistoryEntry {
  history_type: string;
  history_type_title: string;
  date_time_d: string | null;
  user_id: number | null;
  user: string | null;
  object_attr: string | null;
  object_attr_title: string | null;
  value_old: string;
  value_new: string;
  request_id: number | null;
  request_number: number | null;
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

const formatToolValue = (
  field: string | null,
  v: unknown,
  names: Awaited<ReturnType<typeof loadNames>>,
  catalog: Map<string, string>,
): string => {
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
    case 'tool_softwares':
      return (Array.isArray(v) ? v : []).map((id) => names.catalog('programs', id) ?? String(id)).join(', ');
    case 'exchange_stock':
      return v ? 'Да' : 'Нет';
    default:
      if (typeof v === 'boolean') return v ? 'Да' : 'Нет';
      if (field && /_dt$/.test(field) && typeof v === 'string') return formatDate(v);
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
};

/** The tool's own history, newest first. */
export const toolHistory = async (db: Db, toolId: number): Promise<ToolHistoryEntry[]> => {
  const rows = (await db.any(sql.unsafe`
    SELECT history_type, date_time, user_id, object_attr, value_old, value_new, request_id, request_number
    FROM rm_tool_history WHERE tool_id = ${toolId} ORDER BY position DESC, idx DESC`)) as unknown as Array<Omit<ToolHistoryRow, 'tool_id' | 'position' | 'idx'>>;
  if (rows.length === 0) return [];
  const values = (attr: string) => rows.filter((r) => r.object_attr === attr).flatMap((r) => [r.value_old, r.value_new]).filter((v) => v != null);
  const names = await loadNames(db, {
    users: rows.map((r) => r.user_id).filter((v): v is number => v != null),
    units: values('unit_id').map(Number),
    catalog: { programs: values('tool_softwares').flatMap((v) => (Array.isArray(v) ? v.map(Number) : [])) },
  });
  const refs = [
    ...values('tool_kind_id').map((id) => ({ catalog: 'tool_kind', id: Number(id) })),
    ...values('manufacturer_id').map((id) => ({ catalog: 'manufacturer', id: Number(id) })),
    ...values('model_id').map((id) => ({ catalog: 'tool_model', id: Number(id) })),
  ];
  const catalog = new Map<string, string>();
  if (refs.length)
    for (const r of await db.any(sql.unsafe`
      SELECT c.catalog, c.id, c.title FROM rm_catalog_items c
      JOIN unnest(${sql.array(refs.map((r) => r.catalog), 'text')}, ${sql.array(refs.map((r) => r.id), 'int4')}) AS k(catalog, id)
        ON c.catalog = k.catalog AND c.id = k.id`))
      catalog.set(`${r.catalog}:${r.id}`, String(r.title));
  return rows.map((r) => ({
    history_type: r.history_type,
    history_type_title: toolHistoryTypeTitles[r.history_type] ?? r.history_type,
    date_time_d: r.date_time,
    user_id: r.user_id,
    user: r.user_id == null ? null : names.user(r.user_id),
    object_attr: r.object_attr,
    object_attr_title: r.object_attr ? toolFieldTitles[r.object_attr] ?? r.object_attr : null,
    value_old: formatToolValue(r.object_attr, r.value_old, names, catalog),
    value_new: formatToolValue(r.object_attr, r.value_new, names, catalog),
    request_id: r.request_id,
    request_number: r.request_number,
  }));
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
