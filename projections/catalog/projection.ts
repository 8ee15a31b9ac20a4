import type { CatalogEvent } from '../../domain/catalog/decider';
import { findCatalog } from '../../domain/catalog/definitions';
import { documentProjection, table } from '../support/document-projection';

export interface CatalogRow {
  [key: string]: unknown;
  key: string;
  catalog: string;
  id: number;
  title: string;
  data: Record<string, unknown>;
  deleted: boolean;
}

/** Every simple reference catalogue in one table; deleted items stay so old records keep their names. */
export const catalogProjection = documentProjection({
  name: 'catalog',
  version: 1,
  schema: /* sql */ `
    CREATE TABLE rm_catalog_items (
      key     text PRIMARY KEY,
      catalog text NOT NULL,
      id      integer NOT NULL,
      title   text NOT NULL,
      data    jsonb NOT NULL,
      deleted boolean NOT NULL DEFAULT false
    );
    CREATE UNIQUE INDEX rm_catalog_items_catalog_id ON rm_catalog_items (catalog, id);
    CREATE INDEX rm_catalog_items_title ON rm_catalog_items (catalog, lower(title));
  `,
  eventTypes: ['CatalogItemCreated', 'CatalogItemUpdated', 'CatalogItemDeleted'],
  tables: [
    table<CatalogRow>({
      table: 'rm_catalog_items',
      key: 'key',
      columns: ['key', 'catalog', 'id', 'title', 'data', 'deleted'],
      keysOf: (e) => {
        const d = (e as unknown as CatalogEvent).data;
        return [`${d.catalog}:${d.id}`];
      },
      evolve: (row, e, key) => {
        const event = { type: e.type, data: e.data } as CatalogEvent;
        if (event.type === 'CatalogItemDeleted') return row ? { ...row, deleted: true } : null;
        const def = findCatalog(event.data.catalog);
        const title = String(event.data.item[def?.titleField ?? 'title'] ?? '');
        return { key, catalog: event.data.catalog, id: event.data.id, title, data: event.data.item, deleted: false };
      },
    }),
  ],
});
