import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { startTestApp, type TestApp } from '../../support/app';
import { startSmtpSink } from '../../support/smtp-sink';
import { seedIfEmpty } from '../../../api/seed/seed';

/**
 * The demo seed is deterministic (issue 35): two first starts give the same log, event type by
 * event type, and the same outgoing items. Both seeds run at once in one process, so their
 * commands, reactions and jobs interleave differently; the comparison is exact.
 */
const apps: TestApp[] = [];
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

/** What a seed left: events and streams by type, outgoing items by kind and status. */
const contents = async (t: TestApp) => {
  const pool = t.server.ctx.pool;
  return {
    events: await pool.any(sql.unsafe`SELECT type, count(*)::int AS n FROM es_events GROUP BY type ORDER BY type`),
    streams: await pool.any(sql.unsafe`SELECT stream_type, count(*)::int AS n FROM es_streams GROUP BY stream_type ORDER BY stream_type`),
    outbox: await pool.any(sql.unsafe`SELECT kind, status, count(*)::int AS n FROM outbox_items GROUP BY kind, status ORDER BY kind, status`),
  };
};

let first: Awaited<ReturnType<typeof contents>>;
let second: Awaited<ReturnType<typeof contents>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  const env = { DEMO: '1', HOTLINE_EMAIL: 'gl@hotline.example.ru' };
  apps.push(await startTestApp({ seeded: false, redis: true, smtpUrl: sink.url, env }));
  apps.push(await startTestApp({ seeded: false, redis: true, smtpUrl: sink.url, env }));
  await Promise.all(apps.map((t) => seedIfEmpty(t.server.ctx, { livingDemo: true })));
  const [a, b] = await Promise.all(apps.map(contents));
  first = a!;
  second = b!;
}, 600_000);

afterAll(async () => {
  for (const t of apps) await t.close();
  await sink?.close();
});

describe('the demo seed', () => {
  it('gives the same events, streams and outgoing items on every start', () => {
    expect(first.events.length).toBeGreaterThan(10);
    expect(first.events.find((e) => e.type === 'ToolStateChanged')?.n).toBeGreaterThan(0);
    expect(first.outbox.some((o) => o.kind === 'hotline-mail-close')).toBe(true);
    expect(second).toEqual(first);
  });

  it('sent nothing outside', () => {
    expect(sink.received).toEqual([]);
  });
});
