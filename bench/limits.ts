/**
 * The machine's own limits, measured in the same run as the product figures (docs/notes/bench.md): what this
 * PostgreSQL server does with plain SQL and nothing of the application around it. Absolute figures
 * move with the machine; a product figure's ratio to its limit does not, so the targets are ratios.
 *
 * - raw append: 8 clients on keep-alive connections, each inserting one event-sized row per
 *   transaction into a scratch table shaped like es_events (its defaults, identity and indexes);
 * - raw replay: an SQL-only keyset replay of the whole log, in the rebuild's batch size, into a plain
 *   table (no application code, no read-model logic);
 * - raw page: the statements a list case issues (captured from the list query itself), run directly
 *   on one connection.
 *
 * The limits' statements run unnamed, parsed and planned on every run (pgbench's default protocol),
 * as in every wave before the product prepared its repeated statements (tenth wave), so the limits
 * keep their meaning: they go to pg as `{ text, values }`, which infrastructure/perf/prepared-statements.ts
 * leaves alone. The raw append is also measured prepared, printed for reference only.
 */
import pg from 'pg';
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { listRequests } from '../projections/request/list/queries';
import type { RequestFilter } from '../domain/request/list-filter';
import type { UnitScope } from '../domain/rights/scope';
import { percentile } from './lib/http';

export interface RawAppend {
  clients: number;
  transactions: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  rowBytes: number;
}

const connect = async (url: string) => {
  const c = new pg.Client({ connectionString: url, keepAlive: true });
  await c.connect();
  return c;
};

/**
 * Raw append: `clients` connections writing single-row transactions back to back; counted are those
 * that end within a window of `seconds` after `warmupSeconds` of uncounted ones, while every client
 * writes. (A fixed count per client measured ~0.4 s, partly with fewer clients than eight, and moved
 * by a sixth between runs: twelfth wave.) `prepared`: the insert as a named prepared statement (for
 * reference beside the limit).
 */
export const measureRawAppend = async (url: string, { clients = 8, seconds = 3, warmupSeconds = 0.5, prepared = false } = {}): Promise<RawAppend> => {
  const admin = await connect(url);
  try {
    // An event as the log holds them: the median-sized one of the newest 2,000.
    const sample = (
      await admin.query<{ type: string; data: string; metadata: string }>(`
        SELECT type, data::text AS data, metadata::text AS metadata FROM (
          SELECT type, data, metadata FROM es_events ORDER BY global_position DESC LIMIT 2000) e
        ORDER BY octet_length(data::text) OFFSET (SELECT least(count(*), 2000) / 2 FROM es_events) LIMIT 1`)
    ).rows[0] ?? { type: 'Sample', data: '{}', metadata: '{}' };
    await admin.query('DROP TABLE IF EXISTS bench_raw_append');
    await admin.query('CREATE TABLE bench_raw_append (LIKE es_events INCLUDING ALL)');
    const conns = await Promise.all(Array.from({ length: clients }, () => connect(url)));
    const times: number[] = [];
    let counted = 0;
    const from = performance.now() + warmupSeconds * 1000;
    const until = from + seconds * 1000;
    try {
      await Promise.all(
        conns.map(async (c, k) => {
          for (let i = 0; performance.now() < until; i++) {
            const t = performance.now();
            await c.query({
              ...(prepared ? { name: 'bench_raw_append' } : {}),
              text: 'INSERT INTO bench_raw_append (stream_id, stream_revision, type, data, metadata) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)',
              values: [`raw-${k}`, i, sample.type, sample.data, sample.metadata],
            });
            const done = performance.now();
            if (done < from || done > until) continue;
            counted++;
            if (t >= from) times.push(done - t);
          }
        }),
      );
    } finally {
      await Promise.all(conns.map((c) => c.end().catch(() => {})));
    }
    return {
      clients,
      transactions: counted,
      seconds,
      perSecond: counted / seconds,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      rowBytes: sample.data.length + sample.metadata.length,
    };
  } finally {
    await admin.query('DROP TABLE IF EXISTS bench_raw_append').catch(() => {});
    await admin.end();
  }
};

export interface RawReplay {
  events: number;
  seconds: number;
  perSecond: number;
}

/** Raw replay: the whole log in keyset batches of `batch` (the rebuild's size) into a plain table. */
export const measureRawReplay = async (url: string, batch = 20_000): Promise<RawReplay> => {
  const c = await connect(url);
  try {
    await c.query('DROP TABLE IF EXISTS bench_raw_replay');
    await c.query('CREATE TABLE bench_raw_replay (global_position bigint, stream_id text, type text, data jsonb, metadata jsonb)');
    let events = 0;
    let after: { tx: string; pos: string } | null = null;
    const t = performance.now();
    for (;;) {
      const params: unknown[] = after ? [after.tx, after.pos, batch] : [batch];
      const r: pg.QueryResult<{ tx: string | null; pos: string | null; n: string }> = await c.query({
        text: `WITH b AS (
           SELECT transaction_id, global_position, stream_id, type, data, metadata FROM es_events
           ${after ? 'WHERE (transaction_id, global_position) > ($1::xid8, $2::int8)' : ''}
           ORDER BY transaction_id, global_position LIMIT $${after ? 3 : 1}),
         i AS (INSERT INTO bench_raw_replay SELECT global_position, stream_id, type, data, metadata FROM b RETURNING 1),
         last AS (SELECT transaction_id::text AS tx, global_position::text AS pos FROM b ORDER BY transaction_id DESC, global_position DESC LIMIT 1)
         SELECT (SELECT tx FROM last), (SELECT pos FROM last), (SELECT count(*) FROM i) AS n`,
        values: params,
      });
      const row = r.rows[0]!;
      const n = Number(row.n);
      events += n;
      if (n < batch || !row.tx || !row.pos) break;
      after = { tx: row.tx, pos: row.pos };
    }
    const seconds = (performance.now() - t) / 1000;
    return { events, seconds, perSecond: events / seconds };
  } finally {
    await c.query('DROP TABLE IF EXISTS bench_raw_replay').catch(() => {});
    await c.end();
  }
};

type Captured = { sql: string; values: readonly unknown[] };

/**
 * The statements `listRequests` issues for this filter and scope, captured while it runs once
 * against the pool (so they are exactly the product's SQL and parameters).
 */
export const listStatements = async (pool: DatabasePool, filter: RequestFilter, scope: UnitScope): Promise<Captured[]> => {
  const captured: Captured[] = [];
  const capture = <K extends 'any' | 'oneFirst' | 'maybeOne'>(method: K) =>
    ((query: { sql: string; values: readonly unknown[] }) => {
      captured.push({ sql: query.sql.replaceAll('$slonik_', '$'), values: query.values });
      return (pool[method] as (q: unknown) => Promise<unknown>)(query);
    }) as unknown as CommonQueryMethods[K];
  await listRequests({ any: capture('any'), oneFirst: capture('oneFirst'), maybeOne: capture('maybeOne') }, filter, scope);
  return captured;
};

/** Raw page: the captured statements run in turn on one connection, `calls` times after 2 warm-ups; p50/p95 of their sum. */
export const measureRawPage = async (client: pg.Client, statements: readonly Captured[], calls: number) => {
  const t: number[] = [];
  for (let i = 0; i < calls + 2; i++) {
    const s = performance.now();
    for (const q of statements) await client.query({ text: q.sql, values: q.values as unknown[] });
    if (i >= 2) t.push(performance.now() - s);
  }
  return { statements: statements.length, p50: percentile(t, 50), p95: percentile(t, 95) };
};

export const rawPageClient = connect;

/** `a / b` printed as a ratio the way the targets are written: "1/6.3" below one, "4.2×" above. */
export const ratioText = (value: number, limit: number) => {
  const r = value / limit;
  return r >= 1 ? `${r.toFixed(2)}× limit` : `1/${(1 / r).toFixed(1)} of limit`;
};
