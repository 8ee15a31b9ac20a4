import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDate } from '../../domain/shared/dates';
import { invalid } from '../../domain/shared/errors';
import { toolListReport as report } from '../../domain/report/tool-list';
import type { ToolListFilter } from '../../domain/tool/list-filter';
import type { ToolRow } from '../../domain/tool/contracts';
import type { AppContext } from '../context';
import { requireRight, userOf } from '../http/guard';
import { toolFilterOf, visibleToolUnits } from '../routes/tool-queries';
import { reportQueries } from './report-queries';
import { countTools, toolFilterNames, type ToolSearch } from '../../projections/tool/list/queries';
import { toolFilterWords, toolListHeadline } from '../../domain/tool/describe-filter';
import { listExportHeadline } from '../../domain/shared/filter-fields';
import { sendTableFile, typographicQuotes, type TableFile } from './table-file';

/**
 * Exports of the whole filtered equipment list (equipment.md 2 '/tools'): GET /api/tool_export/xlsx/{filter json}
 * and GET /api/tool_export/docx/{filter json} (or `?filter=`), same filter and scope as the list. Rows are
 * written as a table file (table-file.ts), like the request list export.
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

/** The equipment list as a table file; quotes in the note become typographic in docx. */
export const toolListTable: TableFile<ToolRow> = {
  report,
  sheetName: 'Оборудование',
  width: TOOL_TABLE_WIDTH,
  columns: toolExportColumns,
  docxCells: (n, r) => {
    const cells = valuesOf(n, r);
    cells[cells.length - 1] = typographicQuotes(cells[cells.length - 1]!);
    return cells;
  },
  xlsxValues: (n, r) => {
    const values: Array<string | number> = valuesOf(n, r);
    values[0] = n;
    return values;
  },
};

/**
 * The export's first line: the day, the filter in the words of the list's chips and the count, so a
 * printed list says what it holds.
 */
export const toolExportSubtitle = async (ctx: Pick<AppContext, 'pool'>, search: ToolSearch): Promise<string> => {
  const [titles, count] = await Promise.all([toolFilterNames(ctx.pool, search.filter), countTools(ctx.pool, search)]);
  return listExportHeadline(search.today, toolFilterWords(search.filter, titles).map((w) => w.label), count, toolListHeadline);
};

export const sendToolExport = async (ctx: AppContext, reply: FastifyReply, format: 'xlsx' | 'docx', filter: ToolListFilter, units: readonly number[] | null) => {
  const today = new Date().toISOString().slice(0, 10);
  const search = { units, filter, today };
  const subtitle = await toolExportSubtitle(ctx, search);
  const batches = reportQueries[report.query](ctx.pool, search, 2000);
  return sendTableFile(ctx, reply, format, batches, toolListTable, subtitle);
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
