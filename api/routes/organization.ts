import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasFull } from '../../domain/rights/rights';
import { RightValue } from '../../domain/rights/values';
import { invalid, notFound } from '../../domain/shared/errors';
import { deleteOrganization, moveUnit, saveOrganization } from '../../commands/organization/organizations';
import { getOrganization, listOrganizations, listUnits } from '../../projections/organization/queries';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { commandContext, filterId, filterOf, filterText, idParam, requireRight, userOf } from '../http/guard';
import { actorOf } from '../auth/current-user';
import { visibleUnitIds } from './request-queries';
import { secretBox } from '../../commands/hotline/secret-box';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { organizationSchema, unitMoveSchema, unitsSchema } from '../../domain/organization/schemas';
import { objectBody } from '../../domain/shared/primitives';
import { parseOrThrow } from '../../domain/shared/validation';

const bool = (v: unknown) => (v === undefined || v === '' ? null : v === 'true' || v === '1' || v === true);

/** Organisations with their buildings, the host relation and moving buildings (administration.md 2.8, 7). */
// The decider parses the organisation and its buildings (domain/organization/decider.ts).
const organizationBody = documented({ body: z.object({ organization: organizationSchema, units: unitsSchema.optional() }) });

export const organizationRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // Hot line passwords are stored sealed (decisions 68–71); holders of RIGHT_HOTLINE_PASS are shown them in clear.
  const box = secretBox(ctx.config.hotlineSecretKey);
  const revealed = <T extends { hot_line_password?: unknown } | null>(o: T): T =>
    o && typeof o.hot_line_password === 'string' ? { ...o, hot_line_password: box.reveal(o.hot_line_password) } : o;

  app.get('/api/organization', async (request) => {
    const user = userOf(request);
    const q = filterOf(request);
    const page = await listOrganizations(ctx.pool, {
      region_id: filterId(q.region_id, 'region_id'),
      host_id: filterId(q.host_id, 'host_id'),
      is_host: bool(q.is_host),
      name: filterText(q.name, 'name'),
      vncode: filterText(q.vncode, 'vncode'),
      pageNumber: q.pageNumber ? pageNumberOf(q.pageNumber) : null,
      withHotlineSecrets: hasFull(user.rightsObject, 'RIGHT_HOTLINE_PASS'),
    });
    return { organizations: page.items.map((o) => revealed(o as { hot_line_password?: unknown })), pagesCount: page.pagesCount, itemsCount: page.itemsCount };
  });

  app.get('/api/organization/:id', async (request) => {
    const user = userOf(request);
    const org = await getOrganization(ctx.pool, idParam((request.params as { id: string }).id), hasFull(user.rightsObject, 'RIGHT_HOTLINE_PASS'));
    if (!org) throw notFound('Организация не найдена');
    return { organization: revealed(org as { hot_line_password?: unknown }) };
  });

  const save = async (id: number | null, request: FastifyRequest) => {
    const user = requireRight(request, 'RIGHT_ORGANIZATIONS', RightValue.FULL);
    const body = (request.body ?? {}) as { organization?: unknown; units?: unknown };
    if (!body.organization || typeof body.organization !== 'object') throw invalid('Нет данных организации в запросе');
    const r = await saveOrganization(ctx, id, body.organization, body.units ?? [], actorOf(user), commandContext(request), undefined, box.seal ?? undefined);
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Организация сохранена', id: r.id, organization: revealed((await getOrganization(ctx.pool, r.id, hasFull(user.rightsObject, 'RIGHT_HOTLINE_PASS'))) as { hot_line_password?: unknown } | null) };
  };
  app.post('/api/organization', organizationBody, async (request) => save(null, request));
  app.put('/api/organization/:id', organizationBody, async (request) => save(idParam((request.params as { id: string }).id), request));

  app.delete('/api/organization/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_ORGANIZATIONS', RightValue.FULL);
    const r = await deleteOrganization(ctx, idParam((request.params as { id: string }).id), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Организация удалена' };
  });

  app.get('/api/unit', async (request) => {
    const unitIds = await visibleUnitIds(ctx, userOf(request));
    return { units: await listUnits(ctx.pool, { unitIds }) };
  });

  /** Moves a building to another organisation (payload organization_id). */
  app.post('/api/update_unit_attr/:unitId', documented({ body: unitMoveSchema }), async (request) => {
    const user = requireRight(request, 'RIGHT_ORGANIZATIONS', RightValue.FULL);
    const to = parseOrThrow(unitMoveSchema, objectBody(request.body ?? {})).organization_id;
    const r = await moveUnit(ctx, idParam((request.params as { unitId: string }).unitId), to, actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Сохранено' };
  });
};
