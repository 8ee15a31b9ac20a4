import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDate } from '../../domain/shared/dates';
import { invalid } from '../../domain/shared/errors';
import { toolListReport as report } from '../../domain/report/tool-list';
import type { ToolListFilter } from '../../domain/tool/list-filter';
import type { ToolRow } from '../../projections/tool/list/queries';
import type { AppContext } from '../context';
import { attachmentDisposition } from '../http/download';
import { requireRight, userOf } from '../http/guard';
import { toolFilterOf, visibleToolUnits } from '../routes/tool';
import { reportQueries } from './report-queries';
import { cell, contentTypes, typographicQuotes, waitForDrain, xml } from './request-export';
import { ZipStream } from './zip-stream';

/**
 * Exports of the whole filtered equipment list (equipment.md 2 '/tools'): GET /api/tool_export/xlsx/{filter json}
 * and GET /api/tool_export/docx/{filter json} (or `?filter=`), same filter and scope as the list. Rows are
 * read in keyset batches and written as they come, like the request list export (request-export.ts, whose
 * cell, escaping and backpressure helpers this reuses): xlsx through exceljs's streaming WorkbookWriter,
 * docx as word/document.xml streamed into a zip with the fixed parts of the report's template folder.
 */

/** The list's columns (equipment.md 2) with their docx widths in twips; they add up to the table width. */
export const toolExportColumns = [
  { title: '№', twips: 600, xlsx: 8 },
  { title: 'Регион / объект / адрес', twips: 2600, xlsx: 50 },
  { title: 'Вид комплекта', twips: 1300, xlsx: 22 },
  { title: 'Вид оборудования', twips: 1300, xlsx: 22 },
  { title: 'Производитель', twips: 1200, xlsx: 18 },
  { title: 'Наименование', twips: 1600, xlsx: 30 },
  { title: 'Серийный номер', twips: 1200, xlsx: 18 },
  { title: 'Инвентарный номер', twips: 1200, xlsx: 18 },
  { title: 'Дата ввода в эксплуатацию', twips: 1000, xlsx: 14 },
  { title: 'Состояние', twips: 1000, xlsx: 18 },
  { title: 'Примечание', twips: 1400, xlsx: 40 },
] as const;

/** equipment.md 9: the equipment list table is 14400 twips wide. */
export const TOOL_TABLE_WIDTH = 14400;

const placeOf = (r: ToolRow) => [r.region_title, r.unit_name ?? r.organization_name, r.unit_address].filter(Boolean).join(' / ');

const valuesOf = (n: number, r: ToolRow): string[] => [
  String(n),
  placeOf(r),
  r.tool_set_name ?? '',
  r.tool_kind ?? '',
  r.manufacturer ?? '',
  r.model ?? '',
  r.serial_number ?? '',
  r.inventar_number ?? '',
  formatDate(r.work_in_dt),
  r.stateTitle ?? '',
  r.description ?? '',
];

const template = (name: string) => readFileSync(new URL(`../../templates/${report.templates.docx}/${name}`, import.meta.url), 'utf8');

const docxRow = (n: number, r: ToolRow) =>
  `<w:tr><w:trPr><w:cantSplit/></w:trPr>${valuesOf(n, r)
    .map((t, i) => cell(i === toolExportColumns.length - 1 ? typographicQuotes(t) : t))
    .join('')}</w:tr>`;

/** Streams the docx package of the list into `zip`. */
export const writeToolDocx = async (zip: ZipStream, batches: AsyncIterable<ToolRow[]>, subtitle: string): Promise<void> => {
  await zip.add('[Content_Types].xml', [template('content-types.xml')]);
  await zip.add('_rels/.rels', [template('rels.xml')]);
  await zip.add('word/_rels/document.xml.rels', [template('document-rels.xml')]);
  await zip.add('word/styles.xml', [template('styles.xml')]);
  const head = template('document-head.xml')
    .replace('{{title}}', xml(report.title))
    .replace('{{subtitle}}', xml(subtitle))
    .replace('{{width}}', String(TOOL_TABLE_WIDTH))
    .replace('{{grid}}', toolExportColumns.map((c) => `<w:gridCol w:w="${c.twips}"/>`).join(''))
    .replace('{{header}}', toolExportColumns.map((c) => cell(c.title, true)).join(''));
  const tail = template('document-tail.xml');
  async function* body() {
    yield head;
    let n = 0;
    for await (const batch of batches)
      for (let i = 0; i < batch.length; i += 100) yield batch.slice(i, i + 100).map((r) => docxRow(++n, r)).join('');
    yield tail;
  }
  await zip.add('word/document.xml', body());
  await zip.finish();
};

/** Streams the xlsx workbook of the list into `out` (no styles, no shared strings: see writeXlsx of the request list). */
export const writeToolXlsx = async (out: PassThrough, batches: AsyncIterable<ToolRow[]>): Promise<void> => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Оборудование', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = toolExportColumns.map((c) => ({ header: c.title, width: c.xlsx }));
  sheet.getRow(1).commit();
  let n = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      const values: Array<string | number> = valuesOf(++n, r);
      values[0] = n;
      sheet.addRow(values).commit();
    }
    await waitForDrain(out);
  }
  sheet.commit();
  await workbook.commit();
};

export const sendToolExport = (ctx: AppContext, reply: FastifyReply, format: 'xlsx' | 'docx', filter: ToolListFilter, units: readonly number[] | null) => {
  const today = new Date().toISOString().slice(0, 10);
  const batches = reportQueries[report.query](ctx.pool, { units, filter, today }, 2000);
  const failed = (stream: PassThrough) => (error: unknown) => {
    ctx.log.error({ err: String(error) }, 'tool export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  let body: PassThrough;
  if (format === 'xlsx') {
    body = new PassThrough({ highWaterMark: 256 * 1024 });
    writeToolXlsx(body, batches).catch(failed(body));
  } else {
    const zip = new ZipStream();
    body = zip.stream;
    writeToolDocx(zip, batches, `на ${formatDate(today)}`).catch(failed(body));
  }
  const fileName = report.fileName({ format }, format);
  return reply
    .type(contentTypes[format])
    .header('content-disposition', attachmentDisposition(fileName.display, fileName.ascii))
    .send(body);
};

export const toolExportRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    requireRight(request, report.right.key, ...report.right.values);
    const parameters = report.parameters.safeParse({ format: (request.params as { format: string }).format });
    if (!parameters.success) throw invalid('Неизвестный формат выгрузки');
    const filter = toolFilterOf(request);
    const units = await visibleToolUnits(ctx, userOf(request), filter);
    return sendToolExport(ctx, reply, parameters.data.format, filter, units);
  };
  app.get('/api/tool_export/:format', handler);
  app.get('/api/tool_export/:format/:filter', handler);
};
