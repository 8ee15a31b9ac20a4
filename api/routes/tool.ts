import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { hasFull } from '../../domain/rights/rights';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import type { ToolFile } from '../../domain/tool/events';
import { sectionOfField, toolFileRules } from '../../domain/tool/files';
import { toolMessages } from '../../domain/tool/schemas';
import { createTool, deleteTool, loadVisibleTool, updateTool } from '../../commands/tool/tools';
import type { AppContext } from '../context';
import { actorOf, scopeOf } from '../auth/current-user';
import { attachmentDisposition, downloadContentType } from '../http/download';
import { commandContext, idParam, requireRight, userOf } from '../http/guard';
import { readBody, TOOL_UPLOAD_LIMITS, withUploads, type Upload } from '../http/multipart';
import { keptFileIdsOf, sectionedFilesOf } from '../http/uploaded-files';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { toolPlacesOnlySchema, toolSchema } from '../../domain/tool/schemas';

const asObject = (v: unknown, what: string): Record<string, unknown> => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw invalid(`Нет данных «${what}» в запросе`);
  return v as Record<string, unknown>;
};

const revisionOf = (fields: Record<string, unknown>, tool: Record<string, unknown>): number | null => {
  const raw = tool.revision ?? fields.revision;
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < -1) throw invalid('Неверная версия записи');
  return n;
};

/** The uploads of a card save: `documents` go to tool_docs, `pictures` to tool_pictures (equipment.md 7, 9). */
const toolFilesOf = (ctx: AppContext, uploads: readonly Upload[]): Promise<ToolFile[]> =>
  sectionedFilesOf(ctx, uploads, { sectionOf: sectionOfField, rules: toolFileRules, pictures: 'tool_pictures' });

/** The tool writes of equipment.md 7: card save (multipart), attributes, delete, and the card's files. */
export const toolWriteRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // The tool decider parses the card with toolSchema (the day bounds dates only: the shape is every day's).
  const docDay = new Date().toISOString().slice(0, 10);
  const toolParts = documented({
    multipart: {
      tool: { description: 'Оборудование (JSON; id null для нового)', schema: toolSchema(docDay) },
      revision: { description: 'Версия карточки, которую видел клиент' },
      filesList: { description: 'Оставляемые файлы (JSON)' },
      documents: { description: 'Документы', file: true },
      pictures: { description: 'Изображения', file: true },
    },
  });
  const writer = (request: FastifyRequest) => {
    const user = requireRight(request, 'RIGHT_TOOLS_WRITE', RightValue.FULL);
    return { user, scope: scopeOf(user, 'RIGHT_TOOLS_READ') };
  };

  app.post('/api/tool', toolParts, async (request) => {
    const { user, scope } = writer(request);
    const parsed = await readBody(request, ctx.files, TOOL_UPLOAD_LIMITS);
    const r = await withUploads(parsed, async () => {
      const tool = asObject(parsed.fields.tool, 'tool');
      const files = await toolFilesOf(ctx, parsed.uploads);
      return createTool(ctx, { input: tool, actor: actorOf(user), scope, files }, commandContext(request));
    });
    ctx.consistency.recordWrite(user.id, r.position);
    return { message: 'Сохранено', id: r.id };
  });

  app.put('/api/tool/:id', toolParts, async (request) => {
    const { user, scope } = writer(request);
    const id = idParam((request.params as { id: string }).id);
    // A tool the caller cannot see is refused before its files stream in.
    const loaded = await loadVisibleTool(ctx, id, scope);
    const parsed = await readBody(request, ctx.files, TOOL_UPLOAD_LIMITS);
    const r = await withUploads(parsed, async () => {
      const tool = asObject(parsed.fields.tool, 'tool');
      const newFiles = await toolFilesOf(ctx, parsed.uploads);
      return updateTool(ctx, {
        id, input: tool, actor: actorOf(user), scope, revision: revisionOf(parsed.fields, tool), keptFileIds: keptFileIdsOf(parsed.fields.filesList), newFiles, loaded,
      }, commandContext(request));
    });
    ctx.consistency.recordWrite(user.id, r.position);
    return { message: 'Сохранено', id };
  });

  /** With the write right the card's fields; with the place right alone only its locations. */
  app.put('/api/tool_attr/:id', documented({ body: z.object({ tool: z.union([toolSchema(docDay), toolPlacesOnlySchema]) }) }), async (request) => {
    const user = userOf(request);
    const write = hasFull(user.rightsObject, 'RIGHT_TOOLS_WRITE');
    if (!write && !hasFull(user.rightsObject, 'RIGHT_TOOLS_PLACE_EDIT')) throw forbidden(toolMessages.noPlaceEdit);
    const id = idParam((request.params as { id: string }).id);
    const body = asObject(request.body, 'tool');
    const tool = asObject(body.tool, 'tool');
    const r = await updateTool(ctx, {
      id, input: tool, actor: actorOf(user), scope: scopeOf(user, 'RIGHT_TOOLS_READ'), revision: revisionOf(body, tool), placesOnly: !write,
    }, commandContext(request));
    ctx.consistency.recordWrite(user.id, r.position);
    return { message: 'Сохранено' };
  });

  app.delete('/api/tool/:id', async (request) => {
    const { user, scope } = writer(request);
    const id = idParam((request.params as { id: string }).id);
    const r = await deleteTool(ctx, id, actorOf(user), scope, commandContext(request));
    ctx.consistency.recordWrite(user.id, r.position);
    return { message: 'Удалено' };
  });

  /** A file of a tool the caller may see, as an attachment with the server's content type. */
  app.get('/api/tool_file/:toolId/:fileId', async (request, reply) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const { toolId, fileId } = request.params as { toolId: string; fileId: string };
    const loaded = await loadVisibleTool(ctx, idParam(toolId), scopeOf(user, 'RIGHT_TOOLS_READ'));
    const file = loaded.state.tool!.files.find((f) => f.file_id === fileId);
    if (!file || !(await ctx.files.exists(file.checksum))) throw notFound('Файл не найден');
    reply.header('content-type', downloadContentType(file.file_name));
    reply.header('content-disposition', attachmentDisposition(file.file_name));
    return reply.send(ctx.files.open(file.checksum));
  });
};
