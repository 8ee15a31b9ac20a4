import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { ReportDefinition, ReportFormat } from '../../domain/report/types';
import type { AppContext } from '../context';
import { attachmentDisposition } from '../http/download';
import { waitForSheet } from './sheet-backpressure';
import { docxWidths, isDateText, printOptions, widthsFromContent } from './print-setup';
import { ZipStream } from './zip-stream';

/**
 * A whole filtered list as a file (the request list, the equipment list): one table, read in keyset
 * batches and written as they come, so memory stays flat whatever the row count. xlsx goes through
 * exceljs's streaming WorkbookWriter; docx is word/document.xml streamed row by row into a zip, the
 * fixed parts taken from the report's template folder under templates/.
 */

/** A column with its docx width in twips (the widths add up to the table width) and its xlsx width. */
export interface TableColumn {
  readonly title: string;
  readonly twips: number;
  readonly xlsx: number;
}

export interface TableFile<Row> {
  readonly report: ReportDefinition;
  readonly sheetName: string;
  /** The docx table width in twips (equipment.md 9: 14400 for equipment, 15285 for requests). */
  readonly width: number;
  readonly columns: readonly TableColumn[];
  /** The docx cells of row `n` as text. */
  docxCells(n: number, row: Row): string[];
  /** The xlsx values of row `n`. */
  xlsxValues(n: number, row: Row): Array<string | number | null>;
}

export const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

/** Straight quotes become «» (an opening one at the start or after a space or bracket). */
export const typographicQuotes = (text: string): string =>
  text.replace(/"/g, (_q, offset: number, whole: string) => (offset === 0 || /[\s([{«„\-—–]/.test(whole[offset - 1]!) ? '«' : '»'));

// eslint-disable-next-line no-control-regex
const invalidXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const xml = (s: string) =>
  s.replace(invalidXml, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const cell = (text: string, bold = false, width?: number) => {
  const lines = xml(text).split(/\r?\n/);
  const runs = lines.map((l) => `<w:t xml:space="preserve">${l}</w:t>`).join('<w:br/>');
  // A date never wraps (its column is as wide as a date, and the cell says so too).
  const props = width || isDateText(text) ? `<w:tcPr>${width ? `<w:tcW w:w="${width}" w:type="dxa"/>` : ''}${isDateText(text) ? '<w:noWrap/>' : ''}</w:tcPr>` : '';
  return `<w:tc>${props}<w:p><w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}${runs}</w:r></w:p></w:tc>`;
};

/** Backpressure: let the stream drain to the response before the next batch. */
export const waitForDrain = async (out: Writable) => {
  while (out.writableLength > 4 * 1024 * 1024) await once(out, 'drain');
};

const templates = new Map<string, string>();
const template = (folder: string, name: string) => {
  const key = `${folder}/${name}`;
  let text = templates.get(key);
  if (text === undefined) {
    text = readFileSync(new URL(`../../templates/${key}`, import.meta.url), 'utf8');
    templates.set(key, text);
  }
  return text;
};

/** Streams the docx package of the table into `zip`. */
export const writeTableDocx = async <Row>(zip: ZipStream, batches: AsyncIterable<Row[]>, t: TableFile<Row>, subtitle: string): Promise<void> => {
  const templateFolder = t.report.templates.docx;
  if (templateFolder === undefined) throw new Error(`${t.report.id}: no docx template`);
  const folder: string = templateFolder;
  await zip.add('[Content_Types].xml', [template(folder, 'content-types.xml')]);
  await zip.add('_rels/.rels', [template(folder, 'rels.xml')]);
  await zip.add('word/_rels/document.xml.rels', [template(folder, 'document-rels.xml')]);
  await zip.add('word/styles.xml', [template(folder, 'styles.xml')]);
  // The first batch is read before the table opens: the column widths come from it and the page.
  const it = batches[Symbol.asyncIterator]();
  const first = await it.next();
  const firstCells = first.done ? [] : first.value.map((r, i) => t.docxCells(i + 1, r));
  const widths = docxWidths(t.columns.map((c) => c.title), firstCells, t.width);
  const head = template(folder, 'document-head.xml')
    .replace('{{title}}', xml(t.report.title))
    .replace('{{subtitle}}', xml(subtitle))
    .replace('{{width}}', String(t.width))
    .replace('{{grid}}', widths.map((w) => `<w:gridCol w:w="${w}"/>`).join(''))
    .replace('{{header}}', t.columns.map((c, i) => cell(c.title, true, widths[i])).join(''));
  const row = (n: number, r: Row) => `<w:tr><w:trPr><w:cantSplit/></w:trPr>${t.docxCells(n, r).map((c, i) => cell(c, false, widths[i])).join('')}</w:tr>`;
  const rest = { [Symbol.asyncIterator]: () => it };
  async function* all() {
    if (!first.done) yield first.value;
    yield* rest;
  }
  async function* body() {
    yield head;
    let n = 0;
    for await (const batch of all())
      // Small pieces keep the strings short-lived: memory stays flat however long the list.
      for (let i = 0; i < batch.length; i += 100) yield batch.slice(i, i + 100).map((r) => row(++n, r)).join('');
    yield template(folder, 'document-tail.xml');
  }
  await zip.add('word/document.xml', body());
  await zip.finish();
};

/**
 * Streams the xlsx workbook of the table into `out`. Without shared strings and without styles:
 * exceljs's style bookkeeping is 60 % of its time, so dates are written as the interface shows them
 * (DD.MM.YYYY) and the header is plain; widths from the content, the frozen header and the print
 * setup (print-setup.ts) stay.
 */
export const writeTableXlsx = async <Row>(out: PassThrough, batches: AsyncIterable<Row[]>, t: TableFile<Row>, subtitle = ''): Promise<void> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  // The first batch is read before the sheet opens: the widths (written first) come from it.
  const it = batches[Symbol.asyncIterator]();
  const first = await it.next();
  const firstRows = first.done ? [] : first.value.map((r, i) => t.xlsxValues(i + 1, r));
  const titles = t.columns.map((c) => c.title);
  const widths = widthsFromContent(titles, firstRows);
  const sheet = workbook.addWorksheet(t.sheetName, printOptions(widths, { first: 1, last: 1 }, { title: t.report.title, region: subtitle }));
  sheet.columns = t.columns.map((c, i) => ({ header: c.title, width: widths[i] }));
  sheet.getRow(1).commit();
  let n = 0;
  const rest = { [Symbol.asyncIterator]: () => it };
  async function* all() {
    if (!first.done) yield first.value;
    yield* rest;
  }
  for await (const batch of all()) {
    for (const r of batch) sheet.addRow(t.xlsxValues(++n, r)).commit();
    // Both pipes: exceljs's sheet into its zip (no backpressure of its own), and the zip into the response.
    await waitForSheet(sheet);
    await waitForDrain(out);
  }
  sheet.commit();
  await workbook.commit();
};

/** Answers the file: the body streams while the batches are read; a failure midway ends the download. */
export const sendTableFile = <Row>(
  ctx: AppContext,
  reply: FastifyReply,
  format: ReportFormat,
  batches: AsyncIterable<Row[]>,
  t: TableFile<Row>,
  subtitle: string,
) => {
  const failed = (stream: PassThrough) => (error: unknown) => {
    ctx.log.error({ err: String(error), report: t.report.id }, 'export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  let body: PassThrough;
  if (format === 'xlsx') {
    body = new PassThrough({ highWaterMark: 256 * 1024 });
    writeTableXlsx(body, batches, t, subtitle).catch(failed(body));
  } else {
    const zip = new ZipStream();
    body = zip.stream;
    writeTableDocx(zip, batches, t, subtitle).catch(failed(body));
  }
  const fileName = t.report.fileName({ format }, format);
  return reply
    .type(contentTypes[format])
    .header('content-disposition', attachmentDisposition(fileName.display, fileName.ascii))
    .send(body);
};
