import type { DatabasePool } from 'slonik';
import type { WriteLookups } from '../commands/context';
import type { ReadModelCache } from '../infrastructure/read-model-cache';
import { organizationLookups } from '../projections/organizations/lookups';
import { roleLookups } from '../projections/roles/lookups';

/** The write side's lookup ports, implemented by the read models (composition root). */
export const writeLookups = (pool: DatabasePool, cache?: ReadModelCache): WriteLookups => ({
  ...organizationLookups(pool, cache),
  ...roleLookups(pool),
});
