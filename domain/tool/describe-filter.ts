import { formatDate } from '../shared/dates';
import type { ListHeadlineTexts } from '../shared/filter-fields';
import { toolAgeTitles, type ToolAge } from './list-filter';
import { ownerTypeTitles, toolStateTitles, type ToolState } from './states';

/**
 * The equipment list filter in words: the chips above the list (web tool-list) and the first line of
 * the list's export (api/export/tool-export.ts) say the same, in the dialog's order.
 */
export interface ToolFilterTitles {
  readonly region: (id: number) => string;
  readonly unit: (id: number) => string;
  readonly setName: (id: number) => string;
  readonly toolKind: (id: number) => string;
  readonly manufacturer: (id: number) => string;
}

/** The filter as the dialog holds it or as the server parsed it (texts may be null there, sums numbers). */
export interface ToolFilterWordsInput {
  readonly region_id: number | null;
  readonly units_ids: readonly number[] | null;
  readonly tool_set_name_id: number | null;
  readonly tool_kind_ids: readonly number[] | null;
  readonly manufacturer_id: number | null;
  readonly tool_model: string | null;
  readonly tool_model_exact: boolean | null;
  readonly serial_number: string | null;
  readonly serial_exact: boolean | null;
  readonly inventar_number: string | null;
  readonly inventar_exact: boolean | null;
  readonly tool_work_in_dt_from: string | null;
  readonly tool_work_in_dt_till: string | null;
  readonly tool_age: ToolAge | null;
  readonly tool_state: number | null;
  readonly tool_owner_type_id: number | null;
  readonly tool_owner_is_not_set: boolean | null;
  readonly search?: string | null;
  readonly tool_description: string | null;
  readonly tool_cost_remain_from: string | number | null;
  readonly tool_cost_remain_upto: string | number | null;
  readonly tool_in_set: boolean | null;
  readonly tool_exchange_stock: boolean | null;
}

export type ToolFilterWordKey =
  | 'region_id' | 'units_ids' | 'tool_set_name_id' | 'tool_kind_ids' | 'manufacturer_id' | 'tool_model' | 'serial_number'
  | 'inventar_number' | 'work_in_dt' | 'tool_age' | 'tool_state' | 'tool_owner_is_not_set' | 'tool_owner_type_id'
  | 'search' | 'tool_description' | 'cost_remain' | 'tool_in_set' | 'tool_exchange_stock';

/** Chosen items named: up to `max` names, then 'и ещё N'; an unknown name shows its id. */
export const namesOf = (ids: readonly number[], title: (id: number) => string, max = 2): string => {
  const names = ids.map((id) => title(id) || String(id));
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} и ещё ${names.length - max}`;
};

const range = (from: string, to: string, show: (v: string) => string): string =>
  from && to ? `${show(from)} – ${show(to)}` : from ? `от ${show(from)}` : `до ${show(to)}`;
const textOf = (v: string | null) => (v ?? '').trim();
/** A sum as typed in the dialog ('123,45'), or as parsed (123.45). */
const sumOf = (v: string | number | null) => (v == null ? '' : typeof v === 'number' ? String(v).replace('.', ',') : v.trim());

export const toolFilterWords = (f: ToolFilterWordsInput, titles: ToolFilterTitles): Array<{ key: ToolFilterWordKey; label: string }> => {
  const words: Array<{ key: ToolFilterWordKey; label: string }> = [];
  const add = (key: ToolFilterWordKey, label: string) => words.push({ key, label });
  const exact = (on: boolean | null) => (on ? ' (точно)' : '');
  if (f.region_id !== null) add('region_id', `Регион: ${titles.region(f.region_id) || f.region_id}`);
  if (f.units_ids?.length) add('units_ids', `Объекты: ${namesOf(f.units_ids, titles.unit)}`);
  if (f.tool_set_name_id !== null) add('tool_set_name_id', `Вид комплекта: ${titles.setName(f.tool_set_name_id) || f.tool_set_name_id}`);
  if (f.tool_kind_ids?.length) add('tool_kind_ids', `Вид: ${namesOf(f.tool_kind_ids, titles.toolKind)}`);
  if (f.manufacturer_id !== null) add('manufacturer_id', `Производитель: ${titles.manufacturer(f.manufacturer_id) || f.manufacturer_id}`);
  if (textOf(f.tool_model)) add('tool_model', `Наименование: ${textOf(f.tool_model)}${exact(f.tool_model_exact)}`);
  if (textOf(f.serial_number)) add('serial_number', `Серийный №: ${textOf(f.serial_number)}${exact(f.serial_exact)}`);
  if (textOf(f.inventar_number)) add('inventar_number', `Инвентарный №: ${textOf(f.inventar_number)}${exact(f.inventar_exact)}`);
  if (f.tool_work_in_dt_from || f.tool_work_in_dt_till)
    add('work_in_dt', `Ввод в эксплуатацию: ${range(f.tool_work_in_dt_from ?? '', f.tool_work_in_dt_till ?? '', formatDate)}`);
  if (f.tool_age) add('tool_age', `Возраст: ${toolAgeTitles[f.tool_age].toLowerCase()}`);
  if (f.tool_state !== null) add('tool_state', `Состояние: ${toolStateTitles[f.tool_state as ToolState] ?? f.tool_state}`);
  if (f.tool_owner_is_not_set) add('tool_owner_is_not_set', 'Владелец не указан');
  else if (f.tool_owner_type_id !== null) add('tool_owner_type_id', `Владелец: ${ownerTypeTitles[f.tool_owner_type_id] ?? f.tool_owner_type_id}`);
  if (textOf(f.search ?? null)) add('search', `Поиск: ${textOf(f.search ?? null)}`);
  if (textOf(f.tool_description)) add('tool_description', `Примечание: ${textOf(f.tool_description)}`);
  if (sumOf(f.tool_cost_remain_from) || sumOf(f.tool_cost_remain_upto))
    add('cost_remain', `Остаточная стоимость: ${range(sumOf(f.tool_cost_remain_from), sumOf(f.tool_cost_remain_upto), (v) => v)}`);
  if (f.tool_in_set !== null) add('tool_in_set', f.tool_in_set ? 'В комплекте' : 'Не в комплекте');
  if (f.tool_exchange_stock !== null) add('tool_exchange_stock', f.tool_exchange_stock ? 'Подменный фонд' : 'Не подменный фонд');
  return words;
};

/** The equipment list export's first line (listExportHeadline): its whole content and its count. */
export const toolListHeadline: ListHeadlineTexts = { all: 'все оборудование', total: 'Всего единиц оборудования' };
