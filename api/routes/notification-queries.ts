import type { FastifyInstance } from 'fastify';
import { NotificationState } from '../../domain/notification';
import { forbidden, invalid } from '../../domain/shared/errors';
import { userNotifications, userNotificationsPage } from '../../projections/notification/queries';
import { pageNumberOf } from '../../projections/support/paging';
import type { AppContext } from '../context';
import { idParam, userOf } from '../http/guard';

/**
 * GET /api/notifications/{userId}[?state=1|2|all] -> { notifications }, newest first. Only the
 * caller's own (403 for another user's id); by default the new ones (state 1), as the bell shows.
 * With ?pageNumber=N: one page of 20 -> { notifications, pagesCount, itemsCount }, of every state
 * unless ?state=1|2 names one (the page's 'Только новые'); another state is a 400.
 */
/** The paged list's state: absent or 'all' every state, '1' the new ones, '2' the read ones. */
const pageStateOf = (state: string | undefined): number | null => {
  if (state === undefined || state === '' || state === 'all') return null;
  if (state === String(NotificationState.NEW)) return NotificationState.NEW;
  if (state === String(NotificationState.READ)) return NotificationState.READ;
  throw invalid('Состояние уведомлений: 1 (новые), 2 (прочитанные) или all (все)');
};

export const notificationQueryRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/notifications/:userId', async (request) => {
    const user = userOf(request);
    const userId = idParam((request.params as { userId: string }).userId);
    if (userId !== user.id) throw forbidden('Уведомления другого пользователя недоступны');
    const query = (request.query as { state?: string; pageNumber?: string } | null) ?? {};
    // The /notifications page: every state, 20 a page, with the counts.
    if (query.pageNumber !== undefined) {
      const page = await userNotificationsPage(ctx.pool, userId, pageNumberOf(query.pageNumber), pageStateOf(query.state));
      return { notifications: page.items, pagesCount: page.pagesCount, itemsCount: page.itemsCount };
    }
    const state = String(query.state ?? NotificationState.NEW);
    const states = state === 'all' ? null : [Number(state) === NotificationState.READ ? NotificationState.READ : NotificationState.NEW];
    return { notifications: await userNotifications(ctx.pool, userId, states) };
  });
};
