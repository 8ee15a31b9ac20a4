import type { FastifyInstance } from 'fastify';
import { HOME_WEEKS, STALE_DAYS, type HomeData, type HomeNumber, type HomeTarget } from '../../domain/home/contracts';
import { PerformerKind, RequestStatus, statusTitle } from '../../domain/request';
import { parseRequestFilter, type RequestListQuery } from '../../domain/request/list-filter';
import { hasFull, hasOwnOrAll } from '../../domain/rights/rights';
import { signingRightOf } from '../../domain/signing/decider';
import { signerKinds } from '../../domain/signing/events';
import { openByEngineer, recentRequestsOf, unreadNotifications, weeklyCounts } from '../../projections/home/queries';
import { countRequests } from '../../projections/request/list/queries';
import { listSignFiles } from '../../projections/signing/queries';
import { scopeOf } from '../auth/current-user';
import type { AppContext } from '../context';
import { userOf } from '../http/guard';

/** The statuses of a request still open at the branch (no result yet). */
const OPEN = [RequestStatus.WAITING_ASSIGNMENT, RequestStatus.WAITING_ENGINEER, RequestStatus.PERFORMING];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * GET /api/home (administration.md 2.1 'Home'): the signed-in user's numbers from the read models,
 * each block only with the right its list needs. A request number is counted with the very filter its
 * link opens the list with (countRequests is the list's own count), over every registration date.
 */
export const homeRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/home', async (request): Promise<HomeData> => {
    const user = userOf(request);
    const rights = user.rightsObject;
    const now = new Date();
    const today = isoDay(now);
    const every = { date_beg: '2000-01-01', date_end: `${today.slice(0, 4)}-12-31` };
    const readsRequests = hasOwnOrAll(rights, 'RIGHT_REQUEST_READ');
    const scope = scopeOf(user, 'RIGHT_REQUEST_READ');

    const requestNumber = async (key: string, title: string, list: 'requests' | 'hotLine', query: RequestListQuery): Promise<HomeNumber> => {
      const filter = { ...every, ...query };
      const to: HomeTarget = { kind: 'requests', list, filter };
      return { key, title, count: await countRequests(ctx.pool, parseRequestFilter(filter, today), scope), to };
    };

    const mine: Array<Promise<HomeNumber>> = [];
    if (readsRequests) {
      // 'На повторное исполнение' moves a request back to WAITING_ENGINEER: the returned ones are counted
      // apart from the newly assigned, so the three numbers never count a request twice.
      const waiting = { engineer_id: user.id, request_statuses_ids: [RequestStatus.WAITING_ENGINEER] };
      mine.push(requestNumber('assigned', 'Назначены мне, не приняты', 'requests', { ...waiting, returned: false }));
      mine.push(requestNumber('performing', 'Исполняю', 'requests', { engineer_id: user.id, request_statuses_ids: [RequestStatus.PERFORMING] }));
      mine.push(requestNumber('returned', 'Возвращены на повторное исполнение', 'requests', { ...waiting, returned: true }));
      if (hasFull(rights, 'RIGHT_REQUEST_HOTLINE_EDIT')) {
        const senior = { request_performer_kind: PerformerKind.SENIOR };
        mine.push(requestNumber('hotlineWaiting', 'Ожидают ГЛ', 'hotLine', { ...senior, request_statuses_ids: [RequestStatus.HOT_LINE_WAITING] }));
        mine.push(
          requestNumber('hotlinePerforming', 'Исполняю как ГЛ', 'hotLine', { ...senior, hotline_engineer_id: user.id, request_statuses_ids: [RequestStatus.HOT_LINE_PERFORMING] }),
        );
      }
    }

    const inbox: Array<Promise<HomeNumber>> = [];
    const signer = signerKinds.some((k) => hasFull(rights, signingRightOf[k]));
    const signingAdmin = hasFull(rights, 'RIGHT_SETTINGS');
    if (signer || signingAdmin)
      inbox.push(
        listSignFiles(ctx.pool, { userId: signingAdmin ? null : user.id, me: user.id, kinds: [], unsignedOnly: true, page: 1, pageSize: 1 }).then((r) => ({
          key: 'documents',
          title: 'Документы на подпись',
          count: r.itemsCount,
          to: { kind: 'documents', unsignedOnly: true },
        })),
      );
    inbox.push(unreadNotifications(ctx.pool, user.id).then((count) => ({ key: 'notifications', title: 'Непрочитанные уведомления', count, to: { kind: 'notifications', unreadOnly: true } })));

    // A branch chief: who may cancel the branch's execution (requests.md; the demo role 'Руководитель филиала').
    const chief = readsRequests && hasFull(rights, 'RIGHT_REQUEST_RESUME');
    const branch = chief
      ? (async () => {
          const byStatus = await Promise.all(
            OPEN.map((s) => requestNumber(`status-${s}`, statusTitle(s), 'requests', { request_statuses_ids: [s] })),
          );
          const engineers = await openByEngineer(ctx.pool, scope, OPEN, every.date_beg, every.date_end);
          const byEngineer = engineers.map((e) => ({
            key: `engineer-${e.id}`,
            title: e.fio,
            count: e.count,
            to: { kind: 'requests', list: 'requests', filter: { ...every, engineer_id: e.id, request_statuses_ids: OPEN } } as HomeTarget,
          }));
          const cutoff = isoDay(new Date(now.getTime() - STALE_DAYS * 86_400_000));
          const stale = await requestNumber('stale', `Без результата дольше ${STALE_DAYS} дней`, 'requests', { request_statuses_ids: OPEN, date_end: cutoff });
          return { byStatus, byEngineer, stale };
        })()
      : Promise.resolve(null);

    const [mineDone, inboxDone, recent, branchDone, weeks] = await Promise.all([
      Promise.all(mine),
      Promise.all(inbox),
      readsRequests ? recentRequestsOf(ctx.pool, user.id, scope) : Promise.resolve(null),
      branch,
      readsRequests ? weeklyCounts(ctx.pool, scope, today, HOME_WEEKS) : Promise.resolve(null),
    ]);
    return { mine: mineDone, inbox: inboxDone, recent, branch: branchDone, weeks };
  });
};
