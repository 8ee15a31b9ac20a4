import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type DatabasePool } from 'slonik';
import { StartupError } from '../start-failure';

/**
 * Access tokens are signed: `base64url(userId.expiresAt.passwordVersion.sessionId.startedAt).mac`.
 * Every answer carries a fresh one (sliding expiry, 8 h of inactivity) of the same session, but no
 * token outlives its session's absolute lifetime (12 h from sign-in). The session id names a row
 * of `auth_sessions` (sessions.ts): signing out revokes it, and with it every token of the session.
 * Changing the password, deactivating or deleting the account bumps passwordVersion and so ends
 * all its sessions.
 */
export const TOKEN_TTL_MS = 8 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** Clock skew tolerated between server processes for a session's start. */
const SKEW_MS = 60 * 1000;

export interface Session {
  readonly userId: number;
  readonly passwordVersion: number;
  readonly sessionId: string;
  /** When the session was signed in (ms since epoch). */
  readonly startedAt: number;
}

export interface TokenClaims extends Session {
  readonly expiresAt: number;
}

export const newSessionId = () => randomBytes(16).toString('hex');

export class TokenSigner {
  /** The key imported once: every call signs a fresh token and checks one (docs/notes/bench.md). */
  private readonly key: KeyObject;

  constructor(secret: Buffer) {
    this.key = createSecretKey(secret);
  }

  sign(session: Session, now = Date.now()): string {
    const expiresAt = Math.min(now + TOKEN_TTL_MS, session.startedAt + SESSION_MAX_MS);
    const body = Buffer.from(`${session.userId}.${expiresAt}.${session.passwordVersion}.${session.sessionId}.${session.startedAt}`).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string, now = Date.now()): TokenClaims | null {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [rawUser, rawExpires, rawVersion, sessionId, rawStarted] = Buffer.from(body, 'base64url').toString().split('.');
    const [userId, expiresAt, passwordVersion, startedAt] = [rawUser, rawExpires, rawVersion, rawStarted].map(Number);
    if (!userId || !expiresAt || !startedAt || !sessionId || !/^[0-9a-f]{32}$/.test(sessionId)) return null;
    if (passwordVersion === undefined || !Number.isInteger(passwordVersion)) return null;
    // A token of a session older than the absolute lifetime is refused whatever its expiry says.
    if (expiresAt < now || startedAt + SESSION_MAX_MS < now || startedAt > now + SKEW_MS) return null;
    return { userId, expiresAt, passwordVersion, sessionId, startedAt };
  }

  private mac(body: string) {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** Where the key is kept without TOKEN_SECRET: in the data folder, readable by the service's account only. */
export const tokenKeyFile = (dataDir: string) => path.join(dataDir, 'token-secret.key');

/**
 * The key comes from TOKEN_SECRET, or else from a random key made once in the data folder
 * (`token-secret.key`, mode 600), like the hot line key; never from the database, where a dump and
 * one live session id would let anyone forge a token for any account. A key an earlier version
 * kept in `app_settings` becomes the file's first content (signed-in users stay signed in) and is
 * deleted from the table. Server processes on several machines must share the key: set
 * TOKEN_SECRET on each (README).
 */
export const loadTokenSigner = async (pool: DatabasePool, dataDir: string, envSecret = process.env.TOKEN_SECRET): Promise<TokenSigner> => {
  if (envSecret) {
    if (envSecret.length < 32) throw new StartupError('TOKEN_SECRET короче 32 символов.\nЗадайте случайную строку длиной от 32 символов (например, openssl rand -base64 48) или уберите TOKEN_SECRET: тогда ключ создаётся в папке данных.');
    await pool.query(sql.unsafe`DELETE FROM app_settings WHERE key = 'token_secret'`);
    return new TokenSigner(Buffer.from(envSecret));
  }
  const file = tokenKeyFile(dataDir);
  const kept = (await pool.maybeOneFirst(sql.unsafe`SELECT value FROM app_settings WHERE key = 'token_secret'`)) as string | null;
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, kept ?? randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Made by an earlier start, or by another process starting beside this one: the one on disk counts.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (!key) throw new StartupError(`Файл ключа ${file} пуст.\nУдалите его (все пользователи войдут заново) или задайте TOKEN_SECRET.`);
  if (kept !== null) await pool.query(sql.unsafe`DELETE FROM app_settings WHERE key = 'token_secret'`);
  return new TokenSigner(Buffer.from(key, 'base64'));
};
