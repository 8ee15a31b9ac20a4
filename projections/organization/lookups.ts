import { sql, type DatabasePool } from 'slonik';
import { noCache, type ReadModelCache } from '../../infrastructure/read-model-cache';
import { findUnit, listUnits, networkUnits } from './queries';

/** The organisations read model's answers to the write side's lookup ports (wired in api/write-lookups.ts). */
export const organizationLookups = (pool: DatabasePool, cache: ReadModelCache = noCache) => ({
  findUnit: (id: number) => findUnit(pool, id),
  listUnits: (filter?: { unitIds?: readonly number[] | null }) => listUnits(pool, filter),
  networkUnits: (ids: readonly number[]) => networkUnits(pool, cache, ids),
  unitName: async (id: number): Promise<string | null> => {
    const name = await pool.maybeOneFirst(sql.unsafe`SELECT name FROM rm_units WHERE id = ${id}`);
    return name == null ? null : String(name);
  },
  /** The host organisation of an organisation that is not deleted (null: none, or not found). */
  hostOf: (organizationId: number): Promise<number | null> =>
    cache.get(['organizations'], `lookup:host:${organizationId}`, async () => {
      const host = await pool.maybeOneFirst(sql.unsafe`SELECT host_id FROM rm_organizations WHERE id = ${organizationId} AND NOT deleted`);
      return host == null ? null : Number(host);
    }),
});
