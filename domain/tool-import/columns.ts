/**
 * The import file's layout (equipment.md 5, "Excel import"): exactly these 14 columns, in this
 * order, on the first row. The template download writes the same headers.
 */
export const IMPORT_COLUMNS = [
  'Код объекта',
  'Объект',
  'Вид комплекта',
  'Вид оборудования',
  'Производитель',
  'Наименование',
  'Серийный номер',
  'Инвентарный номер',
  'Принадлежность',
  'Дата ввода в эксплуатацию',
  'Гарантия, мес.',
  'Состояние',
  'Бухгалтерское наименование',
  'Примечание',
] as const;

export const COL = {
  unitCode: 0,
  unitName: 1,
  setKind: 2,
  kind: 3,
  manufacturer: 4,
  model: 5,
  serial: 6,
  inventar: 7,
  owner: 8,
  workIn: 9,
  guarantyMonths: 10,
  state: 11,
  buhName: 12,
  note: 13,
} as const;

export const importMessages = {
  structure: 'Неверная структура колонок файла',
  fileRequired: 'Выберите файл',
  fileType: 'Файл должен быть в формате .xlsx',
  unitRequired: 'Выберите объект',
  empty: 'Файл не содержит строк для импорта',
  tooManyRows: 'Слишком много строк в файле (не более 50000)',
  sharedStrings: 'Не удалось прочитать файл: общие строки книги недоступны. Сохраните файл в Excel заново',
  unreadable: 'Не удалось прочитать файл .xlsx',
  confirmToken: 'Неверное подтверждение импорта: повторите импорт',
} as const;

/** More rows than this is refused outright (a 20,000-row registry is the expected large case). */
export const MAX_IMPORT_ROWS = 50_000;
export const IMPORT_BUH_NAME_MAX = 500;
export const IMPORT_NOTE_MAX = 1000;

/** Header cells compare after trimming, collapsing spaces and ignoring case and a trailing dot. */
const normHeader = (v: string) => v.replace(/\s+/g, ' ').trim().toLowerCase().replace(/ё/g, 'е');

/** True when the first row is exactly the 14 columns in order (cells after the 14th must be empty). */
export const headerMatches = (cells: readonly string[]): boolean => {
  if (cells.slice(IMPORT_COLUMNS.length).some((c) => c.trim() !== '')) return false;
  return IMPORT_COLUMNS.every((title, i) => normHeader(cells[i] ?? '') === normHeader(title));
};
