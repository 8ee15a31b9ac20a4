/**
 * `npm run projections:rebuild [name ...]`: rebuilds the named read models (default: all) from the
 * event log into fresh tables and swaps them in only when the whole log applied. Safe while the
 * server runs: the live tables serve (and the live runner fills them) until the swap, which holds
 * the checkpoint rows. A projection that fails keeps its old tables; the reason is printed and the
 * command exits with 1 after trying the others.
 */
import { createDatabasePool } from '../../infrastructure/db/pool';
import { PostgresEventStore } from '../../infrastructure/eventstore/postgres/postgres-event-store';
import { EventStoreDbEventStore } from '../../infrastructure/eventstore/eventstoredb/eventstoredb-event-store';
import { withUpcasting } from '../../infrastructure/eventstore/upcasting';
import { consoleLogger } from '../../infrastructure/logger';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner, RebuildFailed } from '../../processors/runner';
import { loadConfig } from '../config';
import { startEmbeddedPostgres } from '../db/embedded';
import { prepareDatabase } from '../db/prepare';
import { upcasters } from '../upcasters';
import { installServerTricks } from '../../infrastructure/perf/install';

// A server process: the library patches of infrastructure/perf (each with its off switch).
installServerTricks();

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
const pool = await createDatabasePool(url, { maximumPoolSize: 8 });
await prepareDatabase(pool);
const base = config.eventStoreUrl ? new EventStoreDbEventStore(config.eventStoreUrl) : new PostgresEventStore(pool);
const store = withUpcasting(base, upcasters);
const runner = new ProjectionRunner(pool, store, allProjections(), [], consoleLogger);
// One pass over the log for all targets (runner.rebuild applies each batch to all of them): one
// pass per projection read a 9-million-event log fifteen times. A projection that fails is left
// out and the others are rebuilt again without it, so each still gets its own answer.
let targets = names.length ? names : runner.projectionNames();
const failed: string[] = [];
while (targets.length) {
  try {
    const { events, ms } = await runner.rebuild(targets);
    console.log(`${targets.join(', ')}: ${events} событий за ${ms} мс (${Math.round((events / Math.max(ms, 1)) * 1000)} событий/с)`);
    break;
  } catch (error) {
    if (!(error instanceof RebuildFailed)) {
      failed.push(...targets);
      console.error(`${targets.join(', ')}: пересборка не удалась: ${error instanceof Error ? error.message : String(error)}. Прежние витрины сохранены.`);
      break;
    }
    const e = error.event;
    failed.push(error.projection);
    console.error(
      `${error.projection}: пересборка не удалась на событии ${e.type} потока ${e.streamId} (версия ${e.revision}, позиция ${e.position}): ${error.reason}. Прежняя витрина и её контрольная точка сохранены.`,
    );
    targets = targets.filter((n) => n !== error.projection);
  }
}
if (failed.length) process.exitCode = 1;
await store.close();
await pool.end();
await embedded?.stop();
