import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import type { RawImportRow } from '../../domain/tool-import';

/** XML chunks decoded as one UTF-8 stream: a character split between two chunks stays whole. */
async function* utf8Chunks(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const c of chunks) {
    const text = typeof c === 'string' ? c : decoder.decode(c, { stream: true });
    if (text) yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}

interface ReaderInternals {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): unknown;
  _parseSharedStrings(entry: NodeJS.ReadableStream): unknown;
}
type ReaderClass = new (input: NodeJS.ReadableStream, options: object) => AsyncIterable<unknown> & ReaderInternals & { properties?: { model?: { date1904?: boolean } } };
const Base = ExcelJS.stream.xlsx.WorkbookReader as unknown as ReaderClass;

/**
 * exceljs 4.4's streaming reader decodes every XML chunk on its own (utils/parse-sax.js), so a
 * Cyrillic letter split between two chunks becomes '��' ('Основное сре��ство' in a 20,000-row
 * file). It passes strings through untouched: the worksheet and shared-string streams are handed
 * to it already decoded as one UTF-8 stream each.
 */
class Utf8SafeWorkbookReader extends Base {
  override _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return super._parseWorksheet(utf8Chunks(iterator), sheetNo);
  }
  override _parseSharedStrings(entry: NodeJS.ReadableStream) {
    const text = new PassThrough();
    text.setEncoding('utf8');
    entry.pipe(text);
    return super._parseSharedStrings(text);
  }
}

export interface XlsxRows {
  /** The workbook's date system (Excel for Mac files may count days from 1904). */
  readonly date1904: () => boolean;
  /** Rows of the first worksheet, in order, the header included (row 1). Empty rows are skipped. */
  readonly rows: AsyncIterable<RawImportRow>;
}

/**
 * Streams the first worksheet of an .xlsx file (exceljs WorkbookReader: ~150-200 MB for 20,000
 * rows, where the whole-file reader holds everything). Styles are cached so that number formats
 * (zero-padded inventory numbers) are known; shared strings are resolved by the reader, and a cell
 * that still holds `{ sharedString }` makes the domain's cellText throw. `onBytes` reports how much
 * of the file was read (the progress of the reading phase).
 */
export const readXlsxRows = (path: string, onBytes?: (read: number, total: number) => void): XlsxRows => {
  let reader: InstanceType<typeof Utf8SafeWorkbookReader> | null = null;
  const date1904 = () => reader?.properties?.model?.date1904 === true;
  async function* rows(): AsyncGenerator<RawImportRow> {
    const total = (await stat(path)).size;
    let read = 0;
    const input = createReadStream(path);
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        read += chunk.length;
        onBytes?.(read, total);
        done(null, chunk);
      },
    });
    input.pipe(counter);
    reader = new Utf8SafeWorkbookReader(counter, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    try {
      for await (const sheet of reader) {
        for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
          const cells: unknown[] = [];
          const numFmts: (string | undefined)[] = [];
          for (let c = 1; c <= Math.max(row.cellCount, 14); c++) {
            const cell = row.getCell(c);
            cells.push(cell.value);
            numFmts.push(cell.numFmt);
          }
          yield { row: row.number, cells, numFmts };
        }
        // Only the first worksheet is the registry.
        break;
      }
    } finally {
      input.destroy();
      counter.destroy();
    }
  }
  return { date1904, rows: rows() };
};
