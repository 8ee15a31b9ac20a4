import { formatDate } from '../shared/dates';
import type { ListHeadlineTexts } from '../shared/filter-fields';
import { namesOf } from '../tool/describe-filter';
import { ownerTypeTitles } from '../tool/states';
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
} from './enums';

/**
 * The request list filter in words: the chips above the lists (web request-list) and the first line of
 * the lists' exports (api/export/request-export.ts) say the same, in the dialog's order. The input is
 * the filter as the dialog holds it ('' / [] / false when empty) or as the server parsed it (null).
 */

export const toggleKeys = [
  'hotline_reqs_without_number',
  'hotline_reqs_not_register',
  'hotline_reqs_not_closed',
  'unsigned_docs',
  'without_doc_co_3',
  'without_doc_co_41',
  'without_doc_co_42',
  'without_doc_co_7',
  'without_doc_co_8',
  'without_doc_co_13',
] as const;
export type ToggleKey = (typeof toggleKeys)[number];

export const toggleTitles: Readonly<Record<ToggleKey, string>> = {
  hotline_reqs_without_number: 'ГЛ: без номера',
  hotline_reqs_not_register: 'ГЛ: не зарегистрированные',
  hotline_reqs_not_closed: 'ГЛ: не закрытые',
  unsigned_docs: 'Неподписанные документы',
  without_doc_co_3: 'Без акта СО-3',
  without_doc_co_41: 'Без акта СО-4.1',
  without_doc_co_42: 'Без акта СО-4.2',
  without_doc_co_7: 'Без акта СО-7',
  without_doc_co_8: 'Без акта СО-8',
  without_doc_co_13: 'Без акта СО-1.3',
};

export const softwareFilterKeys = ['specialSoftware', 'commonSoftware', 'restore', 'consultation'] as const;
export type SoftwareFilterKey = (typeof softwareFilterKeys)[number];

export const softwareFilterTitles: Readonly<Record<SoftwareFilterKey, string>> = {
  specialSoftware: 'Специальное ПО',
  commonSoftware: 'Общее ПО',
  restore: 'Восстановление',
  consultation: 'Консультация',
};

/** Names of chosen items (regions, units, people, programs) the words show; '' when unknown. */
export interface RequestFilterTitles {
  readonly region: (id: number) => string;
  readonly unit: (id: number) => string;
  readonly engineer: (id: number) => string;
  readonly hotlineEngineer: (id: number) => string;
  readonly program: (id: number) => string;
  readonly toolKind: (id: number) => string;
}

type Maybe<T> = T | null | undefined;
/** `tool_in_d` / `tool_out_d`: filled (true), empty (false), or one day. */
type DateOrFlagValue = Maybe<string | boolean>;

interface RepairWordsInput {
  readonly repair_kind_id?: Maybe<number>;
  readonly repair_kind_id_is_not_set?: Maybe<boolean>;
  readonly view_res_before?: Maybe<number>;
  readonly view_res_before_is_not_set?: Maybe<boolean>;
  readonly view_res_after?: Maybe<number>;
  readonly repair_type_id?: Maybe<number>;
  readonly repair_result_id?: Maybe<number>;
  readonly tool_in_d?: DateOrFlagValue;
  readonly tool_out_d?: DateOrFlagValue;
  readonly tool_in_filial?: Maybe<boolean>;
}
interface ToolWordsInput {
  readonly tool_kind_id?: Maybe<number>;
  readonly exchange_stock?: Maybe<boolean>;
  readonly serial_number?: Maybe<string>;
  readonly inventar_number?: Maybe<string>;
  readonly owner_type_id?: Maybe<number>;
}
interface SoftwareWordsInput {
  readonly program_id?: Maybe<number>;
  readonly result?: Maybe<string>;
}

export type RequestFilterWordsInput = {
  readonly region_id?: Maybe<number>;
  readonly units_ids?: Maybe<readonly number[]>;
  readonly request_performer_kind?: Maybe<string>;
  readonly engineer_id?: Maybe<number>;
  readonly hotline_engineer_id?: Maybe<number>;
  readonly request_kinds_ids?: Maybe<readonly number[]>;
  readonly request_statuses_ids?: Maybe<readonly number[]>;
  readonly number?: Maybe<number>;
  readonly hotlinegas_number?: Maybe<string>;
  readonly result_type?: Maybe<number>;
  readonly date_beg: string;
  readonly date_end: string;
  readonly result_date_beg?: Maybe<string>;
  readonly result_date_end?: Maybe<string>;
  readonly contact_kind?: Maybe<number>;
  readonly returned?: Maybe<boolean>;
  readonly search?: Maybe<string>;
  readonly contact_unknown_name?: Maybe<string>;
  readonly repair?: Maybe<RepairWordsInput>;
  readonly repairTool?: Maybe<ToolWordsInput>;
} & { readonly [K in ToggleKey]?: Maybe<boolean> } & { readonly [K in SoftwareFilterKey]?: Maybe<SoftwareWordsInput> };

/**
 * A word's key: the filter field it names ('period' the registration dates, 'result_date' the
 * execution dates), `repair.{field}`, `tool.{field}` or `{software key}.{field}` in the sub-filters.
 */
export interface RequestFilterWord {
  readonly key: string;
  readonly label: string;
}

const titleIn = <K extends number | string>(titles: Readonly<Record<K, string>>, id: K): string => titles[id] ?? String(id);
const dateOrFlag = (v: string | boolean): string => (v === true ? 'указана' : v === false ? 'не указана' : formatDate(v));
const period = (from: Maybe<string>, to: Maybe<string>): string =>
  from && to ? `${formatDate(from)} – ${formatDate(to)}` : from ? `с ${formatDate(from)}` : to ? `по ${formatDate(to)}` : '';
const trimmed = (v: Maybe<string>) => (v ?? '').trim();
const set = <T>(v: Maybe<T>): v is T => v !== null && v !== undefined;

const repairWords = (r: RepairWordsInput): RequestFilterWord[] => {
  const words: RequestFilterWord[] = [];
  const add = (key: keyof RepairWordsInput, label: string) => words.push({ key: `repair.${key}`, label: `Ремонт: ${label}` });
  if (r.repair_kind_id_is_not_set) add('repair_kind_id_is_not_set', 'гарантийность не указана');
  else if (set(r.repair_kind_id)) add('repair_kind_id', titleIn(warrantyKindTitles, r.repair_kind_id as WarrantyKind));
  if (r.view_res_before_is_not_set) add('view_res_before_is_not_set', 'осмотр до ремонта не указан');
  else if (set(r.view_res_before)) add('view_res_before', `до ремонта — ${titleIn(inspectionBeforeTitles, r.view_res_before as InspectionBefore)}`);
  if (set(r.view_res_after)) add('view_res_after', `после ремонта — ${titleIn(inspectionAfterTitles, r.view_res_after as InspectionAfter)}`);
  if (set(r.repair_type_id)) add('repair_type_id', titleIn(repairTypeTitles, r.repair_type_id as RepairType));
  if (set(r.repair_result_id)) add('repair_result_id', titleIn(repairResultTitles, r.repair_result_id as RepairResult));
  if (set(r.tool_in_d)) add('tool_in_d', `поступление ${dateOrFlag(r.tool_in_d)}`);
  if (set(r.tool_out_d)) add('tool_out_d', `убытие ${dateOrFlag(r.tool_out_d)}`);
  if (r.tool_in_filial) add('tool_in_filial', 'оборудование в филиале');
  return words;
};

const toolWords = (t: ToolWordsInput, titles: RequestFilterTitles): RequestFilterWord[] => {
  const words: RequestFilterWord[] = [];
  const add = (key: keyof ToolWordsInput, label: string) => words.push({ key: `tool.${key}`, label: `Оборудование: ${label}` });
  if (set(t.tool_kind_id)) add('tool_kind_id', titles.toolKind(t.tool_kind_id) || String(t.tool_kind_id));
  if (set(t.exchange_stock)) add('exchange_stock', t.exchange_stock ? 'подменный фонд' : 'не подменный фонд');
  if (trimmed(t.serial_number)) add('serial_number', `серийный № ${trimmed(t.serial_number)}`);
  if (trimmed(t.inventar_number)) add('inventar_number', `инвентарный № ${trimmed(t.inventar_number)}`);
  if (set(t.owner_type_id)) add('owner_type_id', ownerTypeTitles[t.owner_type_id] ?? String(t.owner_type_id));
  return words;
};

const softwareWords = (key: SoftwareFilterKey, s: SoftwareWordsInput, titles: RequestFilterTitles): RequestFilterWord[] => {
  const name = softwareFilterTitles[key];
  return [
    ...(set(s.program_id) ? [{ key: `${key}.program_id`, label: `${name}: ${titles.program(s.program_id) || s.program_id}` }] : []),
    ...(set(s.result) ? [{ key: `${key}.result`, label: `${name}: ${titleIn(requestResultTitles, s.result as RequestResult)}` }] : []),
  ];
};

/**
 * The filter's conditions in words: the registration period first (always), then every condition;
 * the performer kind only when it differs from `presetPerformer` (the head-performer list's own SENIOR
 * goes without saying on that list's chips; an export names it).
 */
export const requestFilterWords = (f: RequestFilterWordsInput, titles: RequestFilterTitles, presetPerformer: string | null = null): RequestFilterWord[] => {
  const words: RequestFilterWord[] = [{ key: 'period', label: `Зарегистрированы: ${period(f.date_beg, f.date_end)}` }];
  const add = (key: string, label: string) => words.push({ key, label });
  const performer = f.request_performer_kind ?? null;
  if (set(f.region_id)) add('region_id', `Регион: ${titles.region(f.region_id) || f.region_id}`);
  if (f.units_ids?.length) add('units_ids', `Объекты: ${namesOf(f.units_ids, titles.unit, 1)}`);
  if (performer !== presetPerformer)
    add('request_performer_kind', performer === null ? 'Исполнитель: все' : `Исполнитель: ${(performerKindTitles as Readonly<Record<string, string>>)[performer] ?? performer}`);
  if (set(f.engineer_id)) add('engineer_id', `Инженер: ${titles.engineer(f.engineer_id) || f.engineer_id}`);
  if (set(f.hotline_engineer_id)) add('hotline_engineer_id', `Инженер ГЛ: ${titles.hotlineEngineer(f.hotline_engineer_id) || f.hotline_engineer_id}`);
  if (f.request_kinds_ids?.length) add('request_kinds_ids', `Тип: ${namesOf(f.request_kinds_ids, kindTitle)}`);
  if (f.request_statuses_ids?.length) add('request_statuses_ids', `Состояние: ${namesOf(f.request_statuses_ids, statusTitle)}`);
  if (set(f.number)) add('number', `Номер: ${f.number}`);
  if (trimmed(f.hotlinegas_number)) add('hotlinegas_number', `Номер на ГЛ: ${trimmed(f.hotlinegas_number)}`);
  if (set(f.result_type)) add('result_type', `Вид исполнения: ${titleIn(performTypeTitles, f.result_type as PerformType)}`);
  if (f.result_date_beg || f.result_date_end) add('result_date', `Исполнены: ${period(f.result_date_beg, f.result_date_end)}`);
  if (set(f.contact_kind)) add('contact_kind', `Вид заявителя: ${titleIn(contactKindTitles, f.contact_kind as ContactKind)}`);
  if (f.returned === true || f.returned === false)
    add('returned', f.returned ? 'Возвращены на повторное исполнение' : 'Не возвращённые на повторное исполнение');
  if (trimmed(f.search)) add('search', `Поиск: ${trimmed(f.search)}`);
  if (trimmed(f.contact_unknown_name)) add('contact_unknown_name', `Заявитель: ${trimmed(f.contact_unknown_name)}`);
  for (const key of toggleKeys) if (f[key]) add(key, toggleTitles[key]);
  if (f.repair) words.push(...repairWords(f.repair));
  if (f.repairTool) words.push(...toolWords(f.repairTool, titles));
  for (const key of softwareFilterKeys) {
    const s = f[key];
    if (s) words.push(...softwareWords(key, s, titles));
  }
  return words;
};

/** The request lists' export first line (listExportHeadline): its whole content and its count. */
export const requestListHeadline: ListHeadlineTexts = { all: 'все заявки', total: 'Всего заявок' };
