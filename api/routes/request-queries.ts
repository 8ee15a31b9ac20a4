import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { hasFull } from '../../domain/rights/rights';
import { AccessLevel, RightValue } from '../../domain/rights/values';
import { scopeIncludes, type UnitScope } from '../../domain/rights/scope';
import { invalid, notFound } from '../../domain/shared/errors';
import { parseRequestFilter, requestListFilterSchema, type RequestFilter } from '../../domain/request/list-filter';
import { listRequests, requestBatches, requestInScope, requestLists } from '../../projections/request/list/queries';
import { buildRequestView, loadRequestState, requestNotFound } from '../../projections/request/list/view';
import type { RequestListRow, RequestView } from '../../domain/request/contracts';
import { loadNames } from '../../projections/request/list/names';
import { requestHistory } from '../../projections/request/history/queries';
import { requestComments } from '../../projections/request/comments/queries';
import { fileSectionOf, requestFiles } from '../../projections/request/files/queries';
import { requestSpares, searchSpares } from '../../projections/spares/queries';
import type { AppContext } from '../context';
import { notifyRecipients } from '../../commands/request/lookups';
import { idParam, parseFilter, requireRight, userOf as userOfRequest } from '../http/guard';
import { scopeOf, type CurrentUser } from '../auth/current-user';
import type { RequestState } from '../../domain/request/state';
import { foldRequest, requestStreamId, type RequestEvent } from '../../domain/request';
import { datedUpTo, eventsUpTo, parseMoment } from '../../domain/audit/moment';
import { requestNotYet } from '../../domain/audit/texts';
import { documented } from '../http/route-registry';

/** The caller's RIGHT_REQUEST_READ scope (403 without OWN or ALL). */
export const requestReadScope = (request: FastifyRequest): { user: CurrentUser; scope: UnitScope } => {
  const user = requireRight(request, 'RIGHT_REQUEST_READ', RightValue.OWN, RightValue.ALL);
  return { user, scope: scopeOf(user, 'RIGHT_REQUEST_READ') };
};

export const mayViewCosts = (user: CurrentUser) => hasFull(user.rightsObject, 'RIGHT_VIEW_COST');

const today = () => new Date().toISOString().slice(0, 10);

/** The list filter from `/api/request/{json}`, `?filter={json}` or plain query parameters. */
export const requestFilterOf = (request: FastifyRequest): RequestFilter => {
  const params = (request.params ?? {}) as { filter?: string };
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = parseFilter(params.filter !== undefined ? params.filter : query.filter !== undefined ? query.filter : query);
  return parseRequestFilter(raw, today());
};

/**
 * The request dialog's view of request `id` for `user` (GET /api/request_single/{id}); the write
 * routes answer a save with the same shape as `savedRequest`. Throws 404 'Заявка не найдена' when the
 * request does not exist, is deleted or lies outside `scope` (default: the user's RIGHT_REQUEST_READ
 * scope; a write route may pass another, e.g. the RIGHT_REQUEST_CREATE scope it checked).
 */
export const requestView = async (
  ctx: Pick<AppContext, 'pool' | 'store' | 'cache'>,
  id: number,
  user: CurrentUser,
  now: string = new Date().toISOString(),
  scope: UnitScope = scopeOf(user, 'RIGHT_REQUEST_READ'),
): Promise<RequestView> => requestViewOf(ctx, await loadRequestState(ctx.store, id), user, now, scope);

/** The same view of a request state the caller already holds (a command's outcome). */
export const requestViewOf = (
  ctx: Pick<AppContext, 'pool' | 'cache'>,
  loaded: { state: RequestState; revision: number },
  user: CurrentUser,
  now: string = new Date().toISOString(),
  scope: UnitScope = scopeOf(user, 'RIGHT_REQUEST_READ'),
): Promise<RequestView> => buildRequestView(ctx.pool, loaded, { userId: user.id, rights: user.rightsObject, fio: user.fio, scope }, now, ctx.cache);

/**
 * The request as it was at `at` (decisions 97–99): its stream folded up to that moment with the domain's
 * evolve (not the read models), the history and chat cut at the same moment. The caller has already
 * passed today's scope check. 404 'Заявка на этот момент ещё не существовала' before the first event.
 */
export const requestAt = async (ctx: Pick<AppContext, 'pool' | 'store' | 'cache'>, id: number, user: CurrentUser, at: number) => {
  // The tabs' lists are read beside the stream (they are cut at the moment afterwards).
  const [stream, comments, history] = await Promise.all([
    ctx.store.readStream(requestStreamId(id)),
    requestComments(ctx.pool, id),
    requestHistory(ctx.pool, id, { showCosts: mayViewCosts(user) }, ctx.cache),
  ]);
  const events = eventsUpTo(stream, at);
  if (events.length === 0) throw notFound(requestNotYet);
  const state = foldRequest(events.map((e) => ({ type: e.type, data: e.data }) as RequestEvent));
  if (!state.registered) throw notFound(requestNotYet);
  const moment = new Date(at).toISOString();
  const view = await buildRequestView(
    ctx.pool,
    { state, revision: events[events.length - 1]!.revision },
    { userId: user.id, rights: user.rightsObject, fio: user.fio, scope: { all: true } },
    moment,
    ctx.cache,
  );
  // A past state is read-only: no actions, nothing editable.
  return {
    ...view,
    actions: [],
    editable: [],
    comments: comments.filter((c) => datedUpTo(c.date_time_d, at)),
    request_history: history.filter((h) => datedUpTo(h.date_time_d, at)),
  };
};

/** Spares stock (sets, their items, a request's spares) is for holders of the ZIP right only. */
const requireZip = (request: FastifyRequest) => requireRight(request, 'RIGHT_ZIP', RightValue.READ, RightValue.FULL);

/**
 * Regions whose people the caller may look up (engineers, contacts): every region with an ALL
 * read or create scope, or FULL access; else the regions of the units in their scopes and their own.
 */
export const visibleRegions = async (ctx: Pick<AppContext, 'pool'>, user: CurrentUser): Promise<number[] | null> => {
  const scopes = [scopeOf(user, 'RIGHT_REQUEST_READ'), scopeOf(user, 'RIGHT_REQUEST_CREATE')];
  if (user.accessLevel >= AccessLevel.FULL || scopes.some((s) => s.all)) return null;
  const units = [...new Set(scopes.flatMap((s) => (s.all ? [] : s.unitIds)))];
  const regions = units.length
    ? ((await ctx.pool.anyFirst(sql.unsafe`SELECT DISTINCT region_id FROM rm_units WHERE id = ANY(${sql.array(units, 'int4')})`)) as number[]).map(Number)
    : [];
  return [...new Set([...regions, ...(user.region_id == null ? [] : [user.region_id])])];
};

/**
 * Units the caller may list (GET /api/unit): every unit with FULL access or an ALL scope; a
 * REGION-level user the units of their regions; others the units of their request and tool scopes.
 */
export const visibleUnitIds = async (ctx: Pick<AppContext, 'pool'>, user: CurrentUser): Promise<number[] | null> => {
  const scopes = (['RIGHT_REQUEST_READ', 'RIGHT_REQUEST_CREATE', 'RIGHT_TOOLS_READ'] as const).map((k) => scopeOf(user, k));
  if (user.accessLevel >= AccessLevel.FULL || scopes.some((s) => s.all)) return null;
  const own = scopes.flatMap((s) => (s.all ? [] : s.unitIds));
  const regions = user.accessLevel >= AccessLevel.REGION ? await visibleRegions(ctx, user) : [];
  const inRegions = regions?.length
    ? ((await ctx.pool.anyFirst(sql.unsafe`SELECT id FROM rm_units WHERE region_id = ANY(${sql.array(regions, 'int4')})`)) as number[]).map(Number)
    : [];
  return [...new Set([...own, ...inRegions])];
};

const withoutCost = <T extends { cost?: unknown }>(items: readonly T[], show: boolean) =>
  show ? items : items.map(({ cost: _cost, ...rest }) => rest);

/** Request list, dialog and its per-tab lists (requests.md 7). */
export const requestQueryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const list = async (request: FastifyRequest) => {
    const { scope } = requestReadScope(request);
    const filter = requestFilterOf(request);
    const page = await listRequests(ctx.pool, filter, scope);
    if (!filter.export) return page;
    const allRequests: RequestListRow[] = [];
    for await (const batch of requestBatches(ctx.pool, filter, scope)) allRequests.push(...batch);
    return { ...page, allRequests };
  };
  // The filter parseRequestFilter reads: JSON in the path or the same fields in the query (filterOf).
  app.get('/api/request', documented({ query: requestListFilterSchema }), list);
  app.get('/api/request/:filter', documented({ params: { filter: requestListFilterSchema } }), list);

  /**
   * Everything the dialog shows, with the chat and history lists too (the same rows as their own
   * routes). Command answers (`savedRequest`) carry the view without these two lists.
   */
  app.get('/api/request_single/:id', async (request) => {
    const { user } = requestReadScope(request);
    const at = parseMoment((request.query as { at?: unknown } | undefined)?.at);
    if (at !== undefined) {
      // Today's existence and scope from the list row (cheap); the past state is folded from the stream.
      // Both are read at once (one round trip less); the past state is
      // answered only when the scope check passes, so nothing of it reaches an outside caller.
      const id = idParam((request.params as { id: string }).id);
      const past = requestAt(ctx, id, user, at);
      past.catch(() => undefined); // an out-of-scope caller gets the scope's 404, not this one
      if (!(await requestInScope(ctx.pool, id, scopeOf(user, 'RIGHT_REQUEST_READ')))) throw notFound(requestNotFound);
      return { request: await past, at: new Date(at).toISOString() };
    }
    const view = await requestView(ctx, idParam((request.params as { id: string }).id), user);
    const [comments, request_history] = await Promise.all([
      requestComments(ctx.pool, view.id!),
      requestHistory(ctx.pool, view.id!, { showCosts: mayViewCosts(user) }, ctx.cache),
    ]);
    return { request: { ...view, comments, request_history } };
  });

  /** The request's list row when the caller may see it, else 404 'Заявка не найдена'. */
  const visible = async (request: FastifyRequest) => {
    const { user, scope } = requestReadScope(request);
    const id = idParam((request.params as { id: string }).id);
    const row = await requestInScope(ctx.pool, id, scope);
    if (!row) throw notFound(requestNotFound);
    return { user, id, row };
  };
  const lists = async (id: number) => {
    const l = await requestLists(ctx.pool, id);
    if (!l) throw notFound(requestNotFound);
    return l;
  };

  app.get('/api/request_files/:section/:id', async (request) => {
    const section = fileSectionOf((request.params as { section: string }).section);
    if (!section) throw invalid('Неизвестный раздел файлов');
    const { id } = await visible(request);
    return { files: await requestFiles(ctx.pool, id, section) };
  });

  app.get('/api/request_docs/:id', async (request) => {
    const { id } = await visible(request);
    return { docs: await requestFiles(ctx.pool, id, 'documents') };
  });

  app.get('/api/request_engineers/:id', async (request) => {
    const { id } = await visible(request);
    const l = await lists(id);
    const names = await loadNames(ctx.pool, { users: l.engineers }, ctx.cache);
    return { engineers: l.engineers.map((uid) => ({ id: uid, fio: names.user(uid) })) };
  });

  app.get('/api/request_history/:id', async (request) => {
    const { user, id } = await visible(request);
    return { request_history: await requestHistory(ctx.pool, id, { showCosts: mayViewCosts(user) }, ctx.cache) };
  });

  app.get('/api/request_spares/:id', async (request) => {
    const { user, id } = await visible(request);
    requireZip(request);
    return { spares: withoutCost(await requestSpares(ctx.pool, id), mayViewCosts(user)) };
  });

  app.get('/api/request_spares_pbs/:id', async (request) => {
    const { user, id } = await visible(request);
    return { sparesPbs: withoutCost((await lists(id)).spares_pbs, mayViewCosts(user)) };
  });

  app.get('/api/request_works/:id', async (request) => {
    const { user, id } = await visible(request);
    return { works: withoutCost((await lists(id)).works, mayViewCosts(user)) };
  });

  /** Whom a chat message on the request may notify ('Уведомить'; the comment route notifies only these). */
  app.get('/api/request_recipients/:id', async (request) => {
    const { user, id } = await visible(request);
    const { state } = await loadRequestState(ctx.store, id);
    const candidates = await notifyRecipients(ctx, state, user.id);
    const names = await loadNames(ctx.pool, { users: candidates.map((c) => c.id) }, ctx.cache);
    return { recipients: candidates.map((c) => ({ id: c.id, fio: names.user(c.id) ?? `№ ${c.id}`, roles: c.roles })) };
  });

  app.get('/api/request_comments/:id', async (request) => {
    const { id } = await visible(request);
    return { comments: await requestComments(ctx.pool, id) };
  });

  app.get('/api/request_tools_commissioning/:id', async (request) => {
    const { id } = await visible(request);
    const tools = (await lists(id)).tools_commissioning;
    const names = await loadNames(ctx.pool, { tools: tools.map((t) => t.tool_id) }, ctx.cache);
    return { toolsCommissioning: tools.map((t) => ({ ...t, tool: names.tool(t.tool_id) })) };
  });

  /**
   * Executor picker (requests.md 6): engineers = active users with role 2 in the organisations of the
   * region; `?hotline=true`: hot line staff (hotline_worker), optionally those serving `program_id`.
   */
  /**
   * Registered contacts a request of a unit may name (contact kind 'from the system'): active
   * employees of the unit's organisation, for anyone who may create or read that unit's requests.
   */
  app.get('/api/request_contacts/:unitId', async (request) => {
    const user = userOfRequest(request);
    const unitId = idParam((request.params as { unitId: string }).unitId);
    if (!scopeIncludes(scopeOf(user, 'RIGHT_REQUEST_CREATE'), unitId) && !scopeIncludes(scopeOf(user, 'RIGHT_REQUEST_READ'), unitId))
      throw notFound('Объект не найден');
    const rows = await ctx.pool.any(sql.unsafe`
      SELECT u.id, u.fio, u.email, u.phone FROM rm_users u
      JOIN rm_units un ON un.id = ${unitId} AND NOT un.deleted
      JOIN rm_organizations o ON o.id = un.organization_id
      WHERE u.organization_id IN (o.id, o.host_id) AND NOT u.deleted AND NOT u.is_inactive AND NOT u.hotline_worker
      ORDER BY lower(u.fio), u.id`);
    return {
      contacts: rows.map((r) => ({ id: Number(r.id), fio: String(r.fio), email: (r.email as string | null) ?? null, phone: (r.phone as string | null) ?? null })),
    };
  });

  app.get('/api/engineers/:regionId', async (request) => {
    const { user } = requestReadScope(request);
    const q = (request.query ?? {}) as { hotline?: string; program_id?: string };
    const hotline = q.hotline === 'true' || q.hotline === '1';
    const regionId = idParam((request.params as { regionId: string }).regionId);
    const regions = await visibleRegions(ctx, user);
    // Another region's engineers are nobody's business but that region's and the whole network's.
    if (!hotline && regions && !regions.includes(regionId)) return { engineers: [] };
    const rows = hotline
      ? await ctx.pool.any(sql.unsafe`
          SELECT u.id, u.fio, u.email, u.phone, u.organization_id, NULL::text AS organization_name, u.post_id, u.users_programs
          FROM rm_users u
          WHERE u.hotline_worker AND NOT u.deleted AND NOT u.is_inactive
            ${q.program_id ? sql.fragment`AND ${idParam(q.program_id)} = ANY(u.users_programs)` : sql.fragment``}
          ORDER BY lower(u.fio), u.id`)
      : await ctx.pool.any(sql.unsafe`
          SELECT u.id, u.fio, u.email, u.phone, u.organization_id, o.name AS organization_name, u.post_id, u.users_programs
          FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
          WHERE o.region_id = ${regionId} AND 2 = ANY(u.users_roles)
            AND NOT u.deleted AND NOT u.is_inactive AND NOT u.hotline_worker
          ORDER BY lower(u.fio), u.id`);
    return {
      engineers: rows.map((r) => ({
        id: Number(r.id),
        fio: String(r.fio),
        email: r.email ?? null,
        phone: r.phone ?? null,
        organization_id: r.organization_id == null ? null : Number(r.organization_id),
        organization_name: r.organization_name ?? null,
        post_id: r.post_id == null ? null : Number(r.post_id),
        hotline_worker: hotline,
      })),
    };
  });

  /**
   * Spare search of the request dialog: items with a remainder in the region's sets. `request_id`
   * (the request being edited) gives the region of its unit and leaves out items it already holds.
   */
  const spares = async (request: FastifyRequest) => {
    const { user, scope } = requestReadScope(request);
    requireZip(request);
    const params = (request.params ?? {}) as { filter?: string };
    const query = (request.query ?? {}) as Record<string, unknown>;
    const f = parseFilter(params.filter !== undefined ? params.filter : query.filter !== undefined ? query.filter : query);
    const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : idParam(v));
    const requestId = num(f.request_id);
    let regionId = num(f.region_id);
    if (requestId !== null) {
      const row = await requestInScope(ctx.pool, requestId, scope);
      if (!row) throw notFound(requestNotFound);
      regionId ??= row.region_id;
    }
    const unitId = num(f.unit_id);
    if (regionId === null && unitId !== null)
      regionId = Number((await ctx.pool.maybeOneFirst(sql.unsafe`SELECT region_id FROM rm_units WHERE id = ${unitId}`)) ?? 0) || null;
    regionId ??= user.region_id;
    const title = typeof f.title === 'string' ? f.title.trim() : typeof f.text === 'string' ? f.text.trim() : null;
    const items = await searchSpares(ctx.pool, { region_id: regionId, title: title || null, excludeRequestId: requestId });
    return { spares: withoutCost(items, mayViewCosts(user)), region_id: regionId };
  };
  app.get('/api/spares_sets/:filter', spares);
};
