import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { allProjections } from '../../../projections/registry';
import { verifyReadModels } from '../../../api/cli/verify-read-models';
import { startTestApp, type TestApp } from '../../support/app';
import { demoFacts, registerRepair } from '../requests/helpers';

/** `npm run projections:verify` (decisions 97–99): none on a healthy installation, the tampered row when one was changed. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('verifying the read models against the log', () => {
  it('finds no difference after real work, then names a row changed behind the log\'s back', async () => {
    const court = await t.signIn('court');
    const saved = (await registerRepair(court, await demoFacts(t))).json().savedRequest as { id: number };
    await t.settled();
    const { ctx } = t.server;
    const healthy = await verifyReadModels(ctx.pool, ctx.store, allProjections());
    expect(healthy.events).toBeGreaterThan(0);
    expect(healthy.differences).toEqual([]);

    await ctx.pool.query(sql.unsafe`UPDATE rm_requests SET request_text = 'подменено' WHERE id = ${saved.id}`);
    const tampered = await verifyReadModels(ctx.pool, ctx.store, allProjections());
    expect(tampered.differences.map((d) => [d.table, d.onlyLive, d.onlyShadow])).toEqual([['rm_requests', 1, 1]]);
    expect(tampered.differences[0]!.samples.join('\n')).toContain('подменено');
  });
});
