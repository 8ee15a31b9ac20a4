import { sql, type DatabasePool } from 'slonik';
import type { StoredFile } from '../../domain/news/files';

export interface ManualItemView {
  id: number;
  manual_id: number;
  title: string;
  contents: string;
  order: number;
  manual_item_files: StoredFile[];
}

export interface ManualFolderView {
  id: number;
  title: string;
  order: number;
  manual_items: ManualItemView[];
}

const itemSelect = sql.fragment`SELECT id, manual_id, title, contents, ord AS "order", files AS manual_item_files FROM rm_manual_items`;

/** Every folder with its items, both by their order then title (the tree of the split view). */
export const listManuals = async (pool: DatabasePool): Promise<ManualFolderView[]> => {
  const folders = await pool.any(sql.unsafe`SELECT id, title, ord AS "order" FROM rm_manuals ORDER BY ord, lower(title), id`);
  const items = (await pool.any(sql.unsafe`${itemSelect} ORDER BY ord, lower(title), id`)) as unknown as ManualItemView[];
  return folders.map((f) => ({ id: Number(f.id), title: String(f.title), order: Number(f.order), manual_items: items.filter((i) => i.manual_id === Number(f.id)) }));
};

export const getManualItem = async (pool: DatabasePool, id: number): Promise<ManualItemView | null> =>
  ((await pool.maybeOne(sql.unsafe`${itemSelect} WHERE id = ${id}`)) as ManualItemView | null) ?? null;
