import type { FastifyInstance } from 'fastify';
import { sql } from 'slonik';
import { RightValue } from '../../domain/rights/values';
import type { AppContext } from '../context';
import { requireRight } from '../http/guard';

const BUILD_DATE = '2026-11-22';

/** Health, application info, and what operators need to see: projections and jobs. */
export const systemRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/health', async (_request, reply) => {
    try {
      await ctx.pool.oneFirst(sql.unsafe`SELECT 1`);
      return { status: 'ok', version: ctx.config.appVersion };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'База данных недоступна' });
    }
  });

  app.get('/api/app_info', async () => ({
    title: 'Служба ИТ-поддержки судов',
    version: ctx.config.appVersion,
    infoVersion: '0.0.20',
    date: BUILD_DATE,
    supportPhone: ctx.config.supportPhone,
  }));

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
