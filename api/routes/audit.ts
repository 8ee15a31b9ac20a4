import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'slonik';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { parseAuditFilter, type AuditFilter } from '../../domain/audit/filter';
import { auditKinds, isAuditKind } from '../../domain/audit/summary';
import { formatDate } from '../../domain/shared/dates';
import { auditBatches, auditPage, type AuditRow } from '../../projections/audit/queries';
import type { AppContext } from '../context';
import { contentTypes, waitForDrain } from '../export/table-file';
import { waitForSheet } from '../export/sheet-backpressure';
import { attachmentDisposition } from '../http/download';
import { parseFilter, requireRight } from '../http/guard';

/** The audit trail is for holders of RIGHT_AUDIT (FULL). */
const auditor = (request: FastifyRequest) => requireRight(request, 'RIGHT_AUDIT', RightValue.FULL);

/** The filter from `/api/audit_export/{json}`, `?filter={json}` or plain query parameters. */
const filterOf = (request: FastifyRequest): AuditFilter => {
  const params = (request.params ?? {}) as { filter?: string };
  const query = (request.query ?? {}) as Record<string, unknown>;
  return parseAuditFilter(parseFilter(params.filter !== undefined ? params.filter : query.filter !== undefined ? query.filter : query));
};

const kindTitle = (k: string) => (isAuditKind(k) ? auditKinds[k] : k);
const time = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 19)}`;

/**
 * Streams the trail into `out` newest first, batch by batch (keyset reads of 5,000 rows, exceljs
 * WorkbookWriter without shared strings or styles): a million events never sit in memory at once.
 */
const writeAuditXlsx = async (out: PassThrough, batches: AsyncIterable<AuditRow[]>) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Журнал аудита', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Время (UTC)', width: 20 },
    { header: 'Пользователь', width: 30 },
    { header: 'Объект', width: 24 },
    { header: 'Номер объекта', width: 14 },
    { header: 'Изменение', width: 50 },
    { header: 'Тип события', width: 28 },
    { header: 'Идентификатор операции', width: 38 },
  ];
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const r of batch) sheet.addRow([time(r.ts), r.user ?? (r.user_id == null ? 'Система' : String(r.user_id)), kindTitle(r.kind), r.object_id, r.summary, r.event_type, r.correlation_id ?? '']).commit();
    await waitForDrain(out);
    await waitForSheet(sheet);
  }
  sheet.commit();
  await workbook.commit();
};

/** The audit trail (decisions 97–99): a keyset page on screen, the whole filtered period as xlsx. */
export const auditRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/audit', async (request) => {
    auditor(request);
    const page = await auditPage(ctx.pool, filterOf(request));
    return { audit: page.rows.map((r) => ({ ...r, kind_title: kindTitle(r.kind) })), next: page.next };
  });

  /** The user filter's choices: every account, deleted ones too (they acted in the past). */
  app.get('/api/audit_users', async (request) => {
    auditor(request);
    const rows = await ctx.pool.any(sql.unsafe`SELECT id, fio, login FROM rm_users ORDER BY fio, id`);
    return { users: rows.map((r) => ({ id: Number(r.id), fio: String(r.fio ?? r.login ?? r.id) })) };
  });

  const exportHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    auditor(request);
    const filter = filterOf(request);
    const body = new PassThrough({ highWaterMark: 256 * 1024 });
    writeAuditXlsx(body, auditBatches(ctx.pool, filter)).catch((error: unknown) => {
      ctx.log.error({ err: String(error) }, 'audit export failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type(contentTypes.xlsx)
      .header('content-disposition', attachmentDisposition(`Журнал аудита ${day}.xlsx`, `audit-${day}.xlsx`))
      .send(body);
  };
  app.get('/api/audit_export', exportHandler);
  app.get('/api/audit_export/:filter', exportHandler);
};
