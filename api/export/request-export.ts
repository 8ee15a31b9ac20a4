import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PerformerKind } from '../../domain/request';
import { formatDate } from '../../domain/shared/dates';
import { invalid } from '../../domain/shared/errors';
import { requestListReport as report } from '../../domain/report/request-list';
import type { RequestListRow } from '../../projections/request/list/queries';
import type { RequestFilter } from '../../domain/request/list-filter';
import type { UnitScope } from '../../domain/rights/scope';
import type { AppContext } from '../context';
import { scopeOf } from '../auth/current-user';
import { attachmentDisposition } from '../http/download';
import { requireRight } from '../http/guard';
import { requestFilterOf } from '../routes/request-queries';
import { reportQueries } from './report-queries';
import { ZipStream } from './zip-stream';

/**
 * Exports of the whole filtered request list (requests.md 2.1): GET /api/request_export/xlsx/{filter json}
 * and GET /api/request_export/docx/{filter json} (or `?filter=`), same filter and scope as the list.
 * Rows are read in keyset batches and written as they come: xlsx through exceljs's streaming
 * WorkbookWriter, docx as word/document.xml streamed row by row into a zip (templates/request-list-docx
 * holds the fixed parts), so memory stays flat whatever the row count. Its right, parameters, data
 * query, template and file name are those of its entry in the report registry (domain/report).
 */

/** The list's columns (2.1) with their docx widths in twips; the widths add up to the table width. */
export const exportColumns = [
  { title: '№', twips: 600, xlsx: 8 },
  { title: 'ГЛ/Филиал', twips: 900, xlsx: 10 },
  { title: 'Дата регистрации', twips: 1200, xlsx: 14 },
  { title: 'Номер', twips: 900, xlsx: 10 },
  { title: 'Номер на ГЛ', twips: 1300, xlsx: 16 },
  { title: 'Дата исполнения', twips: 1200, xlsx: 14 },
  { title: 'Организация', twips: 2600, xlsx: 40 },
  { title: 'Тип', twips: 1700, xlsx: 26 },
  { title: 'Состояние', twips: 1500, xlsx: 20 },
  { title: 'Содержание', twips: 3385, xlsx: 80 },
] as const;

/** requests.md 2.1 / equipment.md 9: the request list table is 15285 twips wide. */
export const REQUEST_TABLE_WIDTH = 15285;

const performerShort = (kind: string) => (kind === PerformerKind.SENIOR ? 'ГЛ' : kind === PerformerKind.FILIAL ? 'Филиал' : kind);

const organisationOf = (r: RequestListRow) => r.unit_name ?? r.organization_name ?? '';

/** Straight quotes become «» (an opening one at the start or after a space or bracket). */
export const typographicQuotes = (text: string): string =>
  text.replace(/"/g, (_q, offset: number, whole: string) => (offset === 0 || /[\s([{«„\-—–]/.test(whole[offset - 1]!) ? '«' : '»'));

// eslint-disable-next-line no-control-regex
const invalidXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const xml = (s: string) =>
  s.replace(invalidXml, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const template = (name: string) => readFileSync(new URL(`../../templates/${report.templates.docx}/${name}`, import.meta.url), 'utf8');

export const cell = (text: string, bold = false) => {
  const lines = xml(text).split(/\r?\n/);
  const runs = lines.map((l) => `<w:t xml:space="preserve">${l}</w:t>`).join('<w:br/>');
  return `<w:tc><w:p><w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}${runs}</w:r></w:p></w:tc>`;
};

const docxRow = (n: number, r: RequestListRow) =>
  `<w:tr><w:trPr><w:cantSplit/></w:trPr>${[
    String(n),
    performerShort(r.request_performer_kind),
    formatDate(r.request_date_add),
    r.number == null ? '' : String(r.number),
    r.hotlinegas_number ?? '',
    formatDate(r.result_d),
    organisationOf(r),
    r.kindTitle,
    r.statusTitle,
    typographicQuotes(r.request_text),
  ]
    .map((t) => cell(t))
    .join('')}</w:tr>`;

export interface ExportTitle {
  title: string;
  subtitle: string;
}

/** Streams the docx package of the list into `zip`. */
export const writeDocx = async (zip: ZipStream, batches: AsyncIterable<RequestListRow[]>, title: ExportTitle): Promise<void> => {
  await zip.add('[Content_Types].xml', [template('content-types.xml')]);
  await zip.add('_rels/.rels', [template('rels.xml')]);
  await zip.add('word/_rels/document.xml.rels', [template('document-rels.xml')]);
  await zip.add('word/styles.xml', [template('styles.xml')]);
  const head = template('document-head.xml')
    .replace('{{title}}', xml(title.title))
    .replace('{{subtitle}}', xml(title.subtitle))
    .replace('{{width}}', String(REQUEST_TABLE_WIDTH))
    .replace('{{grid}}', exportColumns.map((c) => `<w:gridCol w:w="${c.twips}"/>`).join(''))
    .replace('{{header}}', exportColumns.map((c) => cell(c.title, true)).join(''));
  const tail = template('document-tail.xml');
  async function* body() {
    yield head;
    let n = 0;
    for await (const batch of batches)
      // Small pieces keep the strings short-lived: memory stays flat however long the list.
      for (let i = 0; i < batch.length; i += 100) yield batch.slice(i, i + 100).map((r) => docxRow(++n, r)).join('');
    yield tail;
  }
  await zip.add('word/document.xml', body());
  await zip.finish();
};

/**
 * Streams the xlsx workbook of the list into `out` (exceljs WorkbookWriter). Without shared strings
 * and without styles: exceljs's style bookkeeping is 60 % of its time, so dates are written as the
 * interface shows them (DD.MM.YYYY) and the header is plain; column widths and the frozen header stay.
 */
export const writeXlsx = async (out: PassThrough, batches: AsyncIterable<RequestListRow[]>): Promise<void> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Заявки', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = exportColumns.map((c) => ({ header: c.title, width: c.xlsx }));
  sheet.getRow(1).commit();
  let n = 0;
  for await (const batch of batches) {
    for (const r of batch)
      sheet
        .addRow([
          ++n,
          performerShort(r.request_performer_kind),
          formatDate(r.request_date_add),
          r.number,
          r.hotlinegas_number ?? '',
          formatDate(r.result_d),
          organisationOf(r),
          r.kindTitle,
          r.statusTitle,
          r.request_text,
        ])
        .commit();
    // Backpressure: let the zip drain to the response before the next batch.
    await waitForDrain(out);
  }
  sheet.commit();
  await workbook.commit();
};

export const waitForDrain = async (out: Writable) => {
  while (out.writableLength > 4 * 1024 * 1024) await once(out, 'drain');
};

export const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

const period = (f: RequestFilter) => `за период с ${formatDate(f.date_beg)} по ${formatDate(f.date_end)}`;

export const sendRequestExport = (
  ctx: AppContext,
  reply: FastifyReply,
  format: 'xlsx' | 'docx',
  filter: RequestFilter,
  scope: UnitScope,
) => {
  const batches = reportQueries[report.query](ctx.pool, filter, scope, 2000);
  const failed = (stream: PassThrough) => (error: unknown) => {
    ctx.log.error({ err: String(error) }, 'request export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  let body: PassThrough;
  if (format === 'xlsx') {
    body = new PassThrough({ highWaterMark: 256 * 1024 });
    writeXlsx(body, batches).catch(failed(body));
  } else {
    const zip = new ZipStream();
    body = zip.stream;
    writeDocx(zip, batches, { title: report.title, subtitle: period(filter) }).catch(failed(body));
  }
  const fileName = report.fileName({ format }, format);
  return reply
    .type(contentTypes[format])
    .header('content-disposition', attachmentDisposition(fileName.display, fileName.ascii))
    .send(body);
};

export const requestExportRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireRight(request, report.right.key, ...report.right.values);
    const scope = scopeOf(user, report.right.key);
    const parameters = report.parameters.safeParse({ format: (request.params as { format: string }).format });
    if (!parameters.success) throw invalid('Неизвестный формат выгрузки');
    return sendRequestExport(ctx, reply, parameters.data.format, requestFilterOf(request), scope);
  };
  app.get('/api/request_export/:format', handler);
  app.get('/api/request_export/:format/:filter', handler);
};
