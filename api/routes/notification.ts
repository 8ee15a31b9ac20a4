import type { FastifyInstance } from 'fastify';
import { createNotifications, markNotificationRead, markRequestNotificationsRead } from '../../commands/notification/notifications';
import { createNotificationsSchema, notificationIdSchema, notificationUpdateSchema } from '../../domain/notification';
import { objectBody } from '../../domain/shared/primitives';
import { parseOrThrow } from '../../domain/shared/validation';
import { invalid } from '../../domain/shared/errors';
import { loadVisible } from '../../commands/request/load';
import { requestReadScope } from './request-queries';
import { scopeOf } from '../auth/current-user';
import type { AppContext } from '../context';
import { commandContext, idParam, userOf } from '../http/guard';
import { documented, noBody } from '../http/route-registry';

/** Writes on notifications (administration.md 2.4, 7); the list is in notification-queries.ts. */
export const notificationRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.put('/api/notifications/:id', documented({ params: { id: notificationIdSchema }, body: notificationUpdateSchema }), async (request) => {
    const user = userOf(request);
    const { id } = request.params as { id: string };
    if (!notificationIdSchema.safeParse(id).success) throw invalid('Неверный идентификатор уведомления');
    parseOrThrow(notificationUpdateSchema, objectBody(request.body ?? {}));
    const r = await markNotificationRead(ctx, user.id, id, commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Сохранено' };
  });

  /** Opening a request's chat tab marks its notifications read. */
  app.put('/api/notifications/request/:requestId', documented({ body: noBody }), async (request) => {
    const user = userOf(request);
    const requestId = idParam((request.params as { requestId: string }).requestId);
    // A request the caller may not see does not exist for them: 404, nothing written.
    await loadVisible(ctx, { readScope: scopeOf(user, 'RIGHT_REQUEST_READ') }, requestId);
    const r = await markRequestNotificationsRead(ctx, user.id, requestId, commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Сохранено' };
  });

  /**
   * Notices about a request for chosen users: only about a request the caller may read, and only
   * to active accounts (checked by the command).
   */
  app.post('/api/create_notifications', documented({ body: createNotificationsSchema }), async (request) => {
    const { user, scope } = requestReadScope(request);
    const body = parseOrThrow(createNotificationsSchema, objectBody(request.body ?? {}));
    const requestId = body.requestId;
    await loadVisible(ctx, { readScope: scope }, requestId);
    const r = await createNotifications(ctx, {
      notificationType: body.notificationType,
      requestId,
      usersIds: body.usersIds,
      notificationInfo: body.notificationInfo,
    }, commandContext(request));
    await ctx.consistency.afterCommand(user.id, r.position);
    return { message: 'Уведомления отправлены', id: r.id };
  });
};
