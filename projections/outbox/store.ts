import { sql, type DatabasePool } from 'slonik';
import type { OutboxItem, OutboxKind, OutboxStatus } from '../../domain/hotline/keys';

/**
 * The outbox read model: one row per outgoing mail or hot line call, keyed by its idempotency key.
 * It is written by the jobs themselves around the effect (not folded from the event log: the
 * effects happen outside it), so it is not rebuilt and is not an `rm_` table.
 */
const SCHEMA = [
  sql.unsafe`
  CREATE TABLE IF NOT EXISTS outbox_items (
    key text PRIMARY KEY,
    kind text NOT NULL,
    request_id integer,
    status text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    error text,
    result text,
    payload jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql.unsafe`CREATE INDEX IF NOT EXISTS outbox_items_created ON outbox_items (created_at DESC)`,
  sql.unsafe`CREATE INDEX IF NOT EXISTS outbox_items_request ON outbox_items (request_id, kind)`,
  // While the demo is seeded, outgoing items are recorded as delivered to the demo sink (nothing leaves).
  sql.unsafe`CREATE TABLE IF NOT EXISTS outbox_sink (id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1), demo boolean NOT NULL)`,
];

export const DEMO_SINK_RESULT = 'демо: доставлено в демонстрационный приёмник, наружу не отправлено';

/** Turns the demo sink on (before the demo is seeded) or off (once the seed's reactions have run). */
export const setDemoSink = async (pool: DatabasePool, on: boolean): Promise<void> => {
  await ensureOutboxSchema(pool);
  await pool.query(sql.unsafe`INSERT INTO outbox_sink (id, demo) VALUES (1, ${on}) ON CONFLICT (id) DO UPDATE SET demo = EXCLUDED.demo`);
};

const ready = new WeakMap<DatabasePool, Promise<void>>();
export const ensureOutboxSchema = (pool: DatabasePool): Promise<void> => {
  let p = ready.get(pool);
  if (!p) {
    // Two starts at once may race on CREATE IF NOT EXISTS; an advisory lock serialises them.
    p = pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext('outbox_items'))`);
      for (const statement of SCHEMA) await tx.query(statement);
    });
    ready.set(pool, p);
  }
  return p;
};

const rowOf = (r: Record<string, unknown>): OutboxItem => ({
  key: String(r.key),
  kind: r.kind as OutboxKind,
  request_id: r.request_id == null ? null : Number(r.request_id),
  status: r.status as OutboxStatus,
  attempts: Number(r.attempts),
  error: (r.error as string | null) ?? null,
  result: (r.result as string | null) ?? null,
  payload: r.payload ?? null,
  created_at: new Date(r.created_at as number).toISOString(),
  updated_at: new Date(r.updated_at as number).toISOString(),
});

/** Implements commands/hotline/ports.ts OutboxPort (wired in api/routes/hotline.ts). */
export const outboxStore = (pool: DatabasePool) => ({
  start: async (item: { key: string; kind: OutboxKind; request_id: number | null; payload: unknown }): Promise<OutboxItem> => {
    await ensureOutboxSchema(pool);
    await pool.query(sql.unsafe`
      INSERT INTO outbox_items (key, kind, request_id, status, result, payload)
      SELECT ${item.key}, ${item.kind}, ${item.request_id},
        CASE WHEN sink.demo THEN 'sent' ELSE 'pending' END, CASE WHEN sink.demo THEN ${DEMO_SINK_RESULT} END,
        ${sql.jsonb(item.payload as never)}
      FROM (SELECT coalesce((SELECT demo FROM outbox_sink WHERE id = 1), false) AS demo) sink
      ON CONFLICT (key) DO NOTHING`);
    return rowOf(await pool.one(sql.unsafe`SELECT * FROM outbox_items WHERE key = ${item.key}`));
  },
  finish: async (key: string, status: OutboxStatus, fields: { error?: string | null; result?: string | null; attempted?: boolean }): Promise<void> => {
    await ensureOutboxSchema(pool);
    await pool.query(sql.unsafe`
      UPDATE outbox_items SET status = ${status},
        error = ${fields.error === undefined ? sql.fragment`error` : sql.fragment`${fields.error}`},
        result = ${fields.result === undefined ? sql.fragment`result` : sql.fragment`${fields.result}`},
        attempts = attempts + ${fields.attempted ? 1 : 0}, updated_at = now()
      WHERE key = ${key}`);
  },
  get: async (key: string): Promise<OutboxItem | null> => {
    await ensureOutboxSchema(pool);
    const r = await pool.maybeOne(sql.unsafe`SELECT * FROM outbox_items WHERE key = ${key}`);
    return r ? rowOf(r) : null;
  },
  refusedRegistrations: async (requestId: number): Promise<number> => {
    await ensureOutboxSchema(pool);
    return Number(await pool.oneFirst(sql.unsafe`
      SELECT count(*) FROM outbox_items WHERE request_id = ${requestId} AND kind = 'hotline-register' AND status = 'refused'`));
  },
});

export interface OutboxFilter {
  readonly status?: OutboxStatus | null;
  readonly requestId?: number | null;
  readonly limit?: number;
}

/** The operator's list, newest first. */
export const listOutbox = async (pool: DatabasePool, filter: OutboxFilter = {}): Promise<OutboxItem[]> => {
  await ensureOutboxSchema(pool);
  const where = [sql.fragment`TRUE`];
  if (filter.status) where.push(sql.fragment`status = ${filter.status}`);
  if (filter.requestId) where.push(sql.fragment`request_id = ${filter.requestId}`);
  const rows = await pool.any(sql.unsafe`
    SELECT * FROM outbox_items WHERE ${sql.join(where, sql.fragment` AND `)}
    ORDER BY created_at DESC, key LIMIT ${Math.min(filter.limit ?? 200, 500)}`);
  return rows.map((r) => rowOf(r));
};
