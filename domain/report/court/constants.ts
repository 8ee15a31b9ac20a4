/**
 * The business constants of the reports (equipment.md 9), in one place for the queries, the
 * layouts and their tests.
 */

/** Region ids from 90 up are service regions: left out of every all-regions loop. */
export const EXCLUDED_REGION_ID_FROM = 90;
/** Region codes from 99 up are left out of the short repair table. */
export const SHORT_TABLE_EXCLUDED_CODE_FROM = 99;
/** A repair lasts at least one day, even when it ends the day it began. */
export const MIN_REPAIR_DAYS = 1;
/** The age threshold of the older/younger report, in years; a tool without a date counts from 1 Jan 2000. */
export const AGE_THRESHOLD_YEARS = 5;
export const MISSING_WORK_IN_DATE = '2000-01-01';

/** Organisation kind id → the letter code the enclosures print (equipment.md 9). */
export const organisationKindLetter = (kindId: number | null | undefined): string => {
  switch (kindId) {
    case 6: return 'В';
    case 13: return 'О';
    case 3: case 7: case 15: return 'У';
    case 4: return 'КСОЮ';
    case 10: return 'АСОЮ';
    case 12: return 'КВС';
    case 14: return 'АВС';
    case 11: return 'АС';
    default: return '__';
  }
};

/** Enclosure 2's order of objects: a vncode with UD first, with GV last, the rest between (then by vncode). */
export const enclosure2Rank = (vncode: string | null | undefined): number => {
  const v = (vncode ?? '').toUpperCase();
  return v.includes('UD') ? 0 : v.includes('GV') ? 2 : 1;
};

/** Repair days between a tool's arrival and its departure (or the end of the period), at least one. */
export const repairDays = (from: string, to: string): number =>
  Math.max(MIN_REPAIR_DAYS, Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000));

/** Fallback names (equipment.md 8). */
export const fallbacks = {
  program: 'Неизвестная программа',
  kind: 'Неизвестный тип заявки',
  status: 'Неизвестный статус заявки',
  event: 'Событие не найдено',
} as const;

/** Hardware report 1: the tool kinds it counts, in its column order (equipment.md 9). */
export const hardwareReportKinds = [
  { id: 7, title: 'Серверы' },
  { id: 2, title: 'Рабочие станции' },
  { id: 18, title: 'Видеоконференцсвязь' },
  { id: 4, title: 'Принтеры' },
  { id: 6, title: 'МФУ' },
  { id: 46, title: 'Сетевое оборудование' },
] as const;

/**
 * The failure report's categories, matched by the tool kind's name (equipment.md 9), first match
 * wins; a kind matching none is 'Прочее'.
 */
export const failureCategories = [
  { title: 'Системный блок', match: /системн[а-яё]* блок/i },
  { title: 'Сервер', match: /сервер/i },
  { title: 'Видеокодек', match: /кодек/i },
  { title: 'Микшер', match: /микшер/i },
  { title: 'ИБП', match: /ибп|бесперебойн/i },
  { title: 'Информационный киоск', match: /киоск/i },
  { title: 'Принтер, МФУ, копир, сканер', match: /принтер|мфу|копир|сканер|многофункц/i },
  { title: 'Коммутатор, маршрутизатор', match: /коммутатор|маршрутизатор/i },
] as const;
export const OTHER_FAILURE_CATEGORY = 'Прочее';
export const failureCategoryOf = (kindTitle: string | null | undefined): string =>
  failureCategories.find((c) => c.match.test(kindTitle ?? ''))?.title ?? OTHER_FAILURE_CATEGORY;

/** Supply kinds of enclosure 3 (the spec names the field only): how the commissioned equipment came. */
export const SupplyKind = { CENTRAL: 1, FILIAL: 2 } as const;
export type SupplyKind = (typeof SupplyKind)[keyof typeof SupplyKind];
export const supplyKindTitles: Readonly<Record<SupplyKind, string>> = {
  1: 'Централизованная поставка',
  2: 'Поставка за счет средств филиала',
};
