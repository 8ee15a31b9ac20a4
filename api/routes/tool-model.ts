import ExcelJS from 'exceljs';
import { sql } from 'slonik';
import type { FastifyInstance } from 'fastify';
import { toolModels } from '../../domain/catalog/definitions';
import { RightValue } from '../../domain/rights/values';
import { invalid, notFound, refused } from '../../domain/shared/errors';
import { modelSectionOfField, toolModelFileRules, toolModelMessages, type ToolModelFileSection } from '../../domain/tool-model/files';
import type { fileRefOf } from '../../infrastructure/files/file-store';
import { createCatalogItem, deleteCatalogItem, updateCatalogItem } from '../../commands/catalog/catalog';
import { getCatalogItem, listCatalog } from '../../projections/catalog/queries';
import type { AppContext } from '../context';
import { actorOf } from '../auth/current-user';
import { attachmentDisposition, downloadContentType } from '../http/download';
import { contentTypes } from '../export/table-file';
import { commandContext, filterOf, filterText, idParam, requireRight, userOf } from '../http/guard';
import { readBody, TOOL_UPLOAD_LIMITS, withUploads, type Upload } from '../http/multipart';
import { keptFilesOf, sectionedFilesOf } from '../http/uploaded-files';
import { documented } from '../http/route-registry';

type ModelFile = ReturnType<typeof fileRefOf> & { section: ToolModelFileSection };
interface ModelItem {
  tool_kind_id: number;
  traits?: Array<{ tool_trait_id: number; trait_value_id: number }>;
  files?: ModelFile[];
}

/** Uploads as model files: `documents` -> tool_docs, `pictures` -> tool_model_pictures, 20 each with the kept ones. */
const modelFilesOf = (ctx: AppContext, uploads: readonly Upload[], kept: readonly ModelFile[]): Promise<ModelFile[]> =>
  sectionedFilesOf(ctx, uploads, { sectionOf: modelSectionOfField, rules: toolModelFileRules, pictures: 'tool_model_pictures', kept });

/** Each value must belong to a characteristic of the model's kind and exist among its values. */
const checkTraits = async (ctx: AppContext, item: Record<string, unknown>) => {
  const traits = Array.isArray(item.traits) ? (item.traits as Array<{ tool_trait_id: unknown; trait_value_id: unknown }>) : [];
  if (traits.length === 0) return;
  const kind = await ctx.lookups.toolKind(Number(item.tool_kind_id));
  if (!kind) return; // the catalogue decider refuses the unknown kind with its own message
  const values = await ctx.lookups.traitValues(traits.map((t) => Number(t.tool_trait_id)));
  for (const t of traits)
    if (!kind.traits.includes(Number(t.tool_trait_id)) || !values.get(Number(t.tool_trait_id))?.includes(Number(t.trait_value_id)))
      throw invalid(toolModelMessages.trait, { traits: toolModelMessages.trait });
};

const itemOf = (fields: Record<string, unknown>): Record<string, unknown> => {
  const item = fields[toolModels.payloadKey] ?? fields.model ?? fields.tool_model;
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw invalid(`Нет данных «${toolModels.payloadKey}» в запросе`);
  return item as Record<string, unknown>;
};

/**
 * Tool models (equipment.md 7: GET/POST /api/tool_model, PUT/DELETE /api/tool_model/{id}, multipart):
 * the item with its trait values and files in sections tool_docs / tool_model_pictures. The model
 * stays an item of the 'tool_model' catalogue (the request dialog and the tool card read it there);
 * only its writes are here, because files come as uploads and the server alone sets `files`.
 */
export const toolModelRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // The catalogue decider parses the model with the catalogue's schema; the files come as uploads.
  const modelParts = documented({
    multipart: {
      [toolModels.payloadKey]: { description: 'Модель (JSON)', schema: toolModels.schema },
      filesList: { description: 'Оставляемые файлы (JSON)' },
      pictures: { description: 'Изображения модели', file: true },
      documents: { description: 'Документы модели', file: true },
    },
  });
  const answer = async (id: number) => ({ message: toolModels.messages.saved, id, [toolModels.payloadKey]: await getCatalogItem(ctx.pool, toolModels.name, id) });

  app.post('/api/tool_model', modelParts, async (request) => {
    const user = requireRight(request, toolModels.editRight, RightValue.FULL);
    const parsed = await readBody(request, ctx.files, TOOL_UPLOAD_LIMITS);
    const r = await withUploads(parsed, async () => {
      const item = itemOf(parsed.fields);
      await checkTraits(ctx, item);
      const files = await modelFilesOf(ctx, parsed.uploads, []);
      return createCatalogItem(ctx, toolModels, { ...item, files }, actorOf(user), commandContext(request));
    });
    await ctx.consistency.afterCommand(user.id, r.position);
    return answer(r.id);
  });

  app.put('/api/tool_model/:id', modelParts, async (request) => {
    const user = requireRight(request, toolModels.editRight, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const current = (await getCatalogItem(ctx.pool, toolModels.name, id)) as ModelItem | null;
    if (!current) throw notFound(toolModelMessages.notFound);
    const parsed = await readBody(request, ctx.files, TOOL_UPLOAD_LIMITS);
    const r = await withUploads(parsed, async () => {
      const item = itemOf(parsed.fields);
      await checkTraits(ctx, { ...current, ...item });
      const kept = keptFilesOf(parsed.fields.filesList, current.files ?? []);
      const files = [...kept, ...(await modelFilesOf(ctx, parsed.uploads, kept))];
      return updateCatalogItem(ctx, toolModels, id, { ...item, files }, actorOf(user), commandContext(request));
    });
    await ctx.consistency.afterCommand(user.id, r.position);
    return answer(id);
  });

  app.delete('/api/tool_model/:id', async (request) => {
    const user = requireRight(request, toolModels.editRight, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    // A model its tools still name stays (their cards and the import resolve it); read from the tools read model.
    const used = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools WHERE model_id = ${id} AND NOT deleted`));
    if (used > 0) throw refused(toolModelMessages.used(used));
    const r = await deleteCatalogItem(ctx, toolModels, id, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: toolModels.messages.deleted };
  });

  /**
   * The models list as xlsx with the screen's filters (equipment.md 2): kind, manufacturer, name,
   * verified, characteristics (kind's count / filled), documents and images.
   */
  app.get('/api/tool_model_export', async (request, reply) => {
    requireRight(request, toolModels.readRight.key, ...toolModels.readRight.values);
    const q = filterOf(request) as Record<string, string | undefined>;
    const page = await listCatalog(ctx.pool, toolModels, { text: filterText(q.text, 'text'), filters: q, pageNumber: null });
    const refs = await ctx.pool.any(sql.unsafe`SELECT catalog, id, title, data FROM rm_catalog_items WHERE catalog IN ('tool_kind', 'manufacturer') AND NOT deleted`);
    const kinds = new Map(refs.filter((r) => r.catalog === 'tool_kind').map((r) => [Number(r.id), { title: String(r.title), traits: ((r.data as { traits?: number[] }).traits ?? []).map(Number) }]));
    const makers = new Map(refs.filter((r) => r.catalog === 'manufacturer').map((r) => [Number(r.id), String(r.title)]));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Модели');
    sheet.addRow(['Вид оборудования', 'Производитель', 'Модель', 'Проверена', 'Характеристики (вида / заполнено)', 'Документы', 'Изображения']);
    for (const m of page.items as Array<Record<string, unknown>>) {
      const kind = kinds.get(Number(m.tool_kind_id));
      const filled = ((m.traits as Array<{ tool_trait_id: number }> | undefined) ?? []).filter((t) => kind?.traits.includes(Number(t.tool_trait_id))).length;
      const files = (m.files as ModelFile[] | undefined) ?? [];
      sheet.addRow([
        kind?.title ?? '', makers.get(Number(m.manufacturer_id)) ?? '', String(m.model ?? ''), m.is_verified === true ? 'Да' : 'Нет',
        `${kind?.traits.length ?? 0} / ${filled}`, files.filter((f) => f.section === 'tool_docs').length, files.filter((f) => f.section === 'tool_model_pictures').length,
      ]);
    }
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    return reply.type(contentTypes.xlsx).header('content-disposition', attachmentDisposition('Модели оборудования.xlsx', 'tool-models.xlsx')).send(buffer);
  });

  /** A model's document or picture (reference data: every signed-in user). */
  app.get('/api/tool_model_file/:modelId/:fileId', async (request, reply) => {
    userOf(request);
    const { modelId, fileId } = request.params as { modelId: string; fileId: string };
    const model = (await getCatalogItem(ctx.pool, toolModels.name, idParam(modelId))) as ModelItem | null;
    const file = model?.files?.find((f) => f.file_id === fileId);
    if (!file || !(await ctx.files.exists(file.checksum))) throw notFound(toolModelMessages.fileNotFound);
    reply.header('content-type', downloadContentType(file.file_name));
    reply.header('content-disposition', attachmentDisposition(file.file_name));
    return reply.send(ctx.files.open(file.checksum));
  });
};
