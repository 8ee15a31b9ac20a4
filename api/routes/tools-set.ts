import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { invalid } from '../../domain/shared/errors';
import { objectBody } from '../../domain/shared/primitives';
import { deleteToolsSet, saveToolsSet } from '../../commands/tool/sets';
import type { AppContext } from '../context';
import { actorOf, scopeOf } from '../auth/current-user';
import { commandContext, idParam, requireRight } from '../http/guard';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { toolSchema, toolsSetSchema } from '../../domain/tool/schemas';

const revisionOf = (set: unknown): number | null => {
  const raw = set && typeof set === 'object' ? (set as Record<string, unknown>).revision : undefined;
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < -1) throw invalid('Неверная версия записи');
  return n;
};

/**
 * Set writes of equipment.md 7: a set saves with its tools in one decision (`toolsSet`, `tools`,
 * `oldToolsIds`; the set stream decides membership, so `oldToolsIds` is only the client's view);
 * deleting a set keeps its tools.
 */
export const toolsSetRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // saveToolsSet parses the set and each tool's card (the day bounds dates only).
  const docDay = new Date().toISOString().slice(0, 10);
  const setBody = documented({ body: z.object({ toolsSet: toolsSetSchema(docDay), tools: z.array(toolSchema(docDay)) }) });
  // `oldToolsIds` is the client's view only (the set stream decides membership): not read.
  const writer = (request: FastifyRequest) => {
    const user = requireRight(request, 'RIGHT_TOOLS_WRITE', RightValue.FULL);
    return { user, scope: scopeOf(user, 'RIGHT_TOOLS_READ') };
  };

  const save = async (request: FastifyRequest, id: number | null) => {
    const { user, scope } = writer(request);
    const body = objectBody(request.body);
    const r = await saveToolsSet(ctx, { id, toolsSet: body.toolsSet, tools: body.tools, actor: actorOf(user), scope, revision: revisionOf(body.toolsSet) }, commandContext(request));
    ctx.consistency.recordWrite(user.id, r.position);
    return { message: 'Сохранено', id: r.id };
  };

  app.post('/api/tools_sets', setBody, (request) => save(request, null));
  app.put('/api/tools_sets/:id', setBody, (request) => save(request, idParam((request.params as { id: string }).id)));
  app.delete('/api/tools_sets/:id', async (request) => {
    const { user, scope } = writer(request);
    const r = await deleteToolsSet(ctx, idParam((request.params as { id: string }).id), actorOf(user), scope, commandContext(request));
    ctx.consistency.recordWrite(user.id, r.position);
    return { message: 'Удалено' };
  });
};
