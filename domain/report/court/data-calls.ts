import { invalid } from '../../shared/errors';
import { defaultPeriod } from './parameters';

/**
 * The report data calls of requests.md 7 and equipment.md 7 (`GET /api/<call>/{json}` or the same
 * with query parameters): the names the spec writes beside ours, the answer's stable ASCII keys and
 * the named lists of the repair calls. The report's own schema (parameters.ts) judges the values.
 */

/** Documented name → our name. `dateFinsh` is the spec's own spelling (equipment.md 7). */
export const documentedParameterNames: Readonly<Record<string, string>> = {
  regionId: 'region_id',
  dateStart: 'date_beg',
  dateFinsh: 'date_end',
  dateFinish: 'date_end',
  unitId: 'unit_id',
  allRegions: 'all_regions',
  balanceHolderId: 'balance_holder_id',
  supplyKind: 'supply_kind',
};

export const dataCallMessages = {
  conflict: (documented: string, ours: string) => `Параметры «${documented}» и «${ours}» заданы с разными значениями`,
} as const;

const NUMERIC = new Set(['region_id', 'unit_id', 'balance_holder_id', 'supply_kind']);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A query-string value as the JSON form would carry it: digits → number, 'true'/'false' → boolean. */
const fromQuery = (key: string, v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  if (NUMERIC.has(key) && /^\d{1,10}$/.test(v)) return Number(v);
  if (key === 'all_regions' && (v === 'true' || v === '1')) return true;
  if (key === 'all_regions' && (v === 'false' || v === '0')) return false;
  if (v === '' || v === 'null') return null;
  return v;
};

/**
 * The parameters of a data call in our names: the documented names mapped (both given with
 * different values → 400), query-string values typed, and a missing period the whole current
 * year (requests.md 7, equipment.md 9). Unknown keys pass on and the schema strips them.
 */
export const dataCallParameters = (raw: Record<string, unknown>, fromQueryString: boolean, now: Date = new Date()): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!Object.hasOwn(documentedParameterNames, k)) out[k] = fromQueryString ? fromQuery(k, v) : v;
  for (const [documented, ours] of Object.entries(documentedParameterNames)) {
    if (!Object.hasOwn(raw, documented)) continue;
    const value = fromQueryString ? fromQuery(ours, raw[documented]) : raw[documented];
    if (Object.hasOwn(out, ours) && !same(out[ours], value)) throw invalid(dataCallMessages.conflict(documented, ours), { [documented]: dataCallMessages.conflict(documented, ours) });
    out[ours] = value;
  }
  const period = defaultPeriod(now);
  if (out.date_beg == null || out.date_beg === '') out.date_beg = period.date_beg;
  if (out.date_end == null || out.date_end === '') out.date_end = period.date_end;
  return out;
};

/** Column title → the answer's ASCII key. Titles not listed get a transliterated key (columnKey). */
export const columnKeys: Readonly<Record<string, string>> = {
  '№': 'n',
  'В работе': 'in_work',
  'Вид оборудования': 'tool_kind',
  'Вид ремонта': 'repair_type',
  'Всего заявок': 'requests_total',
  'Всего': 'total',
  'Выполненные работы': 'works',
  'Выполнено': 'done',
  'Гарантийные': 'warranty',
  'Год выпуска': 'release_year',
  'Дата акта': 'act_date',
  'Дата исполнения': 'result_date',
  'Дата регистрации': 'registered_date',
  'Дней в ремонте': 'repair_days',
  'Затраты на постгарантийные, руб.': 'post_warranty_cost',
  'Затраты, руб.': 'cost',
  'Заявок на ремонт': 'repair_requests',
  'Заявок': 'requests',
  'Инвентарный номер': 'inventar_number',
  'Код вида': 'kind_code',
  'Код объекта': 'unit_code',
  'Моложе 5 лет': 'younger_5',
  'Наименование': 'model',
  'Не выполнено': 'not_done',
  'Номер акта СО-1.3': 'co_1_3_number',
  'Номер акта СО-7': 'co_7_number',
  'Номер заявки': 'request_number',
  'Номер': 'number',
  'Объект': 'unit',
  'Ожидает ремонта, ед.': 'waiting_count',
  'Остаточная стоимость': 'cost_remain',
  'Отменено': 'cancelled',
  'Постгарантийные': 'post_warranty',
  'Поступило': 'tool_in_date',
  'Программа': 'program',
  'Регион': 'region',
  'Серийный номер': 'serial_number',
  'Содержание': 'request_text',
  'Состояние': 'status',
  'Старше 5 лет': 'older_5',
  'Стоимость ЗИП, руб.': 'cost_spares',
  'Стоимость работ, руб.': 'cost_work',
  'Стоимость, руб.': 'cost',
  'Тип заявки': 'request_kind',
  'Убыло': 'tool_out_date',
  'Серверы': 'servers',
  'Рабочие станции': 'workstations',
  'Видеоконференцсвязь': 'vks',
  'Принтеры': 'printers',
  'МФУ': 'mfu',
  'Сетевое оборудование': 'network',
};

const LATIN: Readonly<Record<string, string>> = Object.fromEntries(
  [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюя'].map((c, i) => [c, ['a', 'b', 'v', 'g', 'd', 'e', 'e', 'zh', 'z', 'i', 'y', 'k', 'l', 'm', 'n', 'o', 'p', 'r', 's', 't', 'u', 'f', 'h', 'ts', 'ch', 'sh', 'sch', '', 'y', '', 'e', 'yu', 'ya'][i]!]),
);

/** The ASCII key of a column: the table's, else the title transliterated (a report's own category names). */
export const columnKey = (title: string): string =>
  (Object.hasOwn(columnKeys, title) ? columnKeys[title] : undefined) ??
  ([...title.toLowerCase()].map((c) => LATIN[c] ?? c).join('').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'column');

/**
 * The named lists of the repair calls (equipment.md 7: tServers, tSysBlocksMonitors, tTerminalsVks
 * "and similar"): rows by the tool kind's name, first match wins; a kind matching none is tOthers.
 */
export const repairLists = [
  { key: 'tServers', match: /сервер/i },
  { key: 'tSysBlocksMonitors', match: /системн[а-яё]* блок|монитор|рабоч[а-яё]* станц|моноблок/i },
  { key: 'tTerminalsVks', match: /терминал|вкс|видеоконф|кодек|микшер/i },
  { key: 'tPrinters', match: /принтер|мфу|копир|сканер|многофункц/i },
  { key: 'tNetwork', match: /коммутатор|маршрутизатор|сетев/i },
  { key: 'tUps', match: /ибп|бесперебойн/i },
] as const;
export const REPAIR_LIST_OTHERS = 'tOthers';
export const repairListKeys = [...repairLists.map((l) => l.key), REPAIR_LIST_OTHERS] as const;
export const repairListOf = (kindTitle: string | null | undefined): string =>
  repairLists.find((l) => l.match.test(kindTitle ?? ''))?.key ?? REPAIR_LIST_OTHERS;
