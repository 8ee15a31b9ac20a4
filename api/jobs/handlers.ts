import type { AppContext } from '../context';
import { registerMailJob } from './mail';
import { registerHotlineJobs } from '../routes/hotline';

/** Registers every job handler with the queue (mail, outside calls, documents). */
export const registerJobHandlers = (ctx: AppContext): void => {
  registerMailJob(ctx.jobs, ctx.config, ctx.log);
  registerHotlineJobs(ctx);
};
