import type { FastifyInstance } from 'fastify';
import { NotificationState } from '../../domain/notification';
import { forbidden } from '../../domain/shared/errors';
import { userNotifications } from '../../projections/notification/queries';
import type { AppContext } from '../context';
import { idParam, userOf } from '../http/guard';

/**
 * GET /api/notifications/{userId}[?state=1|2|all] -> { notifications }, newest first. Only the
 * caller's own (403 for another user's id); by default the new ones (state 1), as the bell shows.
 */
export const notificationQueryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/notifications/:userId', async (request) => {
    const user = userOf(request);
    const userId = idParam((request.params as { userId: string }).userId);
    if (userId !== user.id) throw forbidden('Уведомления другого пользователя недоступны');
    const state = String((request.query as { state?: string } | null)?.state ?? NotificationState.NEW);
    const states = state === 'all' ? null : [Number(state) === NotificationState.READ ? NotificationState.READ : NotificationState.NEW];
    return { notifications: await userNotifications(ctx.pool, userId, states) };
  });
};
