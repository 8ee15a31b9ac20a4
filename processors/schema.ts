/** One row per projection: its read-model version and how far it has read the log. */
export const projectionRunnerSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name             text PRIMARY KEY,
  version          integer NOT NULL,
  commit_position  xid8,
  prepare_position bigint,
  status           text NOT NULL DEFAULT 'running',
  error            text,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
`;
