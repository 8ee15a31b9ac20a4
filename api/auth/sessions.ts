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

/** How long a process trusts what it read of a session: a sign-out elsewhere takes effect within this. */
const CHECK_INTERVAL_MS = 2_000;

interface Known {
  readonly userId: number;
  readonly revoked: boolean;
  readonly checkedAt: number;
}

/**
 * Sessions of this process's callers. Every authenticated call checks its session; the answer is
 * kept for a moment so that a busy user costs one query per couple of seconds, not one per call.
 */
export class SessionRegistry {
  private readonly known = new Map<string, Known>();

  constructor(private readonly pool: DatabasePool) {}

  async start(userId: number, now = Date.now()): Promise<{ sessionId: string; startedAt: number }> {
    const sessionId = newSessionId();
    await this.pool.query(sql.unsafe`INSERT INTO auth_sessions (id, user_id, started_at) VALUES (${sessionId}, ${userId}, to_timestamp(${now / 1000}))`);
    // Sessions past their absolute lifetime can never be used again.
    await this.pool.query(sql.unsafe`DELETE FROM auth_sessions WHERE started_at < now() - make_interval(secs => ${(2 * SESSION_MAX_MS) / 1000})`);
    this.known.set(sessionId, { userId, revoked: false, checkedAt: now });
    return { sessionId, startedAt: now };
  }

  /** True when the session exists, belongs to the user and was not signed out. */
  async active(sessionId: string, userId: number, now = Date.now()): Promise<boolean> {
    let k = this.known.get(sessionId);
    if (!k || (!k.revoked && now - k.checkedAt > CHECK_INTERVAL_MS)) {
      const row = await this.pool.maybeOne(sql.unsafe`SELECT user_id, revoked_at IS NOT NULL AS revoked FROM auth_sessions WHERE id = ${sessionId}`);
      if (!row) {
        this.known.delete(sessionId);
        return false;
      }
      k = { userId: Number(row.user_id), revoked: Boolean(row.revoked), checkedAt: now };
      this.forgetOld(now);
      this.known.set(sessionId, k);
    }
    return !k.revoked && k.userId === userId;
  }

  async revoke(sessionId: string, now = Date.now()): Promise<void> {
    await this.pool.query(sql.unsafe`UPDATE auth_sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL`);
    const k = this.known.get(sessionId);
    this.known.set(sessionId, { userId: k?.userId ?? 0, revoked: true, checkedAt: now });
  }

  /** Keeps the map bounded: entries not checked for a session's lifetime are dropped. */
  private forgetOld(now: number) {
    if (this.known.size < 10_000) return;
    for (const [id, k] of this.known) if (now - k.checkedAt > SESSION_MAX_MS) this.known.delete(id);
  }
}

const registries = new WeakMap<DatabasePool, SessionRegistry>();

/** The session registry of a database (one per pool, so every route of a server shares it). */
export const sessionsOf = (pool: DatabasePool): SessionRegistry => {
  let r = registries.get(pool);
  if (!r) registries.set(pool, (r = new SessionRegistry(pool)));
  return r;
};
