/**
 * Write-side helper tables. Ids are integers (the API contract uses numeric ids), allocated
 * from counters outside the event store so both adapters share one allocator.
 */
export const writeSideSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS id_counters (
  kind text PRIMARY KEY,
  last bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS request_number_counters (
  year integer PRIMARY KEY,
  last bigint NOT NULL
);
`;

/** Claimed unique values (logins, request numbers): infrastructure/unique-values.ts. */
export const uniqueValuesSchema = /* sql */ `
CREATE TABLE IF NOT EXISTS unique_values (
  scope      text NOT NULL,
  value      text NOT NULL,
  owner      text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, value)
);
`;
