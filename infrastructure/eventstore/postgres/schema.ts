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
 * Migration 009 as it ran (tenth wave): `es_visible_horizon()`, STABLE, replaced by migration 010
 * below. Kept as it was, since databases that ran it keep its id.
 */
export const visibleHorizonSchema009 = /* sql */ `
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

/**
 * The log is final below this transaction id, for a statement that reads with snapshot `snap`: the
 * oldest transaction running at `snap` that may have written events to this database (else `snap`'s
 * xmax). Transaction ids are server-wide, so the snapshot's own xmin would make every reader wait
 * for a writing transaction of another database on the same server (a bulk load, another
 * application, the test files beside this one).
 *
 * Each transaction running at `snap` is placed in turn, oldest first:
 * - pg_stat_activity shows it in another database: left out;
 * - still running (here, or in a session we may not see): it holds the horizon;
 * - ended by now, so pg_stat_activity can no longer place it (it ended between the statement's
 *   snapshot and this look): aborted, left out; committed, it holds the horizon only if it wrote
 *   events. That last look runs on a fresh snapshot, which sees the commit, hence VOLATILE and
 *   READ COMMITTED; under a stricter isolation the transaction is kept, on the safe side.
 * Before migration 010 such a transaction always held the horizon: with four writers in another
 * database, one read in eleven right after an append came back empty.
 *
 * `snap` is the caller's pg_current_snapshot(), since a VOLATILE function's own statements take
 * newer ones. PL/pgSQL plans the queries once per connection (planning on every log read was a
 * measurable share of it when the query was written into it).
 */
export const visibleHorizonSchema = /* sql */ `
CREATE OR REPLACE FUNCTION es_visible_horizon(snap pg_snapshot) RETURNS xid8 LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  x xid8;
  status text;
BEGIN
  FOR x IN
    SELECT s FROM pg_snapshot_xip(snap) AS s
    WHERE (s::text::numeric % 4294967296)::text NOT IN (
      SELECT backend_xid::text FROM pg_stat_activity
      WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())
    ORDER BY s
  LOOP
    status := pg_xact_status(x);
    IF status = 'aborted' THEN CONTINUE; END IF;
    IF status = 'committed' AND current_setting('transaction_isolation') = 'read committed'
       AND NOT EXISTS (SELECT 1 FROM es_events WHERE transaction_id = x) THEN CONTINUE; END IF;
    RETURN x;
  END LOOP;
  RETURN pg_snapshot_xmax(snap);
END
$$;
DROP FUNCTION IF EXISTS es_visible_horizon();
`;

export const EVENTS_CHANNEL = 'es_events';
