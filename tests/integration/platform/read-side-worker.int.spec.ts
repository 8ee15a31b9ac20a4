import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool } from '../../../infrastructure/db/pool';
import { positionToString } from '../../../infrastructure/eventstore/port';
import { WorkerReadSide } from '../../../processors/worker-read-side';
import { startTestApp, type TestApp } from '../../support/app';
import { startSmtpSink } from '../../support/smtp-sink';
import { demoFacts, registerRepair } from '../requests/helpers';

// READ_SIDE=worker end to end: the projections and reactions in a worker thread, the server answering
// read-your-own-writes from what the worker reports.
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let readSide: WorkerReadSide;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: sink.url, env: { READ_SIDE: 'worker' } });
  expect(t.server.ctx.runner).toBeInstanceOf(WorkerReadSide);
  readSide = t.server.ctx.runner as WorkerReadSide;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const mailsOf = (number: number) => sink.received.filter((m) => m.subject.includes(`№${number}:`));
const waitUntil = async (what: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await what()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return what();
};

describe('the read side in a worker thread (READ_SIDE=worker)', () => {
  it('the writer sees a new request in the list at once, and the worker’s reaction mails the engineers', async () => {
    const facts = await demoFacts(t);
    const court = await t.signIn('court');
    const res = await registerRepair(court, facts);
    expect(res.statusCode, res.body).toBe(200);
    const { id, number } = res.json().savedRequest as { id: number; number: number };
    // The very next call of the same user waits for the worker's projections, not a poll interval.
    const list = await court.get(`/api/request/${encodeURIComponent(JSON.stringify({ units_ids: [facts.courtUnit] }))}`);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { requests: Array<{ id: number }> }).requests.map((r) => r.id)).toContain(id);
    // The engineer-mail reaction ran in the worker; the mail job ran in the server.
    expect(await waitUntil(() => mailsOf(number).length > 0, 20_000)).toBe(true);
    expect(mailsOf(number)).toHaveLength(1);
  });

  it('health and the projections page show the worker’s processors and positions', async () => {
    await t.settled();
    const head = positionToString(await t.server.ctx.store.headPosition());
    const status = t.server.ctx.runner.status();
    expect(status.map((s) => s.name)).toEqual(expect.arrayContaining(['reaction:engineer-mail', ...t.server.ctx.runner.projectionNames()]));
    expect(t.server.ctx.runner.projectionNames().length).toBeGreaterThan(5);
    expect(await waitUntil(() => t.server.ctx.runner.status().every((s) => s.status === 'running' && s.position === head), 5_000)).toBe(true);
    expect((await t.anonymous.get('/api/health')).statusCode).toBe(200);
  });

  it('a crashed worker is reported (health 503), restarted, and the read side goes on', async () => {
    await readSide.kill();
    expect(await waitUntil(() => t.server.ctx.runner.status().every((s) => s.status === 'failed'), 2_000)).toBe(true);
    const down = await t.anonymous.get('/api/health');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toContain('поток обработки проекций завершился');
    // Restarted after a second: the health is back and new writes reach the read models again.
    expect(await waitUntil(async () => (await t.anonymous.get('/api/health')).statusCode === 200, 15_000)).toBe(true);
    const facts = await demoFacts(t);
    const court = await t.signIn('court');
    const res = await registerRepair(court, facts);
    expect(res.statusCode, res.body).toBe(200);
    const { id, number } = res.json().savedRequest as { id: number; number: number };
    const single = await court.get(`/api/request_single/${id}`);
    expect(single.statusCode, single.body).toBe(200);
    expect(await waitUntil(() => mailsOf(number).length > 0, 20_000)).toBe(true);
  });

  it('closing the server stops the worker with every checkpoint stored at the head', async () => {
    const court = await t.signIn('court');
    const res = await registerRepair(court, await demoFacts(t));
    expect(res.statusCode, res.body).toBe(200);
    await t.settled();
    const head = positionToString(await t.server.ctx.store.headPosition());
    const names = t.server.ctx.runner.projectionNames();
    await t.server.close();
    // The server's pool is closed: read the checkpoints over a connection of the test's own.
    const own = await createDatabasePool(t.db.url);
    try {
      const rows = (await own.any(sql.unsafe`
        SELECT name, commit_position::text || '/' || prepare_position::text AS position FROM projection_checkpoints WHERE name = ANY(${sql.array(names, 'text')})`)) as unknown as Array<{ name: string; position: string }>;
      expect(rows).toHaveLength(names.length);
      expect(rows.filter((r) => r.position !== head)).toEqual([]);
    } finally {
      await own.end();
    }
    // Closed once: afterAll only drops the database.
    t = { ...t, close: () => t.db.drop() };
  });
});
