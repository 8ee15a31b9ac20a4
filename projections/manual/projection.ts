import type { ManualEvent } from '../../domain/manual/decider';
import { documentProjection, table } from '../support/document-projection';

export interface ManualFolderRow {
  [key: string]: unknown;
  id: number;
  title: string;
  ord: number;
}

export interface ManualItemRow {
  [key: string]: unknown;
  id: number;
  manual_id: number;
  title: string;
  contents: string;
  ord: number;
  files: unknown;
}

const eventOf = (e: { type: string; data: unknown }) => ({ type: e.type, data: e.data }) as ManualEvent;

/** Manuals (/manuals): folders and their items; deleted rows go. */
export const manualProjection = documentProjection({
  name: 'manual',
  version: 1,
  schema: /* sql */ `
    CREATE TABLE rm_manuals (
      id    integer PRIMARY KEY,
      title text NOT NULL,
      ord   integer NOT NULL
    );
    CREATE TABLE rm_manual_items (
      id        integer PRIMARY KEY,
      manual_id integer NOT NULL,
      title     text NOT NULL,
      contents  text NOT NULL,
      ord       integer NOT NULL,
      files     jsonb NOT NULL
    );
    CREATE INDEX rm_manual_items_manual ON rm_manual_items (manual_id);
  `,
  eventTypes: ['ManualFolderSaved', 'ManualFolderDeleted', 'ManualItemSaved', 'ManualItemDeleted'],
  tables: [
    table<ManualFolderRow>({
      table: 'rm_manuals',
      key: 'id',
      columns: ['id', 'title', 'ord'],
      keysOf: (e) => (e.type === 'ManualFolderSaved' || e.type === 'ManualFolderDeleted' ? [(e.data as { id: number }).id] : []),
      evolve: (_row, e) => {
        const event = eventOf(e);
        if (event.type !== 'ManualFolderSaved') return null;
        return { id: event.data.id, title: event.data.folder.title, ord: event.data.folder.order };
      },
    }),
    table<ManualItemRow>({
      table: 'rm_manual_items',
      key: 'id',
      columns: ['id', 'manual_id', 'title', 'contents', 'ord', 'files'],
      keysOf: (e) => (e.type === 'ManualItemSaved' || e.type === 'ManualItemDeleted' ? [(e.data as { id: number }).id] : []),
      evolve: (_row, e) => {
        const event = eventOf(e);
        if (event.type !== 'ManualItemSaved') return null;
        const { id, manual_id, item } = event.data;
        return { id, manual_id, title: item.title, contents: item.contents, ord: item.order, files: item.manual_item_files };
      },
    }),
  ],
});
