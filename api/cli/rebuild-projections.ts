/**
 * `npm run projections:rebuild [name ...]`: drops the named read models (default: all) and
 * rebuilds them from the event log. Safe while the server runs: batches are serialized per
 * projection through its checkpoint row, so the live runner and the rebuild never double-apply.
 */
import { createDatabasePool } from '../../commands/db/pool';
import { PostgresEventStore } from '../../commands/eventstore/postgres/postgres-event-store';
import { EventStoreDbEventStore } from '../../commands/eventstore/eventstoredb/eventstoredb-event-store';
import { withUpcasting } from '../../commands/eventstore/upcasting';
import { consoleLogger } from '../../commands/logger';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner } from '../../projections/runner/runner';
import { loadConfig } from '../config';
import { startEmbeddedPostgres } from '../db/embedded';
import { prepareDatabase } from '../db/prepare';
import { upcasters } from '../upcasters';

// Names are checked before a database is started or touched.
const known = allProjections().map((p) => p.name);
const names = process.argv.slice(2);
const unknown = names.filter((n) => !known.includes(n));
if (unknown.length) {
  console.error(`Неизвестные проекции: ${unknown.join(', ')}. Есть: ${known.join(', ')}`);
  process.exit(2);
}
const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
const url = config.databaseUrl ?? embedded!.url;
const pool = await createDatabasePool(url, { maximumPoolSize: 4 });
await prepareDatabase(pool);
const base = config.eventStoreUrl ? new EventStoreDbEventStore(config.eventStoreUrl) : new PostgresEventStore(pool);
const store = withUpcasting(base, upcasters);
const runner = new ProjectionRunner(pool, store, allProjections(), [], consoleLogger);
const targets = names.length ? names : runner.projectionNames();
for (const name of targets) {
  const { events, ms } = await runner.rebuild([name]);
  console.log(`${name}: ${events} событий за ${ms} мс (${Math.round((events / Math.max(ms, 1)) * 1000)} событий/с)`);
}
await store.close();
await pool.end();
await embedded?.stop();
