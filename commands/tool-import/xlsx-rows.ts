import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import type { RawImportRow } from '../../domain/tool-import';

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
  let reader: ExcelJS.stream.xlsx.WorkbookReader | null = null;
  const date1904 = () => {
    const props = (reader as unknown as { properties?: { model?: { date1904?: boolean } } } | null)?.properties;
    return props?.model?.date1904 === true;
  };
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
    reader = new ExcelJS.stream.xlsx.WorkbookReader(counter, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
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
