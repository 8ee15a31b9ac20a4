import type { AppContext } from '../context';
import { seedDemoData } from './demo-data';

/** Seeds the demo data when the event log is empty (a fresh database), whichever store keeps it. */
export const seedIfEmpty = async (ctx: AppContext): Promise<boolean> => {
  if (await ctx.store.headPosition()) return false;
  await seedDemoData(ctx);
  return true;
};
