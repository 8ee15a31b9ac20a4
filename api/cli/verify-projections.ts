/**
 * `npm run projections:verify [name ...]` (decisions 97–99): after an upgrade, rebuilds every read model
 * (or the named ones) from the event log into a shadow schema and compares it row by row with the
 * live tables, printing the differences; exit code 1 on any. First the live read models are caught
 * up to the head of the log, as the server would. Run it while the server is idle: writes arriving
 * meanwhile show as differences.
 */
import { createDatabasePool } from '../../infrastructure/db/pool';
import { PostgresEventStore } from '../../infrastructure/eventstore/postgres/postgres-event-store';
import { EventStoreDbEventStore } from '../../infrastructure/eventstore/eventstoredb/eventstoredb-event-store';
import { withUpcasting } from '../../infrastructure/eventstore/upcasting';
import { consoleLogger } from '../../infrastructure/logger';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner } from '../../processors/runner';
import { loadConfig } from '../config';
import { startEmbeddedPostgres } from '../db/embedded';
import { prepareDatabase } from '../db/prepare';
import { upcasters } from '../upcasters';
import { verifyReadModels } from './verify-read-models';
import { installServerTricks } from '../../infrastructure/perf/install';

// A server process: the library patches of infrastructure/perf (each with its off switch).
installServerTricks();

const all = allProjections();
const names = process.argv.slice(2);
const unknown = names.filter((n) => !all.some((p) => p.name === n));
if (unknown.length) {
  console.error(`Неизвестные проекции: ${unknown.join(', ')}. Есть: ${all.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const config = loadConfig();
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
const url = config.databaseUrl ?? embedded!.url;
const pool = await createDatabasePool(url, { maximumPoolSize: 4 });
await prepareDatabase(pool);
const base = config.eventStoreUrl ? new EventStoreDbEventStore(config.eventStoreUrl) : new PostgresEventStore(pool);
const store = withUpcasting(base, upcasters);
const targets = names.length ? all.filter((p) => names.includes(p.name)) : all;
try {
  const runner = new ProjectionRunner(pool, store, all, [], consoleLogger);
  await runner.prepare();
  await runner.catchUpAll();
  const started = Date.now();
  const { events, differences } = await verifyReadModels(pool, store, targets);
  for (const d of differences) {
    console.error(`${d.projection}.${d.table}: строк только в витрине ${d.onlyLive}, только в пересборке из журнала ${d.onlyShadow}`);
    for (const s of d.samples) console.error(`  ${s}`);
  }
  console.log(
    differences.length
      ? `Расхождений: ${differences.length} таблиц (${events} событий, ${Date.now() - started} мс)`
      : `Расхождений нет: ${targets.length} витрин совпадают с журналом (${events} событий, ${Date.now() - started} мс)`,
  );
  if (differences.length) process.exitCode = 1;
} catch (error) {
  console.error(`Проверка не удалась: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await store.close();
  await pool.end();
  await embedded?.stop();
}
