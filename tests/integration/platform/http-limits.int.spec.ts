import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/config';
import { startServer, type RunningServer } from '../../../api/server';
import { silentLogger } from '../../../infrastructure/logger';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { DEMO_PASSWORD } from '../../support/app';

/**
 * What Node's HTTP parser and the URL give before any route: a real listening server (inject skips
 * the parser), every refusal in Russian JSON.
 */
let db: TestDatabase;
let server: RunningServer;
let base = '';

beforeAll(async () => {
  db = await createTestDatabase({ seeded: true });
  server = await startServer(loadConfig({ DATABASE_URL: db.url, DATA_DIR: `/tmp/itsup-test-${db.name}`, PORT: '0', HOST: '127.0.0.1' }), { listen: true, seed: false, log: silentLogger });
  base = server.url;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await db?.drop();
});

/** Sends `head` as is (no client normalises its path) and reads the whole answer. */
const raw = (head: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (c) => (text += c.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    setTimeout(() => socket.end(), 3000).unref();
  });

describe('requests refused before routing', () => {
  it('a 6 MB address is answered 414 in Russian, not dropped', async () => {
    const res = await fetch(`${base}/api/request/${'a'.repeat(6 * 1024 * 1024)}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ message: 'Слишком длинный адрес запроса' });
  });

  it('headers beyond the limit are answered 431 in Russian JSON', async () => {
    const res = await fetch(`${base}/api/health`, { headers: { 'x-filler': 'a'.repeat(40_000) } });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ message: 'Слишком большие заголовки запроса' });
  });

  it('a path with dot segments is a malformed address (400), not a matter of rights', async () => {
    for (const path of ['/../', '/../../etc/passwd', '/api/../api/health', '/assets/%2e%2e/%2e%2e/package.json']) {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer, path).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, path).toContain('{"message":"Неверный адрес запроса"}');
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('sign-in and answers carrying a fresh token are not stored (Cache-Control: no-store)', async () => {
    const signin = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'engineer', password: DEMO_PASSWORD }) });
    expect(signin.status).toBe(200);
    expect(signin.headers.get('cache-control')).toBe('no-store');
    const wrong = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'engineer', password: 'wrong' }) });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    const { id, accessToken } = (await signin.json()) as { id: number; accessToken: string };
    const me = await fetch(`${base}/api/auth/me`, { headers: { userid: String(id), accesstoken: accessToken } });
    expect(me.status).toBe(200);
    expect(me.headers.get('freshtoken')).toBeTruthy();
    expect(me.headers.get('cache-control')).toBe('no-store');
  });
});
