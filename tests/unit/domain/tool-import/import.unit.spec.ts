import { describe, expect, it } from 'vitest';
import {
  IMPORT_COLUMNS,
  SharedStringError,
  cellText,
  headerMatches,
  indexModels,
  indexRefs,
  isNoInventory,
  parseDateCell,
  planImport,
  rowErrorText,
  serialToIso,
  validateRow,
  type ImportReferences,
  type RowError,
} from '../../../../domain/tool-import';

const refs: ImportReferences = {
  unit: { id: 10, vncode: 'RS01' },
  kinds: indexRefs([{ id: 4, title: 'Принтер' }, { id: 2, title: 'Рабочая станция' }]),
  manufacturers: indexRefs([{ id: 3, title: 'HP' }, { id: 5, title: 'Dell' }]),
  models: indexModels([
    { id: 7, title: 'LaserJet 400', tool_kind_id: 4, manufacturer_id: 3 },
    { id: 8, title: 'OptiPlex 7010', tool_kind_id: 2, manufacturer_id: 5 },
  ]),
  setKinds: indexRefs([{ id: 1, title: 'АРМ судьи' }]),
};
const opts = { date1904: false, today: '2026-11-24' };

const row = (over: Partial<Record<number, unknown>> = {}, n = 2) => {
  const cells: unknown[] = ['RS01-1', 'Суд', '', 'Принтер', 'HP', 'LaserJet 400', 'SN-1', 'ИН-1', 'Основное средство', '10.01.2024', 12, 'В работе', 'Принтер лазерный', ''];
  for (const [k, v] of Object.entries(over)) cells[Number(k)] = v;
  return { row: n, cells };
};
const messages = (errors: RowError[]) => errors.map(rowErrorText);

describe('header', () => {
  it('accepts exactly the 14 columns in order (case and spaces aside)', () => {
    expect(headerMatches([...IMPORT_COLUMNS])).toBe(true);
    expect(headerMatches(IMPORT_COLUMNS.map((c) => ` ${c.toUpperCase()} `))).toBe(true);
  });
  it('refuses a missing, swapped or extra column', () => {
    expect(headerMatches(IMPORT_COLUMNS.slice(0, 13))).toBe(false);
    const swapped = [...IMPORT_COLUMNS] as string[];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    expect(headerMatches(swapped)).toBe(false);
    expect(headerMatches([...IMPORT_COLUMNS, 'Лишняя'])).toBe(false);
  });
});

describe('cells', () => {
  it('fails loudly on an unresolved shared string', () => {
    expect(() => cellText({ sharedString: 3 })).toThrow(SharedStringError);
  });
  it('keeps leading zeros of a number typed with a zero-padded format', () => {
    expect(cellText(123, '000000')).toBe('000123');
    expect(cellText(123)).toBe('123');
    expect(cellText({ richText: [{ text: 'a' }, { text: 'b ' }] })).toBe('ab');
    expect(cellText({ formula: 'A1', result: 5 })).toBe('5');
  });
  it('reads dates as serials (1900 and 1904 systems), Date values and strict DD.MM.YYYY', () => {
    expect(serialToIso(45301, false)).toBe('2024-01-10');
    expect(serialToIso(45301 - 1462, true)).toBe('2024-01-10');
    expect(serialToIso(1, false)).toBe('1900-01-01');
    expect(serialToIso(61, false)).toBe('1900-03-01');
    expect(parseDateCell(45301, false)).toEqual({ ok: true, value: '2024-01-10' });
    expect(parseDateCell('45301', false)).toEqual({ ok: true, value: '2024-01-10' });
    expect(parseDateCell(new Date(Date.UTC(2024, 0, 10)), false)).toEqual({ ok: true, value: '2024-01-10' });
    expect(parseDateCell('29.02.2024', false)).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseDateCell('31.02.2024', false)).toEqual({ ok: false });
    expect(parseDateCell('2024-01-10', false)).toEqual({ ok: false });
    expect(parseDateCell('1.1.2024', false)).toEqual({ ok: false });
    expect(parseDateCell('', false)).toEqual({ ok: true, value: null });
  });
  it('knows the placeholder inventory numbers', () => {
    for (const p of ['', 'б/н', 'Б.Н.', 'бн', 'нет', '-', '—', ' - ', 'отсутствует', 'n/a']) expect(isNoInventory(p), p).toBe(true);
    for (const n of ['ИН-1', '000123', '12']) expect(isNoInventory(n), n).toBe(false);
  });
});

describe('row validation', () => {
  it('turns a valid row into a card with warranty end = commissioning + months', () => {
    const r = validateRow(row(), refs, opts);
    expect(r.errors).toEqual([]);
    expect(r.tool!.card).toMatchObject({ unit_id: 10, tool_kind_id: 4, manufacturer_id: 3, model_id: 7, model: 'LaserJet 400', owner_type_id: 2, state: 1, work_in_dt: '2024-01-10', guaranty_dt: '2025-01-10', buh_name: 'Принтер лазерный', description: null });
  });
  it('respects date1904 for serial dates', () => {
    expect(validateRow(row({ 9: 45301 - 1462 }), refs, { ...opts, date1904: true }).tool!.card.work_in_dt).toBe('2024-01-10');
  });
  it('reports the model missing at the manufacturer with row number and column', () => {
    const r = validateRow(row({ 4: 'Dell', 5: 'LaserJet 400' }, 17), refs, opts);
    expect(messages(r.errors)).toEqual(['Строка 17 («Наименование»): модель «LaserJet 400» не найдена у производителя «Dell»']);
  });
  it('reports every rule of the row at once', () => {
    const r = validateRow(row({ 0: 'GV02-1', 3: 'Сканер', 4: 'Acme', 5: 'X1', 8: 'чужое', 11: 'сломано', 12: 'а'.repeat(501), 13: 'б'.repeat(1001), 9: '31.02.2024' }, 5), refs, opts);
    expect(r.tool).toBeNull();
    expect(r.errors.map((e) => e.column)).toEqual([
      'Код объекта', 'Вид оборудования', 'Производитель', 'Наименование', 'Принадлежность', 'Состояние', 'Дата ввода в эксплуатацию', 'Бухгалтерское наименование', 'Примечание',
    ]);
    expect(r.errors.every((e) => e.row === 5)).toBe(true);
  });
  it('reports missing required cells and a model-kind mismatch', () => {
    const missing = validateRow(row({ 0: '', 3: '', 4: '', 5: '', 8: '', 11: '' }), refs, opts);
    expect(missing.errors.map((e) => e.message)).toEqual([
      'не указан код объекта', 'не указан вид оборудования', 'не указан производитель', 'не указано наименование (модель)', 'не указана принадлежность', 'не указано состояние',
    ]);
    const mismatch = validateRow(row({ 3: 'Рабочая станция' }), refs, opts);
    expect(messages(mismatch.errors)).toEqual(['Строка 2 («Наименование»): модель «LaserJet 400» не относится к виду оборудования «Рабочая станция»']);
  });
  it('applies the card rules: inventory number and date unless waiting, no future date', () => {
    expect(validateRow(row({ 7: '' }), refs, opts).errors.map((e) => e.column)).toEqual(['Инвентарный номер']);
    expect(validateRow(row({ 7: '', 9: '', 10: '', 11: 'Ожидает ввода в эксплуатацию' }), refs, opts).errors).toEqual([]);
    expect(validateRow(row({ 9: '01.01.2030' }), refs, opts).errors.map((e) => e.column)).toEqual(['Дата ввода в эксплуатацию']);
  });
});

describe('grouping into sets', () => {
  const valid = (over: Partial<Record<number, unknown>>, n: number) => validateRow(row(over, n), refs, opts).tool!;
  it('groups by inventory number when a set kind is named; placeholders never group', () => {
    const tools = [
      valid({ 2: 'АРМ судьи', 7: '000777' }, 2),
      valid({ 7: '000777', 6: 'SN-2' }, 3),
      valid({ 7: 'б/н' }, 4),
      valid({ 7: 'б/н' }, 5),
      valid({ 7: 'ИН-9' }, 6),
    ];
    const { plan, errors } = planImport(tools, 10, () => 'АРМ судьи');
    expect(errors).toEqual([]);
    expect(plan.sets).toHaveLength(1);
    expect(plan.sets[0]!.set).toMatchObject({ inventar_number: '000777', type_id: 1, unit_id: 10, owner_type_id: 2, buh_name: 'Принтер лазерный' });
    expect(plan.sets[0]!.tools.map((t) => t.row)).toEqual([2, 3]);
    expect(plan.singles.map((t) => t.row)).toEqual([4, 5, 6]);
  });
  it('refuses several rows of one number without a set kind', () => {
    const { errors } = planImport([valid({ 7: 'X-1' }, 2), valid({ 7: 'X-1' }, 3)], 10, () => '');
    expect(errors.map((e) => e.row)).toEqual([2, 3]);
  });
});

describe('grouping after row errors', () => {
  it('does not judge again a group whose rows already have errors (no cascade of set errors)', () => {
    const ok = validateRow(row({ 7: 'X-2' }, 3), refs, opts).tool!;
    expect(planImport([ok, validateRow(row({ 7: 'X-2' }, 4), refs, opts).tool!], 10, () => '', new Set(['X-2'])).errors).toEqual([]);
    expect(planImport([ok, validateRow(row({ 7: 'X-2' }, 4), refs, opts).tool!], 10, () => '').errors).toHaveLength(2);
  });
});
