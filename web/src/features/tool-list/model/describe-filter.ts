import { formatDate } from '@domain/shared/dates';
import { toolAgeTitles } from '@domain/tool/list-filter';
import { ownerTypeTitles, toolStateTitles, type ToolState } from '@domain/tool/states';
import type { ToolFilter } from './filter';

/** One condition of the filter above the table; its cross applies `clear`. */
export interface FilterChip {
  readonly key: string;
  readonly label: string;
  readonly clear: Partial<ToolFilter>;
}

/** Names of chosen items the chips show ('' when not known yet: the id is shown). */
export interface FilterTitles {
  readonly region: (id: number) => string;
  readonly unit: (id: number) => string;
  readonly setName: (id: number) => string;
  readonly toolKind: (id: number) => string;
  readonly manufacturer: (id: number) => string;
}

const list = (ids: readonly number[], title: (id: number) => string, max = 2): string => {
  const names = ids.map((id) => title(id) || String(id));
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} и ещё ${names.length - max}`;
};

const range = (from: string, to: string, show: (v: string) => string): string =>
  from && to ? `${show(from)} – ${show(to)}` : from ? `от ${show(from)}` : `до ${show(to)}`;

/** The filter's conditions as short chips, in the dialog's order, each with what clearing it means. */
export const describeFilter = (f: ToolFilter, titles: FilterTitles): FilterChip[] => {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, clear: Partial<ToolFilter>) => chips.push({ key, label, clear });
  const exact = (on: boolean) => (on ? ' (точно)' : '');
  if (f.region_id !== null) add('region_id', `Регион: ${titles.region(f.region_id) || f.region_id}`, { region_id: null, units_ids: [] });
  if (f.units_ids.length) add('units_ids', `Объекты: ${list(f.units_ids, titles.unit)}`, { units_ids: [] });
  if (f.tool_set_name_id !== null)
    add('tool_set_name_id', `Вид комплекта: ${titles.setName(f.tool_set_name_id) || f.tool_set_name_id}`, { tool_set_name_id: null });
  if (f.tool_kind_ids.length) add('tool_kind_ids', `Вид: ${list(f.tool_kind_ids, titles.toolKind)}`, { tool_kind_ids: [] });
  if (f.manufacturer_id !== null)
    add('manufacturer_id', `Производитель: ${titles.manufacturer(f.manufacturer_id) || f.manufacturer_id}`, { manufacturer_id: null });
  if (f.tool_model.trim()) add('tool_model', `Наименование: ${f.tool_model.trim()}${exact(f.tool_model_exact)}`, { tool_model: '', tool_model_exact: false });
  if (f.serial_number.trim())
    add('serial_number', `Серийный №: ${f.serial_number.trim()}${exact(f.serial_exact)}`, { serial_number: '', serial_exact: false });
  if (f.inventar_number.trim())
    add('inventar_number', `Инвентарный №: ${f.inventar_number.trim()}${exact(f.inventar_exact)}`, { inventar_number: '', inventar_exact: false });
  if (f.tool_work_in_dt_from || f.tool_work_in_dt_till)
    add('work_in_dt', `Ввод в эксплуатацию: ${range(f.tool_work_in_dt_from ?? '', f.tool_work_in_dt_till ?? '', formatDate)}`, {
      tool_work_in_dt_from: null,
      tool_work_in_dt_till: null,
    });
  if (f.tool_age) add('tool_age', `Возраст: ${toolAgeTitles[f.tool_age].toLowerCase()}`, { tool_age: null });
  if (f.tool_state !== null) add('tool_state', `Состояние: ${toolStateTitles[f.tool_state as ToolState] ?? f.tool_state}`, { tool_state: null });
  if (f.tool_owner_is_not_set) add('tool_owner_is_not_set', 'Владелец не указан', { tool_owner_is_not_set: false });
  else if (f.tool_owner_type_id !== null)
    add('tool_owner_type_id', `Владелец: ${ownerTypeTitles[f.tool_owner_type_id] ?? f.tool_owner_type_id}`, { tool_owner_type_id: null });
  if (f.tool_description.trim()) add('tool_description', `Примечание: ${f.tool_description.trim()}`, { tool_description: '' });
  if (f.tool_cost_remain_from.trim() || f.tool_cost_remain_upto.trim())
    add('cost_remain', `Остаточная стоимость: ${range(f.tool_cost_remain_from.trim(), f.tool_cost_remain_upto.trim(), (v) => v)}`, {
      tool_cost_remain_from: '',
      tool_cost_remain_upto: '',
    });
  if (f.tool_in_set !== null) add('tool_in_set', f.tool_in_set ? 'В комплекте' : 'Не в комплекте', { tool_in_set: null });
  if (f.tool_exchange_stock !== null)
    add('tool_exchange_stock', f.tool_exchange_stock ? 'Подменный фонд' : 'Не подменный фонд', { tool_exchange_stock: null });
  return chips;
};
