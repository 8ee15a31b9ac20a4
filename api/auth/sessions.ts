import { sql, type DatabasePool } from 'slonik';
import { newSessionId, SESSION_MAX_MS } from './tokens';

/** Server-side sessions: a row per sign-in; signing out marks it revoked. */
export const sessionsSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS auth_sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS auth_sessions_started ON auth_sessions (started_at);
`;

/** Ending every session of an account (infrastructure/credentials.ts) finds them by user. */
export const sessionsByUserSchema = /* sql */ `
CREATE INDEX IF NOT EXISTS auth_sessions_user ON auth_sessions (user_id) WHERE revoked_at IS NULL;
`;

/**
 * Server-side sessions. Every authenticated call reads its session's row (one primary-key lookup),
 * so a sign-out, or a password change, deactivation or deletion of the account (which end its
 * sessions in the append's own transaction, infrastructure/credentials.ts), holds in every server
 * process from the next call on.
 */
export class SessionRegistry {
  constructor(private readonly pool: DatabasePool) {}

  async start(userId: number, now = Date.now()): Promise<{ sessionId: string; startedAt: number }> {
    const sessionId = newSessionId();
    await this.pool.query(sql.unsafe`INSERT INTO auth_sessions (id, user_id, started_at) VALUES (${sessionId}, ${userId}, to_timestamp(${now / 1000}))`);
    // Sessions past their absolute lifetime can never be used again.
    await this.pool.query(sql.unsafe`DELETE FROM auth_sessions WHERE started_at < now() - make_interval(secs => ${(2 * SESSION_MAX_MS) / 1000})`);
    return { sessionId, startedAt: now };
  }

  /** True when the session exists, belongs to the user and was not ended. */
  async active(sessionId: string, userId: number): Promise<boolean> {
    const row = await this.pool.maybeOne(sql.unsafe`SELECT user_id FROM auth_sessions WHERE id = ${sessionId} AND revoked_at IS NULL`);
    return row !== null && Number(row.user_id) === userId;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.pool.query(sql.unsafe`UPDATE auth_sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL`);
  }
}

const registries = new WeakMap<DatabasePool, SessionRegistry>();

/** The session registry of a database (one per pool, so every route of a server shares it). */
export const sessionsOf = (pool: DatabasePool): SessionRegistry => {
  let r = registries.get(pool);
  if (!r) registries.set(pool, (r = new SessionRegistry(pool)));
  return r;
};
