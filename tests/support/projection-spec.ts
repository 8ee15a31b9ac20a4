import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { DatabasePool, DatabaseTransactionConnection } from 'slonik';
import type { StoredEvent } from '../../infrastructure/eventstore/port';
import type { Projection } from '../../infrastructure/projection';
import { rawSql, runScript } from '../../infrastructure/db/raw-sql';

/** An event of a projection spec: what a command appended to a stream (positions are given). */
export interface SpecEvent {
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  readonly userId?: number | null;
  /** The command's time; default the spec's clock, one second per event. */
  readonly timestamp?: string;
}

/** Events of one stream, in order: `on('request-5', { type, data }, ...)`. */
export const on = (streamId: string, ...events: ReadonlyArray<{ type: string; data: unknown; userId?: number | null; timestamp?: string }>): SpecEvent[] =>
  events.map((e) => ({ streamId, ...e }));

const START = Date.parse('2026-03-10T09:00:00.000Z');

/** The events as the log stores them: revisions per stream, positions and timestamps in order. */
export const storedEvents = (events: readonly SpecEvent[]): StoredEvent[] => {
  const revisions = new Map<string, number>();
  return events.map((e, i) => {
    const revision = (revisions.get(e.streamId) ?? -1) + 1;
    revisions.set(e.streamId, revision);
    return {
      streamId: e.streamId,
      revision,
      position: { commit: 1n, prepare: BigInt(i + 1) },
      type: e.type,
      data: e.data,
      metadata: { userId: e.userId ?? 1, correlationId: 'spec', causationId: null, timestamp: e.timestamp ?? new Date(START + i * 1000).toISOString() },
      schemaVersion: 1,
    };
  });
};

/** How the events reach the projection: the live runner's batches vary, the rows must not. */
const batchings = {
  'one batch': (events: readonly StoredEvent[]) => [events],
  'one event per batch': (events: readonly StoredEvent[]) => events.map((e) => [e]),
} as const;

/**
 * A projection specification: given events → then rows. Each `then` builds the projection's tables
 * in a fresh schema of a real test database (first on the search_path, so the projection's SQL and
 * its lookups of other read models run unchanged), applies the events as the runner would (only
 * the event types it declares, with its memory between batches), once as one batch and once event
 * by event, and compares the rows the query returns with the expected rows in both.
 *
 *   await projectionSpec(pool, notificationsProjection)
 *     .given([...on('request-5', commentAdded)])
 *     .then('SELECT id, state FROM rm_notifications ORDER BY id', [{ id: 'c5-1-7', state: 1 }]);
 */
export const projectionSpec = (pool: DatabasePool, projection: Projection) => ({
  given: (events: readonly SpecEvent[]) => ({
    then: async (query: string, expected: ReadonlyArray<Record<string, unknown>>): Promise<void> => {
      const stored = storedEvents(events).filter((e) => projection.eventTypes.has(e.type));
      for (const [batching, split] of Object.entries(batchings)) {
        const rows = await inFreshSchema(pool, projection, async (run) => {
          const memo = new Map<string, unknown>();
          for (const batch of split(stored)) if (batch.length) await run((tx) => projection.apply(tx, batch, { memo, rebuilding: false }));
          return run(async (tx) => (await tx.any(rawSql(query))) as ReadonlyArray<Record<string, unknown>>);
        });
        expect(rows, `${projection.name}, ${batching}`).toEqual(expected);
      }
    },
  }),
});

type InSchema = <T>(work: (tx: DatabaseTransactionConnection) => Promise<T>) => Promise<T>;

const inFreshSchema = async <T>(pool: DatabasePool, projection: Projection, body: (run: InSchema) => Promise<T>): Promise<T> => {
  const schema = `spec_${randomBytes(5).toString('hex')}`;
  const live = String(await pool.oneFirst(rawSql('SELECT current_schema()')));
  const run: InSchema = (work) =>
    pool.transaction(async (tx) => {
      await tx.query(rawSql(`SET LOCAL search_path TO "${schema}", "${live}"`));
      return work(tx);
    });
  await pool.query(rawSql(`CREATE SCHEMA "${schema}"`));
  try {
    await run(async (tx) => {
      await runScript(tx, projection.schema);
      if (projection.indexes) await runScript(tx, projection.indexes);
    });
    return await body(run);
  } finally {
    await pool.query(rawSql(`DROP SCHEMA "${schema}" CASCADE`));
  }
};
