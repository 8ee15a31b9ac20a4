import type { AppContext } from '../context';
import { seedDemoData } from './demo-data';
import { seedLivingDemo } from './demo-living';
import { seedDemoHotlineAccount } from './demo-hotline-account';
import { setDemoSink } from '../../projections/outbox/store';
import { seedInitialData, type FirstAdministrator } from './initial-data';
import { settle } from './settle';
import { firstStartState, interruptedSeed, markFirstStart } from './first-start';

/** What an empty database was given on this start. */
export type SeedOutcome = { readonly kind: 'demo' } | ({ readonly kind: 'initial' } & FirstAdministrator);

/**
 * Seeds an empty event log (a fresh database), whichever store keeps it: the demo data with its known
 * password when config.demo (the embedded database, or DEMO=1), else the references and one
 * administrator with a generated password (a real installation on DATABASE_URL). Null: not empty.
 */
export const seedIfEmpty = async (ctx: AppContext, options: { livingDemo?: boolean } = {}): Promise<SeedOutcome | null> => {
  // Several processes starting together hold the start lock (api/db/start-lock.ts) around this.
  const state = await firstStartState(ctx.pool);
  if (await ctx.store.headPosition()) {
    if (state === 'seeding') throw interruptedSeed(ctx.config);
    return null;
  }
  await markFirstStart(ctx.pool, 'seeding');
  let outcome: SeedOutcome;
  if (ctx.config.demo) {
    // The demo's history never mails or calls the outside: its outgoing items go to the demo sink
    // until every processor (the reactions too) has handled the seed's events.
    await setDemoSink(ctx.pool, true);
    try {
      await seedDemoData(ctx);
      // A few weeks of requests on top (npm start); the test templates keep the plain demo data.
      if (options.livingDemo) {
        await seedLivingDemo(ctx);
        await seedDemoHotlineAccount(ctx);
      }
      await settle(ctx, 600_000);
    } finally {
      await setDemoSink(ctx.pool, false);
    }
    outcome = { kind: 'demo' };
  } else outcome = { kind: 'initial', ...(await seedInitialData(ctx)) };
  await markFirstStart(ctx.pool, 'done');
  return outcome;
};
