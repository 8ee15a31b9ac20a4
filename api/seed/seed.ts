import type { AppContext } from '../context';
import { seedDemoData } from './demo-data';
import { seedLivingDemo } from './demo-living';
import { seedInitialData, type FirstAdministrator } from './initial-data';

/** What an empty database was given on this start. */
export type SeedOutcome = { readonly kind: 'demo' } | ({ readonly kind: 'initial' } & FirstAdministrator);

/**
 * Seeds an empty event log (a fresh database), whichever store keeps it: the demo data with its known
 * password when config.demo (the embedded database, or DEMO=1), else the references and one
 * administrator with a generated password (a real installation on DATABASE_URL). Null: not empty.
 */
export const seedIfEmpty = async (ctx: AppContext, options: { livingDemo?: boolean } = {}): Promise<SeedOutcome | null> => {
  if (await ctx.store.headPosition()) return null;
  if (ctx.config.demo) {
    await seedDemoData(ctx);
    // A few weeks of requests on top (npm start); the test templates keep the plain demo data.
    if (options.livingDemo) await seedLivingDemo(ctx);
    return { kind: 'demo' };
  }
  return { kind: 'initial', ...(await seedInitialData(ctx)) };
};
