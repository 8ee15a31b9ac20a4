import type { DatabasePool } from 'slonik';
import type { WriteLookups } from '../commands/context';
import type { ReadModelCache } from '../infrastructure/read-model-cache';
import { catalogLookups } from '../projections/catalog/lookups';
import { toolCatalogLookups } from '../projections/catalog/tool-lookups';
import { notificationLookups } from '../projections/notification/lookups';
import { organizationLookups } from '../projections/organization/lookups';
import { toolLookups } from '../projections/tool/list/lookups';
import { userLookups } from '../projections/user/lookups';
import { inventoryLookups } from '../projections/inventory/lookups';

/** The write side's lookup ports, implemented by the read models (composition root). */
export const writeLookups = (pool: DatabasePool, cache?: ReadModelCache): WriteLookups => ({
  ...organizationLookups(pool, cache),
  ...toolLookups(pool),
  ...catalogLookups(pool, cache),
  ...toolCatalogLookups(pool, cache),
  ...userLookups(pool, cache),
  ...notificationLookups(pool),
  ...inventoryLookups(pool),
});
