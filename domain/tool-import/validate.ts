import { addMonths, toolSchema, type ToolCardFields } from '../tool/schemas';
import { ownerTypeTitles, toolStateTitles } from '../tool/states';
import { COL, IMPORT_BUH_NAME_MAX, IMPORT_COLUMNS, IMPORT_NOTE_MAX } from './columns';
import { cellText, isNoInventory, parseDateCell } from './cells';

/** One data row as read: its sheet row number, raw cell values and their number formats. */
export interface RawImportRow {
  readonly row: number;
  readonly cells: readonly unknown[];
  readonly numFmts?: readonly (string | null | undefined)[];
}

export interface RowError {
  readonly row: number;
  /** The column's header title; null for an error of the whole row. */
  readonly column: string | null;
  readonly message: string;
}

/** 'Строка 17 («Наименование»): модель «X» не найдена у производителя «Y»' */
export const rowErrorText = (e: RowError): string => `Строка ${e.row}${e.column ? ` («${e.column}»)` : ''}: ${e.message}`;

export interface NamedRef {
  readonly id: number;
  readonly title: string;
}
export interface ModelRef extends NamedRef {
  readonly tool_kind_id: number;
  readonly manufacturer_id: number;
}

/** The catalogues a row names, keyed by normalised title (see `refKey`). */
export interface ImportReferences {
  readonly unit: { readonly id: number; readonly vncode: string };
  readonly kinds: ReadonlyMap<string, NamedRef>;
  readonly manufacturers: ReadonlyMap<string, NamedRef>;
  /** Several models may share a name (different manufacturers). */
  readonly models: ReadonlyMap<string, readonly ModelRef[]>;
  readonly setKinds: ReadonlyMap<string, NamedRef>;
}

/** Titles compare trimmed, case-insensitive, spaces collapsed, ё as е. */
export const refKey = (v: string): string => v.replace(/\s+/g, ' ').trim().toLowerCase().replace(/ё/g, 'е');

export const indexRefs = <T extends NamedRef>(items: readonly T[]): Map<string, T> => new Map(items.map((i) => [refKey(i.title), i]));
export const indexModels = (items: readonly ModelRef[]): Map<string, ModelRef[]> => {
  const out = new Map<string, ModelRef[]>();
  for (const m of items) {
    const k = refKey(m.title);
    const list = out.get(k);
    if (list) list.push(m);
    else out.set(k, [m]);
  }
  return out;
};

const withNumbers = (titles: Record<number, string>, extra: Record<string, number>): Map<string, number> => {
  const m = new Map<string, number>();
  for (const [id, title] of Object.entries(titles)) {
    m.set(refKey(title), Number(id));
    m.set(id, Number(id));
  }
  for (const [k, v] of Object.entries(extra)) m.set(refKey(k), v);
  return m;
};

/** Ownership by title (equipment.md 3), by number, or by the short forms used in registries. */
const ownerTypes = withNumbers(ownerTypeTitles, { балансодержатель: 1, 'оборудование балансодержателя': 1, ос: 2, 'основное средство': 2, основное: 2, прочее: 3, другое: 3 });
/** States by title, by number, and the second reading of the catalogue (equipment.md 3). */
const states = withNumbers(toolStateTitles, {
  'в работе': 1,
  работает: 1,
  неисправен: 2,
  неисправно: 2,
  'ожидает списания': 3,
  списано: 4,
  списан: 4,
  'ожидает ввода в эксплуатацию': 5,
  'ожидает постановки на баланс': 5,
  ожидает: 5,
  утилизировано: 6,
  утилизирован: 6,
});

/** A valid row: the tool card it registers and how it groups. */
export interface ImportedTool {
  readonly row: number;
  readonly card: ToolCardFields;
  /** The inventory number as typed ('' when empty). */
  readonly inventar: string;
  /** Placeholder or empty number: never grouped. */
  readonly noInventory: boolean;
  readonly setKindId: number | null;
}

const title = (col: number): string => IMPORT_COLUMNS[col]!;

/** The card schema's fields, pointed back at the file's columns. */
const fieldColumn: Record<string, number> = {
  tool_kind_id: COL.kind,
  manufacturer_id: COL.manufacturer,
  model_id: COL.model,
  model: COL.model,
  serial_number: COL.serial,
  inventar_number: COL.inventar,
  owner_type_id: COL.owner,
  work_in_dt: COL.workIn,
  guaranty_dt: COL.guarantyMonths,
  state: COL.state,
  buh_name: COL.buhName,
  description: COL.note,
};

/**
 * Checks one data row against every rule of the import (equipment.md 5) and the equipment card's
 * own schema. Returns the card or every error of the row, each with its column.
 */
export const validateRow = (
  raw: RawImportRow,
  refs: ImportReferences,
  options: { readonly date1904: boolean; readonly today: string },
): { tool: ImportedTool | null; errors: RowError[] } => {
  const errors: RowError[] = [];
  const err = (col: number | null, message: string) => errors.push({ row: raw.row, column: col === null ? null : title(col), message });
  const text = (col: number) => cellText(raw.cells[col], raw.numFmts?.[col]);

  const code = text(COL.unitCode);
  if (!code) err(COL.unitCode, 'не указан код объекта');
  else if (!refs.unit.vncode || !code.toLowerCase().startsWith(refs.unit.vncode.toLowerCase()))
    err(COL.unitCode, `код объекта «${code}» не начинается с кода выбранного объекта «${refs.unit.vncode}»`);

  const setKindText = text(COL.setKind);
  const setKind = setKindText ? refs.setKinds.get(refKey(setKindText)) : undefined;
  if (setKindText && !setKind) err(COL.setKind, `вид комплекта «${setKindText}» не найден`);

  const kindText = text(COL.kind);
  const kind = kindText ? refs.kinds.get(refKey(kindText)) : undefined;
  if (!kindText) err(COL.kind, 'не указан вид оборудования');
  else if (!kind) err(COL.kind, `вид оборудования «${kindText}» не найден`);

  const manText = text(COL.manufacturer);
  const manufacturer = manText ? refs.manufacturers.get(refKey(manText)) : undefined;
  if (!manText) err(COL.manufacturer, 'не указан производитель');
  else if (!manufacturer) err(COL.manufacturer, `производитель «${manText}» не найден`);

  const modelText = text(COL.model);
  let model: ModelRef | undefined;
  if (!modelText) err(COL.model, 'не указано наименование (модель)');
  else {
    const named = refs.models.get(refKey(modelText)) ?? [];
    if (named.length === 0) err(COL.model, `модель «${modelText}» не найдена`);
    else if (manufacturer) {
      const ofMan = named.filter((m) => m.manufacturer_id === manufacturer.id);
      if (ofMan.length === 0) err(COL.model, `модель «${modelText}» не найдена у производителя «${manText}»`);
      else if (kind) {
        model = ofMan.find((m) => m.tool_kind_id === kind.id);
        if (!model) err(COL.model, `модель «${modelText}» не относится к виду оборудования «${kindText}»`);
      }
    }
  }

  const serial = text(COL.serial);
  if (!serial) err(COL.serial, 'не указан серийный номер');
  const inventar = text(COL.inventar);

  const ownerText = text(COL.owner);
  const owner = ownerText ? ownerTypes.get(refKey(ownerText)) : undefined;
  if (!ownerText) err(COL.owner, 'не указана принадлежность');
  else if (owner === undefined) err(COL.owner, `неверная принадлежность «${ownerText}»`);

  const stateText = text(COL.state);
  const state = stateText ? states.get(refKey(stateText)) : undefined;
  if (!stateText) err(COL.state, 'не указано состояние');
  else if (state === undefined) err(COL.state, `неверное состояние «${stateText}»`);

  const date = parseDateCell(raw.cells[COL.workIn], options.date1904);
  if (!date.ok) err(COL.workIn, `неверная дата «${text(COL.workIn)}» (ожидается ДД.ММ.ГГГГ)`);
  const workIn = date.ok ? date.value : null;

  const monthsText = text(COL.guarantyMonths);
  let guaranty: string | null = null;
  if (monthsText) {
    if (!/^\d{1,3}$/.test(monthsText) || Number(monthsText) < 1) err(COL.guarantyMonths, `неверный срок гарантии «${monthsText}» (целое число месяцев)`);
    else if (!workIn) {
      if (date.ok) err(COL.workIn, 'для срока гарантии нужна дата ввода в эксплуатацию');
    } else guaranty = addMonths(workIn, Number(monthsText));
  }

  const buhName = text(COL.buhName);
  if (buhName.length > IMPORT_BUH_NAME_MAX) err(COL.buhName, `бухгалтерское наименование длиннее ${IMPORT_BUH_NAME_MAX} символов`);
  const note = text(COL.note);
  if (note.length > IMPORT_NOTE_MAX) err(COL.note, `примечание длиннее ${IMPORT_NOTE_MAX} символов`);

  if (errors.length > 0 || !kind || !manufacturer || !model || owner === undefined || state === undefined) return { tool: null, errors };

  // The card's own rules (inventory number and date unless waiting, no future date, lengths).
  const parsed = toolSchema(options.today).safeParse({
    unit_id: refs.unit.id,
    tools_set_id: null,
    tool_kind_id: kind.id,
    manufacturer_id: manufacturer.id,
    model_id: model.id,
    model: model.title,
    serial_number: serial,
    inventar_number: inventar || null,
    owner_type_id: owner,
    cost_remain: null,
    exchange_stock: false,
    work_in_dt: workIn,
    guaranty_dt: guaranty,
    work_out_dt: null,
    state,
    buh_name: buhName || null,
    description: note || null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const col = fieldColumn[field];
      err(col ?? null, issue.message.charAt(0).toLowerCase() + issue.message.slice(1));
    }
    return { tool: null, errors };
  }
  return {
    tool: { row: raw.row, card: parsed.data, inventar, noInventory: isNoInventory(inventar), setKindId: setKind?.id ?? null },
    errors,
  };
};

