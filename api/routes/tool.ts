import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasOwnOrAll } from '../../domain/rights/rights';
import { RightValue } from '../../domain/rights/values';
import { scopeIncludes, type UnitScope } from '../../domain/rights/scope';
import { forbidden, notFound } from '../../domain/shared/errors';
import { requestInScope } from '../../projections/request/list/queries';
import { searchTools, toolById, toolsForCommissioning } from '../../projections/tool/list/queries';
import { requestsWithTool, toolHistory } from '../../projections/tool/history/queries';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { filterId, filterIds, filterText, idParam, parseFilter, requireRight, userOf } from '../http/guard';
import { scopeOf, type CurrentUser } from '../auth/current-user';
import { requestReadScope } from './request-queries';

const toolNotFound = 'Оборудование не найдено';

// Filter values through the shared primitives: an id out of range is a 400, never a PostgreSQL error.
const num = (v: unknown): number | null => filterId(v, 'filter');
const nums = (v: unknown): number[] | null => filterIds(v, 'filter');
const bool = (v: unknown): boolean | null => (v === undefined || v === null || v === '' ? null : v === true || v === 'true' || v === 1 || v === '1');
const text = (v: unknown): string | null => filterText(v, 'filter');

/**
 * Units whose equipment the caller may see: RIGHT_TOOLS_READ scope, and for the request dialog
 * also the units of their RIGHT_REQUEST_READ scope when the search names them (unit_id, units_ids or
 * request_id). null = every unit.
 */
const visibleUnits = async (ctx: AppContext, user: CurrentUser, f: Record<string, unknown>): Promise<number[] | null> => {
  const tools: UnitScope = scopeOf(user, 'RIGHT_TOOLS_READ');
  const requests: UnitScope = scopeOf(user, 'RIGHT_REQUEST_READ');
  // The registry is for holders of the tools read right only (the hot line has none).
  if (!hasOwnOrAll(user.rightsObject, 'RIGHT_TOOLS_READ')) throw forbidden();
  let asked = nums(f.units_ids) ?? (num(f.unit_id) ? [num(f.unit_id)!] : null);
  const requestId = num(f.request_id);
  if (requestId !== null) {
    const row = await requestInScope(ctx.pool, requestId, requests);
    if (!row) throw notFound('Заявка не найдена');
    asked = row.unit_id ? [row.unit_id] : [];
  }
  if (asked) {
    const allowed = asked.filter((u) => scopeIncludes(tools, u) || scopeIncludes(requests, u));
    return allowed;
  }
  return tools.all ? null : [...tools.unitIds];
};

/** Equipment search, tools for commissioning and tool history (equipment.md 7, requests.md 2.5). */
export const toolQueryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const search = async (request: FastifyRequest) => {
    const user = userOf(request);
    const params = (request.params ?? {}) as { filter?: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const raw = params.filter ?? query.filter;
    // A bare number is a tool id.
    const f = typeof raw === 'string' && /^\d+$/.test(raw) ? { toolId: raw } : parseFilter(raw !== undefined ? raw : query);
    const units = await visibleUnits(ctx, user, f);
    const page = await searchTools(ctx.pool, {
      units,
      region_id: num(f.region_id),
      tool_id: num(f.toolId ?? f.tool_id),
      tool_set_name_id: num(f.tool_set_name_id),
      tool_kind_ids: nums(f.tool_kind_ids) ?? nums(f.tool_kind_id),
      manufacturer_id: num(f.manufacturer_id),
      model: text(f.tool_model ?? f.model ?? f.name),
      model_exact: Boolean(bool(f.tool_model_exact ?? f.model_exact ?? f.name_exact)),
      serial_number: text(f.serial_number),
      serial_exact: Boolean(bool(f.serial_exact ?? f.serial_number_exact)),
      inventar_number: text(f.inventar_number),
      inventar_exact: Boolean(bool(f.inventar_exact ?? f.inventar_number_exact)),
      state: num(f.tool_state ?? f.state),
      owner_type_id: num(f.tool_owner_type_id ?? f.owner_type_id),
      exchange_stock: bool(f.tool_exchange_stock ?? f.exchange_stock),
      in_set: bool(f.tool_in_set ?? f.in_set),
      pageNumber: pageNumberOf(f.pageNumber),
    });
    return { tools: page.items, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
  };
  app.get('/api/tool', search);
  app.get('/api/tool/:filter', search);

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
    const tool = await toolById(ctx.pool, id);
    if (!tool || !scopeIncludes(scopeOf(user, 'RIGHT_TOOLS_READ'), tool.unit_id)) throw notFound(toolNotFound);
    const requests = hasOwnOrAll(user.rightsObject, 'RIGHT_REQUEST_READ') ? requestReadScope(request).scope : { all: false as const, unitIds: [] };
    const [history, withTool] = await Promise.all([toolHistory(ctx.pool, id), requestsWithTool(ctx.pool, id, requests)]);
    return { toolHistory: history, requestsWithTool: withTool };
  });
};
