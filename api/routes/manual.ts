import type { FastifyInstance } from 'fastify';
import { manualFileRule, manualMessages } from '../../domain/manual/decider';
import { RightValue } from '../../domain/rights/values';
import { invalid, notFound } from '../../domain/shared/errors';
import { deleteManualFolder, deleteManualItem, loadManual, saveManualFolder, saveManualItem } from '../../commands/manual/manual';
import { getManualItem, listManuals } from '../../projections/manual/queries';
import type { AppContext } from '../context';
import { actorOf } from '../auth/current-user';
import { objectBody } from '../../domain/shared/primitives';
import { commandContext, idParam, requireRight, userOf } from '../http/guard';
import { readBody, withUploads } from '../http/multipart';
import { keptFilesOf } from '../http/uploaded-files';
import { NEWS_UPLOAD_LIMITS, sendStoredFile, storedFilesOf } from './news-files';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { manualFolderSchema, manualItemSchema } from '../../domain/manual/decider';
import { id } from '../../domain/shared/primitives';

const EDIT = 'RIGHT_MANUALS_EDIT' as const;

const payloadOf = (fields: Record<string, unknown>, key: string): Record<string, unknown> => {
  const item = fields[key];
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw invalid(`Нет данных «${key}» в запросе`);
  return item as Record<string, unknown>;
};

/** The folder an item lies in (a reference from the read model; the folder's stream then decides). */
const folderOfItem = async (ctx: AppContext, itemId: number): Promise<number> => {
  const item = await getManualItem(ctx.pool, itemId);
  if (!item) throw notFound(manualMessages.itemNotFound);
  return item.manual_id;
};

/**
 * Manuals (administration.md 7): GET/POST /api/manuals, PUT/DELETE /api/manuals/{id} (manual);
 * POST /api/manuals_items, PUT/DELETE /api/manuals_items/{id} (multipart: manualItem, filesList,
 * files). Every signed-in user reads them; writes need RIGHT_MANUALS_EDIT FULL.
 */
export const manualRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // The decider parses the folder and the item (domain/manual/decider.ts); the item names its folder.
  const folderBody = documented({ body: z.object({ manual: manualFolderSchema }) });
  const itemParts = documented({
    multipart: {
      manualItem: { description: 'Раздел инструкции (JSON)', schema: manualItemSchema.extend({ manual_id: id() }) },
      filesList: { description: 'Оставляемые файлы (JSON)' },
      files: { description: 'Файлы', file: true },
    },
  });
  app.get('/api/manuals', async (request) => {
    userOf(request);
    return { manuals: await listManuals(ctx.pool) };
  });

  app.post('/api/manuals', folderBody, async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const manual = payloadOf(objectBody(request.body), 'manual');
    const r = await saveManualFolder(ctx, null, manual, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: manualMessages.saved, id: r.id };
  });

  app.put('/api/manuals/:id', folderBody, async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const manual = payloadOf(objectBody(request.body), 'manual');
    const r = await saveManualFolder(ctx, id, manual, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: manualMessages.saved, id };
  });

  app.delete('/api/manuals/:id', async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const r = await deleteManualFolder(ctx, id, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: manualMessages.deleted };
  });

  app.post('/api/manuals_items', itemParts, async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const parsed = await readBody(request, ctx.files, NEWS_UPLOAD_LIMITS);
    const r = await withUploads(parsed, async () => {
      const item = payloadOf(parsed.fields, 'manualItem');
      const folderId = idParam(item.manual_id);
      const files = await storedFilesOf(ctx, parsed.uploads, manualFileRule);
      return saveManualItem(ctx, folderId, null, item, files, actorOf(user), commandContext(request));
    });
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: manualMessages.saved, id: r.id, manualItem: await getManualItem(ctx.pool, r.id) };
  });

  app.put('/api/manuals_items/:id', itemParts, async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const folderId = await folderOfItem(ctx, id);
    const parsed = await readBody(request, ctx.files, NEWS_UPLOAD_LIMITS);
    const r = await withUploads(parsed, async () => {
      const item = payloadOf(parsed.fields, 'manualItem');
      const current = (await loadManual(ctx, folderId)).items[id];
      if (!current) throw notFound(manualMessages.itemNotFound);
      const kept = keptFilesOf(parsed.fields.filesList, current.manual_item_files);
      const files = [...kept, ...(await storedFilesOf(ctx, parsed.uploads, manualFileRule))];
      return saveManualItem(ctx, folderId, id, item, files, actorOf(user), commandContext(request));
    });
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: manualMessages.saved, id, manualItem: await getManualItem(ctx.pool, id) };
  });

  app.delete('/api/manuals_items/:id', async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const r = await deleteManualItem(ctx, await folderOfItem(ctx, id), id, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: manualMessages.deleted };
  });

  /** An item's file (ranges for the video player), only while the folder's stream names it. */
  app.get('/api/manual_item_file/:itemId/:fileId', async (request, reply) => {
    userOf(request);
    const { itemId, fileId } = request.params as { itemId: string; fileId: string };
    const id = idParam(itemId);
    const item = await getManualItem(ctx.pool, id);
    const current = item ? (await loadManual(ctx, item.manual_id)).items[id] : undefined;
    return sendStoredFile(ctx, request, reply, current?.manual_item_files.find((f) => f.file_id === fileId));
  });
};
