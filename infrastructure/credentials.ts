import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';

/**
 * Password hashes live here, on the write side, never in the log: an event says that a password
 * was set or changed (and its metadata by whom), the hash is written beside it in the append's own
 * PostgreSQL transaction. Like the id counters and unique values the table lives in PostgreSQL
 * whichever event store runs; it is not a read model and a rebuild never touches it.
 */
export const credentialsSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS user_credentials (
  user_id       integer PRIMARY KEY,
  password_hash text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS log_rewrites (
  id         text PRIMARY KEY,
  reason     text NOT NULL,
  events     integer NOT NULL,
  positions  bigint[] NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
`;

/**
 * Logs written before the table existed carried the hash in `UserRegistered` and
 * `UserPasswordChanged` (schema version 1). Once per database: each account's current hash moves
 * here (not for deleted accounts), the hash is dropped from exactly those events (version 2, what
 * their upcaster gives), and `log_rewrites` records which events were rewritten and why.
 */
export const credentialsOutOfLog = /* sql */ `
INSERT INTO user_credentials (user_id, password_hash)
SELECT DISTINCT ON (e.stream_id) (e.data->>'id')::integer, e.data->>'password_hash'
FROM es_events e
WHERE e.type IN ('UserRegistered', 'UserPasswordChanged') AND e.data ? 'password_hash'
  AND NOT EXISTS (SELECT 1 FROM es_events d WHERE d.stream_id = e.stream_id AND d.type = 'UserDeleted')
ORDER BY e.stream_id, e.stream_revision DESC
ON CONFLICT (user_id) DO NOTHING;
WITH rewritten AS (
  UPDATE es_events SET data = data - 'password_hash', schema_version = 2
  WHERE type IN ('UserRegistered', 'UserPasswordChanged') AND data ? 'password_hash'
  RETURNING global_position
)
INSERT INTO log_rewrites (id, reason, events, positions)
SELECT 'password-hashes-out-of-log',
       'Хэши паролей перенесены из журнала событий в таблицу user_credentials; из событий удалено только поле password_hash',
       count(*), array_agg(global_position ORDER BY global_position)
FROM rewritten HAVING count(*) > 0;
`;

/** What an append does to an account's credentials (commands/user decides it from the events). */
export interface CredentialChange {
  readonly userId: number;
  /** The new password's hash; absent: the password stays. */
  readonly passwordHash?: string;
  /** The account is deleted: its hash is dropped. */
  readonly forget?: boolean;
  /**
   * Every session of the account ends at once, in every server process (the password changed, the
   * account was deactivated or deleted): sessions are checked on each call (api/auth/sessions.ts).
   */
  readonly endSessions?: boolean;
}

type Db = Pick<DatabaseTransactionConnection, 'query'>;

export const applyCredentialChange = async (db: Db, change: CredentialChange): Promise<void> => {
  if (change.forget) await db.query(sql.unsafe`DELETE FROM user_credentials WHERE user_id = ${change.userId}`);
  else if (change.passwordHash)
    await db.query(sql.unsafe`
      INSERT INTO user_credentials (user_id, password_hash) VALUES (${change.userId}, ${change.passwordHash})
      ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`);
  // auth_sessions: api/auth/sessions.ts.
  if (change.endSessions)
    await db.query(sql.unsafe`UPDATE auth_sessions SET revoked_at = now() WHERE user_id = ${change.userId} AND revoked_at IS NULL`);
};

/** The account's password hash; null when it has none (unknown or deleted account). */
export const passwordHashOf = async (pool: Pick<DatabasePool, 'maybeOneFirst'>, userId: number): Promise<string | null> =>
  ((await pool.maybeOneFirst(sql.unsafe`SELECT password_hash FROM user_credentials WHERE user_id = ${userId}`)) as string | null) ?? null;

/**
 * A stored hash replaced by one of the same password at the current cost (at sign-in): only if it is
 * still the one that was checked, so a password changed meanwhile is not overwritten. No event: the
 * password did not change.
 */
export const upgradePasswordHash = async (pool: Pick<DatabasePool, 'query'>, userId: number, checked: string, upgraded: string): Promise<void> => {
  await pool.query(sql.unsafe`
    UPDATE user_credentials SET password_hash = ${upgraded}, updated_at = now()
    WHERE user_id = ${userId} AND password_hash = ${checked}`);
};
