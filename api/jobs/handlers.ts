import type { AppContext } from '../context';
import { registerMailJob } from './mail';

/** Registers every job handler with the queue (mail, outside calls, documents). */
export const registerJobHandlers = (ctx: AppContext): void => {
  registerMailJob(ctx.jobs, ctx.config, ctx.log);
};
