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

export const EVENTS_CHANNEL = 'es_events';
