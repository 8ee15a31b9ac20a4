import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start`'s server (api/main.ts) as a newcomer runs it: as whoever runs the tests (root in the
 * containers), with the data folder inside a private (0700) folder, no DATABASE_URL (the embedded
 * PostgreSQL), two installations side by side, and a start on a busy port. DEMO=0 keeps the first
 * start short (references and one administrator instead of the demo data).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const privateDir = mkdtempSync(path.join(tmpdir(), 'itsup-first-start-'));
chmodSync(privateDir, 0o700);

interface Started {
  readonly child: ChildProcess;
  readonly dataDir: string;
  output(): string;
  /** Resolves with the exit code once the process ends. */
  readonly exit: Promise<number | null>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const started: Started[] = [];

const start = (name: string, port: number, extra: NodeJS.ProcessEnv = {}): Started => {
  const dataDir = path.join(privateDir, name, 'data');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', ...extra };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'EVENTSTORE_URL', 'SMTP_URL', 'FILES_DIR', 'EMBEDDED_PG_PORT']) if (!(key in extra)) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const s = { child, dataDir, output: () => text, exit };
  started.push(s);
  return s;
};

/** Waits until the server says it runs (or exits, or the time is up). */
const ready = async (s: Started, ms = 150_000) => {
  const deadline = Date.now() + ms;
  let gone = false;
  void s.exit.then(() => (gone = true));
  while (!gone && Date.now() < deadline && !s.output().includes('работает: http')) await new Promise((r) => setTimeout(r, 250));
  if (!s.output().includes('работает: http')) throw new Error(`the server did not start:\n${s.output()}`);
};

const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

const signIn = async (port: number, username: string, password: string) =>
  (await fetch(`http://127.0.0.1:${port}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })).status;

const stop = async (s: Started) => {
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 30_000);
  await s.exit;
  clearTimeout(timer);
};

/** The cluster's folder: DATA_DIR/postgres, or where DATA_DIR/postgres.location points (root, private folder). */
const clusterOf = (dataDir: string) => {
  const location = path.join(dataDir, 'postgres.location');
  return existsSync(location) ? readFileSync(location, 'utf8').trim() : path.join(dataDir, 'postgres');
};

let portA = 0;
let portB = 0;
let a: Started;
let b: Started;

beforeAll(async () => {
  portA = await freePort();
  portB = await freePort();
  // Side by side, started together: each data folder must get its own PostgreSQL port.
  a = start('a', portA);
  b = start('b', portB);
  await Promise.all([ready(a), ready(b)]);
}, 300_000);

afterAll(async () => {
  for (const s of started) await stop(s);
  for (const s of started) {
    const cluster = clusterOf(s.dataDir);
    // Stopped with the server: no PostgreSQL left running on the cluster.
    expect(existsSync(path.join(cluster, 'postmaster.pid'))).toBe(false);
    if (!cluster.startsWith(privateDir)) rmSync(cluster, { recursive: true, force: true });
  }
  rmSync(privateDir, { recursive: true, force: true });
}, 120_000);

describe('first start with the embedded PostgreSQL', () => {
  it('starts from a data folder inside a private folder, and /api/health answers 200', async () => {
    expect((await import('node:fs')).statSync(privateDir).mode & 0o777).toBe(0o700);
    expect(await health(portA)).toBe(200);
    expect(existsSync(path.join(clusterOf(a.dataDir), 'PG_VERSION'))).toBe(true);
  });

  it('runs two installations side by side, each on its own remembered PostgreSQL port', async () => {
    expect(await health(portA)).toBe(200);
    expect(await health(portB)).toBe(200);
    const pgA = readFileSync(path.join(a.dataDir, 'postgres.port'), 'utf8').trim();
    const pgB = readFileSync(path.join(b.dataDir, 'postgres.port'), 'utf8').trim();
    expect(pgA).toMatch(/^\d+$/);
    expect(pgB).toMatch(/^\d+$/);
    expect(pgA).not.toBe(pgB);
  });

  it('creates one administrator with a generated password printed once, not the demo password (DEMO=0)', async () => {
    const printed = /логин admin, пароль (\S+)/.exec(a.output());
    expect(printed).not.toBeNull();
    const password = printed![1]!;
    expect(password).not.toBe('demo2026');
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(a.output()).not.toContain('Демо-входы');
    expect(await signIn(portA, 'admin', password)).toBe(200);
    expect(await signIn(portA, 'admin', 'demo2026')).not.toBe(200);
    expect(await signIn(portA, 'engineer', 'demo2026')).not.toBe(200);
    // Each installation has its own administrator password.
    expect(/логин admin, пароль (\S+)/.exec(b.output())![1]).not.toBe(password);
  });

  it('a start on a busy HTTP port ends at once with the cause and the fix, never `undefined`', async () => {
    const c = start('c', portA);
    expect(await c.exit).toBe(1);
    expect(c.output()).toContain(`Порт ${portA}`);
    expect(c.output()).toContain('PORT=');
    expect(c.output()).not.toContain('undefined');
    expect(existsSync(path.join(c.dataDir, 'postgres'))).toBe(false);
  });

  it('a start on a busy pinned PostgreSQL port says so and how to fix it', async () => {
    const pgA = readFileSync(path.join(a.dataDir, 'postgres.port'), 'utf8').trim();
    const d = start('d', await freePort(), { EMBEDDED_PG_PORT: pgA });
    expect(await d.exit).toBe(1);
    expect(d.output()).toContain(`Порт ${pgA} (EMBEDDED_PG_PORT) занят`);
    expect(d.output()).not.toContain('undefined');
  });

  it('the superuser password is random, kept in the data folder (mode 600); a cluster of the fixed password gets one at its next start', async () => {
    const file = path.join(a.dataDir, 'postgres.password');
    expect((await import('node:fs')).statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    const port = readFileSync(path.join(a.dataDir, 'postgres.port'), 'utf8').trim();
    const connect = async (pw: string) => {
      const c = new pg.Client({ connectionString: `postgres://postgres:${pw}@127.0.0.1:${port}/postgres` });
      c.on('error', () => {});
      try {
        await c.connect();
        return c;
      } catch (e) {
        await c.end().catch(() => {});
        return (e as { code?: string }).code ?? 'error';
      }
    };
    expect(await connect('postgres')).toBe('28P01');
    // As an earlier version left it: the fixed password and no password file.
    const admin = await connect(password);
    if (typeof admin === 'string') throw new Error(admin);
    await admin.query(`ALTER ROLE postgres PASSWORD 'postgres'`);
    await admin.end();
    await stop(a);
    rmSync(file);
    const again = start('a', portA);
    await ready(again);
    expect(await health(portA)).toBe(200);
    const fresh = readFileSync(file, 'utf8').trim();
    expect(fresh).not.toBe(password);
    expect(await connect('postgres')).toBe('28P01');
    const ok = await connect(fresh);
    expect(typeof ok).not.toBe('string');
    if (typeof ok !== 'string') await ok.end();
  });

  it('a restart finds its cluster, port and data again (no second administrator)', async () => {
    const before = readFileSync(path.join(b.dataDir, 'postgres.port'), 'utf8').trim();
    await stop(b);
    const again = start('b', portB);
    await ready(again);
    expect(await health(portB)).toBe(200);
    expect(readFileSync(path.join(b.dataDir, 'postgres.port'), 'utf8').trim()).toBe(before);
    expect(again.output()).not.toContain('Создан администратор');
  });
});
