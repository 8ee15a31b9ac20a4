import type { FastifyInstance } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { scopeIncludes } from '../../domain/rights/scope';
import { notFound } from '../../domain/shared/errors';
import { toolCards } from '../../projections/tool/list/card';
import { toolsOfSet, unitsOfRegion } from '../../projections/tool/list/queries';
import { searchToolsSets, toolsSetById, toolsSetsSearch } from '../../projections/tool/list/sets';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { filterId, filterIds, filterText, idParam, parseFilter, requireRight } from '../http/guard';
import { scopeOf } from '../auth/current-user';

const setNotFound = 'Комплект не найден';

const intersect = (a: readonly number[] | null, b: readonly number[]): number[] => (a === null ? [...b] : a.filter((x) => b.includes(x)));

/** Equipment sets: the list, one set with its tools' cards, a set's tools, the set search (equipment.md 7). */
export const toolsSetQueryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/tools_sets', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const scope = scopeOf(user, 'RIGHT_TOOLS_READ');
    const query = (request.query ?? {}) as Record<string, unknown>;
    const f = parseFilter(query.filter);
    let units: number[] | null = scope.all ? null : [...scope.unitIds];
    const regionId = filterId(f.region_id, 'region_id');
    const asked = filterIds(f.units_ids, 'units_ids') ?? (filterId(f.unit_id, 'unit_id') ? [filterId(f.unit_id, 'unit_id')!] : null);
    if (regionId) units = intersect(units, await unitsOfRegion(ctx.pool, regionId));
    if (asked) units = intersect(units, asked);
    const page = await searchToolsSets(ctx.pool, {
      units,
      type_id: filterId(f.type_id, 'type_id'),
      inventar_number: filterText(f.inventar_number, 'inventar_number'),
      buh_name: filterText(f.buh_name, 'buh_name'),
      pageNumber: pageNumberOf(query.pageNumber ?? f.pageNumber),
    });
    return { toolsSets: page.items, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
  });

  app.get('/api/tools_sets/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const found = await toolsSetById(ctx.pool, idParam((request.params as { id: string }).id));
    if (!found || !scopeIncludes(scopeOf(user, 'RIGHT_TOOLS_READ'), found.toolsSet.unit_id)) throw notFound(setNotFound);
    return { toolsSet: found.toolsSet, tools: await toolCards(ctx.pool, found.toolIds) };
  });

  app.get('/api/tools_by_set_id/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const found = await toolsSetById(ctx.pool, idParam((request.params as { id: string }).id));
    if (!found || !scopeIncludes(scopeOf(user, 'RIGHT_TOOLS_READ'), found.toolsSet.unit_id)) throw notFound(setNotFound);
    return { tools: await toolsOfSet(ctx.pool, found.toolsSet.id) };
  });

  app.get('/api/tools_sets_search', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const scope = scopeOf(user, 'RIGHT_TOOLS_READ');
    const query = (request.query ?? {}) as Record<string, unknown>;
    const unitId = filterId(query.unit_id ?? query.unitId, 'unit_id');
    let units: number[] | null = scope.all ? null : [...scope.unitIds];
    if (unitId) units = intersect(units, [unitId]);
    return { toolsSets: await toolsSetsSearch(ctx.pool, units, filterText(query.text, 'text')) };
  });
};
