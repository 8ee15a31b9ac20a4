import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { loadConfig } from '../../../api/config';
import { startServer, type RunningServer } from '../../../api/server';
import { toNewEvents } from '../../../commands/handle-command';
import type { Logger } from '../../../infrastructure/logger';
import { silentLogger } from '../../../infrastructure/logger';
import { inboxStreamId, notificationsStreamId } from '../../../domain/notification';
import { allProjections } from '../../../projections/registry';
import { ProjectionRunner, RebuildFailed } from '../../../processors/runner';
import { startTestApp, type TestApp } from '../../support/app';
import { createTestDatabase, tableChecksums, type TestDatabase } from '../../support/database';
import { testPgPoolMax } from '../../support/pools';

const run = promisify(execFile);

const until = async (condition: () => boolean | Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('a poison event: visible failure, a rebuild that keeps the old read model', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('health answers 503 naming the projection, the system list shows it, a rebuild exits 1 and keeps the rows', async () => {
    const { ctx } = app.server;
    const admin = await app.signIn('admin');
    expect((await app.anonymous.get('/api/health')).statusCode).toBe(200);
    const meta = { userId: admin.userId, now: new Date().toISOString(), correlationId: 'poison' };
    await ctx.store.append(
      notificationsStreamId(999_001),
      toNewEvents([{ type: 'NotificationsCreated', data: { id: 999_001, notification_type: 'message', request_id: 1, user_ids: [admin.userId], info: 'Строка, что должна уцелеть', date_time: meta.now } }], meta),
      { expectedRevision: 'no_stream' },
    );
    await app.settled();
    const tables = allProjections().find((p) => p.name === 'notifications')!.tables;
    const before = await tableChecksums(ctx.pool, tables);
    const rows = Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_notifications`));
    expect(rows).toBeGreaterThan(0);
    const checkpointBefore = await ctx.pool.one(sql.unsafe`SELECT commit_position::text, prepare_position FROM projection_checkpoints WHERE name = 'notifications'`);

    // What PUT /api/notifications/request/2147483648 appended before ids were bounded: the
    // projection casts request_id to integer and stops on it.
    const poison = await ctx.store.append(
      inboxStreamId(admin.userId!),
      toNewEvents([{ type: 'RequestNotificationsRead', data: { user_id: admin.userId, request_id: 2147483648 } }], meta),
      { expectedRevision: 'any' },
    );
    await until(() => ctx.runner.status().some((s) => s.name === 'notifications' && s.status === 'failed'));

    const health = await app.anonymous.get('/api/health');
    expect(health.statusCode).toBe(503);
    const body = health.json() as { status: string; message: string; projections: Array<{ name: string; event: { type: string; streamId: string } }> };
    expect(body.status).toBe('failed');
    expect(body.message).toMatch(/^Проекция notifications остановлена: .*out of range/);
    expect(body.projections.map((p) => p.name)).toEqual(['notifications']);

    const list = await admin.get('/api/system/projections');
    expect(list.statusCode).toBe(200);
    const failed = (list.json() as { projections: Array<Record<string, unknown>> }).projections.find((p) => p.name === 'notifications');
    expect(failed).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/out of range/),
      event: { type: 'RequestNotificationsRead', streamId: inboxStreamId(admin.userId!), revision: poison.nextRevision },
    });
    expect(failed!.position).not.toBe('start');
    // The other read models go on.
    expect(ctx.runner.status().filter((s) => s.status === 'failed').map((s) => s.name)).toEqual(['notifications']);

    // A rebuild in this process: refused with the reason, the old tables and checkpoint untouched.
    const runner = new ProjectionRunner(ctx.pool, ctx.store, allProjections(), [], silentLogger);
    const error = await runner.rebuild(['notifications']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RebuildFailed);
    expect((error as RebuildFailed).event).toMatchObject({ type: 'RequestNotificationsRead', streamId: inboxStreamId(admin.userId!) });
    expect(await tableChecksums(ctx.pool, tables)).toEqual(before);
    expect(await ctx.pool.one(sql.unsafe`SELECT commit_position::text, prepare_position FROM projection_checkpoints WHERE name = 'notifications'`)).toEqual(checkpointBefore);
    expect(Number(await ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%'`))).toBe(0);

    // The command operators run: exit code 1, the reason printed, the rows still there.
    const cli = await run(process.execPath, ['--import', 'tsx', 'api/cli/rebuild-projections.ts', 'notifications'], {
      env: { ...process.env, DATABASE_URL: app.db.url, DATA_DIR: `/tmp/itsup-test-${app.db.name}` },
      timeout: 120_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/notifications: пересборка не удалась на событии RequestNotificationsRead .*out of range.*Прежняя витрина/);
    expect(await tableChecksums(ctx.pool, tables)).toEqual(before);

    // Several at once share one pass over the log: the one that fails is left out, the others are rebuilt.
    const userTables = allProjections().find((p) => p.name === 'users')!.tables;
    const usersBefore = await tableChecksums(ctx.pool, userTables);
    const both = await run(process.execPath, ['--import', 'tsx', 'api/cli/rebuild-projections.ts', 'notifications', 'users'], {
      env: { ...process.env, DATABASE_URL: app.db.url, DATA_DIR: `/tmp/itsup-test-${app.db.name}` },
      timeout: 120_000,
    }).then(
      (r: { stdout: string }) => ({ code: 0, stdout: r.stdout, stderr: '' }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/notifications: пересборка не удалась на событии RequestNotificationsRead/);
    expect(both.stdout).toMatch(/^users: \d+ событий за/m);
    expect(await tableChecksums(ctx.pool, tables)).toEqual(before);
    expect(await tableChecksums(ctx.pool, userTables)).toEqual(usersBefore);
  }, 180_000);
});

/** A TCP relay in front of PostgreSQL that can be cut, as when the database server goes down. */
const relay = async (target: { host: string; port: number }) => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    down: async () => {
      await new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      });
    },
    up: () => listen(port),
  };
};

describe('the database goes down', () => {
  let db: TestDatabase;
  let server: RunningServer;
  let cut: Awaited<ReturnType<typeof relay>>;
  const warnings: Array<{ msg: string; obj: Record<string, unknown> }> = [];
  const log: Logger = { info: () => {}, warn: (obj, msg) => warnings.push({ msg: msg ?? '', obj: obj as Record<string, unknown> }), error: () => {} };

  beforeAll(async () => {
    db = await createTestDatabase({ seeded: true });
    const u = new URL(db.url);
    cut = await relay({ host: u.hostname, port: Number(u.port || 5432) });
    u.hostname = '127.0.0.1';
    u.port = String(cut.port);
    server = await startServer(loadConfig({ DATABASE_URL: u.toString(), DATA_DIR: `/tmp/itsup-test-${db.name}`, PG_POOL_MAX: testPgPoolMax({ readSide: 'inline', redis: false }) }), { listen: false, seed: false, log });
  });
  afterAll(async () => {
    await server?.close().catch(() => {});
    await db?.drop();
  });

  const duringOutage = async () => {
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ message: 'Сервер базы данных недоступен' });
    const again = await server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: 'demo2026' } });
    expect({ status: again.statusCode, body: again.json() as unknown }).toEqual({ status: 503, body: { message: 'Сервер базы данных недоступен' } });
    // Three seconds of outage: a couple of lines, not one per poll, and no projection stopped. The
    // sign-in's event left reactions a checkpoint to store, tried once a second meanwhile: a turn
    // that idled on the log window once counted as the database answering, and each try logged anew.
    await new Promise((r) => setTimeout(r, 3000));
    const lines = new Map<string, number>();
    for (const w of warnings.filter((x) => /retrying with backoff/.test(x.msg))) {
      const who = JSON.stringify(w.obj.projections ?? w.obj.projection);
      lines.set(who, (lines.get(who) ?? 0) + 1);
    }
    expect(lines.size).toBeGreaterThan(0);
    expect([...lines.values()].every((n) => n <= 2), JSON.stringify([...lines])).toBe(true);
    expect(server.ctx.runner.status().filter((s) => s.status === 'failed')).toEqual([]);
  };

  it('users get a Russian 503, health 503, the runner backs off quietly and resumes', async () => {
    const signIn = await server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: 'demo2026' } });
    expect(signIn.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await cut.down();
    try {
      await duringOutage();
    } finally {
      // The next test needs the database even when this one failed.
      await cut.up();
    }
    await until(async () => (await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200, 40_000);
    const back = await server.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password: 'demo2026' } });
    expect(back.statusCode).toBe(200);
    expect(server.ctx.runner.status().filter((s) => s.status === 'failed')).toEqual([]);
  }, 90_000);

  it('health answers 503 while the schema is missing', async () => {
    await server.ctx.pool.query(sql.unsafe`ALTER TABLE unique_values RENAME TO unique_values_away`);
    try {
      const health = await server.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ message: 'Схема базы данных не создана' });
    } finally {
      await server.ctx.pool.query(sql.unsafe`ALTER TABLE unique_values_away RENAME TO unique_values`);
    }
  });
});
