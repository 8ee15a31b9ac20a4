import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { conflict, invalid, notFound } from '../../domain/shared/errors';
import { importMessages } from '../../domain/tool-import';
import { checkImportTarget, cleanRegistry, importTools } from '../../commands/tool-import/import';
import { readXlsxRows } from '../../commands/tool-import/xlsx-rows';
import type { AppContext } from '../context';
import { actorOf, scopeOf } from '../auth/current-user';
import { attachmentDisposition } from '../http/download';
import { commandContext, idParam, requireRight } from '../http/guard';
import { readBody, type UploadLimits } from '../http/multipart';
import { importTemplate, toolImportLookups, ToolImportJobs } from '../jobs/tool-import';
import { documented, noBody } from '../http/route-registry';
import { id } from '../../domain/shared/primitives';

const IMPORT_LIMITS: UploadLimits = {
  files: 1,
  filesMessage: 'Выберите один файл',
  fileBytes: 50 * 1024 * 1024,
  fileMessage: 'Размер файла не может быть более 50 мегабайт',
  totalBytes: 50 * 1024 * 1024,
};
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The Excel import of equipment (equipment.md 2, 5, 7; decisions 48–56): POST /api/tools_import takes
 * `unitId` and the .xlsx `file` and starts a run (answer `{ jobId }`); GET /api/tools_import/{jobId}
 * gives its progress and, when done, the result (sets and units added, every row error). The run
 * validates every row before writing; the old registry is replaced in one transaction. When live
 * requests name tools of the object the run writes nothing and answers them with a token; the same
 * file sent again with `confirmToken` goes on if the list is still the same (issue 33).
 */
export const toolImportRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const lookups = toolImportLookups(ctx.pool);
  const jobs = new ToolImportJobs(ctx.log);
  /**
   * The object's registry is read from the read models: they must have applied the whole log first,
   * else a tool written just before would survive the replacement. Refused rather than half-known.
   */
  const registryCurrent = async () => {
    const head = await ctx.store.headPosition();
    if (head && !(await ctx.runner.waitFor(head, 60_000))) throw conflict('Данные реестра ещё обновляются. Повторите импорт через минуту');
  };
  const importer = (request: FastifyRequest) => {
    const user = requireRight(request, 'RIGHT_TOOLS_IMPORT', RightValue.FULL);
    return { user, scope: scopeOf(user, 'RIGHT_TOOLS_READ') };
  };

  app.post('/api/tools_import', documented({ multipart: { file: { description: 'Файл Excel (.xlsx)', file: true }, unitId: { description: 'Объект', schema: id() }, confirmToken: { description: 'Подтверждение сохраняемого оборудования (токен из предыдущего ответа)' } } }), async (request) => {
    const { user, scope } = importer(request);
    if (!request.isMultipart()) throw invalid(importMessages.fileRequired, { file: importMessages.fileRequired });
    const body = await readBody(request, ctx.files, IMPORT_LIMITS);
    let started = false;
    try {
      const rawUnit = body.fields.unitId ?? body.fields.unit_id;
      if (rawUnit === undefined || rawUnit === null || rawUnit === '') throw invalid(importMessages.unitRequired, { unitId: importMessages.unitRequired });
      const unitId = idParam(rawUnit);
      const file = body.uploads[0];
      if (!file) throw invalid(importMessages.fileRequired, { file: importMessages.fileRequired });
      if (!/\.xlsx$/i.test(file.name)) throw invalid(importMessages.fileType, { file: importMessages.fileType });
      // The protected tools' token the user confirmed (issue 33); absent on the first try.
      const rawToken = body.fields.confirmToken;
      if (rawToken !== undefined && rawToken !== null && rawToken !== '' && !(typeof rawToken === 'string' && /^[0-9a-f]{40}$/.test(rawToken)))
        throw invalid(importMessages.confirmToken, { confirmToken: importMessages.confirmToken });
      const confirmToken = typeof rawToken === 'string' && rawToken !== '' ? rawToken : null;
      const actor = actorOf(user);
      await checkImportTarget(lookups, unitId, actor, scope);
      if (jobs.runningFor(unitId)) throw conflict('Импорт в этот объект уже выполняется');
      const cmd = commandContext(request);
      const jobId = jobs.start(user.id, unitId, async (onProgress) => {
        // The registry read below must see every write made before the import started.
        await registryCurrent();
        const xlsx = readXlsxRows(file.blob.tmpPath, (read, total) => (percent = Math.min(70, Math.floor((read / Math.max(total, 1)) * 70))));
        let percent = 0;
        const r = await importTools(ctx, lookups, {
          unitId, rows: xlsx.rows, date1904: xlsx.date1904, actor, scope, confirmToken,
          // Reading: the share of the file read so far (0-70); writing: 80.
          onProgress: (p) => onProgress(p.phase === 'reading' ? { ...p, percent } : p),
        }, cmd);
        if (r.position) await ctx.consistency.afterCommand(user.id, r.position);
        return r;
      }, file.blob.tmpPath);
      started = true;
      return { jobId, message: 'Импорт запущен' };
    } finally {
      // The run owns the staged file from here (it deletes it when done).
      if (!started) await body.discard();
    }
  });

  app.get('/api/tools_import/:jobId', async (request) => {
    const { user } = importer(request);
    const id = String((request.params as { jobId: string }).jobId);
    const view = /^[0-9a-f-]{36}$/.test(id) ? jobs.get(id, user.id) : null;
    if (!view) throw notFound('Импорт не найден');
    return view;
  });

  app.post('/api/tools_and_sets_clean/:unitId', documented({ body: noBody }), async (request) => {
    const { user, scope } = importer(request);
    const unitId = idParam((request.params as { unitId: string }).unitId);
    if (jobs.runningFor(unitId)) throw conflict('Импорт в этот объект уже выполняется');
    await registryCurrent();
    const r = await cleanRegistry(ctx, lookups, unitId, actorOf(user), scope, commandContext(request));
    ctx.consistency.recordWrite(user.id, r.position);
    // Tools live requests name stay (issue 33): listed in the answer.
    return { message: 'Удалено', toolsRemoved: r.toolsRemoved, setsRemoved: r.setsRemoved, toolsKept: r.protectedTools.map((p) => p.id) };
  });

  app.get('/api/tools_import_template', async (request, reply) => {
    importer(request);
    const name = 'Шаблон импорта оборудования.xlsx';
    return reply.type(XLSX_MIME).header('content-disposition', attachmentDisposition(name, 'tools-import-template.xlsx')).send(await importTemplate());
  });
};
