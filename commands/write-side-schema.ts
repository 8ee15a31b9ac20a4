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
