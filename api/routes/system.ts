import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { RightValue } from '../../domain/rights/values';
import type { AppContext } from '../context';
import { requireRight } from '../http/guard';
import { DATABASE_UNAVAILABLE } from '../http/database-errors';
import { reactionLags } from '../processor-lag';

const BUILD_DATE = '2026-11-22';

/** Health, application info, and what operators need to see: projections and jobs. */
export const systemRoutes = (app: FastifyInstance, ctx: AppContext) => {
  /**
   * 200 only when the database answers, its schema is there and no read model has stopped: a
   * stopped projection serves stale data to everyone, so monitoring must see it.
   */
  app.get('/api/health', async (_request, reply) => {
    let schema: boolean;
    try {
      schema = Boolean(await ctx.pool.oneFirst(sql.unsafe`
        SELECT to_regclass('projection_checkpoints') IS NOT NULL AND to_regclass('unique_values') IS NOT NULL`));
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: DATABASE_UNAVAILABLE });
    }
    if (!schema) return reply.status(503).send({ status: 'unavailable', message: 'Схема базы данных не создана' });
    const failed = ctx.runner.status().filter((p) => p.status === 'failed');
    if (failed.length)
      return reply.status(503).send({
        status: 'failed',
        message: failed.map((p) => `Проекция ${p.name} остановлена: ${p.error ?? 'ошибка'}`).join('; '),
        projections: failed,
      });
    // How far the reactions (mails, follow-up commands) are behind the log: not a failure, a detail.
    const reactions = ctx.config.eventStoreUrl ? [] : await reactionLags(ctx.pool, ctx.runner.status()).catch(() => []);
    return { status: 'ok', version: ctx.config.appVersion, reactions };
  });

  app.get('/api/app_info', async () => ({
    title: 'Служба ИТ-поддержки судов',
    version: ctx.config.appVersion,
    infoVersion: '0.0.20',
    date: BUILD_DATE,
    supportPhone: ctx.config.supportPhone,
  }));

  /** Every projection and reaction: state (failed with its error and event), position. */
  app.get('/api/system/projections', async (request) => {
    requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    return { projections: ctx.runner.status() };
  });

  /** Job status for operators: counts and the latest failed jobs with their reasons. */
  app.get('/api/system/jobs', async (request) => {
    requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const q = request.query as { state?: string };
    const states = q.state ? q.state.split(',') : ['failed'];
    return { counts: await ctx.jobs.counts(), jobs: await ctx.jobs.list(states, 100) };
  });
};
