/**
 * Event store tables (guide section 3). `transaction_id` lets global readers skip nothing: they
 * only read rows whose transaction is older than every transaction still running, ordered by
 * (transaction_id, global_position), and checkpoint that pair.
 */
export const eventStoreSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  revision    bigint NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL,
  stream_revision bigint NOT NULL,
  type            text NOT NULL,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL,
  schema_version  integer NOT NULL DEFAULT 1,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT es_events_stream_revision_unique UNIQUE (stream_id, stream_revision)
);

CREATE INDEX IF NOT EXISTS es_events_log_order ON es_events (transaction_id, global_position);
`;

/**
 * The log is final below this transaction id: the oldest transaction still running that may write
 * to this database (else the snapshot's xmax). Transaction ids are server-wide, so the snapshot's
 * own xmin would make every reader wait for a writing transaction of another database on the same
 * server (a bulk load, another application). Running transactions that pg_stat_activity places in
 * another database are left out; every other running one is kept (also one whose session we may
 * not see), so an event that commits late is still never skipped.
 *
 * A function (tenth wave) because its query over pg_stat_activity, written into every log read, took
 * ~0.9 ms to plan on every read; PL/pgSQL plans it once per connection. STABLE, so it reads the
 * calling statement's snapshot, as the subquery did.
 */
export const visibleHorizonSchema = /* sql */ `
CREATE OR REPLACE FUNCTION es_visible_horizon() RETURNS xid8 LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN COALESCE(
    (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
     WHERE (x::text::numeric % 4294967296)::text NOT IN (
       SELECT backend_xid::text FROM pg_stat_activity
       WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())),
    pg_snapshot_xmax(pg_current_snapshot()));
END
$$;
`;

export const EVENTS_CHANNEL = 'es_events';
