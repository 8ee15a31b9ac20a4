import { afterAll, beforeAll } from 'vitest';
import { createDatabasePool } from '../../../commands/db/pool';
import { PostgresEventStore } from '../../../commands/eventstore/postgres/postgres-event-store';
import type { EventStore } from '../../../commands/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../support/database';
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
