import { createHmac } from 'node:crypto';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSigner, SESSION_MAX_MS, TokenSigner } from '../../../api/auth/tokens';
import { hashPassword, SCRYPT_N, verifyPassword } from '../../../api/auth/passwords';
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

  it('with TOKEN_SECRET the key is never kept in the database (and one kept earlier is removed)', async () => {
    const pool = t.server.ctx.pool;
    const key = async () => pool.maybeOneFirst(sql.unsafe`SELECT value FROM app_settings WHERE key = 'token_secret'`);
    expect(await key()).not.toBeNull();
    const fromEnv = await loadTokenSigner(pool, 's'.repeat(48));
    expect(await key()).toBeNull();
    const session = { userId: 1, passwordVersion: 0, sessionId: 'd'.repeat(32), startedAt: Date.now() };
    expect(fromEnv.verify(t.server.ctx.tokens.sign(session))).toBeNull();
    expect(fromEnv.verify(fromEnv.sign(session))).not.toBeNull();
    await expect(loadTokenSigner(pool, 'short')).rejects.toThrow(/TOKEN_SECRET/);
  });
});

describe('passwords', () => {
  it('every demo account has its own salt and hash at the OWASP scrypt cost; older costs still verify', async () => {
    const hashes = (await t.server.ctx.pool.anyFirst(sql.unsafe`SELECT password_hash FROM rm_users`)).map(String);
    expect(hashes.length).toBeGreaterThan(5);
    for (const h of hashes) expect(h).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(new Set(hashes.map((h) => h.split('$')[4])).size).toBe(hashes.length);
    expect(new Set(hashes.map((h) => h.split('$')[5])).size).toBe(hashes.length);
    expect(SCRYPT_N).toBe(2 ** 17);
    const h = await hashPassword('secret123');
    expect(await verifyPassword('secret123', h)).toBe(true);
    expect(await verifyPassword('secret124', h)).toBe(false);
    // A hash made with the former cost (N=16384) of 'demo2026'.
    const legacy = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + (await import('node:crypto')).scryptSync('demo2026', Buffer.alloc(16), 32, { N: 16384, r: 8, p: 1 }).toString('base64');
    expect(await verifyPassword('demo2026', legacy)).toBe(true);
    // A stored hash demanding an absurd cost is refused rather than computed.
    expect(await verifyPassword('demo2026', legacy.replace('16384', String(2 ** 24)))).toBe(false);
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
