/**
 * `node --max-semi-space-size=64 --import tsx bench/rebuild.ts [--db URL] [--no-raw] [--batch N] [--only name,name] [--statements]`:
 * the rebuild figure alone (docs/notes/bench.md), with where its time goes: the raw replay limit (bench/limits.ts),
 * then runner.rebuild() of the named projections (default: all) and each projection's time applying
 * batches, in finishRebuild, building indexes and in VACUUM. Rebuilds the database's read models.
 * --statements adds the time of each kind of statement (its first words; from the call to its
 * answer, so a statement queued behind another on its connection counts its wait).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { sql, type Interceptor } from 'slonik';
import { createDatabasePool } from '../infrastructure/db/pool';
import { PostgresEventStore } from '../infrastructure/eventstore/postgres/postgres-event-store';
import { withUpcasting } from '../infrastructure/eventstore/upcasting';
import { silentLogger, type Logger } from '../infrastructure/logger';
import type { RebuildResult } from '../processors/rebuild';
import { allProjections } from '../projections/registry';
import { ProjectionRunner } from '../processors/runner';
import { upcasters } from '../api/upcasters';
import { benchDatabaseUrl } from './lib/db';
import { numberArg, parseArgs, stringArg } from './lib/args';
import { measureRawReplay } from './limits';
import { cpuMsOf } from './lib/proc';
import { installServerTricks } from '../infrastructure/perf/install';

// A server process: the library patches of infrastructure/perf (each with its off switch).
installServerTricks();

const args = parseArgs(process.argv.slice(2));
const url = benchDatabaseUrl(stringArg(args, 'db'));
const names = stringArg(args, 'only')?.split(',') ?? [];
const statements = new Map<string, { n: number; ms: number }>();
const started = new Map<string, number>();
const kindOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 90);
const timing: Interceptor = {
  name: 'statement-timing',
  beforeQueryExecution: (context) => {
    started.set(context.queryId, performance.now());
    return null;
  },
  afterQueryExecution: (context, query) => {
    const t0 = started.get(context.queryId);
    started.delete(context.queryId);
    if (t0 === undefined) return null;
    const k = kindOf(query.sql);
    const s = statements.get(k) ?? { n: 0, ms: 0 };
    s.n += 1;
    s.ms += performance.now() - t0;
    statements.set(k, s);
    return null;
  },
};
const pool = await createDatabasePool(url, { maximumPoolSize: 20, ...(args.has('statements') ? { interceptors: [timing] } : {}) });
const logEvents = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
let raw: number | null = null;
if (!args.has('no-raw')) {
  const r = await measureRawReplay(url);
  raw = r.perSecond;
  console.log(`raw replay: ${r.events} events in ${r.seconds.toFixed(1)} s, ${Math.round(r.perSecond)} events/s`);
}
const store = withUpcasting(new PostgresEventStore(pool), upcasters);
const batch = args.has('batch') ? numberArg(args, 'batch', 20_000) : undefined;
// The rebuild logs where its time went; the runner's answer holds only the totals.
let result: RebuildResult | null = null;
const logger: Logger = {
  ...silentLogger,
  info: (fields: object, message?: string) => {
    if (message === 'rebuild finished') result = fields as RebuildResult;
  },
};
const runner = new ProjectionRunner(pool, store, allProjections(), [], logger, batch ? { rebuildBatchSize: batch } : {});
await runner.prepare();
// CPU seconds compare runs on a shared machine better than wall time: this process's, and that of
// the backends of this database (PostgreSQL runs beside the bench; its process titles name the
// database), sampled from /proc while the rebuild runs.
const database = new URL(url).pathname.slice(1);
/** CPU time (ms) of each of the database's backends, as last sampled. */
const cpuMs = new Map<number, number>();
// Whether a process is one of this database's backends, read once per pid (reading every
// process's cmdline each time cost the bench more CPU than some projections).
const ours = new Map<string, boolean>();
const sample = () => {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d)))
    try {
      if (!ours.has(pid)) {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        // A backend being forked does not name its database yet: ask again at the next sample.
        if (cmdline.includes(` ${database} `)) ours.set(pid, true);
        else if (!cmdline.includes('postgres')) ours.set(pid, false);
      }
      if (!ours.get(pid)) continue;
      cpuMs.set(Number(pid), cpuMsOf(`/proc/${pid}/stat`));
    } catch {
      // The process ended between the listing and the read.
    }
};
sample();
const cpuMsBefore = new Map(cpuMs);
const sampler = setInterval(sample, 1000);
const t = performance.now();
const cpuBefore = process.cpuUsage();
await runner.rebuild(names.length ? names : undefined);
const r = result as RebuildResult | null;
if (!r) throw new Error('the rebuild logged no result');
const seconds = (performance.now() - t) / 1000;
const perSecond = logEvents / seconds;
console.log(`rebuild: ${logEvents} events in ${seconds.toFixed(1)} s, ${Math.round(perSecond)} events/s${raw ? ` = ${(perSecond / raw).toFixed(3)} × raw replay (target >= 0.5)` : ''}`);
console.log(`waiting for the log: ${(r.readMs / 1000).toFixed(1)} s`);
console.log(`${'projection'.padEnd(24)} ${'apply s'.padStart(8)} ${'finish s'.padStart(9)} ${'indexes s'.padStart(10)} ${'vacuum s'.padStart(9)}`);
const s = (ms: number) => (ms / 1000).toFixed(1);
for (const [name, m] of Object.entries(r.byProjection).sort(([, a], [, b]) => b.apply - a.apply))
  console.log(`${name.padEnd(24)} ${s(m.apply).padStart(8)} ${s(m.finish).padStart(9)} ${s(m.indexes).padStart(10)} ${s(m.vacuum).padStart(9)}`);
clearInterval(sampler);
sample();
const dbMs = [...cpuMs].reduce((sum, [pid, n]) => sum + n - (cpuMsBefore.get(pid) ?? 0), 0);
const cpu = process.cpuUsage(cpuBefore);
console.log(`CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, the database's backends ${(dbMs / 1000).toFixed(1)} s (${cpuMs.size})`);
if (statements.size) {
  console.log('statements (s, count), slowest first:');
  for (const [k, v] of [...statements].sort(([, a], [, b]) => b.ms - a.ms).slice(0, 30))
    console.log(`${(v.ms / 1000).toFixed(1).padStart(7)} ${String(v.n).padStart(7)}  ${k}`);
}
await store.close();
await pool.end();
