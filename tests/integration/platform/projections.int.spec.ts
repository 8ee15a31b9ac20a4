import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type DatabasePool } from 'slonik';
import { PostgresEventStore } from '../../../commands/eventstore/postgres/postgres-event-store';
import { toNewEvents } from '../../../commands/handle-command';
import type { Logger } from '../../../commands/logger';
import { allProjections } from '../../../projections/registry';
import { defineProjection } from '../../../projections/runner/projection';
import { ProjectionRunner } from '../../../projections/runner/runner';
import { createTestDatabase, type TestDatabase } from '../../support/database';

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

  it('two runners on one projection never apply a batch twice', async () => {
    const store = new PostgresEventStore(db.pool);
    const counter = defineProjection({
      name: 'counter',
      version: 1,
      tables: ['rm_counter'],
      schema: 'CREATE TABLE rm_counter (stream_id text NOT NULL, revision integer NOT NULL, PRIMARY KEY (stream_id, revision))',
      eventTypes: new Set(['Tick']),
      apply: async (tx, events) => {
        for (const e of events) await tx.query(sql.unsafe`INSERT INTO rm_counter VALUES (${e.streamId}, ${e.revision})`);
      },
    });
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
});
