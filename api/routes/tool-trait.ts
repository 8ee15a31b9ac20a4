import type { FastifyInstance } from 'fastify';
import { toolTraits } from '../../domain/catalog/definitions';
import { RightValue } from '../../domain/rights/values';
import { invalid, notFound, refused } from '../../domain/shared/errors';
import { createCatalogItem, deleteCatalogItem, updateCatalogItem } from '../../commands/catalog/catalog';
import { getCatalogItem, traitUsage } from '../../projections/catalog/queries';
import type { AppContext } from '../context';
import { commandContext, idParam, requireRight } from '../http/guard';
import { actorOf } from '../auth/current-user';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { traitValueSchema } from '../../domain/catalog/definitions';
import { objectBody } from '../../domain/shared/primitives';
import { parseOrThrow } from '../../domain/shared/validation';

/**
 * The characteristics' own paths of equipment.md 7 (POST /api/tool_traits, PUT/DELETE
 * /api/tool_traits/{id}, POST /api/tool_traits_add_value). Traits are the catalogue 'tools_traits'
 * (GET /api/tools_traits lists them), so these only name the same commands differently; the
 * catalogue decider checks the right, the title and every value.
 */
const payloadOf = (body: unknown): unknown => {
  const b = (body ?? {}) as Record<string, unknown>;
  const item = b[toolTraits.payloadKey] ?? b.toolTraits ?? b.trait;
  if (!item || typeof item !== 'object') throw invalid(`Нет данных «${toolTraits.payloadKey}» в запросе`);
  return item;
};

interface TraitItem {
  title: string;
  values: Array<{ value_id: number; value_title: string }>;
}

export const toolTraitRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // The catalogue decider parses the characteristic (payloadOf reads it under the payload key).
  const traitBody = documented({ body: z.object({ [toolTraits.payloadKey]: toolTraits.schema }) });
  const answer = async (id: number) => ({ message: toolTraits.messages.saved, id, [toolTraits.payloadKey]: await getCatalogItem(ctx.pool, toolTraits.name, id) });

  app.post('/api/tool_traits', traitBody, async (request) => {
    const user = requireRight(request, toolTraits.editRight, RightValue.FULL);
    const r = await createCatalogItem(ctx, toolTraits, payloadOf(request.body), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return answer(r.id);
  });

  app.put('/api/tool_traits/:id', traitBody, async (request) => {
    const user = requireRight(request, toolTraits.editRight, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const r = await updateCatalogItem(ctx, toolTraits, id, payloadOf(request.body), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return answer(id);
  });

  app.delete('/api/tool_traits/:id', async (request) => {
    const user = requireRight(request, toolTraits.editRight, RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    // A characteristic that kinds or tools still name stays: their cards would show values of nothing.
    const used = await traitUsage(ctx.pool, id);
    if (used.kinds + used.tools > 0)
      throw refused(`Характеристика используется: видов оборудования — ${used.kinds}, единиц оборудования — ${used.tools}. Сначала уберите её из них`);
    const r = await deleteCatalogItem(ctx, toolTraits, id, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: toolTraits.messages.deleted };
  });

  /** { traitId, value_title }: appends one value; the schema gives it the next id and checks the title. */
  app.post('/api/tool_traits_add_value', documented({ body: traitValueSchema }), async (request) => {
    const user = requireRight(request, toolTraits.editRight, RightValue.FULL);
    const b = parseOrThrow(traitValueSchema, objectBody(request.body ?? {}));
    const id = idParam(b.traitId ?? b.tool_trait_id ?? b.id);
    const current = (await getCatalogItem(ctx.pool, toolTraits.name, id)) as TraitItem | null;
    if (!current) throw notFound('Характеристика не найдена');
    const title = b.value_title ?? b.title ?? b.value;
    const values = [...(current.values ?? []).map((v) => ({ value_id: v.value_id, value_title: v.value_title })), { value_id: null, value_title: title }];
    const r = await updateCatalogItem(ctx, toolTraits, id, { values }, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    const saved = (await getCatalogItem(ctx.pool, toolTraits.name, id)) as TraitItem | null;
    const added = saved?.values.at(-1) ?? null;
    return { message: 'Значение параметра добавлено', id, value_id: added?.value_id ?? null, [toolTraits.payloadKey]: saved };
  });
};
