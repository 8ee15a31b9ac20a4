import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, withAdminClient } from '../../support/database';
import { redisUrl } from '../../support/services';
import { startSmtpSink } from '../../support/smtp-sink';
import { freePort, serverReady, startServerProcess, stopServerProcess, type ServerProcess } from '../../support/server-process';

/**
 * The way to grow (README): several server processes behind a balancer, one PostgreSQL, Redis for
 * the jobs, one data folder (token key, files). Two processes started together on an empty database
 * seed it once, as completely as one process does; a write through one is read through the other
 * at once; a sign-out or deactivation through one holds in the other from the next call; jobs run
 * once.
 */
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

interface Installation {
  readonly db: string;
  readonly dataDir: string;
  readonly sink: Sink;
  readonly servers: ServerProcess[];
}

const installations: Installation[] = [];

const emptyDatabase = async () => {
  const name = `t_${inject('runId')}_${randomBytes(5).toString('hex')}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE "${name}"`));
  return name;
};

/** `count` processes started at the same moment on one empty database. */
const install = async (count: number): Promise<Installation> => {
  const db = await emptyDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itsup-multi-'));
  const sink = await startSmtpSink();
  const env = { DATABASE_URL: databaseUrl(db), DEMO: '1', DATA_DIR: dataDir, REDIS_URL: redisUrl, JOBS_QUEUE: `test-${db}`, SMTP_URL: sink.url };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const servers = ports.map((port) => startServerProcess(port, env));
  const installation = { db, dataDir, sink, servers };
  installations.push(installation);
  await Promise.all(servers.map((s) => serverReady(s)));
  return installation;
};

const uninstall = async (i: Installation) => {
  for (const s of i.servers) await stopServerProcess(s);
  await i.sink.close();
  await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS "${i.db}" WITH (FORCE)`));
  rmSync(i.dataDir, { recursive: true, force: true });
};

const query = async <T extends pg.QueryResultRow>(db: string, text: string): Promise<T[]> => {
  const c = new pg.Client({ connectionString: databaseUrl(db) });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
};

/** What a start put in the database: events by type, streams by type, read-model rows, mails sent. */
const contents = async (i: Installation) => ({
  events: await query(i.db, `SELECT type, count(*)::int AS n FROM es_events GROUP BY type ORDER BY type`),
  streams: await query(i.db, `SELECT stream_type, count(*)::int AS n FROM es_streams GROUP BY stream_type ORDER BY stream_type`),
  rows: await query(i.db, `
    SELECT (SELECT count(*) FROM rm_requests)::int AS requests, (SELECT count(*) FROM rm_tools)::int AS tools,
           (SELECT count(*) FROM rm_users)::int AS users, (SELECT count(*) FROM rm_units)::int AS units,
           (SELECT count(*) FROM rm_notifications)::int AS notifications, (SELECT count(*) FROM user_credentials)::int AS credentials`),
  outbox: await query(i.db, `SELECT kind, status, count(*)::int AS n FROM outbox_items GROUP BY kind, status ORDER BY kind, status`),
  mails: i.sink.received.length,
});

/** The contents once the read models, reactions and mails have caught up (two equal looks, 3 s apart). */
const settled = async (i: Installation) => {
  let last = '';
  const deadline = Date.now() + 180_000;
  for (;;) {
    const pending = await query<{ n: number }>(i.db, `SELECT count(*)::int AS n FROM outbox_items WHERE status IN ('pending', 'retrying')`);
    const healthy = (await Promise.all(i.servers.map(async (s) => (await fetch(`${s.base}/api/health`)).status))).every((st) => st === 200);
    const now = JSON.stringify(await contents(i));
    if (healthy && pending[0]!.n === 0 && now === last) return JSON.parse(now) as Awaited<ReturnType<typeof contents>>;
    if (Date.now() > deadline) throw new Error(`did not settle: ${now}`);
    last = now;
    await new Promise((r) => setTimeout(r, 3000));
  }
};

/** A signed-in user as the web client is: session headers, and the latest log position sent back. */
class Session {
  position: string | null = null;
  constructor(
    readonly userId: number,
    private token: string,
  ) {}

  static async signIn(s: ServerProcess, username: string, password = 'demo2026') {
    const res = await fetch(`${s.base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { id: number; accessToken: string };
    return new Session(body.id, body.accessToken);
  }

  async call(s: ServerProcess, method: string, url: string, body?: BodyInit, headers: Record<string, string> = {}) {
    const res = await fetch(`${s.base}${url}`, {
      method,
      headers: { userid: String(this.userId), accesstoken: this.token, ...(this.position ? { 'x-log-position': this.position } : {}), ...headers },
      ...(body !== undefined ? { body } : {}),
    });
    const fresh = res.headers.get('freshtoken');
    if (fresh) this.token = fresh;
    const position = res.headers.get('x-log-position');
    if (position) this.position = position;
    return res;
  }

  json(s: ServerProcess, method: string, url: string, body: unknown) {
    return this.call(s, method, url, JSON.stringify(body), { 'content-type': 'application/json' });
  }
}

let reference: Awaited<ReturnType<typeof contents>>;
let double: Installation;

beforeAll(async () => {
  // One process alone first (what a single start gives, once settled), then two started at once on another empty database.
  const single = await install(1);
  reference = await settled(single);
  await stopServerProcess(single.servers[0]!);
  double = await install(2);
}, 900_000);

afterAll(async () => {
  for (const i of installations) await uninstall(i);
}, 120_000);

describe('two server processes on one database', () => {
  it('started together on an empty database, both come up and the demo is as complete as a single start made it', async () => {
    const [a, b] = double.servers as [ServerProcess, ServerProcess];
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    // One of them seeded; the other waited and found the database seeded.
    const seeded = double.servers.filter((s) => s.output().includes('Загружены демонстрационные данные'));
    expect(seeded).toHaveLength(1);
    const two = await settled(double);
    expect(two.events.length).toBeGreaterThan(10);
    expect(two.rows[0]!.requests).toBeGreaterThan(100);
    expect(two).toEqual(reference);
  }, 400_000);

  it('a request created through one is in the list read at once through the other, 50 times out of 50', async () => {
    const [a, b] = double.servers as [ServerProcess, ServerProcess];
    const court = await Session.signIn(a, 'court');
    const facts = (
      await query<{ unit: number; region: number; tool: number }>(double.db, `
        SELECT u.units[1] AS unit, un.region_id AS region,
               (SELECT id FROM rm_tools WHERE unit_id = u.units[1] AND tool_kind_id = 4 AND state = 2 ORDER BY id LIMIT 1) AS tool
        FROM rm_users u JOIN rm_units un ON un.id = u.units[1] WHERE u.login = 'court'`)
    )[0]!;
    const day = new Date().toISOString().slice(0, 10);
    const list = `/api/request/${encodeURIComponent(JSON.stringify({ date_beg: day, date_end: day, request_kinds_ids: [2] }))}`;
    const countOn = async (s: ServerProcess) => {
      const res = await court.call(s, 'GET', list);
      expect(res.status).toBe(200);
      return ((await res.json()) as { itemsCount: number }).itemsCount;
    };
    let expected = await countOn(b);
    let missed = 0;
    for (let i = 0; i < 50; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      const form = new FormData();
      form.set('request', JSON.stringify({ region_id: facts.region, unit_id: facts.unit, request_kind_id: 2, contact_kind: 1, contact_id: court.userId, request_text: `Не печатает принтер, проверка ${i}`, tool_id: facts.tool }));
      const created = await court.call(writer, 'POST', '/api/request', form);
      expect(created.status, await created.clone().text()).toBe(200);
      expected++;
      if ((await countOn(reader)) !== expected) missed++;
    }
    expect(missed).toBe(0);
  }, 300_000);

  it('a sign-out through one is refused through the other on the next call', async () => {
    const [a, b] = double.servers as [ServerProcess, ServerProcess];
    const engineer = await Session.signIn(a, 'engineer');
    expect((await engineer.call(b, 'GET', '/api/auth/rights')).status).toBe(200);
    expect((await engineer.json(a, 'POST', '/api/auth/signout', {})).status).toBe(200);
    const next = await engineer.call(b, 'GET', '/api/auth/rights');
    expect(next.status).toBe(401);
    expect(((await next.json()) as { message: string }).message).toBe('Сеанс истек. Войдите в систему снова');
  });

  it('a deactivation through one ends the account\'s sessions in the other at once', async () => {
    const [a, b] = double.servers as [ServerProcess, ServerProcess];
    const admin = await Session.signIn(a, 'admin');
    const created = await admin.json(a, 'POST', '/api/users', {
      user: { surname: 'Двухпроцессный', name: 'Пётр', email: 'twoproc@courts.example.ru', organization_id: 2, login: 'twoproc_user', password: 'secret123', users_roles: [3] },
    });
    expect(created.status).toBe(200);
    const { id, user } = (await created.json()) as { id: number; user: Record<string, unknown> };
    const temp = await Session.signIn(b, 'twoproc_user', 'secret123');
    expect((await temp.call(b, 'GET', '/api/auth/rights')).status).toBe(200);
    expect((await admin.json(a, 'PUT', `/api/users/${id}`, { user: { ...user, is_inactive: true } })).status).toBe(200);
    expect((await temp.call(b, 'GET', '/api/auth/rights')).status).toBe(401);
  });

  it('the mails of the 50 requests went out once each, whichever process took the job', async () => {
    const after = await settled(double);
    const subjects = double.sink.received.map((m) => m.subject).filter((s) => s.startsWith('Новая заявка'));
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(after.outbox.filter((o) => o.status === 'failed')).toEqual([]);
  }, 200_000);
});
