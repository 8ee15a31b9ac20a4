import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool } from '../../../infrastructure/db/pool';
import { PostgresEventStore } from '../../../infrastructure/eventstore/postgres/postgres-event-store';
import type { EventStore } from '../../../infrastructure/eventstore/port';
import { createTestDatabase, databaseUrl, type TestDatabase } from '../../support/database';
import { eventStoreContract } from './contract';

let db: TestDatabase;
const opened: Array<{ close(): Promise<void> }> = [];
const pools: Array<{ end(): Promise<void> }> = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const s of opened) await s.close();
  for (const p of pools) await p.end();
  await db.drop();
});

const track = <T extends EventStore>(s: T) => {
  opened.push(s);
  return s;
};

eventStoreContract('PostgreSQL', {
  store: async () => track(new PostgresEventStore(db.pool, { listenUrl: db.url, pollIntervalMs: 200 })),
  delayedStore: async (maxDelayMs) => {
    const pool = await createDatabasePool(db.url, { maximumPoolSize: 8 });
    pools.push(pool);
    return new PostgresEventStore(pool, { commitDelayMs: () => Math.floor(Math.random() * maxDelayMs) });
  },
});

describe('PostgreSQL adapter: which running transactions hold readers back', () => {
  const newEvent = () => ({
    type: 'Probe',
    data: {},
    metadata: { userId: null, correlationId: 'horizon', causationId: null, timestamp: new Date().toISOString() },
  });

  /** A transaction that has written (so it holds a transaction id) and stays open. */
  const openWriter = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('BEGIN');
    await c.query('SELECT pg_current_xact_id()');
    return { end: async () => { await c.query('ROLLBACK'); await c.end(); } };
  };

  it('a writing transaction of another database on the same server does not hold them back', async () => {
    const store = track(new PostgresEventStore(db.pool));
    const head = await store.headPosition();
    const other = await openWriter(databaseUrl('postgres'));
    try {
      await store.append(`horizon-${Date.now()}`, [newEvent()], { expectedRevision: 'no_stream' });
      const read = await store.readAll({ after: head, maxCount: 10 });
      expect(read.map((e) => e.type)).toEqual(['Probe']);
    } finally {
      await other.end();
    }
  });

  it('a writing transaction of this database does, until it ends (an event committed late is never skipped)', async () => {
    const store = track(new PostgresEventStore(db.pool));
    const head = await store.headPosition();
    const mine = await openWriter(db.url);
    try {
      await store.append(`horizon-${Date.now()}`, [newEvent()], { expectedRevision: 'no_stream' });
      expect(await store.readAll({ after: head, maxCount: 10 })).toEqual([]);
    } finally {
      await mine.end();
    }
    expect((await store.readAll({ after: head, maxCount: 10 })).map((e) => e.type)).toEqual(['Probe']);
  });
});
