/**
 * `npm run bench:seed -- --scale N [--seed S] [--fresh] [--end YYYY-MM-DD] [--db URL]`
 *
 * Fills the benchmark database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/itsup_bench)
 * with a national network's five years: at --scale 1 about 85 regions, 2,500 courts with their buildings,
 * 10,000 users, 300,000 tools and 1,000,000 requests (~8 events each), generated through the real deciders
 * and written to es_events with COPY, then builds every read model with the projection runner's rebuild.
 * See docs/notes/bench.md.
 */
import { sql } from 'slonik';
import { createDatabasePool } from '../infrastructure/db/pool';
import { PostgresEventStore } from '../infrastructure/eventstore/postgres/postgres-event-store';
import { withUpcasting } from '../infrastructure/eventstore/upcasting';
import { silentLogger } from '../infrastructure/logger';
import { allProjections } from '../projections/registry';
import { ProjectionRunner } from '../processors/runner';
import { prepareDatabase } from '../api/db/prepare';
import { hashPassword } from '../api/auth/passwords';
import { DEFAULT_SEED_PASSWORD } from '../api/config';
import { upcasters } from '../api/upcasters';
import { benchDatabaseUrl, ensureDatabase, EventWriter } from './lib/db';
import { fmtSeconds, loadAverage, numberArg, parseArgs, stringArg } from './lib/args';
import { EventLog } from './generator/log';
import { buildWorld, referencePeriodDays } from './generator/world';
import { RequestSimulator } from './generator/requests';
import { schedule } from './generator/schedule';
import { installServerTricks } from '../infrastructure/perf/install';

// A server process: the library patches of infrastructure/perf (each with its off switch).
installServerTricks();

const DAY = 86_400_000;
const YEARS = 5;
const FLUSH_ROWS = 20_000;

const args = parseArgs(process.argv.slice(2));
const scale = numberArg(args, 'scale', 0.01);
const seed = Math.floor(numberArg(args, 'seed', 20_261));
const fresh = args.has('fresh');
const endArg = stringArg(args, 'end');
const url = benchDatabaseUrl(stringArg(args, 'db'));
// The history ends today (UTC midnight): the lists' default year is the current one. Pass --end to repeat a run exactly.
const end = endArg ? Date.parse(`${endArg}T00:00:00Z`) : Math.floor(Date.now() / DAY) * DAY;
if (Number.isNaN(end)) throw new Error(`--end needs YYYY-MM-DD, got ${endArg}`);
const start = end - Math.round(YEARS * 365.25) * DAY;
const totalRequests = Math.max(200, Math.round(1_000_000 * scale));

const t0 = performance.now();
const timings: Record<string, number> = {};
const lap = (name: string, since: number) => {
  timings[name] = Math.round(performance.now() - since);
  console.log(`  ${name}: ${fmtSeconds(timings[name]!)}`);
};

console.log(`bench:seed scale ${scale}, seed ${seed}, history ${new Date(start).toISOString().slice(0, 10)} .. ${new Date(end).toISOString().slice(0, 10)}, database ${url.replace(/:[^:@/]*@/, ':***@')}`);
const created = await ensureDatabase(url, fresh);
const pool = await createDatabasePool(url, { maximumPoolSize: 4, statementTimeoutMs: 3_600_000 });
if (!created) {
  const any = await pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM pg_tables WHERE tablename = 'es_events'`);
  if (any && (await pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM es_events LIMIT 1`))) {
    console.error('The benchmark database already holds events: pass --fresh to drop and refill it.');
    await pool.end();
    process.exit(2);
  }
}
await prepareDatabase(pool);
// Bulk load: the log's secondary indexes are built once at the end (sorted), not row by row.
await pool.query(sql.unsafe`ALTER TABLE es_events DROP CONSTRAINT IF EXISTS es_events_stream_revision_unique`);
await pool.query(sql.unsafe`DROP INDEX IF EXISTS es_events_log_order`);

const writer = await EventWriter.open(url);
const log = new EventLog();
const flush = async (force = false) => {
  if (force || log.rows.length >= FLUSH_ROWS) await writer.write(log.take());
};

// 1. The reference world, in the two months before the requests' five years.
let t = performance.now();
const passwordHash = await hashPassword(process.env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD);
const world = buildWorld({ scale, seed, start: start - referencePeriodDays * DAY }, log);
await flush(true);
lap('reference world (generate)', t);
console.log(`  ${JSON.stringify(world.sizes)}, ${log.count} events`);

// 2. Requests, day by day in time order.
t = performance.now();
const sim = new RequestSimulator(world, log, seed, end, world.counters.get('file') ?? 0);
let lastId = world.counters.get('request') ?? 0;
const numbers = new Map<number, number>();
let lastReport = performance.now();
for (const day of schedule({ seed, start, end, total: totalRequests, regionWeights: world.regions.map((r) => r.weight), firstId: lastId })) {
  for (const plan of day.plans) {
    sim.register(plan);
    lastId = plan.id;
    const year = new Date(plan.at).getUTCFullYear();
    numbers.set(year, Math.max(numbers.get(year) ?? 0, plan.number));
    if (plan.longHistory) sim.longHistory.push(plan.id);
  }
  sim.runUntil(day.dayStart + DAY);
  await flush();
  if (performance.now() - lastReport > 15_000) {
    lastReport = performance.now();
    console.log(`    ${new Date(day.dayStart).toISOString().slice(0, 10)}: ${sim.stats.requests} requests, ${log.count} events, ${sim.stats.open} open, ${fmtSeconds(performance.now() - t)}`);
  }
}
sim.runUntil(end);
await flush(true);
await writer.close();
lap('requests (generate and COPY)', t);
const refused = [...sim.stats.refused].sort((a, b) => b[1] - a[1]);
console.log(`  ${sim.stats.requests} requests, ${sim.stats.commands} commands, ${log.count} events in all; ${sim.stats.open} still open at the end`);
if (refused.length) console.log(`  refused commands (the generator should send none):\n${refused.slice(0, 10).map(([k, n]) => `    ${n} × ${k}`).join('\n')}`);

// 3. The log's indexes, stream rows and counters.
t = performance.now();
await pool.transaction(async (tx) => {
  await tx.query(sql.unsafe`SET LOCAL maintenance_work_mem = '1GB'`);
  await tx.query(sql.unsafe`ALTER TABLE es_events ADD CONSTRAINT es_events_stream_revision_unique UNIQUE (stream_id, stream_revision)`);
  await tx.query(sql.unsafe`CREATE INDEX es_events_log_order ON es_events (transaction_id, global_position)`);
  await tx.query(sql.unsafe`
    INSERT INTO es_streams (stream_id, stream_type, revision, created_at, updated_at)
    SELECT stream_id, split_part(stream_id, '-', 1), max(stream_revision), min(created_at), max(created_at)
    FROM es_events GROUP BY stream_id`);
  const counters = new Map(world.counters);
  counters.set('request', lastId);
  counters.set('file', sim.lastFileId);
  for (const [kind, last] of counters)
    await tx.query(sql.unsafe`INSERT INTO id_counters (kind, last) VALUES (${kind}, ${last}) ON CONFLICT (kind) DO UPDATE SET last = excluded.last`);
  for (const [year, last] of numbers)
    await tx.query(sql.unsafe`INSERT INTO request_number_counters (year, last) VALUES (${year}, ${last}) ON CONFLICT (year) DO UPDATE SET last = excluded.last`);
  // Every generated account's password, beside the log as saveUser writes it (user_credentials).
  const userIds = [...world.users.keys()];
  await tx.query(sql.unsafe`
    INSERT INTO user_credentials (user_id, password_hash)
    SELECT id, ${passwordHash} FROM unnest(${sql.array(userIds, 'int4')}) AS id
    ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash`);
  // Logins and request numbers as the handlers claim them (unique_values).
  const claims = [...world.claims.values()];
  for (let i = 0; i < claims.length; i += 50_000) {
    const chunk = claims.slice(i, i + 50_000);
    await tx.query(sql.unsafe`
      INSERT INTO unique_values (scope, value, owner)
      SELECT * FROM unnest(${sql.array(chunk.map((c) => c.scope), 'text')}, ${sql.array(chunk.map((c) => c.value), 'text')}, ${sql.array(chunk.map((c) => c.owner), 'text')})
      ON CONFLICT (scope, value) DO NOTHING`);
  }
});
await pool.query(sql.unsafe`VACUUM ANALYZE es_events`);
await pool.query(sql.unsafe`VACUUM ANALYZE es_streams`);
lap('log indexes, streams, counters, unique values', t);

// 4. Every read model from the log: the projection runner's own rebuild.
t = performance.now();
const store = withUpcasting(new PostgresEventStore(pool), upcasters);
const runner = new ProjectionRunner(pool, store, allProjections(), [], silentLogger);
await runner.prepare();
const rebuilt = await runner.rebuild();
lap('read models (runner.rebuild)', t);
console.log(`  ${rebuilt.events} events, ${Math.round(rebuilt.events / (rebuilt.ms / 1000))} events/s`);
t = performance.now();
for (const table of ['rm_requests', 'rm_request_counts', 'rm_request_history', 'rm_request_comments', 'rm_request_files', 'rm_notifications', 'rm_tools', 'rm_tool_history', 'rm_users'])
  await pool.query(sql.unsafe`VACUUM ANALYZE ${sql.identifier([table])}`);
lap('vacuum analyze', t);

// 5. What the benchmark needs to know about this data.
const info = {
  scale,
  seed,
  start: new Date(start).toISOString(),
  end: new Date(end).toISOString(),
  sizes: { ...world.sizes, requests: sim.stats.requests, events: log.count },
  longHistory: sim.longHistory,
  timings,
  seconds: Math.round((performance.now() - t0) / 1000),
  load: await loadAverage(),
  at: new Date().toISOString(),
};
await pool.query(sql.unsafe`CREATE TABLE IF NOT EXISTS bench_info (key text PRIMARY KEY, value jsonb NOT NULL)`);
await pool.query(sql.unsafe`INSERT INTO bench_info (key, value) VALUES ('seed', ${sql.jsonb(info)}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
await store.close();
await pool.end();
console.log(`bench:seed done in ${fmtSeconds(performance.now() - t0)} (load average ${info.load}).`);
console.log(`Look at it: DATABASE_URL=${url} npm start (sign in as admin, engineer, court... with the demo password).`);
