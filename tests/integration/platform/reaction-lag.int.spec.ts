import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactionLags } from '../../../api/processor-lag';
import { startTestApp, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('reactions in the health details', () => {
  it('health names every reaction with how far it is behind: nothing once caught up', async () => {
    await t.settled();
    for (const name of t.server.ctx.runner.status().filter((p) => p.name.startsWith('reaction:')).map((p) => p.name)) await t.server.ctx.runner.catchUp(name);
    const res = await t.anonymous.get('/api/health');
    expect(res.statusCode).toBe(200);
    const reactions = res.json().reactions as Array<{ name: string; behind: number; lagSeconds: number }>;
    expect(reactions.map((r) => r.name)).toEqual(expect.arrayContaining(['reaction:engineer-mail', 'reaction:tool-state-after-repair']));
    for (const r of reactions) expect(r, r.name).toMatchObject({ behind: 0, lagSeconds: 0 });
  });

  it('a reaction at the start of the log is behind by every event, aged by the oldest', async () => {
    const pool = t.server.ctx.pool;
    const total = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
    await pool.query(sql.unsafe`UPDATE es_events SET created_at = now() - interval '1 hour' WHERE global_position = (SELECT min(global_position) FROM es_events)`);
    const [lag] = await reactionLags(pool, [{ name: 'reaction:engineer-mail', status: 'running', position: 'start', error: null, event: null }]);
    expect(lag).toMatchObject({ name: 'reaction:engineer-mail', behind: total });
    expect(lag!.lagSeconds).toBeGreaterThanOrEqual(3600);
  });
});
