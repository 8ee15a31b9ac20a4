import {
  contactKindTitles,
  inspectionAfterTitles,
  inspectionBeforeTitles,
  kindTitle,
  performTypeTitles,
  performerKindTitles,
  repairResultTitles,
  repairTypeTitles,
  requestResultTitles,
  statusTitle,
  warrantyKindTitles,
  type ContactKind,
  type InspectionAfter,
  type InspectionBefore,
  type PerformType,
  type RepairResult,
  type RepairType,
  type RequestResult,
  type WarrantyKind,
} from '@domain/request/enums';
import { formatDate } from '@domain/shared/dates';
import { ownerTypeTitles } from '@domain/tool/states';
import {
  defaultFilter,
  softwareFilterKeys,
  toggleKeys,
  toggleTitles,
  type DateOrFlag,
  type ListKind,
  type RepairFilter,
  type RequestListFilter,
  type SoftwareFilter,
  type SoftwareFilterKey,
  type ToolFilter,
} from './filter';

/** How a chip's cross clears its condition. */
export type FilterClear =
  | { readonly part: 'main'; readonly patch: Partial<RequestListFilter> }
  | { readonly part: 'repair'; readonly patch: Partial<RepairFilter> }
  | { readonly part: 'tool'; readonly patch: Partial<ToolFilter> }
  | { readonly part: 'software'; readonly key: SoftwareFilterKey; readonly patch: Partial<SoftwareFilter> };

export interface FilterChip {
  readonly key: string;
  readonly label: string;
  /** null: a condition that stays (the registration period, which always has a value). */
  readonly clear: FilterClear | null;
}

/** Names of chosen items (regions, units, people, programs) the chips show. */
export interface FilterTitles {
  readonly region: (id: number) => string;
  readonly unit: (id: number) => string;
  readonly engineer: (id: number) => string;
  readonly hotlineEngineer: (id: number) => string;
  readonly program: (id: number) => string;
  readonly toolKind: (id: number) => string;
}

export const softwareFilterTitles: Readonly<Record<SoftwareFilterKey, string>> = {
  specialSoftware: 'Специальное ПО',
  commonSoftware: 'Общее ПО',
  restore: 'Восстановление',
  consultation: 'Консультация',
};

const titleIn = <K extends number | string>(titles: Readonly<Record<K, string>>, id: K): string => titles[id] ?? String(id);

const list = (ids: readonly number[], title: (id: number) => string, max = 2): string => {
  const names = ids.map((id) => title(id) || String(id));
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} и ещё ${names.length - max}`;
};

const dateOrFlag = (v: DateOrFlag): string => (v === true ? 'указана' : v === false ? 'не указана' : formatDate(v));

const period = (from: string | null, to: string | null): string =>
  from && to ? `${formatDate(from)} – ${formatDate(to)}` : from ? `с ${formatDate(from)}` : to ? `по ${formatDate(to)}` : '';

const repairChips = (r: RepairFilter): FilterChip[] => {
  const chips: FilterChip[] = [];
  const add = (key: keyof RepairFilter, label: string, patch: Partial<RepairFilter>) =>
    chips.push({ key: `repair.${key}`, label: `Ремонт: ${label}`, clear: { part: 'repair', patch } });
  if (r.repair_kind_id_is_not_set) add('repair_kind_id_is_not_set', 'гарантийность не указана', { repair_kind_id_is_not_set: false });
  else if (r.repair_kind_id !== null) add('repair_kind_id', titleIn(warrantyKindTitles, r.repair_kind_id as WarrantyKind), { repair_kind_id: null });
  if (r.view_res_before_is_not_set) add('view_res_before_is_not_set', 'осмотр до ремонта не указан', { view_res_before_is_not_set: false });
  else if (r.view_res_before !== null)
    add('view_res_before', `до ремонта — ${titleIn(inspectionBeforeTitles, r.view_res_before as InspectionBefore)}`, { view_res_before: null });
  if (r.view_res_after !== null)
    add('view_res_after', `после ремонта — ${titleIn(inspectionAfterTitles, r.view_res_after as InspectionAfter)}`, { view_res_after: null });
  if (r.repair_type_id !== null) add('repair_type_id', titleIn(repairTypeTitles, r.repair_type_id as RepairType), { repair_type_id: null });
  if (r.repair_result_id !== null) add('repair_result_id', titleIn(repairResultTitles, r.repair_result_id as RepairResult), { repair_result_id: null });
  if (r.tool_in_d !== null) add('tool_in_d', `поступление ${dateOrFlag(r.tool_in_d)}`, { tool_in_d: null });
  if (r.tool_out_d !== null) add('tool_out_d', `убытие ${dateOrFlag(r.tool_out_d)}`, { tool_out_d: null });
  if (r.tool_in_filial) add('tool_in_filial', 'оборудование в филиале', { tool_in_filial: false });
  return chips;
};

const toolChips = (t: ToolFilter, titles: FilterTitles): FilterChip[] => {
  const chips: FilterChip[] = [];
  const add = (key: keyof ToolFilter, label: string, patch: Partial<ToolFilter>) =>
    chips.push({ key: `tool.${key}`, label: `Оборудование: ${label}`, clear: { part: 'tool', patch } });
  if (t.tool_kind_id !== null) add('tool_kind_id', titles.toolKind(t.tool_kind_id) || String(t.tool_kind_id), { tool_kind_id: null });
  if (t.exchange_stock !== null) add('exchange_stock', t.exchange_stock ? 'подменный фонд' : 'не подменный фонд', { exchange_stock: null });
  if (t.serial_number.trim()) add('serial_number', `серийный № ${t.serial_number.trim()}`, { serial_number: '' });
  if (t.inventar_number.trim()) add('inventar_number', `инвентарный № ${t.inventar_number.trim()}`, { inventar_number: '' });
  if (t.owner_type_id !== null) add('owner_type_id', ownerTypeTitles[t.owner_type_id] ?? String(t.owner_type_id), { owner_type_id: null });
  return chips;
};

const softwareChips = (key: SoftwareFilterKey, s: SoftwareFilter, titles: FilterTitles): FilterChip[] => {
  const chips: FilterChip[] = [];
  const name = softwareFilterTitles[key];
  if (s.program_id !== null)
    chips.push({ key: `${key}.program_id`, label: `${name}: ${titles.program(s.program_id) || s.program_id}`, clear: { part: 'software', key, patch: { program_id: null } } });
  if (s.result !== null)
    chips.push({
      key: `${key}.result`,
      label: `${name}: ${titleIn(requestResultTitles, s.result as RequestResult)}`,
      clear: { part: 'software', key, patch: { result: null } },
    });
  return chips;
};

/**
 * The filter's conditions as short chips above the table: the registration period first (always),
 * then everything that differs from the list's defaults, each with what clearing it means.
 */
export const describeFilter = (filter: RequestListFilter, kind: ListKind, titles: FilterTitles): FilterChip[] => {
  const preset = defaultFilter(kind);
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, patch: Partial<RequestListFilter>) => chips.push({ key, label, clear: { part: 'main', patch } });
  const periodChanged = filter.date_beg !== preset.date_beg || filter.date_end !== preset.date_end;
  chips.push({
    key: 'period',
    label: `Зарегистрированы: ${period(filter.date_beg ?? preset.date_beg, filter.date_end ?? preset.date_end)}`,
    clear: periodChanged ? { part: 'main', patch: { date_beg: preset.date_beg, date_end: preset.date_end } } : null,
  });
  if (filter.region_id !== null) add('region_id', `Регион: ${titles.region(filter.region_id) || filter.region_id}`, { region_id: null });
  if (filter.units_ids.length) add('units_ids', `Объекты: ${list(filter.units_ids, titles.unit, 1)}`, { units_ids: [] });
  if (filter.request_performer_kind !== preset.request_performer_kind)
    add(
      'request_performer_kind',
      filter.request_performer_kind === null ? 'Исполнитель: все' : `Исполнитель: ${performerKindTitles[filter.request_performer_kind] ?? filter.request_performer_kind}`,
      { request_performer_kind: preset.request_performer_kind },
    );
  if (filter.engineer_id !== null) add('engineer_id', `Инженер: ${titles.engineer(filter.engineer_id) || filter.engineer_id}`, { engineer_id: null });
  if (filter.hotline_engineer_id !== null)
    add('hotline_engineer_id', `Инженер ГЛ: ${titles.hotlineEngineer(filter.hotline_engineer_id) || filter.hotline_engineer_id}`, { hotline_engineer_id: null });
  if (filter.request_kinds_ids.length) add('request_kinds_ids', `Тип: ${list(filter.request_kinds_ids, kindTitle)}`, { request_kinds_ids: [] });
  if (filter.request_statuses_ids.length)
    add('request_statuses_ids', `Состояние: ${list(filter.request_statuses_ids, statusTitle)}`, { request_statuses_ids: [] });
  if (filter.number !== null) add('number', `Номер: ${filter.number}`, { number: null });
  if (filter.hotlinegas_number.trim()) add('hotlinegas_number', `Номер на ГЛ: ${filter.hotlinegas_number.trim()}`, { hotlinegas_number: '' });
  if (filter.result_type !== null) add('result_type', `Вид исполнения: ${titleIn(performTypeTitles, filter.result_type as PerformType)}`, { result_type: null });
  if (filter.result_date_beg || filter.result_date_end)
    add('result_date', `Исполнены: ${period(filter.result_date_beg, filter.result_date_end)}`, { result_date_beg: null, result_date_end: null });
  if (filter.contact_kind !== null) add('contact_kind', `Вид заявителя: ${titleIn(contactKindTitles, filter.contact_kind as ContactKind)}`, { contact_kind: null });
  if (filter.contact_unknown_name.trim()) add('contact_unknown_name', `Заявитель: ${filter.contact_unknown_name.trim()}`, { contact_unknown_name: '' });
  for (const key of toggleKeys) if (filter[key]) add(key, toggleTitles[key], { [key]: false });
  chips.push(...repairChips(filter.repair), ...toolChips(filter.repairTool, titles));
  for (const key of softwareFilterKeys) chips.push(...softwareChips(key, filter[key], titles));
  return chips;
};

/** Conditions beyond the defaults (the filter button's badge). */
export const activeCount = (chips: readonly FilterChip[]): number => chips.filter((c) => c.clear !== null).length;

