import type ExcelJS from 'exceljs';

/**
 * The print setup every xlsx report and list export gets, so a branch can print one for a court's
 * management as it is: A4, landscape when the columns are wider than a portrait page, fitted to one
 * page wide (as many pages down as needed), the header rows repeated on every page, the title, the
 * period and the region in the page header, page numbers in the footer. Widths come from the
 * content (the header's longest word and the first rows' values), set before the rows stream out.
 */

/** Printable width of A4 in Excel's column units (characters of the default font) with the margins below. */
export const PORTRAIT_UNITS = 95;
const MIN_WIDTH = 4;
const MAX_WIDTH = 60;

const textOf = (v: unknown): string => (v == null ? '' : typeof v === 'number' ? v.toLocaleString('ru-RU', { maximumFractionDigits: 2 }) : String(v));

/**
 * Column widths from the content: a header wraps between words, so its longest word counts (and a
 * share of the whole title, to keep headers to a few lines); a value does not wrap but for long
 * texts, capped at MAX_WIDTH and wrapped there.
 */
export const widthsFromContent = (titles: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>, floor: readonly number[] = []): number[] =>
  titles.map((title, i) => {
    const word = Math.max(0, ...title.split(/\s+/).map((w) => w.length));
    const values = Math.max(0, ...rows.map((r) => Math.max(...textOf(r[i]).split('\n').map((l) => l.length))));
    // Bold Cyrillic letters are wider than the default font's digit the unit is measured in.
    const wanted = Math.max(Math.ceil(word * 1.25) + 2, Math.ceil(title.length / 3) + 2, Math.ceil(values * 1.1) + 2, floor[i] ?? 0);
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, wanted));
  });

export interface PrintHeader {
  readonly title: string;
  readonly period?: string | null;
  readonly region?: string | null;
}

/** '&' starts a code in Excel's header language: a literal one is doubled. */
const hf = (s: string) => s.replace(/&/g, '&&');

/** Whether the columns need a landscape page. */
export const isLandscape = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0) > PORTRAIT_UNITS;

/** The worksheet options (for addWorksheet; the streaming writer takes them only there). */
export const printOptions = (widths: readonly number[], headerRows: { first: number; last: number }, header: PrintHeader): Partial<ExcelJS.AddWorksheetOptions> => ({
  views: [{ state: 'frozen', ySplit: headerRows.last, xSplit: 0 }],
  pageSetup: {
    paperSize: 9,
    orientation: isLandscape(widths) ? 'landscape' : 'portrait',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerRows.first}:${headerRows.last}`,
    margins: { left: 0.4, right: 0.4, top: 0.75, bottom: 0.6, header: 0.3, footer: 0.3 },
    horizontalCentered: false,
  },
  headerFooter: {
    oddHeader: `&L&8${hf(header.region ?? '')}&C&8&B${hf(header.title)}&R&8${hf(header.period ?? '')}`,
    oddFooter: '&C&8Страница &P из &N',
  },
});

/** A header row's height (points) so wrapped titles show whole: the most lines any title takes. */
export const headerHeight = (titles: readonly string[], widths: readonly number[]): number => {
  const lines = titles.map((t, i) => {
    const width = Math.max(1, (widths[i] ?? 10) - 1);
    let n = 1;
    let line = 0;
    for (const word of t.split(/\s+/)) {
      if (line > 0 && line + 1 + word.length > width) {
        n += 1;
        line = word.length;
      } else line += (line > 0 ? 1 : 0) + word.length;
    }
    return n;
  });
  return Math.max(1, ...lines) * 15 + 3;
};

/** Number formats that Excel and LibreOffice show in the Russian way (space thousands, comma decimals). */
export const ruFormats = { money: '#,##0.00', int: '#,##0', date: 'DD.MM.YYYY' } as const;

/** Twips per character of the lists' 10 pt text, and a cell's left and right margins. */
const CHAR_TWIPS = 115;
const CELL_PADDING = 230;
const DATE = /^\d{2}\.\d{2}\.\d{4}$/;

/**
 * A docx table's column widths (twips) adding up to the table's width: each column gets at least
 * its longest word (of the header and the first rows; a date counts whole, so it never wraps),
 * the rest of the width shared by how much longer each column's texts are.
 */
export const docxWidths = (titles: readonly string[], rows: ReadonlyArray<readonly string[]>, tableWidth: number): number[] => {
  const longestWord = (s: string) => Math.max(0, ...s.split(/[\s/]+/).map((w) => w.length));
  const mins = titles.map((title, i) => {
    const words = Math.max(longestWord(title), ...rows.map((r) => (DATE.test(r[i] ?? '') ? (r[i] ?? '').length : longestWord(r[i] ?? ''))));
    return words * CHAR_TWIPS + CELL_PADDING;
  });
  const wants = titles.map((title, i) => {
    const lengths = rows.map((r) => (r[i] ?? '').length).sort((a, b) => a - b);
    const typical = lengths.length ? lengths[Math.floor(lengths.length * 0.9)]! : title.length;
    return Math.max(mins[i]!, Math.min(typical, 60) * CHAR_TWIPS + CELL_PADDING);
  });
  const minSum = mins.reduce((a, b) => a + b, 0);
  if (minSum >= tableWidth) {
    const scaled = mins.map((m) => Math.floor((m * tableWidth) / minSum));
    scaled[scaled.length - 1]! += tableWidth - scaled.reduce((a, b) => a + b, 0);
    return scaled;
  }
  const extra = wants.map((w, i) => w - mins[i]!);
  const extraSum = extra.reduce((a, b) => a + b, 0);
  const spare = tableWidth - minSum;
  const widths = mins.map((m, i) => m + (extraSum > 0 ? Math.floor((extra[i]! * Math.min(spare, extraSum)) / extraSum) : 0));
  // Width the texts do not need is shared by what each column wants; the rounding goes to the last.
  const left = tableWidth - widths.reduce((a, b) => a + b, 0);
  const shares = wants.reduce((a, b) => a + b, 0);
  const out = widths.map((w, i) => w + Math.floor((left * wants[i]!) / shares));
  out[out.length - 1]! += tableWidth - out.reduce((a, b) => a + b, 0);
  return out;
};

/** A date cell keeps on one line. */
export const isDateText = (s: string) => DATE.test(s);
