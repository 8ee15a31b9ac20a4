import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app';
import { startSmtpSink } from '../../support/smtp-sink';
import { demoFacts, registerRepair } from './helpers';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: sink.url, redis: true });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('e-mail to engineers through the job queue (BullMQ on Redis, a real SMTP sink)', () => {
  it('a new request of a region that mails engineers immediately reaches them once', async () => {
    const facts = await demoFacts(t);
    const court = await t.signIn('court');
    const res = await registerRepair(court, facts);
    expect(res.statusCode, res.body).toBe(200);
    const number = res.json().savedRequest.number as number;
    const deadline = Date.now() + 20_000;
    while (!sink.received.some((m) => m.subject.includes(`№${number}`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const mails = sink.received.filter((m) => m.subject.includes(`№${number}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Новая заявка №${number}: Ремонт оборудования`);
    expect(mails[0]!.to).toEqual(expect.arrayContaining(['engineer@courts.example.ru', 'engineer2@courts.example.ru']));
    // Replaying the reaction (a restart before its checkpoint) enqueues the same job id: no second mail.
    await t.server.ctx.pool.query((await import('slonik')).sql.unsafe`
      UPDATE projection_checkpoints SET commit_position = NULL, prepare_position = NULL WHERE name = 'reaction:engineer-mail'`);
    await t.server.ctx.runner.catchUp('reaction:engineer-mail');
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.received.filter((m) => m.subject.includes(`№${number}`))).toHaveLength(1);
  });
});
