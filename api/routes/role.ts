import type { FastifyInstance } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { notFound } from '../../domain/shared/errors';
import { deleteRole, saveRole } from '../../commands/role/roles';
import { getRole, listRoles } from '../../projections/role/queries';
import type { AppContext } from '../context';
import { commandContext, idParam, requireRight } from '../http/guard';
import { actorOf } from '../auth/current-user';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { roleSchema } from '../../domain/role/decider';

/** PUT may carry only access_level or only the rights object; `role` wraps a full role. */
const roleInput = (body: unknown): Record<string, unknown> => {
  const b = (body ?? {}) as Record<string, unknown>;
  const src = (b.role && typeof b.role === 'object' ? b.role : b) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ['title', 'role_order', 'role_is_hotline', 'access_level']) if (k in src) out[k] = src[k];
  const rights = src.rightsObject ?? src.rights_object;
  if (rights !== undefined) out.rightsObject = rights;
  return out;
};

// The decider parses the role (merged over the current one for PUT) with roleSchema.
const roleBody = documented({ body: z.object({ role: roleSchema }) });

export const roleRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/roles', async (request) => {
    const user = requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    return { roles: await listRoles(ctx.pool, user.accessLevel) };
  });

  app.post('/api/roles', roleBody, async (request) => {
    const user = requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const r = await saveRole(ctx, null, roleInput(request.body), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Сохранено', id: r.id, role: await getRole(ctx.pool, r.id) };
  });

  app.put('/api/roles/:id', roleBody, async (request) => {
    const user = requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    if (!(await getRole(ctx.pool, id))) throw notFound('Роль не найдена');
    const r = await saveRole(ctx, id, roleInput(request.body), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Сохранено', id, role: await getRole(ctx.pool, id) };
  });

  app.delete('/api/roles/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const r = await deleteRole(ctx, idParam((request.params as { id: string }).id), actorOf(user), commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Удалено' };
  });
};
