import type { DatabasePool } from 'slonik';
import { noCache, type ReadModelCache } from '../../infrastructure/read-model-cache';
import { findUnit, listUnits, networkUnits } from './queries';

/** The organisations read model's answers to the write side's lookup ports (wired in api/write-lookups.ts). */
export const organizationLookups = (pool: DatabasePool, cache: ReadModelCache = noCache) => ({
  findUnit: (id: number) => findUnit(pool, id),
  listUnits: (filter?: { unitIds?: readonly number[] | null }) => listUnits(pool, filter),
  networkUnits: (ids: readonly number[]) => networkUnits(pool, cache, ids),
});
