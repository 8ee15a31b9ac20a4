import { readFileSync } from 'node:fs';
import { sql, type DatabasePool } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenKeyFile } from '../../../api/auth/tokens';
import { migrate } from '../../../api/db/migrations';
import { upcasters } from '../../../api/upcasters';
import { PostgresEventStore } from '../../../infrastructure/eventstore/postgres/postgres-event-store';
import { withUpcasting } from '../../../infrastructure/eventstore/upcasting';
import { startTestApp, type TestApp } from '../../support/app';
import { createTestDatabase, type TestDatabase } from '../../support/database';

/**
 * What a copy of the database (pg_dump) gives away: never the token key, never a password hash in
 * the log. Password hashes are only in `user_credentials`.
 */

/** Every table pg_dump would write, schema-qualified. */
const dumpedTables = async (pool: DatabasePool): Promise<string[]> =>
  (await pool.anyFirst(sql.unsafe`
    SELECT format('%I.%I', table_schema, table_name) FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`)).map(String);

/** Tables with a row whose text holds `needle`. */
const tablesHolding = async (pool: DatabasePool, needle: string): Promise<string[]> => {
  const found: string[] = [];
  for (const table of await dumpedTables(pool)) {
    const n = await pool.oneFirst(sql.unsafe`SELECT count(*) FROM ${sql.identifier(table.split('.').map((p) => p.replace(/^"|"$/g, '')))} t WHERE strpos(t::text, ${needle}) > 0`);
    if (Number(n) > 0) found.push(table);
  }
  return found;
};

describe('a database copy after sign-ins and password changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds no token key in any table and no password hash in any event', async () => {
    const admin = await t.signIn('admin');
    for (const login of ['engineer', 'court', 'chief']) await t.signIn(login);
    const created = await admin.post('/api/users', {
      user: { surname: 'Секретов', name: 'Пётр', email: 'secrets@courts.example.ru', organization_id: 2, login: 'secrets_user', password: 'first-pass1', users_roles: [3] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const changed = await admin.put(`/api/users/${id}`, { user: { ...created.json().user, password: 'second-pass2' } });
    expect(changed.statusCode, changed.body).toBe(200);
    await t.signIn('secrets_user', 'second-pass2');
    await expect(t.signIn('secrets_user', 'first-pass1')).rejects.toThrow(/401/);
    await t.settled();
    const pool = t.server.ctx.pool;

    const key = readFileSync(tokenKeyFile(t.server.ctx.config.dataDir), 'utf8').trim();
    expect(key.length).toBeGreaterThanOrEqual(40);
    for (const form of [key, Buffer.from(key, 'base64').toString('hex')]) expect(await tablesHolding(pool, form)).toEqual([]);
    expect(await pool.maybeOneFirst(sql.unsafe`SELECT value FROM app_settings WHERE key = 'token_secret'`)).toBeNull();

    // Hashes live in user_credentials only: not in the log, not in a read model.
    const hashes = (await pool.anyFirst(sql.unsafe`SELECT password_hash FROM user_credentials`)).map(String);
    expect(hashes.length).toBeGreaterThan(5);
    expect(await tablesHolding(pool, '$argon2id$')).toEqual(['public.user_credentials']);
    expect(await tablesHolding(pool, 'scrypt$')).toEqual([]);
    expect(Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events WHERE data ? 'password_hash'`))).toBe(0);
    for (const hash of hashes.slice(0, 3)) expect(await tablesHolding(pool, hash.split('$').pop()!)).toEqual(['public.user_credentials']);
    // The log still says the password was set and changed, and by whom.
    const told = await pool.any(sql.unsafe`
      SELECT type, schema_version, metadata->>'userId' AS by FROM es_events
      WHERE stream_id = ${`user-${id}`} AND type IN ('UserRegistered', 'UserPasswordChanged') ORDER BY stream_revision`);
    expect(told).toEqual([
      { type: 'UserRegistered', schema_version: 2, by: String(admin.userId) },
      { type: 'UserPasswordChanged', schema_version: 2, by: String(admin.userId) },
    ]);
  });
});

describe('a log written when events carried hashes', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('is rewritten once where the hashes were: the current hash moves to user_credentials, and the rewrite is recorded', async () => {
    const { pool } = db;
    const profile = (login: string) => ({ surname: 'Старый', name: 'Журнал', patronymic: null, phone: null, email: `${login}@x.ru`, organization_id: null, post_id: null, post_description: null, due_order: null, login, hotline_worker: false, users_roles: [], units: [], users_programs: [] });
    const meta = { userId: 1, correlationId: 'c', causationId: null, timestamp: '2025-01-01T00:00:00.000Z' };
    const events: Array<[string, number, string, unknown]> = [
      ['user-901', 0, 'UserRegistered', { id: 901, user: profile('old901'), password_hash: 'scrypt$16384$8$1$first$aaa' }],
      ['user-901', 1, 'UserSignedIn', { id: 901, at: '2025-01-02T00:00:00.000Z' }],
      ['user-901', 2, 'UserPasswordChanged', { id: 901, password_hash: 'scrypt$16384$8$1$second$bbb' }],
      ['user-902', 0, 'UserRegistered', { id: 902, user: profile('old902'), password_hash: 'scrypt$16384$8$1$third$ccc' }],
      ['user-902', 1, 'UserDeleted', { id: 902 }],
    ];
    for (const [stream, revision, type, data] of events)
      await pool.query(sql.unsafe`
        INSERT INTO es_events (stream_id, stream_revision, type, data, metadata, schema_version)
        VALUES (${stream}, ${revision}, ${type}, ${sql.jsonb(data as never)}, ${sql.jsonb(meta)}, 1)`);
    await pool.query(sql.unsafe`INSERT INTO es_streams (stream_id, stream_type, revision) VALUES ('user-901', 'user', 2), ('user-902', 'user', 1)`);
    // As an earlier version left the database: no credentials table, migration 011 not run.
    await pool.query(sql.unsafe`DROP TABLE user_credentials, log_rewrites`);
    await pool.query(sql.unsafe`DELETE FROM schema_migrations WHERE id = '011-credentials'`);
    const untouched = await pool.one(sql.unsafe`SELECT data::text, schema_version FROM es_events WHERE type = 'UserSignedIn' AND stream_id = 'user-901'`);

    expect(await migrate(pool)).toEqual(['011-credentials']);

    expect(await pool.any(sql.unsafe`SELECT user_id, password_hash FROM user_credentials ORDER BY user_id`)).toEqual([
      { user_id: 901, password_hash: 'scrypt$16384$8$1$second$bbb' },
    ]);
    expect(Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events WHERE data ? 'password_hash' OR data::text LIKE '%scrypt$%'`))).toBe(0);
    expect(await pool.anyFirst(sql.unsafe`SELECT schema_version FROM es_events WHERE type IN ('UserRegistered', 'UserPasswordChanged') ORDER BY global_position`)).toEqual([2, 2, 2]);
    expect(await pool.one(sql.unsafe`SELECT data::text, schema_version FROM es_events WHERE type = 'UserSignedIn' AND stream_id = 'user-901'`)).toEqual(untouched);
    const record = await pool.one(sql.unsafe`SELECT id, events, cardinality(positions) AS listed FROM log_rewrites`);
    expect(record).toEqual({ id: 'password-hashes-out-of-log', events: 3, listed: 3 });
    // The rest of each event is as it was.
    const store = withUpcasting(new PostgresEventStore(pool), upcasters);
    const stream = await store.readStream('user-901');
    expect(stream.map((e) => e.data)).toEqual([{ id: 901, user: profile('old901') }, { id: 901, at: '2025-01-02T00:00:00.000Z' }, { id: 901 }]);
    await store.close();
    // Once only.
    expect(await migrate(pool)).toEqual([]);
  });
});
