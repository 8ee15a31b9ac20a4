import { isPlaceholderInventory } from '../tool/placeholders';

/**
 * Cell values as the streaming xlsx reader hands them over (exceljs shapes, no dependency on it
 * here): string, number, boolean, Date, rich text, hyperlink, formula with result, error, or the
 * `{ sharedString: n }` it leaves when the shared strings were not loaded yet.
 */
export class SharedStringError extends Error {
  constructor(readonly index: number) {
    super(`Shared string ${index} was not resolved`);
    this.name = 'SharedStringError';
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !(v instanceof Date);

/** The value under a formula or a hyperlink, as plain data. */
const unwrap = (v: unknown): unknown => {
  if (!isObj(v)) return v;
  // Never silently read an index as text: the row would carry a wrong value.
  if ('sharedString' in v) throw new SharedStringError(Number(v.sharedString));
  if (Array.isArray(v.richText)) return (v.richText as Array<{ text?: unknown }>).map((r) => String(r.text ?? '')).join('');
  if ('result' in v) return unwrap(v.result);
  if ('formula' in v || 'sharedFormula' in v) return null;
  if ('text' in v) return unwrap(v.text);
  if ('error' in v) return null;
  return null;
};

/**
 * A number as the sheet shows it: an integer typed with a zero-padded format ('000000') keeps its
 * leading zeros; a whole number has no '.0'.
 */
const numberText = (n: number, numFmt?: string | null): string => {
  if (Number.isInteger(n) && numFmt) {
    const zeros = /^"?0+"?$/.exec(numFmt.split(';')[0]!.trim());
    if (zeros) return String(Math.abs(n)).padStart(zeros[0].replace(/"/g, '').length, '0');
  }
  return String(n);
};

/** A cell as trimmed text ('' for empty). Dates become DD.MM.YYYY. */
export const cellText = (value: unknown, numFmt?: string | null): string => {
  const v = unwrap(value);
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? numberText(v, numFmt) : '';
  if (typeof v === 'boolean') return v ? 'ИСТИНА' : 'ЛОЖЬ';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : isoToRu(v.toISOString().slice(0, 10));
  return String(v as string).trim();
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoToRu = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A real calendar day (31.02 is not). */
export const validDay = (y: number, m: number, d: number): boolean => {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/**
 * An Excel serial day as YYYY-MM-DD. 1900 system: day 1 is 1900-01-01 and Excel counts the
 * non-existent 29.02.1900 (serial 60), so from serial 61 on the base is 1899-12-30. 1904 system
 * (`date1904`): day 0 is 1904-01-01. The fraction (time of day) is dropped.
 */
export const serialToIso = (serial: number, date1904: boolean): string | null => {
  if (!Number.isFinite(serial) || serial < 1) return null;
  const days = Math.floor(serial);
  let ms: number;
  if (date1904) ms = Date.UTC(1904, 0, 1) + days * 86_400_000;
  else if (days < 60) ms = Date.UTC(1899, 11, 31) + days * 86_400_000;
  else if (days === 60) return null; // 29.02.1900 does not exist
  else ms = Date.UTC(1899, 11, 30) + days * 86_400_000;
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  if (y > 2200) return null;
  return `${pad(y, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

export type DateCell = { ok: true; value: string | null } | { ok: false };

/**
 * The commissioning date cell. The cell's type is not trusted (a date formatted as text, a serial
 * without a date format, a Date the reader made): a Date, a serial number, a numeric text holding a
 * serial, or strict DD.MM.YYYY. Empty is { ok, null }.
 */
export const parseDateCell = (value: unknown, date1904: boolean): DateCell => {
  const v = unwrap(value);
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return { ok: true, value: null };
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return { ok: false };
    // The reader builds dates in UTC from the serial (already with date1904 applied).
    return { ok: true, value: v.toISOString().slice(0, 10) };
  }
  if (typeof v === 'number') {
    const iso = serialToIso(v, date1904);
    return iso ? { ok: true, value: iso } : { ok: false };
  }
  const s = String(v).trim();
  if (/^\d+$/.test(s)) {
    const iso = serialToIso(Number(s), date1904);
    return iso ? { ok: true, value: iso } : { ok: false };
  }
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s);
  if (!m) return { ok: false };
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validDay(y, mo, d)) return { ok: false };
  return { ok: true, value: `${m[3]}-${m[2]}-${m[1]}` };
};

/**
 * Inventory numbers that mean "no number" (equipment.md 4, 9): empty, б/н and its spellings, нет,
 * dashes, 'отсутствует', '0'. Such rows are never grouped into a set.
 */
export const isNoInventory = (v: string): boolean => {
  const s = v.trim().toLowerCase();
  if (s === '') return true;
  if (isPlaceholderInventory(s)) return true;
  const bare = s.replace(/[\s.,/\\_*]/g, '');
  return /^[-–—]*$/.test(bare) || /^0+$/.test(bare) || ['нет', 'не', 'отсутствует', 'отс', 'безномера', 'bn', 'none', 'na'].includes(bare) || s === 'n/a';
};
