import type { FastifyInstance } from 'fastify';
import { newsFileRule, newsMessages } from '../../domain/news/decider';
import { RightValue } from '../../domain/rights/values';
import { invalid, notFound } from '../../domain/shared/errors';
import { deleteNews, loadNews, saveNews } from '../../commands/news/news';
import { getNews, listNews } from '../../projections/news/queries';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { actorOf } from '../auth/current-user';
import { commandContext, filterDate, filterId, filterOf, filterText, idParam, requireRight, userOf } from '../http/guard';
import { readBody, withUploads } from '../http/multipart';
import { keptFilesOf } from '../http/uploaded-files';
import { NEWS_UPLOAD_LIMITS, sendStoredFile, storedFilesOf } from './news-files';
import { documented } from '../http/route-registry';
import { newsSchema } from '../../domain/news/decider';

const EDIT = 'RIGHT_GAS_SOFT_RENEWAL_EDIT' as const;

const renewalOf = (fields: Record<string, unknown>): Record<string, unknown> => {
  const item = fields.renewal;
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw invalid('Нет данных «renewal» в запросе');
  return item as Record<string, unknown>;
};

/**
 * Support news about software renewals (administration.md 7): GET /api/gas_soft_renewals (every
 * signed-in user reads them), POST /api/gas_soft_renewal and PUT/DELETE /api/gas_soft_renewal/{id}
 * (multipart: renewal, filesList, files) with RIGHT_GAS_SOFT_RENEWAL_EDIT FULL. The right is checked
 * before the body is read, so a caller without it never puts a byte on disk.
 */
export const newsRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // The decider parses the renewal with newsSchema (domain/news/decider.ts).
  const renewalParts = documented({
    multipart: {
      renewal: { description: 'Обновление ПО (JSON)', schema: newsSchema },
      filesList: { description: 'Оставляемые файлы (JSON)' },
      files: { description: 'Файлы', file: true },
    },
  });
  app.get('/api/gas_soft_renewals', async (request) => {
    userOf(request);
    const q = filterOf(request);
    const page = await listNews(ctx.pool, {
      dateFrom: filterDate(q.date_from ?? q.dateFrom, 'date_from'),
      dateTo: filterDate(q.date_to ?? q.dateTo, 'date_to'),
      text: filterText(q.text, 'text'),
      programId: filterId(q.program_id, 'program_id'),
      pageNumber: pageNumberOf(q.pageNumber),
    });
    return { renewals: page.items, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
  });

  const answer = async (id: number) => ({ message: newsMessages.saved, id, renewal: await getNews(ctx.pool, id) });

  app.post('/api/gas_soft_renewal', renewalParts, async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const parsed = await readBody(request, ctx.files, NEWS_UPLOAD_LIMITS);
    const r = await withUploads(parsed, async () => {
      const files = await storedFilesOf(ctx, parsed.uploads, newsFileRule);
      return saveNews(ctx, null, renewalOf(parsed.fields), files, actorOf(user), commandContext(request));
    });
    await ctx.consistency.afterCommand(user.id, r.position);
    return answer(r.id);
  });

  app.put('/api/gas_soft_renewal/:id', renewalParts, async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const current = await loadNews(ctx, id);
    if (current.status !== 'active' || !current.item) throw notFound(newsMessages.notFound);
    const parsed = await readBody(request, ctx.files, NEWS_UPLOAD_LIMITS);
    const r = await withUploads(parsed, async () => {
      const kept = keptFilesOf(parsed.fields.filesList, current.item!.gas_soft_renewals_files);
      const files = [...kept, ...(await storedFilesOf(ctx, parsed.uploads, newsFileRule))];
      return saveNews(ctx, id, renewalOf(parsed.fields), files, actorOf(user), commandContext(request));
    });
    await ctx.consistency.afterCommand(user.id, r.position);
    return answer(id);
  });

  app.delete('/api/gas_soft_renewal/:id', async (request) => {
    const user = requireRight(request, EDIT, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const r = await deleteNews(ctx, id, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: newsMessages.deleted };
  });

  /** A news file, only while the item's stream names it (a file dropped by an edit is no longer served). */
  app.get('/api/gas_soft_renewal_file/:id/:fileId', async (request, reply) => {
    userOf(request);
    const { id, fileId } = request.params as { id: string; fileId: string };
    const state = await loadNews(ctx, idParam(id));
    const file = state.status === 'active' ? state.item?.gas_soft_renewals_files.find((f) => f.file_id === fileId) : undefined;
    return sendStoredFile(ctx, request, reply, file);
  });
};
