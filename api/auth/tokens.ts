import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';

/**
 * Access tokens are signed, not stored: `base64url(userId.expiresAt.passwordVersion).signature`.
 * Every answer carries a fresh one (sliding expiry); changing the password, deactivating or
 * deleting the account bumps passwordVersion and so ends all its sessions.
 */
export const TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

export interface TokenClaims {
  readonly userId: number;
  readonly expiresAt: number;
  readonly passwordVersion: number;
}

export class TokenSigner {
  constructor(private readonly secret: Buffer) {}

  sign(userId: number, passwordVersion: number, now = Date.now()): string {
    const body = Buffer.from(`${userId}.${now + TOKEN_TTL_MS}.${passwordVersion}`).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string, now = Date.now()): TokenClaims | null {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [userId, expiresAt, passwordVersion] = Buffer.from(body, 'base64url').toString().split('.').map(Number);
    if (!userId || !expiresAt || passwordVersion === undefined || Number.isNaN(passwordVersion)) return null;
    if (expiresAt < now) return null;
    return { userId, expiresAt, passwordVersion };
  }

  private mac(body: string) {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

/** The secret comes from TOKEN_SECRET or is generated once and kept in the database. */
export const loadTokenSigner = async (pool: DatabasePool, envSecret = process.env.TOKEN_SECRET): Promise<TokenSigner> => {
  if (envSecret) return new TokenSigner(Buffer.from(envSecret));
  await pool.query(sql.unsafe`
    INSERT INTO app_settings (key, value) VALUES ('token_secret', ${randomBytes(32).toString('base64')})
    ON CONFLICT (key) DO NOTHING`);
  const secret = await pool.oneFirst(sql.unsafe`SELECT value FROM app_settings WHERE key = 'token_secret'`);
  return new TokenSigner(Buffer.from(String(secret), 'base64'));
};
