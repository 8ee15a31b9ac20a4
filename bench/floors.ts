/**
 * What the design itself costs on this machine, measured beside the limits in the same run (docs/notes/bench.md,
 * fourteenth wave): the least any implementation of it could do, none of the application's code.
 * The write path's targets are set against them (bench/run.ts): commands at least half the bare
 * command's throughput with a p95 at most three times its p95; a rebuild at least half the log
 * through Node.
 *
 * - command floor: a bare fastify server in its own process (bench/floor-server.ts) and 8 keep-alive
 *   HTTP clients as the commands' (bench/lib/http.ts), with three routes of growing shape: `noop`
 *   (the HTTP call and its JSON), `append` (one event-sized insert), `command` (read the stream's
 *   revision, append at the next one, then the read model's row and the projection's checkpoint in
 *   one transaction: what any event-sourced command with a read model does at the least);
 * - rebuild floor: the log read as the runner reads it (PostgresEventStore, keyset batches of
 *   20,000, the next read while a batch is written) and every event written back as one row of a
 *   plain table through the projections' bulk insert: the least a rebuild with its projections in
 *   Node does (the product's writes 2.3 rows an event, and indexes).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'slonik';
import { createDatabasePool } from '../infrastructure/db/pool';
import { PostgresEventStore } from '../infrastructure/eventstore/postgres/postgres-event-store';
import { readUntil } from '../processors/read-until';
import { bulkInsert, type BulkColumn } from '../projections/support/bulk-insert';
import { ApiClient, percentile } from './lib/http';
import { cpuMsOf } from './lib/proc';

/** The event every floor route appends: a save's size. */
export const FLOOR_EVENT = {
  type: 'RequestUpdated',
  data: JSON.stringify({ request_text: 'Нагрузочная проверка: заявка 1-1, уточнено описание', number_out: '1/1', changed: ['request_text', 'number_out'] }),
  metadata: JSON.stringify({ userId: 1, correlationId: 'c7e5d0a4-8c2f-4f44-9a1e-1d2b3c4d5e6f', causationId: null, timestamp: '2026-11-28T12:00:00.000Z' }),
};

/** A floor route under 8 clients: calls per second, the bare server's CPU per call and the calls' latencies (ms). */
export interface FloorRoute {
  readonly perSecond: number;
  readonly serverCpuMs: number;
  readonly p50: number;
  readonly p95: number;
}

export interface CommandFloor {
  readonly routes: Record<'noop' | 'append' | 'command', FloorRoute>;
}

const TABLES = 'floor_events, floor_rows, floor_checkpoint';

export const measureCommandFloor = async (url: string, { seconds = 5, warmupSeconds = 1.5 } = {}): Promise<CommandFloor> => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP TABLE IF EXISTS ${TABLES}`);
  await admin.query('CREATE TABLE floor_events (LIKE es_events INCLUDING ALL)');
  await admin.query('CREATE TABLE floor_rows (id int PRIMARY KEY, revision int NOT NULL, data jsonb NOT NULL)');
  await admin.query('CREATE TABLE floor_checkpoint (position bigint NOT NULL); INSERT INTO floor_checkpoint VALUES (0)');
  const server = fileURLToPath(new URL('./floor-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', server], { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
      child.stdout!.on('data', (d: Buffer) => {
        const m = /listening (\S+)/.exec(d.toString());
        if (m) resolve(m[1]!);
      });
    });
    const clients = Array.from({ length: 8 }, () => new ApiClient(base));
    const run = async (route: string, ms: number, times: number[] = []) => {
      let n = 0;
      const until = performance.now() + ms;
      await Promise.all(
        clients.map(async (c, k) => {
          // 50 streams a client: a stream's revision grows as a request's does.
          for (let i = 0; performance.now() < until; i++) {
            const r = await c.call('POST', `/${route}`, { id: k * 1_000_000 + (i % 50) });
            if (r.status !== 200) throw new Error(`floor ${route}: ${r.status} ${JSON.stringify(r.body)}`);
            times.push(r.ms);
            n++;
          }
        }),
      );
      return n;
    };
    const routes = {} as Record<'noop' | 'append' | 'command', FloorRoute>;
    for (const route of ['noop', 'append', 'command'] as const) {
      await run(route, warmupSeconds * 1000);
      const cpu = cpuMsOf(`/proc/${child.pid}/stat`);
      const t = performance.now();
      const times: number[] = [];
      const n = await run(route, seconds * 1000, times);
      routes[route] = { perSecond: n / ((performance.now() - t) / 1000), serverCpuMs: (cpuMsOf(`/proc/${child.pid}/stat`) - cpu) / n, p50: percentile(times, 50), p95: percentile(times, 95) };
    }
    return { routes };
  } finally {
    child.kill();
    await admin.query(`DROP TABLE IF EXISTS ${TABLES}`).catch(() => {});
    await admin.end();
  }
};

const replayColumns: readonly BulkColumn[] = [
  { name: 'global_position', type: 'bigint' },
  { name: 'stream_id', type: 'text' },
  { name: 'type', type: 'text' },
  { name: 'data', type: 'jsonb' },
  { name: 'metadata', type: 'jsonb' },
];

export interface RebuildFloor {
  readonly events: number;
  readonly seconds: number;
  readonly perSecond: number;
  /** This process's CPU for it (s). */
  readonly nodeCpuSeconds: number;
}

export const measureRebuildFloor = async (url: string, batchSize = 20_000): Promise<RebuildFloor> => {
  const pool = await createDatabasePool(url, { maximumPoolSize: 4 });
  const store = new PostgresEventStore(pool);
  try {
    await pool.query(sql.unsafe`DROP TABLE IF EXISTS floor_replay`);
    await pool.query(sql.unsafe`CREATE TABLE floor_replay (global_position bigint, stream_id text, type text, data jsonb, metadata jsonb)`);
    const cpu = process.cpuUsage();
    const t = performance.now();
    let events = 0;
    const head = await store.headPosition();
    for (let batch = await readUntil(store, null, head, batchSize); batch.length > 0; ) {
      const next = readUntil(store, batch[batch.length - 1]!.position, head, batchSize);
      const rows = batch.map((e) => ({ global_position: e.position.prepare.toString(), stream_id: e.streamId, type: e.type, data: e.data, metadata: e.metadata }));
      await pool.transaction((tx) => bulkInsert(tx, 'floor_replay', replayColumns, rows, ''));
      events += batch.length;
      batch = await next;
    }
    const seconds = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    return { events, seconds, perSecond: events / seconds, nodeCpuSeconds: (used.user + used.system) / 1e6 };
  } finally {
    await pool.query(sql.unsafe`DROP TABLE IF EXISTS floor_replay`).catch(() => {});
    await store.close();
    await pool.end();
  }
};
