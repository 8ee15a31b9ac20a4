import type { FastifyInstance } from 'fastify';
import { RightValue } from '../../domain/rights/values';
import { objectBody } from '../../domain/shared/primitives';
import { deleteVersionEntry, readVersionHistory, saveVersionEntry } from '../../commands/app-version/versions';
import type { AppContext } from '../context';
import { commandContext, idParam, requireRight, userOf } from '../http/guard';
import { actorOf } from '../auth/current-user';
import { z } from 'zod';
import { documented } from '../http/route-registry';
import { versionEntrySchema } from '../../domain/app-version/schemas';

/**
 * The version history of /about (administration.md 2.10, 7 'GET/POST /api/versions-history'):
 * every signed-in user reads it, FULL RIGHT_APP_VERSIONS_EDIT adds, edits (PUT) and deletes.
 */
export const appVersionRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/versions-history', async (request) => {
    userOf(request);
    return { versions: (await readVersionHistory(ctx)).entries };
  });

  // The entry under `version` (or the body itself, as older clients sent it); the decider parses it.
  const versionBody = documented({ body: z.object({ version: versionEntrySchema }) });
  const save = async (id: number | null, raw: unknown, request: Parameters<typeof userOf>[0]) => {
    const user = requireRight(request, 'RIGHT_APP_VERSIONS_EDIT', RightValue.FULL);
    const body = objectBody(raw);
    const r = await saveVersionEntry(ctx, id, body.version ?? body, actorOf(user), commandContext(request));
    const entry = (await readVersionHistory(ctx)).entries.find((x) => x.id === r.id) ?? null;
    return { message: 'Сохранено', id: r.id, version: entry };
  };
  app.post('/api/versions-history', versionBody, async (request) => save(null, request.body, request));
  app.put('/api/versions-history/:id', versionBody, async (request) => save(idParam((request.params as { id: string }).id), request.body, request));

  app.delete('/api/versions-history/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_APP_VERSIONS_EDIT', RightValue.FULL);
    await deleteVersionEntry(ctx, idParam((request.params as { id: string }).id), actorOf(user), commandContext(request));
    return { message: 'Удалено' };
  });
};
