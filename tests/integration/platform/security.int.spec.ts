import { createHmac, scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSigner, SESSION_MAX_MS, TokenSigner, tokenKeyFile } from '../../../api/auth/tokens';
import { ARGON2_OPTIONS, hashPassword, needsUpgrade, verifyPassword } from '../../../api/auth/passwords';
import { MAX_FAILURES_PER_ADDRESS, recordSigninFailure } from '../../../api/auth/rate-limit';
import { startTestApp, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const signin = (username: string, password: string) => t.anonymous.post('/api/auth/signin', { username, password });
const call = (userId: number, accessToken: string) => t.server.app.inject({ method: 'GET', url: '/api/auth/rights', headers: { userid: String(userId), accesstoken: accessToken } });

describe('sessions', () => {
  it('sign-out revokes the session: its token and the refreshed ones stop working, other sessions do not', async () => {
    const first = (await signin('engineer', 'demo2026')).json() as { id: number; accessToken: string };
    const second = (await signin('engineer', 'demo2026')).json() as { accessToken: string };
    const refreshed = (await call(first.id, first.accessToken)).headers.freshtoken as string;
    expect(refreshed).toEqual(expect.any(String));
    const out = await t.server.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { userid: String(first.id), accesstoken: refreshed }, payload: {} });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().message).toBe('Вы вышли из системы');
    expect(out.headers.freshtoken).toBeUndefined();
    expect((await call(first.id, first.accessToken)).statusCode).toBe(401);
    expect((await call(first.id, refreshed)).statusCode).toBe(401);
    expect((await call(first.id, second.accessToken)).statusCode).toBe(200);
    expect((await t.anonymous.post('/api/auth/signout', {})).statusCode).toBe(401);
  });

  it('no token outlives 12 hours from sign-in, however it is refreshed or forged with the key', async () => {
    const signer = new TokenSigner(Buffer.from('k'.repeat(40)));
    const session = { userId: 1, passwordVersion: 0, sessionId: 'a'.repeat(32), startedAt: Date.now() - SESSION_MAX_MS + 60_000 };
    const token = signer.sign(session);
    expect(signer.verify(token)).toMatchObject({ sessionId: session.sessionId });
    // A refresh a minute before the end does not extend the session.
    const refreshed = signer.sign(session, Date.now() + 30_000);
    expect(signer.verify(refreshed, Date.now() + 61_000)).toBeNull();
    // A body claiming a 10-year expiry, correctly signed, is still bounded by its session's start.
    const body = Buffer.from(`1.${Date.now() + 10 * 365 * 86_400_000}.0.${'b'.repeat(32)}.${Date.now() - SESSION_MAX_MS - 1}`).toString('base64url');
    const forged = `${body}.${createHmac('sha256', Buffer.from('k'.repeat(40))).update(body).digest('base64url')}`;
    expect(signer.verify(forged)).toBeNull();
    // Tokens of the old shape (no session) are refused.
    const old = Buffer.from(`1.${Date.now() + 3_600_000}.0`).toString('base64url');
    expect(signer.verify(`${old}.${createHmac('sha256', Buffer.from('k'.repeat(40))).update(old).digest('base64url')}`)).toBeNull();
  });

  it('a token signed with the server key but naming no session of the database is refused', async () => {
    const admin = (await signin('admin', 'demo2026')).json() as { id: number; accessToken: string };
    const user = await t.server.ctx.pool.one(sql.unsafe`SELECT password_version FROM rm_users WHERE id = ${admin.id}`);
    const forged = t.server.ctx.tokens.sign({ userId: admin.id, passwordVersion: Number(user.password_version), sessionId: 'c'.repeat(32), startedAt: Date.now() });
    expect((await call(admin.id, forged)).statusCode).toBe(401);
    expect((await call(admin.id, admin.accessToken)).statusCode).toBe(200);
  });

  it('the token key is never kept in the database: made once in the data folder (mode 600), or TOKEN_SECRET', async () => {
    const pool = t.server.ctx.pool;
    const key = async () => pool.maybeOneFirst(sql.unsafe`SELECT value FROM app_settings WHERE key = 'token_secret'`);
    expect(await key()).toBeNull();
    const dir = mkdtempSync(path.join(tmpdir(), 'itsup-token-key-'));
    try {
      // A key an earlier version kept in the table moves to the file: its sessions stay valid.
      const earlier = Buffer.alloc(32, 7).toString('base64');
      await pool.query(sql.unsafe`INSERT INTO app_settings (key, value) VALUES ('token_secret', ${earlier})`);
      const moved = await loadTokenSigner(pool, dir, '');
      expect(await key()).toBeNull();
      expect(readFileSync(tokenKeyFile(dir), 'utf8')).toBe(earlier);
      expect(statSync(tokenKeyFile(dir)).mode & 0o777).toBe(0o600);
      const session = { userId: 1, passwordVersion: 0, sessionId: 'd'.repeat(32), startedAt: Date.now() };
      expect(moved.verify(new TokenSigner(Buffer.from(earlier, 'base64')).sign(session))).not.toBeNull();
      // The next start (or a process beside it) reads the same file.
      const again = await loadTokenSigner(pool, dir, '');
      expect(again.verify(moved.sign(session))).not.toBeNull();
      // TOKEN_SECRET wins, and is never written anywhere.
      const fromEnv = await loadTokenSigner(pool, dir, 's'.repeat(48));
      expect(fromEnv.verify(moved.sign(session))).toBeNull();
      expect(fromEnv.verify(fromEnv.sign(session))).not.toBeNull();
      expect(await key()).toBeNull();
      await expect(loadTokenSigner(pool, dir, 'short')).rejects.toThrow(/TOKEN_SECRET/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('passwords', () => {
  const credentials = async () => (await t.server.ctx.pool.anyFirst(sql.unsafe`SELECT password_hash FROM user_credentials`)).map(String);

  it('every demo account has its own salt and hash, argon2id at the OWASP cost; scrypt hashes still verify', async () => {
    const hashes = await credentials();
    expect(hashes.length).toBeGreaterThan(5);
    for (const h of hashes) expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(new Set(hashes.map((h) => h.split('$')[4])).size).toBe(hashes.length);
    expect(new Set(hashes.map((h) => h.split('$')[5])).size).toBe(hashes.length);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const h = await hashPassword('secret123');
    expect(await verifyPassword('secret123', h)).toBe(true);
    expect(await verifyPassword('secret124', h)).toBe(false);
    expect(needsUpgrade(h)).toBe(false);
    // A hash of an earlier version (scrypt, here N=16384) of 'demo2026'.
    const legacy = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + scryptSync('demo2026', Buffer.alloc(16), 32, { N: 16384, r: 8, p: 1 }).toString('base64');
    expect(await verifyPassword('demo2026', legacy)).toBe(true);
    expect(needsUpgrade(legacy)).toBe(true);
    // A stored hash demanding an absurd cost is refused rather than computed.
    expect(await verifyPassword('demo2026', legacy.replace('16384', String(2 ** 24)))).toBe(false);
    expect(await verifyPassword('secret123', h.replace('m=19456', 'm=9999999'))).toBe(false);
  });

  it('a scrypt hash is replaced by an argon2id one at the next sign-in, with no event', async () => {
    const pool = t.server.ctx.pool;
    const id = Number(await pool.oneFirst(sql.unsafe`SELECT id FROM rm_users WHERE login = 'chief'`));
    const legacy = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + scryptSync('demo2026', Buffer.alloc(16), 32, { N: 16384, r: 8, p: 1 }).toString('base64');
    await pool.query(sql.unsafe`UPDATE user_credentials SET password_hash = ${legacy} WHERE user_id = ${id}`);
    const events = async () => Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events WHERE stream_id = ${`user-${id}`} AND type <> 'UserSignedIn'`));
    const before = await events();
    expect((await signin('chief', 'demo2026')).statusCode).toBe(200);
    const upgraded = async () => String(await pool.oneFirst(sql.unsafe`SELECT password_hash FROM user_credentials WHERE user_id = ${id}`));
    for (let i = 0; i < 100 && (await upgraded()).startsWith('scrypt$'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await upgraded()).toMatch(/^\$argon2id\$/);
    expect(await events()).toBe(before);
    expect((await signin('chief', 'demo2026')).statusCode).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('30 failures from one address do not lock out another account that signs in correctly', async () => {
    // Five real failures lock 'court' from this address; 25 more of other logins, recorded as the route does.
    for (let i = 0; i < 5; i++) expect((await signin('court', `wrong${i}`)).statusCode).toBe(401);
    for (const login of ['signer', 'chief', 'hotline', 'senior', 'nobody'])
      for (let i = 0; i < 5; i++) await recordSigninFailure(t.server.ctx.pool, login, '127.0.0.1');
    expect(Number(await t.server.ctx.pool.oneFirst(sql.unsafe`SELECT count(*) FROM signin_failures WHERE address = '127.0.0.1'`))).toBe(30);
    // Those logins are locked from this address; another account is not.
    expect((await signin('court', 'demo2026')).statusCode).toBe(429);
    const ok = await signin('engineer2', 'demo2026');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await signin('signer', 'demo2026')).statusCode).toBe(429);
  });

  it('a flood from one address is refused for a short window only', async () => {
    const pool = t.server.ctx.pool;
    await pool.query(sql.unsafe`DELETE FROM signin_failures`);
    await pool.query(sql.unsafe`
      INSERT INTO signin_failures (login, address) SELECT 'guess' || g, '127.0.0.1' FROM generate_series(1, ${MAX_FAILURES_PER_ADDRESS}) g`);
    const refused = await signin('engineer2', 'demo2026');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Слишком много неудачных попыток входа с этого адреса. Повторите через минуту.');
    expect(refused.headers['retry-after']).toBe('60');
    await pool.query(sql.unsafe`UPDATE signin_failures SET failed_at = now() - interval '2 minutes'`);
    expect((await signin('engineer2', 'demo2026')).statusCode).toBe(200);
  });
});

describe('sign-in under a burst', () => {
  it('refuses a burst from one address early (429, before its hashes), while another address signs in', async () => {
    const from = (address: string, username: string, password: string) =>
      t.server.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress: address, payload: { username, password } });
    const started = Date.now();
    const timed = async (p: ReturnType<typeof from>) => {
      const res = await p;
      return { status: res.statusCode, body: res.json() as { message: string }, retry: res.headers['retry-after'], ms: Date.now() - started };
    };
    const burst = Array.from({ length: 40 }, (_, i) => timed(from('10.9.9.9', `nobody${i}`, 'guess')));
    const legit = timed(from('10.1.1.1', 'engineer', 'demo2026'));
    const answers = await Promise.all(burst);
    const refused = answers.filter((a) => a.status === 429);
    const checked = answers.filter((a) => a.status === 401);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(refused.length + checked.length).toBe(40);
    for (const r of refused) {
      expect(r.body.message).toBe('Слишком много одновременных попыток входа с этого адреса. Повторите через несколько секунд.');
      expect(Number(r.retry)).toBeGreaterThanOrEqual(1);
    }
    // Refused at once: every refusal came before the first checked answer.
    expect(Math.max(...refused.map((r) => r.ms))).toBeLessThan(Math.min(...checked.map((r) => r.ms)));
    expect((await legit).status).toBe(200);
  });
});

describe('security headers', () => {
  it('every answer carries CSP, frame, nosniff and referrer headers', async () => {
    const res = await t.anonymous.get('/api/app_info');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });
});
