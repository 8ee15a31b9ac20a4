import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PerformerKind } from '../../domain/request';
import { formatDate } from '../../domain/shared/dates';
import { invalid } from '../../domain/shared/errors';
import { requestListReport as report } from '../../domain/report/request-list';
import type { RequestListRow } from '../../domain/request/contracts';
import type { RequestFilter } from '../../domain/request/list-filter';
import type { UnitScope } from '../../domain/rights/scope';
import type { AppContext } from '../context';
import { scopeOf } from '../auth/current-user';
import { requireRight } from '../http/guard';
import { requestFilterOf } from '../routes/request-queries';
import { reportQueries } from './report-queries';
import { sendTableFile, typographicQuotes, type TableFile } from './table-file';
import { countRequests, requestFilterNames } from '../../projections/request/list/queries';
import { requestFilterWords, requestListHeadline } from '../../domain/request/describe-filter';
import { listExportHeadline } from '../../domain/shared/filter-fields';

/**
 * Exports of the whole filtered request list (requests.md 2.1): GET /api/request_export/xlsx/{filter json}
 * and GET /api/request_export/docx/{filter json} (or `?filter=`), same filter and scope as the list,
 * written as a table file (table-file.ts). Its right, parameters, data query, template and file name are
 * those of its entry in the report registry (domain/report).
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

/** The request list as a table file (2.1): quotes in the request text become typographic in docx (section 9). */
export const requestListTable: TableFile<RequestListRow> = {
  report,
  sheetName: 'Заявки',
  width: REQUEST_TABLE_WIDTH,
  columns: exportColumns,
  docxCells: (n, r) => [
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
  ],
  xlsxValues: (n, r) => [
    n,
    performerShort(r.request_performer_kind),
    formatDate(r.request_date_add),
    r.number,
    r.hotlinegas_number ?? '',
    formatDate(r.result_d),
    organisationOf(r),
    r.kindTitle,
    r.statusTitle,
    r.request_text,
  ],
};

/**
 * The export's first line (as the equipment list's): the day, the filter in the words of the list's
 * chips (the search's terms among them) and the count the list shows, so a printed list says what it
 * holds. The head-performer list's own condition (SENIOR) is named too: the file has no list title.
 */
export const requestExportSubtitle = async (ctx: Pick<AppContext, 'pool'>, filter: RequestFilter, scope: UnitScope, today: string): Promise<string> => {
  const [titles, count] = await Promise.all([requestFilterNames(ctx.pool, filter), countRequests(ctx.pool, filter, scope)]);
  return listExportHeadline(today, requestFilterWords(filter, titles).map((w) => w.label), count, requestListHeadline);
};

export const sendRequestExport = async (ctx: AppContext, reply: FastifyReply, format: 'xlsx' | 'docx', filter: RequestFilter, scope: UnitScope) => {
  const subtitle = await requestExportSubtitle(ctx, filter, scope, new Date().toISOString().slice(0, 10));
  return sendTableFile(ctx, reply, format, reportQueries[report.query](ctx.pool, filter, scope, 2000), requestListTable, subtitle);
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
