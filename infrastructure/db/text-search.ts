/**
 * pg_trgm for the registry's substring filters (serial number, name, inventory number, note): a
 * LIKE '%…%' over 300 000 tools is a scan without it. A database user that may not create
 * extensions still starts: the read models then build without their trigram indexes and those
 * filters stay correct, only slower (the projection creates the indexes only when pg_trgm exists).
 */
export const textSearchSchema = /* sql */ `
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
  RAISE NOTICE 'pg_trgm is not available: substring filters run without trigram indexes';
END $$;
`;
