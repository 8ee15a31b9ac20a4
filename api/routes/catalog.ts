import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { catalogs, type CatalogDefinition } from '../../domain/catalog/definitions';
import { RightValue } from '../../domain/rights/values';
import { invalid } from '../../domain/shared/errors';
import { createCatalogItem, deleteCatalogItem, updateCatalogItem } from '../../commands/catalog/catalog';
import { getCatalogItem, listCatalog } from '../../projections/catalog/queries';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { commandContext, filterOf, filterText, idParam, requireRight, userOf } from '../http/guard';
import { documented } from '../http/route-registry';
import { actorOf } from '../auth/current-user';

const payloadOf = (def: CatalogDefinition, body: unknown): unknown => {
  const b = (body ?? {}) as Record<string, unknown>;
  const item = b[def.payloadKey];
  if (!item || typeof item !== 'object') throw invalid(`Нет данных «${def.payloadKey}» в запросе`);
  return item;
};

/**
 * One set of routes for every simple reference catalogue (administration.md section 7):
 *   GET /api/{name}[?pageNumber=&text=&<filter>=]  -> { [name]: items, pagesCount, itemsCount }
 *   POST /api/{name} { [payloadKey]: item }           -> { message, id, [payloadKey] }
 *   PUT /api/{name}/{id} { [payloadKey]: item }       -> { message, id, [payloadKey] }
 *   DELETE /api/{name}/{id}                           -> { message }
 * Reference data is readable by every signed-in user (the client caches it after sign-in).
 */
export const catalogRoutes = (app: FastifyInstance, ctx: AppContext) => {
  for (const def of catalogs) {
    app.get(`/api/${def.name}`, async (request) => {
      userOf(request);
      const q = filterOf(request) as Record<string, string | undefined>;
      const page = await listCatalog(ctx.pool, def, {
        text: filterText(q.text ?? q.title, 'text'),
        filters: q,
        pageNumber: q.pageNumber ? pageNumberOf(q.pageNumber) : null,
      });
      return { [def.name]: page.items, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
    });

    app.get(`/api/${def.name}/:id`, async (request, reply) => {
      userOf(request);
      const item = await getCatalogItem(ctx.pool, def.name, idParam((request.params as { id: string }).id));
      if (!item) return reply.status(404).send({ message: 'Запись не найдена' });
      return { [def.payloadKey]: item };
    });

    // A catalogue with its own writes (tool models: multipart with files, api/routes/tool-model.ts).
    if (def.ownWriteRoutes) continue;
    // The body as payloadOf reads it; the catalogue decider validates the item with def.schema.
    const write = documented({ body: z.object({ [def.payloadKey]: def.schema }) });

    app.post(`/api/${def.name}`, write, async (request) => {
      const user = requireRight(request, def.editRight, RightValue.FULL);
      const r = await createCatalogItem(ctx, def, payloadOf(def, request.body), actorOf(user), commandContext(request));
      await ctx.consistency.afterCommand(user.id, r.position);
      return { message: def.messages.saved, id: r.id, [def.payloadKey]: await getCatalogItem(ctx.pool, def.name, r.id) };
    });

    app.put(`/api/${def.name}/:id`, write, async (request) => {
      const user = requireRight(request, def.editRight, RightValue.FULL);
      const id = idParam((request.params as { id: string }).id);
      const r = await updateCatalogItem(ctx, def, id, payloadOf(def, request.body), actorOf(user), commandContext(request));
      await ctx.consistency.afterCommand(user.id, r.position);
      return { message: def.messages.saved, id, [def.payloadKey]: await getCatalogItem(ctx.pool, def.name, id) };
    });

    app.delete(`/api/${def.name}/:id`, async (request) => {
      const user = requireRight(request, def.editRight, RightValue.FULL);
      const id = idParam((request.params as { id: string }).id);
      const r = await deleteCatalogItem(ctx, def, id, actorOf(user), commandContext(request));
      await ctx.consistency.afterCommand(user.id, r.position);
      return { message: def.messages.deleted };
    });
  }
};
