import { sql } from 'slonik';
import type { AppContext } from '../context';
import { seedDemoData } from './demo-data';

/** Seeds the demo data when the event log is empty (a fresh database). */
export const seedIfEmpty = async (ctx: AppContext): Promise<boolean> => {
  const any = await ctx.pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM es_events LIMIT 1`);
  if (any) return false;
  await seedDemoData(ctx);
  return true;
};
