import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type TestApp } from '../../support/app';
import { startSmtpSink } from '../../support/smtp-sink';
import { seedIfEmpty } from '../../../api/seed/seed';
import { DEMO_SINK_RESULT } from '../../../projections/outbox/store';

/**
 * DEMO=1 on a server with SMTP and a hot line address: seeding the demo sends nothing outside; its
 * outgoing items are recorded as delivered to the demo sink. Mail after the seed goes out as usual.
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ seeded: false, smtpUrl: sink.url, env: { DEMO: '1', HOTLINE_EMAIL: 'gl@hotline.example.ru' } });
  await seedIfEmpty(t.server.ctx, { livingDemo: true });
  await t.settled();
}, 400_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('the demo seed and the outbox', () => {
  it('sends no mail and records every outgoing item as delivered to the demo sink', async () => {
    await new Promise((r) => setTimeout(r, 3000));
    const items = await t.server.ctx.pool.any(sql.unsafe`SELECT status, result FROM outbox_items`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((i) => i.status !== 'sent' || i.result !== DEMO_SINK_RESULT)).toEqual([]);
    expect(sink.received).toEqual([]);
  });

  it('after the seed, mail goes out for real', async () => {
    const admin = await t.signIn('admin');
    const unit = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT id FROM rm_units WHERE NOT deleted ORDER BY id LIMIT 1`));
    const region = Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT region_id FROM rm_units WHERE id = ${unit}`));
    const created = await admin.multipart('POST', '/api/request', {
      request: { region_id: region, unit_id: unit, request_kind_id: 8, request_performer_kind: 'SENIOR', contact_kind: 2, contact_unknown_name: 'Иванов И. И.', contact_unknown_email: 'ivanov@example.ru', request_text: 'Нужна настройка доступа к ПИ ГАС' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().savedRequest as { id: number };
    const sent = await admin.post('/api/hot_line_email_to_declarant', { request: { id }, messageToDeclarant: 'Проверка после демо' });
    expect(sent.statusCode, sent.body).toBe(200);
    const deadline = Date.now() + 20_000;
    while (!sink.received.some((m) => m.to.includes('ivanov@example.ru')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(sink.received.filter((m) => m.to.includes('ivanov@example.ru'))).toHaveLength(1);
  });
});
