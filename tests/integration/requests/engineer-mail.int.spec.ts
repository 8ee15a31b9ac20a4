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

  it('requests of a group creation in such a region send no e-mail (requests.md 7)', async () => {
    const facts = await demoFacts(t);
    const chief = await t.signIn('chief');
    const units = (await t.server.ctx.pool.anyFirst((await import('slonik')).sql.unsafe`
      SELECT id FROM rm_units WHERE region_id = ${facts.regionId} ORDER BY id LIMIT 2`)) as number[];
    const res = await chief.multipart('POST', '/api/request_multiple', { unitsIds: units, requestText: 'Обновить антивирусные базы на всех рабочих местах' });
    expect(res.statusCode, res.body).toBe(200);
    const numbers = await Promise.all((res.json().ids as number[]).map(async (id) => (await chief.get(`/api/request_single/${id}`)).json().request.number as number));
    // A single request registered after them is mailed: once its mail is in, the group's would be too.
    const court = await t.signIn('court');
    const after = (await registerRepair(court, facts)).json().savedRequest.number as number;
    const deadline = Date.now() + 20_000;
    while (!sink.received.some((m) => m.subject.includes(`№${after}`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(sink.received.some((m) => m.subject.includes(`№${after}`))).toBe(true);
    expect(sink.received.filter((m) => numbers.some((n) => m.subject.includes(`№${n}:`)))).toEqual([]);
  });
});
