import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { findReport } from '../../domain/report/registry';
import { resolveParameters, type ReportParameters } from '../../domain/report/court/parameters';
import { EXCLUDED_REGION_ID_FROM } from '../../domain/report/court/constants';
import { columnKey, dataCallParameters, repairListKeys, repairListOf } from '../../domain/report/court/data-calls';
import { formatDate } from '../../domain/shared/dates';
import { ruErrorMap } from '../../domain/shared/validation';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import { courtReportQueries } from '../../projections/report/queries';
import type { CourtReportId } from '../../domain/report/court/reports';
import type { AppContext } from '../context';
import { connectionBudgetOf } from '../config';
import { scopeOf } from '../auth/current-user';
import { attachmentDisposition } from '../http/download';
import { requireRight, userOf } from '../http/guard';
import { ReportJobs } from '../jobs/report';
import { objectDocuments } from './technical-docs';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { documentParametersSchema } from '../../domain/report/technical/documents';
import { reportParametersShape } from '../../domain/report/court/parameters';
import { documentedParameterNames } from '../../domain/report/court/data-calls';

const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
const jobMissing = 'Отчет не найден';
/** Rows a data call answers at most (the report's file holds them all). */
const DATA_ROWS = 5000;
/** Section 7's report data calls → the report whose query answers them, and the answer's list key. */
/**
 * The report data calls' parameters (the dialog's schema, reportParametersShape) with the documented
 * spellings beside ours (equipment.md 7: regionId, dateStart, dateFinsh…), which dataCallParameters maps.
 */
const dataCallQuery = reportParametersShape.extend(
  Object.fromEntries(Object.keys(documentedParameterNames).map((k) => [k, z.union([z.string(), z.number(), z.boolean()]).optional().describe(`Документированное имя параметра ${documentedParameterNames[k]}`)])),
);

export const reportDataCalls: ReadonlyArray<readonly [string, CourtReportId, 'requests' | 'tools']> = [
  ['requests_enclosure_1', 'enclosure-1', 'requests'],
  ['requests_enclosure_2', 'enclosure-2', 'requests'],
  ['requests_enclosure_3', 'enclosure-3', 'requests'],
  ['requests_for_archive', 'archive', 'requests'],
  ['repair_report', 'repair-1', 'requests'],
  ['requests_soft', 'subsystems', 'requests'],
  ['tools_waiting_repair', 'waiting-repair', 'tools'],
  ['tools_repair_detail', 'repair-3', 'tools'],
  ['tools_for_hw_report', 'hardware-1', 'tools'],
];
/** The calls whose answer also holds the named lists by tool kind (equipment.md 7). */
const repairListCalls = new Set(['tools_waiting_repair', 'tools_repair_detail']);

/**
 * The reports as jobs (decisions 87–96): POST /api/reports/{reportId} with the dialog's parameters starts a
 * run ({ jobId }); GET /api/reports/jobs/{jobId} answers its state, phase, rows done of total, and
 * when done the preview and the file name; DELETE cancels; GET …/file downloads. A court report: its
 * own right at FULL; a region other than the caller's own, or all regions, needs request read at ALL;
 * the balance holder must be a host of that region. A technical document of one object: request read
 * OWN or ALL, the object in that scope, signers of that object (technical-docs.ts).
 */
/**
 * The report jobs of a server: one per context, so the tests (a week's cleanup by their own clock) and
 * the route share it. Queue `<jobsQueue>-reports` on the side-effect jobs' backend.
 */
const jobsByContext = new WeakMap<AppContext, ReportJobs>();
export const reportJobsOf = (ctx: AppContext): ReportJobs => {
  let jobs = jobsByContext.get(ctx);
  if (!jobs) {
    const databaseUrl = ctx.pool.configuration.connectionUri;
    const budget = connectionBudgetOf(ctx.config);
    jobs = new ReportJobs(
      {
        dir: path.join(ctx.config.dataDir, 'reports'),
        backend: ctx.config.redisUrl
          ? { kind: 'redis', url: ctx.config.redisUrl }
          : { kind: 'postgres', url: databaseUrl, queuePool: budget.reportsQueue, workerPool: budget.reportsWorker },
        databaseUrl,
        queueName: `${ctx.config.jobsQueue}-reports`,
        childPoolSize: budget.reportChild,
      },
      ctx.log,
    );
    jobsByContext.set(ctx, jobs);
  }
  return jobs;
};

export const reportRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const jobs = reportJobsOf(ctx);
  const documents = objectDocuments(ctx);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  const checkPlace = async (request: FastifyRequest, regionId: number | null, holderId: number | null) => {
    const user = userOf(request);
    const all = scopeOf(user, 'RIGHT_REQUEST_READ').all;
    if (regionId == null) {
      if (!all) throw forbidden('Отчет по всем регионам доступен только пользователю с доступом ко всем заявкам');
    } else {
      const exists = await ctx.pool.maybeOneFirst(sql.unsafe`SELECT id FROM rm_catalog_items WHERE catalog = 'regions' AND id = ${regionId} AND NOT deleted`);
      if (exists == null || (!all && user.region_id !== regionId)) throw notFound('Регион не найден');
    }
    if (holderId != null) {
      const holder = await ctx.pool.maybeOne(sql.unsafe`SELECT region_id FROM rm_organizations WHERE id = ${holderId} AND is_host AND NOT deleted`);
      const holderRegion = holder ? Number(holder.region_id) : null;
      if (holderRegion == null || (regionId != null && holderRegion !== regionId) || (regionId == null && holderRegion >= EXCLUDED_REGION_ID_FROM))
        throw notFound('Балансодержатель не найден');
    }
  };

  /** A report's right, parameters and place checked; the same for the job and the data calls. */
  const prepare = async (request: FastifyRequest, reportId: string, body: unknown) => {
    const report = findReport(reportId);
    if (!report?.dialog || !(reportId in courtReportQueries)) throw notFound('Отчет не найден');
    const user = requireRight(request, report.right.key, ...report.right.values);
    // Russian texts for zod's own issues too (a number or a list where the parameters object belongs).
    const parsed = report.parameters.safeParse(body ?? {}, { errorMap: ruErrorMap });
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'parameters'), i.message]));
      throw invalid(parsed.error.issues[0]?.message ?? 'Неверные параметры отчета', errors);
    }
    const parameters = parsed.data as ReportParameters;
    const resolved = resolveParameters(report.dialog, parameters);
    await checkPlace(request, resolved.regionId, resolved.balanceHolderId);
    return { report: { ...report, dialog: report.dialog }, user, parameters, resolved, query: courtReportQueries[reportId as CourtReportId] };
  };

  /**
   * The report data calls of requests.md / equipment.md 7: the same query as the report's file, as
   * JSON ({json} = the dialog's parameters, or the same as query parameters; the documented names
   * such as regionId/dateStart/dateFinsh beside ours; the current year by default). Rows are keyed by
   * stable ASCII keys (`columns` pairs each key with its title for a client that prints them), at
   * most DATA_ROWS of them (`truncated` says when more exist: the file has all). The repair calls
   * also answer the spec's named lists by tool kind (tServers, tSysBlocksMonitors, tTerminalsVks…).
   */
  for (const [call, reportId, key] of reportDataCalls) {
    const answer = async (request: FastifyRequest, raw: string | undefined) => {
      let body: Record<string, unknown> = {};
      const fromQuery = raw === undefined || raw === '';
      if (!fromQuery) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          throw invalid('Неверные параметры отчета', { parameters: 'Неверные параметры отчета' });
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid('Неверные параметры отчета', { parameters: 'Неверные параметры отчета' });
        body = parsed as Record<string, unknown>;
      } else body = { ...(request.query as Record<string, unknown>) };
      const { query, resolved } = await prepare(request, reportId, dataCallParameters(body, fromQuery));
      const data = await query(ctx.pool, resolved);
      const keys = data.columns.map((c) => columnKey(c.title));
      const rows: Array<Record<string, unknown>> = [];
      let truncated = false;
      for await (const batch of data.rows) {
        for (const row of batch) {
          if (rows.length >= DATA_ROWS) truncated = true;
          else rows.push({ ...Object.fromEntries(keys.map((k, i) => [k, row.cells[i] ?? null])), ...(row.style ? { row_style: row.style } : {}) });
        }
      }
      const lists = repairListCalls.has(call)
        ? Object.fromEntries(repairListKeys.map((list) => [list, rows.filter((r) => !r.row_style && repairListOf(String(r.tool_kind ?? '')) === list)]))
        : {};
      return {
        [key]: rows,
        ...lists,
        heading: data.heading,
        columns: data.columns.map((c, i) => ({ key: keys[i]!, title: c.title })),
        totals: data.totals(),
        itemsCount: data.total,
        truncated,
      };
    };
    app.get(`/api/${call}`, documented({ query: dataCallQuery }), async (request) => answer(request, undefined));
    app.get(`/api/${call}/:json`, documented({ params: { json: dataCallQuery } }), async (request) => answer(request, (request.params as { json: string }).json));
  }

  app.post('/api/reports/:reportId', documented({ params: { reportId: z.string() }, body: z.union([reportParametersShape, documentParametersSchema()]) }), async (request) => {
    const { reportId } = request.params as { reportId: string };
    const document = findReport(reportId);
    if (document?.objectDocument) return { jobId: await jobs.run(await documents.documentJob(request, document, request.body)) };
    const { report, user, parameters, resolved } = await prepare(request, reportId, request.body);
    const jobId = await jobs.run({
      userId: user.id,
      reportId,
      title: report.title,
      period: report.dialog.dates ? `за период с ${formatDate(resolved.dateBeg)} по ${formatDate(resolved.dateEnd)}` : null,
      fileName: report.fileName({ ...parameters, date_beg: resolved.dateBeg, date_end: resolved.dateEnd }, 'xlsx'),
      parameters: resolved,
    });
    return { jobId };
  });

  app.get('/api/reports/jobs/:jobId', async (request) => {
    const user = userOf(request);
    const view = await jobs.get((request.params as { jobId: string }).jobId, user.id);
    if (!view) throw notFound(jobMissing);
    return view;
  });

  app.delete('/api/reports/jobs/:jobId', async (request) => {
    const user = userOf(request);
    const view = await jobs.cancel((request.params as { jobId: string }).jobId, user.id);
    if (!view) throw notFound(jobMissing);
    return { message: 'Формирование отчета отменено' };
  });

  app.get('/api/reports/jobs/:jobId/file', async (request, reply) => {
    const user = userOf(request);
    const file = await jobs.file((request.params as { jobId: string }).jobId, user.id);
    if (!file) throw notFound('Файл отчета не найден');
    void reply.header('Content-Type', MIME[file.format]).header('Content-Disposition', attachmentDisposition(file.name.display, file.name.ascii));
    return reply.send(createReadStream(file.path));
  });
};
