import type { FastifyInstance } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { invalid } from '../../domain/shared/errors';
import { AccessLevel } from '../../domain/rights/values';
import type { CurrentUser } from '../auth/current-user';
import { sparesMessages } from '../../domain/spares/decider';
import { deleteSparesSet, registerSparesSet, removeSparesSetItem, updateSparesSet, type SparesSetInput } from '../../commands/spares/spares-sets';
import { listSparesSets, sparesSetView } from '../../projections/spares/queries';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { commandContext, filterOf, filterText, idParam, requireRight } from '../http/guard';
import { actorOf } from '../auth/current-user';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { sparesItemSchema, sparesSetSchema } from '../../domain/spares/decider';
import { ID_LIST_MAX, id } from '../../domain/shared/primitives';

/**
 * The spares screen (Комплекты ЗИП, equipment.md 2 and 7): the list with RIGHT_ZIP READ or FULL,
 * saving and deleting with FULL. The body is { sparesSet: { region_id, title, contract,
 * spares_sets_items: [{ id?, code, title, cost, amount }] } }; the decider checks every rule.
 */
const inputOf = (body: unknown): SparesSetInput => {
  const b = (body ?? {}) as Record<string, unknown>;
  const set = (b.sparesSet ?? b.spares_set ?? b.set) as Record<string, unknown> | undefined;
  if (!set || typeof set !== 'object') throw invalid('Нет данных «sparesSet» в запросе');
  const items = set.spares_sets_items ?? set.items ?? b.spares_sets_items;
  if (!Array.isArray(items)) throw invalid(sparesMessages.noItems, { items: sparesMessages.noItems });
  return {
    region_id: set.region_id as number,
    title: set.title as string,
    contract: set.contract as string,
    items: items.map((i) => {
      const item = (i ?? {}) as Record<string, unknown>;
      return { id: (item.id as number | null | undefined) ?? null, code: item.code as number, title: item.title as string, cost: item.cost as number, amount: item.amount as number };
    }),
  };
};

/** Spares are a branch's stock: below FULL access a user sees and edits its own region's sets only. */
const sparesRegions = (user: CurrentUser): number[] | null =>
  user.accessLevel >= AccessLevel.FULL ? null : user.region_id == null ? [] : [user.region_id];

// The decider parses the set and its items (sparesSetSchema); a new item has no id yet.
const setBody = documented({
  body: z.object({
    sparesSet: sparesSetSchema.omit({ items: true }).extend({
      region_id: id(),
      spares_sets_items: z.array(sparesItemSchema.extend({ id: sparesItemSchema.shape.id.nullish() })).min(1).max(ID_LIST_MAX),
    }),
  }),
});

export const sparesRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/spares_sets', async (request) => {
    const user = requireRight(request, 'RIGHT_ZIP', RightValue.READ, RightValue.FULL);
    const q = filterOf(request) as Record<string, unknown>;
    const regionId = q.region_id === undefined || q.region_id === null || q.region_id === '' ? null : idParam(q.region_id);
    const page = await listSparesSets(ctx.pool, {
      region_id: regionId,
      regions: sparesRegions(user),
      text: filterText(q.text ?? q.title, 'text'),
      pageNumber: pageNumberOf(q.pageNumber),
    });
    return { sparesSets: page.sets, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
  });

  app.post('/api/spares_sets', setBody, async (request) => {
    const user = requireRight(request, 'RIGHT_ZIP', RightValue.FULL);
    const r = await registerSparesSet(ctx, inputOf(request.body), actorOf(user), commandContext(request), { checkRegion: true, regions: sparesRegions(user) });
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: sparesMessages.saved, id: r.id, sparesSet: await sparesSetView(ctx.pool, r.id) };
  });

  app.put('/api/spares_sets/:id', setBody, async (request) => {
    const user = requireRight(request, 'RIGHT_ZIP', RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const r = await updateSparesSet(ctx, id, inputOf(request.body), actorOf(user), commandContext(request), sparesRegions(user));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: sparesMessages.saved, id, sparesSet: await sparesSetView(ctx.pool, id) };
  });

  app.delete('/api/spares_sets/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_ZIP', RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const r = await deleteSparesSet(ctx, id, actorOf(user), commandContext(request), sparesRegions(user));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: sparesMessages.deleted };
  });

  /** Deletion of one item by its own action (equipment.md 7). */
  app.delete('/api/spares_sets/:id/items/:itemId', async (request) => {
    const user = requireRight(request, 'RIGHT_ZIP', RightValue.FULL);
    const params = request.params as { id: string; itemId: string };
    const id = idParam(params.id);
    const r = await removeSparesSetItem(ctx, id, idParam(params.itemId), actorOf(user), commandContext(request), sparesRegions(user));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Удалено', sparesSet: await sparesSetView(ctx.pool, id) };
  });
};
