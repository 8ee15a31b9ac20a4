import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { toolModels } from '../../domain/catalog/definitions';
import { RightValue } from '../../domain/rights/values';
import { scopeIncludes } from '../../domain/rights/scope';
import { conflict, invalid, notFound } from '../../domain/shared/errors';
import { loadVisibleTool, updateTool } from '../../commands/tool/tools';
import { updateCatalogItem } from '../../commands/catalog/catalog';
import { getCatalogItem } from '../../projections/catalog/queries';
import type { AppContext } from '../context';
import type { Position } from '../../infrastructure/eventstore/port';
import { latest } from '../../commands/context';
import { actorOf, scopeOf } from '../auth/current-user';
import { commandContext, filterOf, idParam, requireRight } from '../http/guard';
import { documented } from '../http/route-registry';
import { copyTraitsSchema, modelFixSchema, modelPicturesFixSchema } from '../../domain/tool/check-payloads';
import { objectBody } from '../../domain/shared/primitives';
import { parseOrThrow } from '../../domain/shared/validation';

interface ModelTraits {
  traits?: Array<{ tool_trait_id: number; trait_value_id: number }>;
  files?: Array<{ file_id: string; file_name: string; mimetype: string; size: number; checksum: string; section: string }>;
}

/** A copy of characteristics running in the background: its progress for the dialog's bar. */
interface CopyJob {
  readonly id: string;
  readonly userId: number;
  state: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  copied: number;
  failed: number;
  message: string | null;
  finishedAt: number | null;
}

const KEEP_MS = 30 * 60_000;
const MAX_PICTURES = 20;

/**
 * The registry checks of the Administration menu (equipment.md 2, 7): models without pictures and
 * finding them among their tools' pictures; tools without a model or without characteristics;
 * copying a model's characteristics to its tools that have none. The copy runs on the server as a
 * background job over any number of tools (one card save each, through the tool's own rules), and
 * the dialog polls its progress: never a loop of browser calls.
 */
export const toolCheckRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const jobs = new Map<string, CopyJob>();
  const sweep = () => {
    const now = Date.now();
    for (const [id, j] of jobs) if (j.finishedAt !== null && now - j.finishedAt > KEEP_MS) jobs.delete(id);
  };

  app.get('/api/tools_models_without_pictures', async (request) => {
    requireRight(request, toolModels.editRight, RightValue.FULL);
    const rows = await ctx.pool.any(sql.unsafe`
      SELECT id, title, data->>'tool_kind_id' AS tool_kind_id, data->>'manufacturer_id' AS manufacturer_id FROM rm_catalog_items
      WHERE catalog = 'tool_model' AND NOT deleted
        AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(data->'files', '[]'::jsonb)) f WHERE f->>'section' = 'tool_model_pictures')
      ORDER BY lower(title), id`);
    return {
      toolsModelsWithoutPictures: rows.map((r) => ({ id: Number(r.id), model: String(r.title), tool_kind_id: Number(r.tool_kind_id), manufacturer_id: Number(r.manufacturer_id) })),
    };
  });

  /** { modelId }: takes the pictures of the model's tools (at most 20) as the model's own. */
  app.post('/api/tools_model_fix_pictures', documented({ body: modelPicturesFixSchema }), async (request) => {
    const user = requireRight(request, toolModels.editRight, RightValue.FULL);
    const { modelId } = parseOrThrow(modelPicturesFixSchema, objectBody(request.body ?? {}));
    const model = (await getCatalogItem(ctx.pool, toolModels.name, modelId)) as ModelTraits | null;
    if (!model) throw notFound('Модель не найдена');
    const own = (model.files ?? []).filter((f) => f.section === 'tool_model_pictures');
    if (own.length > 0) return { pictures: 0 };
    const found = await ctx.pool.any(sql.unsafe`
      SELECT DISTINCT ON (f->>'checksum') f AS file FROM rm_tools t, jsonb_array_elements(t.files) f
      WHERE t.model_id = ${modelId} AND NOT t.deleted AND f->>'section' = 'tool_pictures'
      ORDER BY f->>'checksum' LIMIT ${MAX_PICTURES}`);
    if (found.length === 0) return { pictures: 0 };
    const added = [];
    for (const r of found) {
      const f = r.file as { file_name: string; mimetype: string; size: number; checksum: string };
      added.push({ file_id: String(await ctx.ids.next('file')), file_name: f.file_name, mimetype: f.mimetype, size: Number(f.size), checksum: f.checksum, section: 'tool_model_pictures' });
    }
    const r = await updateCatalogItem(ctx, toolModels, modelId, { files: [...(model.files ?? []), ...added] }, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { pictures: added.length };
  });

  /** { modelId } (or the model body with its id): how its tools stand. */
  app.post('/api/tools_models_fix', documented({ body: modelFixSchema }), async (request) => {
    requireRight(request, toolModels.editRight, RightValue.FULL);
    const b = parseOrThrow(modelFixSchema, objectBody(request.body ?? {}));
    const modelId = idParam(b.modelId ?? b.model?.id ?? b.id);
    if (!(await getCatalogItem(ctx.pool, toolModels.name, modelId))) throw notFound('Модель не найдена');
    const r = await ctx.pool.one(sql.unsafe`
      SELECT count(*) AS all, count(*) FILTER (WHERE jsonb_array_length(traits) = 0) AS no_traits,
             count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(files) f WHERE f->>'section' = 'tool_pictures')) AS no_pictures
      FROM rm_tools WHERE model_id = ${modelId} AND NOT deleted`);
    return { toolsCount: Number(r.all), toolsWithoutTraits: Number(r.no_traits), toolsWithoutPictures: Number(r.no_pictures) };
  });

  /** ?regionId: the tools of the region the caller sees, those without a model and those without characteristics. */
  app.get('/api/tools_check_traits', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_WRITE', RightValue.FULL);
    const q = filterOf(request) as Record<string, unknown>;
    const regionId = idParam(q.regionId ?? q.region_id);
    const scope = scopeOf(user, 'RIGHT_TOOLS_READ');
    const rows = await ctx.pool.any(sql.unsafe`
      SELECT t.id, t.model_id, t.unit_id, jsonb_array_length(t.traits) AS traits FROM rm_tools t JOIN rm_units u ON u.id = t.unit_id
      WHERE u.region_id = ${regionId} AND NOT t.deleted ORDER BY t.id`);
    const seen = rows.filter((r) => scopeIncludes(scope, Number(r.unit_id))).map((r) => ({ id: Number(r.id), model_id: r.model_id == null ? null : Number(r.model_id), traits: Number(r.traits) }));
    return {
      toolsAll: seen.map(({ id, model_id }) => ({ id, model_id })),
      toolsWithoutModel: seen.filter((t) => t.model_id === null).map(({ id, model_id }) => ({ id, model_id })),
      toolsWithoutTraits: seen.filter((t) => t.model_id !== null && t.traits === 0).map(({ id, model_id }) => ({ id, model_id })),
    };
  });

  /**
   * { regionId } or { modelId[, toolId] }: starts copying the model's characteristics to its tools
   * without characteristics (of the region) -> { jobId }; GET /api/tools_copy_traits/{jobId} reports.
   */
  app.post('/api/tools_copy_traits', documented({ body: copyTraitsSchema }), async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_WRITE', RightValue.FULL);
    const b = parseOrThrow(copyTraitsSchema, objectBody(request.body ?? {}));
    const scope = scopeOf(user, 'RIGHT_TOOLS_READ');
    const regionId = b.regionId ?? null;
    const modelId = b.modelId ?? null;
    const toolId = b.toolId ?? null;
    if (regionId === null && modelId === null) throw invalid('Укажите регион или модель', { regionId: 'Нужно выбрать' });
    sweep();
    if ([...jobs.values()].some((j) => j.userId === user.id && j.state === 'running')) throw conflict('Копирование характеристик уже выполняется');
    const rows = await ctx.pool.any(sql.unsafe`
      SELECT t.id, t.model_id, t.unit_id FROM rm_tools t JOIN rm_units u ON u.id = t.unit_id
      WHERE NOT t.deleted AND t.model_id IS NOT NULL AND jsonb_array_length(t.traits) = 0
        ${regionId !== null ? sql.fragment`AND u.region_id = ${regionId}` : sql.fragment``}
        ${modelId !== null ? sql.fragment`AND t.model_id = ${modelId}` : sql.fragment``}
        ${toolId !== null ? sql.fragment`AND t.id = ${toolId}` : sql.fragment``}
      ORDER BY t.id`);
    const targets = rows.filter((r) => scopeIncludes(scope, Number(r.unit_id))).map((r) => ({ id: Number(r.id), model_id: Number(r.model_id) }));
    const job: CopyJob = { id: randomUUID(), userId: user.id, state: 'running', total: targets.length, done: 0, copied: 0, failed: 0, message: null, finishedAt: null };
    jobs.set(job.id, job);
    const actor = actorOf(user);
    const context = commandContext(request);
    const models = new Map<number, ModelTraits | null>();
    let last: Position | null = null;
    const run = async () => {
      for (const t of targets) {
        try {
          if (!models.has(t.model_id)) models.set(t.model_id, (await getCatalogItem(ctx.pool, toolModels.name, t.model_id)) as ModelTraits | null);
          const traits = models.get(t.model_id)?.traits ?? [];
          if (traits.length > 0) {
            const loaded = await loadVisibleTool(ctx, t.id, scope);
            const r = await updateTool(ctx, { id: t.id, input: { ...loaded.state.tool!, traits }, actor, scope }, { ...context, now: new Date().toISOString() });
            if (r.changed) job.copied++;
            last = latest(last, r.position);
          }
        } catch {
          // A tool whose card its own rules refuse now (a kind without these characteristics) is counted, not fatal.
          job.failed++;
        }
        job.done++;
      }
      // 'done' means the lists show the copies (the dialog re-reads the check after it).
      if (last) await ctx.runner.waitFor(last, 60_000);
    };
    void run()
      .then(() => {
        job.state = 'done';
      })
      .catch((e: unknown) => {
        job.state = 'failed';
        job.message = e instanceof Error ? e.message : 'Ошибка';
      })
      .finally(() => {
        job.finishedAt = Date.now();
      });
    return { jobId: job.id, total: job.total };
  });

  app.get('/api/tools_copy_traits/:jobId', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_WRITE', RightValue.FULL);
    const id = (request.params as { jobId: string }).jobId;
    const job = jobs.get(id);
    if (!job || job.userId !== user.id) throw notFound('Задание не найдено');
    const { userId: _user, finishedAt: _finished, ...view } = job;
    return view;
  });
};
