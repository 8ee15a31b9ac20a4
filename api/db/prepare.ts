import type { DatabasePool } from 'slonik';
import { migrate } from './migrations';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner } from '../../processors/runner';
import { PostgresEventStore } from '../../infrastructure/eventstore/postgres/postgres-event-store';
import { silentLogger } from '../../infrastructure/logger';

/** Brings a database to the current schema: migrations, then every read-model table. */
export const prepareDatabase = async (pool: DatabasePool) => {
  await migrate(pool);
  const store = new PostgresEventStore(pool);
  await new ProjectionRunner(pool, store, allProjections(), [], silentLogger).prepare();
  await store.close();
};
