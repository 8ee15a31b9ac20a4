import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasOwnOrAll } from '../../domain/rights/rights';
import { RightValue } from '../../domain/rights/values';
import { scopeIncludes, type UnitScope } from '../../domain/rights/scope';
import { forbidden, invalid, notFound } from '../../domain/shared/errors';
import { parseToolFilter, toolListFilterSchema, type ToolListFilter } from '../../domain/tool/list-filter';
import { requestInScope } from '../../projections/request/list/queries';
import { searchTools, TOOL_COUNT_SOURCES, toolsForCommissioning, unitsOfRegion } from '../../projections/tool/list/queries';
import { toolCard, toolKindTraits } from '../../projections/tool/list/card';
import { toolsAgeCount, toolsCount, unitsOfHost } from '../../projections/tool/list/counts';
import { mergedToolHistory, requestsWithTool, toolHistory } from '../../projections/tool/history/queries';
import type { AppContext } from '../context';
import { filterId, filterIds, idParam, parseFilter, requireRight, userOf } from '../http/guard';
import { scopeOf, type CurrentUser } from '../auth/current-user';
import { requestReadScope } from './request-queries';
import { parseMoment } from '../../domain/audit/moment';
import { toolNotYet } from '../../domain/audit/texts';
import { toolCardAt } from '../../projections/audit/tool-at';
import { inventoryOfTool } from '../../projections/inventory/queries';
import { scanResultTitles } from '../../domain/inventory';
import { documented } from '../http/route-registry';

export const toolNotFound = 'Оборудование не найдено';

const today = () => new Date().toISOString().slice(0, 10);

const intersect = (a: readonly number[] | null, b: readonly number[] | null): number[] | null =>
  a === null ? (b === null ? null : [...b]) : b === null ? [...a] : a.filter((x) => b.includes(x));

/**
 * Units whose equipment the caller may see and asked for: the RIGHT_TOOLS_READ scope, and for the
 * request dialog also the units of the RIGHT_REQUEST_READ scope when the search names them (unit_id,
 * units_ids or request_id); then the region. null = every unit.
 */
export const visibleToolUnits = async (ctx: AppContext, user: CurrentUser, f: Pick<ToolListFilter, 'units_ids' | 'unit_id' | 'request_id' | 'region_id'>): Promise<number[] | null> => {
  // The registry is for holders of the tools read right only (the hot line has none).
  if (!hasOwnOrAll(user.rightsObject, 'RIGHT_TOOLS_READ')) throw forbidden();
  const tools: UnitScope = scopeOf(user, 'RIGHT_TOOLS_READ');
  const requests: UnitScope = scopeOf(user, 'RIGHT_REQUEST_READ');
  let asked: number[] | null = f.units_ids ?? (f.unit_id ? [f.unit_id] : null);
  if (f.request_id !== null) {
    const row = await requestInScope(ctx.pool, f.request_id, requests);
    if (!row) throw notFound('Заявка не найдена');
    asked = row.unit_id ? [row.unit_id] : [];
  }
  const units = asked ? asked.filter((u) => scopeIncludes(tools, u) || scopeIncludes(requests, u)) : tools.all ? null : [...tools.unitIds];
  return f.region_id ? intersect(units, await unitsOfRegion(ctx.pool, f.region_id)) : units;
};

/** The list filter of a request: `{filter}` path segment, `filter` query parameter or the query itself; a bare number is a tool id. */
export const toolFilterOf = (request: FastifyRequest): ToolListFilter => {
  const params = (request.params ?? {}) as { filter?: string };
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = params.filter ?? query.filter;
  const f = typeof raw === 'string' && /^\d+$/.test(raw) ? { toolId: raw } : parseFilter(raw !== undefined ? raw : query);
  return parseToolFilter(f);
};

/** Units of the counts' query parameters (region_id, hostId, unitId / unit_id, units) within the caller's scope. */
const countUnits = async (ctx: AppContext, user: CurrentUser, q: Record<string, unknown>): Promise<number[] | null> => {
  const scope = scopeOf(user, 'RIGHT_TOOLS_READ');
  let units: number[] | null = scope.all ? null : [...scope.unitIds];
  const regionId = filterId(q.region_id ?? q.regionId, 'region_id');
  const hostId = filterId(q.hostId ?? q.host_id, 'hostId');
  const unitId = filterId(q.unitId ?? q.unit_id, 'unitId');
  const asked = filterIds(q.units ?? q.units_ids, 'units');
  if (regionId) units = intersect(units, await unitsOfRegion(ctx.pool, regionId));
  if (hostId) units = intersect(units, await unitsOfHost(ctx.pool, hostId));
  if (unitId) units = intersect(units, [unitId]);
  if (asked) units = intersect(units, asked);
  return units;
};

/**
 * Equipment reads (equipment.md 7, decisions 41–47): the list / search, the card, history, counts,
 * age counts, a kind's characteristics, tools for commissioning (requests.md 2.5).
 */
export const toolQueryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const search = async (request: FastifyRequest) => {
    const user = userOf(request);
    const filter = toolFilterOf(request);
    const units = await visibleToolUnits(ctx, user, filter);
    const page = await searchTools(ctx.pool, { units, filter, today: today() }, ctx.cache);
    return { tools: page.items, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
  };
  // The filter parseToolFilter reads: JSON in the path or the same fields in the query (filterOf).
  app.get('/api/tool', documented({ query: toolListFilterSchema }), search);
  app.get('/api/tool/:filter', documented({ params: { filter: toolListFilterSchema } }), search);

  app.get('/api/tool_card/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const tool = await toolCard(ctx.pool, idParam((request.params as { id: string }).id));
    if (!tool || !scopeIncludes(scopeOf(user, 'RIGHT_TOOLS_READ'), tool.unit_id)) throw notFound(toolNotFound);
    // decisions 97–99: `?at=<ISO>` answers the card as it was then, folded from the tool's stream (read-only).
    const at = parseMoment((request.query as { at?: unknown } | undefined)?.at);
    if (at === undefined) return { tool };
    const past = await toolCardAt(ctx.pool, ctx.store, tool.id, at);
    if (!past) throw notFound(toolNotYet);
    return { tool: past, at: new Date(at).toISOString() };
  });

  app.get('/api/tools_for_commissioning/:unitId', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const unitId = idParam((request.params as { unitId: string }).unitId);
    const visible = [scopeOf(user, 'RIGHT_TOOLS_READ'), scopeOf(user, 'RIGHT_REQUEST_READ'), scopeOf(user, 'RIGHT_REQUEST_CREATE')].some((s) =>
      scopeIncludes(s, unitId),
    );
    if (!visible) throw forbidden();
    return toolsForCommissioning(ctx.pool, unitId);
  });

  app.get('/api/tool_history/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const id = idParam((request.params as { id: string }).id);
    const tool = await toolCard(ctx.pool, id);
    if (!tool || !scopeIncludes(scopeOf(user, 'RIGHT_TOOLS_READ'), tool.unit_id)) throw notFound(toolNotFound);
    const requests = hasOwnOrAll(user.rightsObject, 'RIGHT_REQUEST_READ') ? requestReadScope(request).scope : { all: false as const, unitIds: [] };
    const [own, withTool, rounds] = await Promise.all([toolHistory(ctx.pool, id), requestsWithTool(ctx.pool, id, requests), inventoryOfTool(ctx.pool, id)]);
    // Inventory rounds that listed or scanned the tool, with what each found.
    const inventory = rounds.map((r) => ({
      history_type: 'inventory', history_type_title: 'Инвентаризация', date_time_d: r.date_time, user_id: r.user_id, user_name: null, user: null,
      object_attr: null, object_attr_title: `Инвентаризация № ${r.round_id}`, value_old: '',
      value_new: `${r.result === 'expected' ? 'Ожидается' : scanResultTitles[r.result]}${r.decision === 'moved' ? ', перемещено' : r.decision === 'kept' ? ', оставлено' : ''}`,
      request_id: null, request_number: null, request_kind_id: null, request_status_id: null,
    }));
    return { toolHistory: mergedToolHistory([...own, ...inventory], withTool), requestsWithTool: withTool };
  });

  app.get('/api/tools_count', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const units = await countUnits(ctx, user, (request.query ?? {}) as Record<string, unknown>);
    return { counts: await toolsCount(ctx.pool, units) };
  });

  app.get('/api/tools_age_count', async (request) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const units = await countUnits(ctx, user, (request.query ?? {}) as Record<string, unknown>);
    const day = today();
    // Counted once until the tools read model changes (the whole country reads every tool).
    return ctx.cache.get(TOOL_COUNT_SOURCES, `tool-age-count:${day}:${units ? units.join(',') : '*'}`, () => toolsAgeCount(ctx.pool, units, day));
  });

  const kindTraits = async (request: FastifyRequest) => {
    const user = requireRight(request, 'RIGHT_TOOLS_READ', RightValue.OWN, RightValue.ALL);
    const params = (request.params ?? {}) as { filter?: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const f = parseFilter(params.filter ?? query.filter ?? query);
    const toolId = filterId(f.toolId ?? f.tool_id, 'toolId');
    let kindId = filterId(f.kindId ?? f.kind_id ?? f.tool_kind_id, 'kindId');
    let tool = null;
    if (toolId) {
      tool = await toolCard(ctx.pool, toolId);
      if (!tool || !scopeIncludes(scopeOf(user, 'RIGHT_TOOLS_READ'), tool.unit_id)) throw notFound(toolNotFound);
      kindId ??= tool.tool_kind_id;
    }
    if (!kindId) throw invalid('Укажите вид оборудования', { kindId: 'Укажите вид оборудования' });
    const answer = await toolKindTraits(ctx.pool, kindId, tool && tool.tool_kind_id === kindId ? tool : null);
    if (!answer) throw notFound('Вид оборудования не найден');
    return answer;
  };
  app.get('/api/tool_kind_traits', kindTraits);
  app.get('/api/tool_kind_traits/:filter', kindTraits);
};
