/**
 * `npm run bench [-- --quick] [--db URL] [--port N] [--no-rebuild] [--out FILE] [--only parts] [--warmup N] [--rounds N]`
 *
 * Measures the application on the benchmark database (npm run bench:seed) through the real server
 * in its own process, over real HTTP, and prints one table: figure, value, target, met or not.
 * Writes bench/results/<YYYY-MM-DD>.json (other scales and --quick get a suffix). See docs/notes/bench.md.
 */
import os from 'node:os';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'slonik';
import { createDatabasePool, SERVING_SETTINGS } from '../infrastructure/db/pool';
import { PostgresEventStore } from '../infrastructure/eventstore/postgres/postgres-event-store';
import { withUpcasting } from '../infrastructure/eventstore/upcasting';
import { postgresIdAllocator } from '../infrastructure/ids';
import { silentLogger } from '../infrastructure/logger';
import { registerRequest } from '../commands/request/register';
import { allProjections } from '../projections/registry';
import { ProjectionRunner } from '../processors/runner';
import { loadCurrentUser } from '../api/auth/current-user';
import { requestCaller } from '../api/routes/request-caller';
import { DEFAULT_SEED_PASSWORD, loadConfig } from '../api/config';
import { upcasters } from '../api/upcasters';
import { writeLookups } from '../api/write-lookups';
import { benchDatabaseUrl } from './lib/db';
import { fmtSeconds, loadAverage, numberArg, parseArgs, stringArg } from './lib/args';
import { ApiClient, enc, percentile } from './lib/http';
import { peakRssDuring, startServerProcess } from './lib/server';
import { benchTools } from './tools';
import { benchImport } from './import';
import { benchReferences } from './references';
import { benchSearch } from './search';
import { benchTimeTravel } from './time-travel';
import { benchReports } from './reports';
import { benchActs } from './acts';
import { benchSigninRush } from './signin-rush';
import { benchBrowser, prepareBrowserBench } from './browser';
import { measureCommandFloor, measureRebuildFloor } from './floors';
import { cpuMsOf, cpuMsOfStat } from './lib/proc';
import { listStatements, measureRawAppend, measureRawPage, measureRawReplay, rawPageClient, ratioText, type RawAppend } from './limits';
import { parseRequestFilter } from '../domain/request/list-filter';
import { scopeOf } from '../api/auth/current-user';
import { installServerTricks } from '../infrastructure/perf/install';

// A server process: the library patches of infrastructure/perf (each with its off switch).
installServerTricks();

const args = parseArgs(process.argv.slice(2));
const quick = args.has('quick');
/** --only commands,lists,history,exports,tools,import,references,search,timetravel,reports,acts,signin,browser,rebuild: a part of the run (while working on one figure). */
const only = stringArg(args, 'only')?.split(',') ?? null;
const part = (name: string) => !only || only.includes(name);
const url = benchDatabaseUrl(stringArg(args, 'db'));
const password = process.env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD;
const MB = 1024 * 1024;

interface Figure {
  figure: string;
  value: number;
  unit: string;
  target: number | null;
  /** 'max': the value must not exceed the target; 'min': must reach it. */
  kind: 'max' | 'min';
  met: boolean | null;
  note?: string;
  /** docs/notes/bench.md: the target is a ratio to a limit measured in this run; the old absolute target kept for reference. */
  limit?: { name: string; value: number; ratio: number; absoluteTarget: number | null; absoluteMet: boolean | null; replaced?: { name: string; target: number; met: boolean | null } };
}
const figures: Figure[] = [];
const figure = (name: string, value: number, unit: string, target: number | null, kind: 'max' | 'min' = 'max', note?: string) => {
  const met = target === null || Number.isNaN(value) ? null : kind === 'max' ? value <= target : value >= target;
  figures.push({ figure: name, value: Math.round(value * 10) / 10, unit, target, kind, met, ...(note ? { note } : {}) });
  console.log(`  ${name}: ${value.toFixed(1)} ${unit}${target !== null ? ` (target ${kind === 'max' ? '<=' : '>='} ${target})` : ''}`);
};
/**
 * A figure judged against a limit of this run (docs/notes/bench.md): `target` is derived from the limit, the
 * ratio and the old absolute target are printed beside it and kept in the JSON; `old` is a ratio
 * target this one replaced (docs/notes/performance.md), printed with whether it is met.
 */
const limitFigure = (
  name: string,
  value: number,
  unit: string,
  target: number,
  kind: 'max' | 'min',
  limit: { name: string; value: number; absolute: number | null },
  old?: { name: string; target: number },
) => {
  const absoluteMet = limit.absolute === null ? null : kind === 'max' ? value <= limit.absolute : value >= limit.absolute;
  const oldMet = old && (kind === 'max' ? value <= old.target : value >= old.target);
  const oldNote = old ? `; replaced target ${old.name} ${kind === 'max' ? '<=' : '>='} ${old.target.toFixed(1)} ${oldMet ? 'met' : 'not met'}` : '';
  figure(name, value, unit, Math.round(target * 10) / 10, kind, `${ratioText(value, limit.value)} (${limit.name} ${limit.value.toFixed(1)} ${unit})${limit.absolute === null ? '' : `; absolute ${kind === 'max' ? '<=' : '>='} ${limit.absolute} ${absoluteMet ? 'met' : 'not met'}`}${oldNote}`);
  figures[figures.length - 1]!.limit = { name: limit.name, value: limit.value, ratio: value / limit.value, absoluteTarget: limit.absolute, absoluteMet, ...(old ? { replaced: { ...old, met: oldMet ?? null } } : {}) };
};


// The figures 'query alone' run with the server's own settings.
const pool = await createDatabasePool(url, { maximumPoolSize: 12, statementTimeoutMs: 3_600_000, settings: SERVING_SETTINGS });
const info = (await pool.maybeOneFirst(sql.unsafe`SELECT value FROM bench_info WHERE key = 'seed'`).catch(() => null)) as
  | { scale: number; seed: number; start: string; end: string; sizes: Record<string, number>; longHistory: number[]; seconds: number; timings: Record<string, number>; load: string }
  | null;
if (!info) {
  console.error(`No benchmark data in ${url}: run npm run bench:seed -- --scale N first.`);
  await pool.end();
  process.exit(2);
}
const loadBefore = await loadAverage();
const started = new Date();
console.log(`bench: scale ${info.scale} (${info.sizes.requests} requests, ${info.sizes.events} events), ${quick ? 'quick' : 'full'} run, load average ${loadBefore}`);

// Users: an ALL reader (a head performer), an OWN reader with a typical number of units (the median
// engineer), eight engineers of different regions as the writing clients.
const pickLogin = async (where: ReturnType<typeof sql.fragment>) =>
  (await pool.maybeOne(sql.unsafe`SELECT id, login, units FROM rm_users WHERE ${where} AND NOT deleted AND NOT is_inactive ORDER BY id LIMIT 1`)) as
    | { id: number; login: string; units: number[] }
    | null;
const allUser = (await pickLogin(sql.fragment`7 = ANY(users_roles)`))!;
const engineers = (await pool.any(sql.unsafe`
  SELECT u.id, u.login, u.units, cardinality(u.units) AS n, o.region_id
  FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
  WHERE users_roles = '{2}' AND NOT u.deleted ORDER BY cardinality(u.units), u.id`)) as unknown as Array<{ id: number; login: string; units: number[]; n: number; region_id: number }>;
const ownUser = engineers[Math.floor(engineers.length / 2)]!;
const writerEngineers: typeof engineers = [];
for (const e of [...engineers].reverse()) if (!writerEngineers.some((w) => w.region_id === e.region_id) && writerEngineers.length < 8) writerEngineers.push(e);
while (writerEngineers.length < 8) writerEngineers.push(engineers[writerEngineers.length % engineers.length]!);
console.log(`  ALL user ${allUser.login}; OWN user ${ownUser.login} (${ownUser.n} units); writers ${writerEngineers.map((e) => e.login).join(', ')}`);

// A request's contact must be an active user of the unit's organisation or its host (decisions 8, 13), as the
// dialog's contact picker offers them (GET /api/request_contacts/{unit}); a unit without one gets an
// unregistered contact.
const contactRows = (await pool.any(sql.unsafe`
  SELECT DISTINCT ON (un.id) un.id AS unit_id, u.id AS user_id
  FROM rm_units un JOIN rm_organizations o ON o.id = un.organization_id
  JOIN rm_users u ON u.organization_id IN (o.id, o.host_id) AND NOT u.deleted AND NOT u.is_inactive AND NOT u.hotline_worker
  WHERE un.id = ANY(${sql.array([...new Set(writerEngineers.flatMap((e) => e.units))], 'int4')})
  ORDER BY un.id, u.id`)) as unknown as Array<{ unit_id: number; user_id: number }>;
const contactOfUnit = new Map(contactRows.map((r) => [Number(r.unit_id), Number(r.user_id)]));
const contactFields = (unitId: number) => {
  const id = contactOfUnit.get(unitId);
  return id ? { contact_kind: 1, contact_id: id } : { contact_kind: 2, contact_unknown_name: 'Секретарь суда', contact_unknown_email: 'secretary@courts.example.ru' };
};

/** CPU time (user + system, ms) of a process and of its main thread, from /proc (Linux; NaN elsewhere). */
const serverCpu = (pid: number): { process: number; main: number } => {
  const ticks = (file: string) => {
    try {
      return cpuMsOf(file);
    } catch {
      return NaN;
    }
  };
  return { process: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
};

/**
 * CPU time (user + system, ms) of every PostgreSQL process on this machine (the bench's database
 * server is local): with the server's and the bench's own, it tells where a command's CPU goes.
 * Backends that end inside the window are missed; the server's and the bench's pools keep theirs.
 */
const databaseCpu = (): number => {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!line.includes('(postgres)')) continue;
      total += cpuMsOfStat(line);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
};

const logFile = path.join(os.tmpdir(), `itsup-bench-server-${process.pid}.log`);
// The server runs its read side as READ_SIDE says (as npm start would with it); compare modes with READ_SIDE=inline|worker.
const readSide = loadConfig().readSide;
if (part('browser')) prepareBrowserBench();
const server = await startServerProcess(url, { port: numberArg(args, 'port', 3977), logFile, env: { READ_SIDE: readSide } });
console.log(`  server ${server.url} (pid ${server.pid}, log ${logFile}, read side ${readSide})`);
const details: Record<string, unknown> = { read_side: readSide };

try {
  const end = info.end.slice(0, 10);
  const day = (offsetDays: number) => new Date(Date.parse(info.end) - offsetDays * 86_400_000).toISOString().slice(0, 10);
  const fiveYears = { date_beg: info.start.slice(0, 10), date_end: end };
  const all = new ApiClient(server.url);
  await all.signIn(allUser.login, password);
  const own = new ApiClient(server.url);
  await own.signIn(ownUser.login, password);

  // ------------------------------------------------------------------------------------------
  // 1. Commands under 8 concurrent clients, with the projection-lag probe writing beside them.
  if (part('commands')) {
  // The limit first, on the same server in the same run: plain single-row inserts by 8 clients.
  const rawAppend: RawAppend = await measureRawAppend(url, quick ? { seconds: 0.3, warmupSeconds: 0.1 } : {});
  details.raw_append = rawAppend;
  figure('raw append, 8 clients: transactions per second (limit)', rawAppend.perSecond, '/s', null);
  figure('raw append p50 (limit)', rawAppend.p50, 'ms', null);
  figure('raw append p95 (limit)', rawAppend.p95, 'ms', null);
  // For reference: the same insert as a prepared statement, as the server runs its repeated ones (PERF_PREPARED_STATEMENTS=0 turns that off).
  const rawPrepared = await measureRawAppend(url, quick ? { seconds: 0.3, warmupSeconds: 0.1, prepared: true } : { prepared: true });
  details.raw_append_prepared = rawPrepared;
  figure('raw append prepared, 8 clients (reference, not the limit)', rawPrepared.perSecond, '/s', null);
  // The design's own floor (bench/floors.ts): the least a command over HTTP with a read model costs here.
  const floor = await measureCommandFloor(url, quick ? { seconds: 0.3, warmupSeconds: 0.1 } : {});
  details.command_floor = floor;
  const floorNote = (r: { perSecond: number; serverCpuMs: number; p95: number }) =>
    `1/${(rawAppend.perSecond / r.perSecond).toFixed(1)} of raw append; p95 ${r.p95.toFixed(1)} ms; its server's CPU ${r.serverCpuMs.toFixed(2)} ms a call`;
  figure('floor: bare HTTP call, 8 clients (reference)', floor.routes.noop.perSecond, '/s', null, 'max', floorNote(floor.routes.noop));
  figure('floor: bare append over HTTP (reference)', floor.routes.append.perSecond, '/s', null, 'max', floorNote(floor.routes.append));
  figure('floor: bare command over HTTP: revision, append, row and checkpoint (reference)', floor.routes.command.perSecond, '/s', null, 'max', floorNote(floor.routes.command));
  console.log('Commands: create, save, take by 8 concurrent clients');
  // A server's first rounds compile its code paths (V8's optimising compiler works on background
  // threads for thousands of calls) and fill its caches (units, names, the signed-in user), which a
  // running server has done long before. Every client first runs `--warmup` rounds; the figures
  // (latencies, throughput, CPU) come from the rounds after the last client finished its warm-up,
  // as the raw append's do. The whole run's throughput is printed beside them for comparison.
  const warmup = quick ? 1 : numberArg(args, 'warmup', 60);
  const measured = quick ? 3 : numberArg(args, 'rounds', 100);
  const times: Record<'create' | 'save' | 'take', number[]> = { create: [], save: [], take: [] };
  const failures: string[] = [];
  const writers = await Promise.all(
    writerEngineers.map(async (e) => {
      const c = new ApiClient(server.url);
      await c.signIn(e.login, password);
      return { c, e };
    }),
  );
  // The probe: requests registered through the real command handler in this process (no HTTP wait
  // for the read models), then polled in rm_requests until the list can show them.
  const probePool = await createDatabasePool(url, { maximumPoolSize: 3 });
  const probeStore = new PostgresEventStore(probePool);
  const probeWriter = writerEngineers[0]!;
  const probeCaller = requestCaller((await loadCurrentUser(probePool, probeWriter.id))!);
  let lags: number[] = [];
  let writing = true;
  const probe = (async () => {
    let k = 0;
    while (writing) {
      const context = { userId: probeWriter.id, now: new Date().toISOString(), correlationId: `bench-probe-${k++}`, causationId: null };
      const r = await registerRequest({ store: probeStore, pool: probePool, ids: postgresIdAllocator(probePool), lookups: writeLookups(probePool), log: silentLogger }, probeCaller, {
        request: { region_id: probeWriter.region_id, unit_id: probeWriter.units[0], request_kind_id: 8, request_performer_kind: 'FILIAL', ...contactFields(probeWriter.units[0]!), request_text: `Проба задержки проекций ${k}` },
      }, context);
      const appended = performance.now();
      // Polled every 10 ms (a figure up to 10 ms late): a tighter loop would itself load the machine it measures.
      while (!(await probePool.maybeOneFirst(sql.unsafe`SELECT 1 FROM rm_requests WHERE id = ${r.id}`))) await new Promise((res) => setTimeout(res, 10));
      lags.push(performance.now() - appended);
      await new Promise((res) => setTimeout(res, 100));
    }
  })();
  let done = 0;
  /** `rounds` of create, save and take by every client; latencies kept when `record`. */
  const runRounds = (from: number, rounds: number, record: boolean) =>
    Promise.all(
      writers.map(async ({ c, e }, w) => {
        for (let i = from; i < from + rounds; i++) {
          const unit = e.units[(i * 7 + w) % e.units.length];
          const created = await c.call<{ savedRequest?: { id: number; revision: number } }>('POST', '/api/request', {
            request: { region_id: e.region_id, unit_id: unit, request_kind_id: 8, request_performer_kind: 'FILIAL', ...contactFields(unit!), request_text: `Нагрузочная проверка: заявка ${w}-${i}, проверить оборудование в зале` },
          });
          if (created.status !== 200 || !created.body.savedRequest) {
            failures.push(`create ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`);
            continue;
          }
          done++;
          if (record) times.create.push(created.ms);
          const id = created.body.savedRequest.id;
          const saved = await c.call<{ savedRequest?: { revision: number } }>('PUT', `/api/request/${id}`, {
            request: { request_text: `Нагрузочная проверка: заявка ${w}-${i}, уточнено описание`, number_out: `${w}/${i}` },
            revision: created.body.savedRequest.revision,
          });
          if (saved.status !== 200 || !saved.body.savedRequest) {
            failures.push(`save ${saved.status} ${JSON.stringify(saved.body).slice(0, 200)}`);
            continue;
          }
          done++;
          if (record) times.save.push(saved.ms);
          const taken = await c.call('POST', `/api/request/${id}/take`, { revision: saved.body.savedRequest.revision });
          if (taken.status !== 200) {
            failures.push(`take ${taken.status} ${JSON.stringify(taken.body).slice(0, 200)}`);
            continue;
          }
          done++;
          if (record) times.take.push(taken.ms);
        }
      }),
    );
  const runStart = performance.now();
  await runRounds(0, warmup, false);
  const warmupCommands = done;
  const warmupSeconds = (performance.now() - runStart) / 1000;
  console.log(`  warm-up: ${warmupCommands} commands in ${warmupSeconds.toFixed(1)} s; measuring ${measured} rounds`);
  lags = [];
  done = 0;
  const cpuBefore = serverCpu(server.pid);
  const dbCpuBefore = databaseCpu();
  const benchCpuBefore = process.cpuUsage();
  const commandStart = performance.now();
  await runRounds(warmup, measured, true);
  const commandSeconds = (performance.now() - commandStart) / 1000;
  const cpuAfter = serverCpu(server.pid);
  const dbCpu = databaseCpu() - dbCpuBefore;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  writing = false;
  await probe;
  await probeStore.close();
  await probePool.end();
  if (failures.length) console.log(`  ${failures.length} failed commands, e.g. ${failures[0]}`);
  for (const op of ['create', 'save', 'take'] as const) {
    const t = times[op];
    details[`command_${op}`] = { n: t.length, p50: percentile(t, 50), p95: percentile(t, 95), p99: percentile(t, 99) };
    figure(`command ${op} p50`, percentile(t, 50), 'ms', null);
    // docs/notes/performance.md: against the design's own floor (bench/floors.ts), not the bare insert.
    const floorP95 = floor.routes.command.p95;
    limitFigure(`command ${op} p95`, percentile(t, 95), 'ms', 3 * floorP95, 'max', { name: '3 × bare command floor p95', value: floorP95, absolute: 30 }, { name: '10 × raw append p95', target: 10 * rawAppend.p95 });
    figure(`command ${op} p99`, percentile(t, 99), 'ms', null);
  }
  // Throughput of the measured rounds; the whole run's (warm-up included) for comparison.
  const total = done;
  const wholeRun = (warmupCommands + total) / (warmupSeconds + commandSeconds);
  details.commands = { clients: 8, warmup, rounds: measured, seconds: commandSeconds, perSecond: total / commandSeconds, failures: failures.length, warmupSeconds, wholeRunPerSecond: wholeRun };
  figure('commands per second, whole run with the warm-up (8 clients)', wholeRun, '/s', null);
  limitFigure(
    'commands per second (8 clients)',
    total / commandSeconds,
    '/s',
    floor.routes.command.perSecond / 2,
    'min',
    { name: '1/2 of the bare command floor', value: floor.routes.command.perSecond, absolute: null },
    { name: '1/6 of raw append', target: rawAppend.perSecond / 6 },
  );
  // The server's CPU per command (docs/notes/bench.md): what bounds the throughput on a machine of few cores.
  // Every thread of the server counts in the first (the API's event loop, the read side's worker
  // that applies these commands' events, libuv and GC threads); the probe's few registrations,
  // appended from this process, reach only the read side.
  const perCommand = (ms: number) => ms / total;
  const benchMs = (benchCpu.user + benchCpu.system) / 1000;
  details.server_cpu = { process_ms: cpuAfter.process - cpuBefore.process, main_thread_ms: cpuAfter.main - cpuBefore.main, database_ms: dbCpu, bench_ms: benchMs, commands: total };
  figure('server CPU per command, whole process', perCommand(cpuAfter.process - cpuBefore.process), 'ms', null);
  figure('server CPU per command, API thread', perCommand(cpuAfter.main - cpuBefore.main), 'ms', null);
  // The rest of the machine's CPU per command: PostgreSQL, and this process (8 HTTP clients and the lag probe).
  figure('database CPU per command (every postgres process)', perCommand(dbCpu), 'ms', null);
  figure('bench clients CPU per command', perCommand(benchMs), 'ms', null);
  figure('machine CPU available per command (cores × time / commands)', perCommand(os.cpus().length * commandSeconds * 1000), 'ms', null);
  details.projection_lag = { n: lags.length, p50: percentile(lags, 50), p95: percentile(lags, 95), max: Math.max(...lags) };
  figure('projection lag p50 (append to visible)', percentile(lags, 50), 'ms', null);
  figure('projection lag p95 (append to visible)', percentile(lags, 95), 'ms', 100);
  }

  // ------------------------------------------------------------------------------------------
  // 2. Lists: filter combinations as the ALL user and the OWN user, page 1 and a deep page.
  if (part('lists')) {
  console.log('Request lists');
  const someNumber = Number(await pool.oneFirst(sql.unsafe`SELECT number FROM rm_requests WHERE NOT deleted AND year = ${Number(end.slice(0, 4))} - 1 ORDER BY id LIMIT 1 OFFSET 10`));
  const someExecutor = ownUser.id;
  const scenarios: Array<[string, (units: number[], region: number) => object]> = [
    ['no filter (current year)', () => ({})],
    ['region', (_u, region) => ({ region_id: region })],
    ['unit set (5 units)', (units) => ({ units_ids: units.slice(0, 5) })],
    ['status set (waiting, in work)', () => ({ request_statuses_ids: [2, 3] })],
    ['kind + date range (repair, 3 months)', () => ({ request_kinds_ids: [2], date_beg: day(91), date_end: end })],
    ['number (5 years)', () => ({ number: someNumber, ...fiveYears })],
    ['hot line: without number', () => ({ hotline_reqs_without_number: true })],
    ['hot line: not closed', () => ({ hotline_reqs_not_closed: true })],
    ['repair sub-filter (type, tool at branch)', () => ({ repair: { repair_type_id: 6 } })],
    ['executor', () => ({ engineer_id: someExecutor })],
    ['head performer (SENIOR)', () => ({ request_performer_kind: 'SENIOR' })],
    ['five years', () => fiveYears],
    ['result date range (last month)', () => ({ result_date_beg: day(30), result_date_end: end, date_beg: day(400), date_end: end })],
    ['region + kinds + statuses', (_u, region) => ({ region_id: region, request_kinds_ids: [1, 4], request_statuses_ids: [7] })],
    ['without СО-8 act', () => ({ without_doc_co_8: true })],
    ["unknown applicant's name part (5 years)", () => ({ contact_unknown_name: 'петрова в', ...fiveYears })],
  ];
  const listCalls = quick ? 3 : 20;
  const listRows: Array<{ scenario: string; user: string; page: string; items: number; p50: number; p95: number; raw: { statements: number; p50: number; p95: number } }> = [];
  const ownUnits = ownUser.units;
  // The limit of each case: the statements the list query issues, run directly (bench/limits.ts).
  const rawClient = await rawPageClient(url);
  const scopes = {
    ALL: scopeOf((await loadCurrentUser(pool, allUser.id))!, 'RIGHT_REQUEST_READ'),
    OWN: scopeOf((await loadCurrentUser(pool, ownUser.id))!, 'RIGHT_REQUEST_READ'),
  };
  const today = new Date().toISOString().slice(0, 10);
  for (const [name, make] of scenarios)
    for (const [who, client, units] of [['ALL', all, ownUnits], ['OWN', own, ownUnits]] as const)
      for (const page of [1, 50]) {
        const filter = { ...make([...units], ownUser.region_id), ...(page > 1 ? { pageNumber: page } : {}) };
        const path = `/api/request/${enc(filter)}`;
        let items = 0;
        for (let i = 0; i < 2; i++) {
          const r = await client.call<{ itemsCount: number }>('GET', path);
          if (r.status !== 200) throw new Error(`list ${name}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
          items = r.body.itemsCount;
        }
        const t: number[] = [];
        for (let i = 0; i < listCalls; i++) t.push((await client.call('GET', path)).ms);
        const raw = await measureRawPage(rawClient, await listStatements(pool, parseRequestFilter(filter as Record<string, unknown>, today), scopes[who]), listCalls);
        listRows.push({ scenario: name, user: who, page: page === 1 ? 'page 1' : 'page 50', items, p50: percentile(t, 50), p95: percentile(t, 95), raw });
        limitFigure(`list ${who} ${name}, ${page === 1 ? 'page 1' : 'page 50'} (${items} rows) p95`, percentile(t, 95), 'ms', raw.p95 + 10, 'max', { name: 'raw page p95', value: raw.p95, absolute: 50 });
      }
  details.lists = listRows;
  await rawClient.end();
  }

  // ------------------------------------------------------------------------------------------
  // 3. History tab of a request with 500 changes.
  const longId = info.longHistory[0];
  if (longId && part('history')) {
    console.log('History tab');
    const path = `/api/request_history/${longId}`;
    const first = await all.call<{ request_history: unknown[] }>('GET', path);
    const rows = first.body.request_history?.length ?? 0;
    const t: number[] = [];
    for (let i = 0; i < (quick ? 5 : 30); i++) t.push((await all.call('GET', path)).ms);
    details.history = { request: longId, rows, p50: percentile(t, 50), p95: percentile(t, 95) };
    figure(`history tab (${rows} changes) p50`, percentile(t, 50), 'ms', null);
    figure(`history tab (${rows} changes) p95`, percentile(t, 95), 'ms', 30);
  }

  // ------------------------------------------------------------------------------------------
  // 4. Exports of 100,000 requests (fewer at small scales): time and the server process's peak RSS.
  if (part('exports')) {
  console.log('Exports');
  const wanted = 100_000;
  const cutoff = (await pool.maybeOneFirst(sql.unsafe`
    SELECT request_date_add FROM rm_requests WHERE NOT deleted ORDER BY request_date_add DESC, id DESC OFFSET ${wanted - 1} LIMIT 1`)) as string | null;
  const exportFilter = { date_beg: (cutoff ?? info.start).slice(0, 10), date_end: end };
  const exportRows = ((await all.call<{ itemsCount: number }>('GET', `/api/request/${enc(exportFilter)}`)).body).itemsCount;
  for (const format of ['xlsx', 'docx'] as const) {
    const { result, peak, before } = await peakRssDuring(server.pid, () => all.download(`/api/request_export/${format}/${enc(exportFilter)}`));
    if (result.status !== 200) throw new Error(`export ${format}: ${result.status}`);
    details[`export_${format}`] = { rows: exportRows, bytes: result.bytes, seconds: result.ms / 1000, rssBeforeMB: before / MB, peakRssMB: peak / MB };
    figure(`${format} export of ${exportRows} rows: time`, result.ms / 1000, 's', format === 'xlsx' ? 8 : null, 'max', `${(result.bytes / MB).toFixed(1)} MB`);
    figure(`${format} export of ${exportRows} rows: server peak RSS`, peak / MB, 'MB', format === 'xlsx' ? 400 : null, 'max', `before ${(before / MB).toFixed(0)} MB`);
  }
  }

  // ------------------------------------------------------------------------------------------
  // 4b. The equipment registry (decisions 41–47): lists, age counts, card, save, export (bench/tools.ts).
  if (part('tools'))
    await benchTools({ pool, serverUrl: server.url, serverPid: server.pid, password, quick, all, own, ownUser, writers: writerEngineers, figure, details });

  // 4c. The Excel import (decisions 48–56): 20,000 rows end to end, 1,000 planted errors (bench/import.ts).
  if (part('import')) {
    const importer = new ApiClient(server.url);
    await importer.signIn('admin', password);
    await benchImport({ pool, serverUrl: server.url, serverPid: server.pid, client: importer, quick, figure, details });
  }

  // 4d. Equipment references (decisions 48–56): the model list and the spare lists, p95 (bench/references.ts).
  if (part('references')) {
    const referencesClient = new ApiClient(server.url);
    await referencesClient.signIn('admin', password);
    await benchReferences({ pool, client: referencesClient, quick, figure, details });
  }

  // 4d'. The list searches and the home page (bench/search.ts).
  if (part('search')) {
    const roles: Array<readonly [string, ApiClient]> = [];
    const logins = (await pool.anyFirst(sql.unsafe`
      SELECT login FROM rm_users WHERE login = ANY(${sql.array(['admin', 'chief', 'engineer', 'court', 'hotline', 'senior', 'signer'], 'text')}) ORDER BY login`)).map(String);
    for (const login of logins) {
      const client = new ApiClient(server.url);
      await client.signIn(login, password);
      roles.push([login, client] as const);
    }
    await benchSearch({
      pool, all, own, roles, quick, figure, details, range: fiveYears,
      allScope: scopeOf((await loadCurrentUser(pool, allUser.id))!, 'RIGHT_REQUEST_READ'),
      ownScope: scopeOf((await loadCurrentUser(pool, ownUser.id))!, 'RIGHT_REQUEST_READ'),
    });
  }

  // 4e. Time travel and the audit trail (decisions 97–99): a request at a moment, the audit page, the 1M export (bench/time-travel.ts).
  if (part('timetravel')) {
    const auditor = new ApiClient(server.url);
    await auditor.signIn('admin', password);
    await benchTimeTravel({ pool, client: auditor, serverPid: server.pid, quick, longId: info.longHistory[0], figure, details });
  }

  // 4f. Reports as jobs (decisions 87–96): every report over a whole year, all regions; time, RSS and commands beside (bench/reports.ts).
  if (part('reports')) {
    const reporter = new ApiClient(server.url);
    await reporter.signIn('admin', password);
    const writer = new ApiClient(server.url);
    await writer.signIn('admin', password);
    await benchReports({ pool, client: reporter, writer, serverPid: server.pid, quick, figure, details });
  }

  // 4g. Act generation (decisions 72–86): POST /api/request_act over HTTP, and the template's rendering in process (bench/acts.ts).
  if (part('acts')) await benchActs({ pool, serverUrl: server.url, password, quick, figure, details });

  // 4h. A morning rush of sign-ins beside list readers (bench/signin-rush.ts).
  if (part('signin')) await benchSigninRush({ pool, serverUrl: server.url, password, reader: ownUser, quick, figure, details });

  // 4i. The browser (docs/notes/performance.md): lists and dialogs on a LAN and a regional link, cold and warm (bench/browser.ts).
  if (part('browser')) {
    // The median engineer, whose list shows this year's requests of their units; at a small scale
    // they may have none this year, and the head performer (every unit) stands in.
    const year = new Date().getFullYear();
    const hasRows = Boolean(await pool.maybeOneFirst(sql.unsafe`SELECT 1 FROM rm_requests WHERE NOT deleted AND year = ${year} AND unit_id = ANY(${sql.array(ownUser.units, 'int4')}) LIMIT 1`));
    await benchBrowser({ serverUrl: server.url, login: hasRows ? ownUser.login : allUser.login, password, quick, figure, details });
  }
} finally {
  await server.stop();
}

// --------------------------------------------------------------------------------------------
// 5. Rebuild of every read model over the whole log (the server is stopped).
if (!args.has('no-rebuild') && part('rebuild')) {
  console.log('Raw replay of the log (limit), then the rebuild of every projection (runner.rebuild)');
  const rawReplay = await measureRawReplay(url);
  details.raw_replay = rawReplay;
  figure(`raw replay of the log into a plain table (limit, ${rawReplay.events} events)`, rawReplay.perSecond, 'events/s', null);
  // The design's own floor (bench/floors.ts): the log through Node and back, one row an event.
  const rebuildFloor = await measureRebuildFloor(url);
  details.rebuild_floor = rebuildFloor;
  figure('floor: the log read into Node and written back, one row an event (reference)', rebuildFloor.perSecond, 'events/s', null, 'max', `1/${(rawReplay.perSecond / rebuildFloor.perSecond).toFixed(1)} of raw replay; Node CPU ${rebuildFloor.nodeCpuSeconds.toFixed(1)} s`);
  const store = withUpcasting(new PostgresEventStore(pool), upcasters);
  const runner = new ProjectionRunner(pool, store, allProjections(), [], silentLogger);
  await runner.prepare();
  const logEvents = Number(await pool.oneFirst(sql.unsafe`SELECT count(*) FROM es_events`));
  const t = performance.now();
  const r = await runner.rebuild();
  const seconds = (performance.now() - t) / 1000;
  details.rebuild = { events: r.events, logEvents, seconds };
  limitFigure(
    `rebuild of all projections (${logEvents} events, ${fmtSeconds(seconds * 1000)})`,
    logEvents / seconds,
    'events/s',
    rebuildFloor.perSecond / 2,
    'min',
    { name: '1/2 of the log through Node', value: rebuildFloor.perSecond, absolute: 20_000 },
    { name: '1/2 of raw replay', target: rawReplay.perSecond / 2 },
  );
  await store.close();
}
await pool.end();

// --------------------------------------------------------------------------------------------
const loadAfter = await loadAverage();
const width = Math.max(...figures.map((f) => f.figure.length));
const line = (f: Figure) =>
  `${f.figure.padEnd(width)}  ${`${f.value} ${f.unit}`.padStart(16)}  ${(f.target === null ? '' : `${f.kind === 'max' ? '<=' : '>='} ${f.target} ${f.unit}`).padStart(18)}  ${f.met === null ? '' : f.met ? 'met' : 'NOT MET'}${f.note ? `  (${f.note})` : ''}`;
console.log(`\n${'figure'.padEnd(width)}  ${'value'.padStart(16)}  ${'target'.padStart(18)}  result`);
for (const f of figures) console.log(line(f));
const judged = figures.filter((f) => f.met !== null);
console.log(`\n${judged.filter((f) => f.met).length} of ${judged.length} targets met. Scale ${info.scale}; load average before ${loadBefore}, after ${loadAfter}; ${os.cpus().length} CPUs.`);

const date = started.toISOString().slice(0, 10);
const suffix = `${info.scale === 1 ? '' : `-scale-${info.scale}`}${quick ? '-quick' : ''}`;
const out = stringArg(args, 'out') ?? path.join('bench', 'results', `${date}${suffix}.json`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: started.toISOString(),
      quick,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 1e9), node: process.version, loadBefore, loadAfter },
      data: info,
      figures,
      details,
    },
    null,
    2,
  )}\n`,
);
console.log(`Results: ${out}`);
