import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type DatabasePool } from 'slonik';
import { PostgresEventStore } from '../../../infrastructure/eventstore/postgres/postgres-event-store';
import { toNewEvents } from '../../../commands/handle-command';
import type { Logger } from '../../../infrastructure/logger';
import { allProjections } from '../../../projections/registry';
import { defineProjection } from '../../../infrastructure/projection';
import { ProjectionRunner } from '../../../processors/runner';
import { positionToString } from '../../../infrastructure/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { createDatabasePool } from '../../../infrastructure/db/pool';
import type { Reaction, ReactionOutcome } from '../../../infrastructure/reaction';

/** md5 over every row of every read-model table, in key order: equal checksums, equal tables. */
export const readModelChecksums = async (pool: DatabasePool, tables: readonly string[]) => {
  const out: Record<string, string> = {};
  for (const t of tables) {
    out[t] = String(
      await pool.oneFirst(sql.unsafe`
        SELECT md5(COALESCE(string_agg(r::text, '|' ORDER BY r::text), ''))
        FROM (SELECT to_jsonb(x) AS r FROM ${sql.identifier([t])} x) q`),
    );
  }
  return out;
};

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seeded: true });
});
afterAll(async () => {
  await db.drop();
});

const collectingLogger = () => {
  const lines: Array<{ level: string; msg: string; obj: object }> = [];
  const log: Logger = {
    info: (obj, msg) => lines.push({ level: 'info', msg: msg ?? '', obj }),
    warn: (obj, msg) => lines.push({ level: 'warn', msg: msg ?? '', obj }),
    error: (obj, msg) => lines.push({ level: 'error', msg: msg ?? '', obj }),
  };
  return { log, lines };
};

describe('projection runner', () => {
  it('a rebuild from the log produces read models identical to the live ones', async () => {
    const store = new PostgresEventStore(db.pool);
    const runner = new ProjectionRunner(db.pool, store, allProjections(), [], collectingLogger().log);
    await runner.prepare();
    await runner.catchUpAll();
    const tables = allProjections().flatMap((p) => p.tables);
    const live = await readModelChecksums(db.pool, tables);
    const rows = Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_tools`));
    expect(rows).toBeGreaterThan(200);
    const result = await runner.rebuild();
    expect(result.events).toBeGreaterThan(500);
    expect(await readModelChecksums(db.pool, tables)).toEqual(live);
    await store.close();
  });

  it('a projection that throws stops with a clear log line and resumes from its checkpoint after a restart', async () => {
    const store = new PostgresEventStore(db.pool);
    let broken = true;
    const seen: string[] = [];
    const fragile = defineProjection({
      name: 'fragile',
      version: 1,
      tables: ['rm_fragile'],
      schema: 'CREATE TABLE rm_fragile (stream_id text PRIMARY KEY, revision integer NOT NULL)',
      eventTypes: new Set(['Probe']),
      apply: async (tx, events) => {
        for (const e of events) {
          if (broken && (e.data as { poison?: boolean }).poison) throw new Error('cannot handle poison');
          seen.push(e.streamId);
          await tx.query(sql.unsafe`INSERT INTO rm_fragile VALUES (${e.streamId}, ${e.revision})`);
        }
      },
    });
    const ctx = { userId: null, now: '2026-01-01T00:00:00.000Z', correlationId: 'test' };
    await store.append('probe-1', toNewEvents([{ type: 'Probe', data: {} }], ctx), { expectedRevision: 'no_stream' });
    const { log, lines } = collectingLogger();
    const first = new ProjectionRunner(db.pool, store, [fragile], [], log, { batchSize: 1 });
    await first.prepare();
    // Starts after the seeded history; make the checkpoint sit right before probe-1.
    await first.catchUp('fragile');
    await store.append('probe-2', toNewEvents([{ type: 'Probe', data: { poison: true } }], ctx), { expectedRevision: 'no_stream' });
    await store.append('probe-3', toNewEvents([{ type: 'Probe', data: {} }], ctx), { expectedRevision: 'no_stream' });
    first.start(['fragile']);
    const deadline = Date.now() + 10_000;
    while (!first.status().some((s) => s.status === 'failed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await first.stop();
    const error = lines.find((l) => l.level === 'error');
    expect(error?.msg).toMatch(/^projection fragile stopped: cannot handle poison/);
    expect(error?.obj).toMatchObject({ projection: 'fragile', batchFrom: 'probe-2@0 (Probe)' });
    const status = await db.pool.one(sql.unsafe`SELECT status, error FROM projection_checkpoints WHERE name = 'fragile'`);
    expect(status).toEqual({ status: 'failed', error: 'cannot handle poison' });
    expect(seen).toEqual(['probe-1']);

    broken = false;
    const second = new ProjectionRunner(db.pool, store, [fragile], [], collectingLogger().log, { batchSize: 1 });
    await second.prepare();
    await second.catchUp('fragile');
    expect(seen).toEqual(['probe-1', 'probe-2', 'probe-3']);
    expect(await db.pool.anyFirst(sql.unsafe`SELECT stream_id FROM rm_fragile ORDER BY stream_id`)).toEqual(['probe-1', 'probe-2', 'probe-3']);
    await store.close();
  });

  /** A projection keeping one row per Tick event: a second apply of an event breaks its primary key. */
  const tickTable = (name: string) =>
    defineProjection({
      name,
      version: 1,
      tables: [`rm_${name}`],
      schema: `CREATE TABLE rm_${name} (stream_id text NOT NULL, revision integer NOT NULL, PRIMARY KEY (stream_id, revision))`,
      eventTypes: new Set(['Tick']),
      apply: async (tx, events) => {
        for (const e of events) await tx.query(sql.unsafe`INSERT INTO ${sql.identifier([`rm_${name}`])} VALUES (${e.streamId}, ${e.revision})`);
      },
    });

  it('two runners on one projection never apply a batch twice', async () => {
    const store = new PostgresEventStore(db.pool);
    const counter = tickTable('counter');
    const ctx = { userId: null, now: '2026-01-01T00:00:00.000Z', correlationId: 'test' };
    const a = new ProjectionRunner(db.pool, store, [counter], [], collectingLogger().log, { batchSize: 7 });
    const b = new ProjectionRunner(db.pool, store, [counter], [], collectingLogger().log, { batchSize: 5 });
    await a.prepare();
    await b.prepare();
    a.start();
    b.start();
    for (let i = 0; i < 200; i++)
      await store.append(`tick-${i % 10}`, toNewEvents([{ type: 'Tick', data: {} }], ctx), { expectedRevision: 'any' });
    const deadline = Date.now() + 20_000;
    while (Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_counter`)) < 200 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await a.stop();
    await b.stop();
    // A second insert of the same event would have violated the primary key and failed a runner.
    expect(Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_counter`))).toBe(200);
    expect([...a.status(), ...b.status()].every((s) => s.status !== 'failed')).toBe(true);
    await store.close();
  });

  // A live batch with events for several projections is written in one transaction (processors/projection-reader.ts).
  it('two runners with two projections sharing each batch never apply a batch twice', async () => {
    const store = new PostgresEventStore(db.pool);
    const projections = [tickTable('tick_left'), tickTable('tick_right')];
    const ctx = { userId: null, now: '2026-01-01T00:00:00.000Z', correlationId: 'test' };
    const a = new ProjectionRunner(db.pool, store, projections, [], collectingLogger().log, { batchSize: 7 });
    const b = new ProjectionRunner(db.pool, store, projections, [], collectingLogger().log, { batchSize: 5 });
    await a.prepare();
    await b.prepare();
    a.start();
    b.start();
    for (let i = 0; i < 200; i++) await store.append(`tock-${i % 10}`, toNewEvents([{ type: 'Tick', data: {} }], ctx), { expectedRevision: 'any' });
    const count = async (t: string) => Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM ${sql.identifier([t])} WHERE stream_id LIKE 'tock-%'`));
    const deadline = Date.now() + 20_000;
    while (((await count('rm_tick_left')) < 200 || (await count('rm_tick_right')) < 200) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await a.stop();
    await b.stop();
    expect([await count('rm_tick_left'), await count('rm_tick_right')]).toEqual([200, 200]);
    expect([...a.status(), ...b.status()].every((s) => s.status !== 'failed')).toBe(true);
    const checkpoints = await db.pool.anyFirst(sql.unsafe`SELECT commit_position::text || '/' || prepare_position FROM projection_checkpoints WHERE name IN ('tick_left', 'tick_right')`);
    expect(new Set(checkpoints).size).toBe(1);
    await store.close();
  });

  // docs/notes/bench.md: a reaction that had nothing to do (most saves and takes) costs no checkpoint commit.
  it('a reaction that did nothing stores its checkpoint at quiet moments and at stop; one that acted, after every batch', async () => {
    const store = new PostgresEventStore(db.pool);
    const writes = new Map<string, number>();
    // Counts the checkpoint moves per reaction at the driver, on a pool of the runner's own.
    const pool = await createDatabasePool(db.url, {
      interceptors: [{
        name: 'checkpoint-moves',
        beforeQueryExecution: (_context, query) => {
          if (/UPDATE projection_checkpoints/.test(query.sql))
            for (const v of query.values.flat()) if (typeof v === 'string' && v.startsWith('reaction:nudge')) writes.set(v, (writes.get(v) ?? 0) + 1);
          return null;
        },
      }],
    });
    const handled = new Map<string, number>();
    const nudged = (name: string, outcome: ReactionOutcome | undefined): Reaction => ({
      name,
      eventTypes: new Set(['Nudge']),
      handle: async (events) => {
        handled.set(name, (handled.get(name) ?? 0) + events.length);
        return outcome;
      },
    });
    // batchSize 1: every event is a batch of its own.
    const runner = new ProjectionRunner(pool, store, [], [nudged('reaction:nudge-idle', 'none'), nudged('reaction:nudge-busy', undefined)], collectingLogger().log, { batchSize: 1 });
    await runner.prepare();
    runner.start();
    const ctx = { userId: null, now: '2026-01-01T00:00:00.000Z', correlationId: 'test' };
    const started = Date.now();
    let last = null;
    for (let i = 0; i < 30; i++) last = (await store.append(`nudge-${i}`, toNewEvents([{ type: 'Nudge', data: {} }], ctx), { expectedRevision: 'no_stream' })).position;
    const deadline = Date.now() + 20_000;
    while (((handled.get('reaction:nudge-idle') ?? 0) < 30 || (handled.get('reaction:nudge-busy') ?? 0) < 30) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const seconds = Math.ceil((Date.now() - started) / 1000);
    expect([handled.get('reaction:nudge-idle'), handled.get('reaction:nudge-busy')]).toEqual([30, 30]);
    expect(writes.get('reaction:nudge-busy')).toBeGreaterThanOrEqual(30);
    // At most one store per second of the run (the first idle turn may store at once).
    expect(writes.get('reaction:nudge-idle') ?? 0).toBeLessThanOrEqual(seconds + 1);
    await runner.stop();
    // Stopped, both stand after the last event: a restart replays nothing.
    const stored = await pool.anyFirst(sql.unsafe`
      SELECT commit_position::text || '/' || prepare_position FROM projection_checkpoints WHERE name LIKE 'reaction:nudge-%'`);
    expect(stored).toEqual([positionToString(last), positionToString(last)]);
    await store.close();
    await pool.end();
  });

  it('of projections sharing a batch, one that throws stops alone at its event and the others apply the batch', async () => {
    const store = new PostgresEventStore(db.pool);
    const steady = defineProjection({
      name: 'steady',
      version: 1,
      tables: ['rm_steady'],
      schema: 'CREATE TABLE rm_steady (stream_id text PRIMARY KEY)',
      eventTypes: new Set(['Sample']),
      apply: async (tx, events) => {
        for (const e of events) await tx.query(sql.unsafe`INSERT INTO rm_steady VALUES (${e.streamId})`);
      },
    });
    const touchy = defineProjection({
      name: 'touchy',
      version: 1,
      tables: ['rm_touchy'],
      schema: 'CREATE TABLE rm_touchy (stream_id text PRIMARY KEY)',
      eventTypes: new Set(['Sample']),
      apply: async (tx, events) => {
        for (const e of events) {
          if ((e.data as { poison?: boolean }).poison) throw new Error('touchy cannot take it');
          await tx.query(sql.unsafe`INSERT INTO rm_touchy VALUES (${e.streamId})`);
        }
      },
    });
    const ctx = { userId: null, now: '2026-01-01T00:00:00.000Z', correlationId: 'test' };
    const { log, lines } = collectingLogger();
    const runner = new ProjectionRunner(db.pool, store, [steady, touchy], [], log, { batchSize: 50 });
    await runner.prepare();
    await runner.catchUp('steady');
    await runner.catchUp('touchy');
    // One batch: fine, poisoned, fine.
    for (const [i, data] of [{}, { poison: true }, {}].entries())
      await store.append(`sample-${i}`, toNewEvents([{ type: 'Sample', data }], ctx), { expectedRevision: 'no_stream' });
    runner.start();
    const deadline = Date.now() + 10_000;
    const rows = async (t: string) => db.pool.anyFirst(sql.unsafe`SELECT stream_id FROM ${sql.identifier([t])} ORDER BY stream_id`);
    while (((await rows('rm_steady')).length < 3 || !runner.status().some((s) => s.status === 'failed')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    expect(await rows('rm_steady')).toEqual(['sample-0', 'sample-1', 'sample-2']);
    expect(await rows('rm_touchy')).toEqual(['sample-0']);
    const states = Object.fromEntries(runner.status().map((s) => [s.name, s.status]));
    expect(states.touchy).toBe('failed');
    expect(states.steady).not.toBe('failed');
    expect(lines.find((l) => l.level === 'error')?.obj).toMatchObject({ projection: 'touchy', batchFrom: 'sample-1@0 (Sample)' });
    await store.close();
  });

  it('a failing batch is retried event by event: the checkpoint stops right before the event that fails', async () => {
    const store = new PostgresEventStore(db.pool);
    const picky = defineProjection({
      name: 'picky',
      version: 1,
      tables: ['rm_picky'],
      schema: 'CREATE TABLE rm_picky (stream_id text PRIMARY KEY, n integer NOT NULL)',
      eventTypes: new Set(['Pick']),
      apply: async (tx, events) => {
        for (const e of events) await tx.query(sql.unsafe`INSERT INTO rm_picky VALUES (${e.streamId}, ${(e.data as { n: number }).n})`);
      },
    });
    const ctx = { userId: null, now: '2026-01-01T00:00:00.000Z', correlationId: 'test' };
    const { log, lines } = collectingLogger();
    const runner = new ProjectionRunner(db.pool, store, [picky], [], log, { batchSize: 50 });
    await runner.prepare();
    await runner.catchUp('picky');
    const appended = [];
    for (const [i, n] of [1, 2, 2147483648, 4].entries())
      appended.push(await store.append(`pick-${i}`, toNewEvents([{ type: 'Pick', data: { n } }], ctx), { expectedRevision: 'no_stream' }));
    runner.start(['picky']);
    const deadline = Date.now() + 10_000;
    while (!runner.status().some((s) => s.status === 'failed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    expect(await db.pool.anyFirst(sql.unsafe`SELECT stream_id FROM rm_picky ORDER BY stream_id`)).toEqual(['pick-0', 'pick-1']);
    const status = runner.status().find((s) => s.name === 'picky')!;
    expect(status).toMatchObject({ status: 'failed', event: { streamId: 'pick-2', type: 'Pick', revision: 0 } });
    expect(status.position).toBe(positionToString(appended[1]!.position));
    expect(await db.pool.oneFirst(sql.unsafe`SELECT prepare_position FROM projection_checkpoints WHERE name = 'picky'`)).toBe(Number(appended[1]!.position.prepare));
    expect(lines.find((l) => l.level === 'error')?.obj).toMatchObject({ projection: 'picky', event: { streamId: 'pick-2', position: positionToString(appended[2]!.position) } });
    await store.close();
  });

  it('a rebuild beside a live runner swaps its tables in without losing or doubling an event', async () => {
    const store = new PostgresEventStore(db.pool);
    const ticks = defineProjection({
      name: 'ticks',
      version: 1,
      tables: ['rm_ticks'],
      schema: 'CREATE TABLE rm_ticks (stream_id text NOT NULL, revision integer NOT NULL, PRIMARY KEY (stream_id, revision))',
      indexes: 'CREATE INDEX rm_ticks_revision ON rm_ticks (revision)',
      eventTypes: new Set(['Tock']),
      apply: async (tx, events) => {
        for (const e of events) await tx.query(sql.unsafe`INSERT INTO rm_ticks VALUES (${e.streamId}, ${e.revision})`);
      },
    });
    const ctx = { userId: null, now: '2026-01-01T00:00:00.000Z', correlationId: 'test' };
    const append = (i: number) => store.append(`tock-${i % 7}`, toNewEvents([{ type: 'Tock', data: {} }], ctx), { expectedRevision: 'any' });
    for (let i = 0; i < 300; i++) await append(i);
    const live = new ProjectionRunner(db.pool, store, [ticks], [], collectingLogger().log, { batchSize: 13, pollIntervalMs: 50 });
    await live.prepare();
    live.start();
    const rebuilder = new ProjectionRunner(db.pool, store, [ticks], [], collectingLogger().log, { rebuildBatchSize: 40 });
    await rebuilder.prepare();
    const writes = (async () => {
      for (let i = 300; i < 500; i++) await append(i);
    })();
    await rebuilder.rebuild(['ticks']);
    await writes;
    const deadline = Date.now() + 20_000;
    while (Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_ticks`)) < 500 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await live.stop();
    expect(Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM rm_ticks`))).toBe(500);
    expect(live.status().every((s) => s.status !== 'failed')).toBe(true);
    expect(await db.pool.anyFirst(sql.unsafe`SELECT indexname FROM pg_indexes WHERE tablename = 'rm_ticks' AND schemaname = current_schema() ORDER BY indexname`)).toEqual(['rm_ticks_pkey', 'rm_ticks_revision']);
    expect(Number(await db.pool.oneFirst(sql.unsafe`SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%'`))).toBe(0);
    await store.close();
  });
});
