/**
 * `node --import tsx bench/round-trips.ts [--db URL]`: the SQL statements one create, save and take
 * send, counted at the driver (docs/notes/bench.md). Starts the server in this process on the benchmark
 * database, signs in an engineer and runs a few rounds; background work of the read side (the
 * projection runner, reactions) is told apart by what it reads.
 */
import { loadConfig } from '../api/config';
import { startServer } from '../api/server';
import { silentLogger } from '../infrastructure/logger';
import { benchDatabaseUrl } from './lib/db';
import { parseArgs, stringArg } from './lib/args';
import { ApiClient } from './lib/http';
import { installServerTricks } from '../infrastructure/perf/install';
import { observeQueries } from '../infrastructure/perf/prepared-statements';

// A server process: the library patches of infrastructure/perf (each with its off switch).
installServerTricks();

const args = parseArgs(process.argv.slice(2));
const url = benchDatabaseUrl(stringArg(args, 'db'));
const seen: Array<{ at: number; sql: string }> = [];
observeQueries((text) => seen.push({ at: performance.now(), sql: text.replace(/\s+/g, ' ').trim() }));

process.env.DATABASE_URL = url;
const config = { ...loadConfig(), port: 3988, demo: false };
const server = await startServer(config, { log: silentLogger, seed: false });
const pool = server.ctx.pool;
const { sql } = await import('slonik');
const e = (await pool.one(sql.unsafe`
  SELECT u.id, u.login, u.units, o.region_id FROM rm_users u JOIN rm_organizations o ON o.id = u.organization_id
  WHERE users_roles = '{2}' AND NOT u.deleted AND NOT u.is_inactive ORDER BY cardinality(u.units) DESC LIMIT 1`)) as { id: number; login: string; units: number[]; region_id: number };
const c = new ApiClient(server.url);
await c.signIn(e.login, process.env.SEED_PASSWORD || config.seedPassword);
const background = /FROM es_events WHERE .*transaction_id|rm_projection|projection_checkpoints|pg_snapshot|jobs|LISTEN|pg_notify\('?job/i;
const round = async (label: string, call: () => Promise<{ ms: number; status: number }>, show: boolean) => {
  await new Promise((r) => setTimeout(r, 300)); // let the read side settle, so its statements stay out
  const from = seen.length;
  const r = await call();
  const mine = seen.slice(from).filter((s) => !background.test(s.sql));
  if (show) {
    console.log(`${label}: HTTP ${r.status}, ${r.ms.toFixed(1)} ms, ${mine.length} statements (${seen.length - from - mine.length} of the read side beside it)`);
    for (const s of process.env.ALL ? seen.slice(from) : mine) console.log(`   ${s.sql.slice(0, Number(process.env.WIDTH ?? 150))}`);
  }
  return r;
};
for (let i = 0; i < 4; i++) {
  const show = i === 3;
  const unit = e.units[i % e.units.length];
  const created = (await round('create', () => c.call('POST', '/api/request', { request: { region_id: e.region_id, unit_id: unit, request_kind_id: 8, request_performer_kind: 'FILIAL', contact_kind: 2, contact_unknown_name: 'Секретарь суда', contact_unknown_email: 'secretary@courts.example.ru', request_text: `Подсчёт обращений к базе ${i}` } }), show)) as unknown as { body: { savedRequest: { id: number; revision: number } } };
  const id = created.body.savedRequest.id;
  const saved = (await round('save', () => c.call('PUT', `/api/request/${id}`, { request: { request_text: `Подсчёт обращений к базе ${i}, уточнено`, number_out: `${i}` }, revision: created.body.savedRequest.revision }), show)) as unknown as { body: { savedRequest: { revision: number } } };
  await round('take', () => c.call('POST', `/api/request/${id}/take`, { revision: saved.body.savedRequest.revision }), show);
}
await server.close();
