import { sql, type DatabaseTransactionConnection } from 'slonik';
import type { SparesSetEventMap } from '../../domain/spares/decider';

/**
 * The edits of spare-parts sets (decisions 48–56) as the `requests` projection applies them: after that
 * projection's own writes of the batch (a set registered earlier in the batch exists by then), in
 * log order. An item's `allocated` is kept (a new one counts what this batch already allocated); an
 * edit never removes an item a request holds.
 */
export type SparesSetChange =
  | { kind: 'updated'; setId: number; data: SparesSetEventMap['SparesSetUpdated'] }
  | { kind: 'itemRemoved'; setId: number; itemId: number }
  | { kind: 'deleted'; setId: number };

export const applySparesSetChanges = async (tx: DatabaseTransactionConnection, changes: readonly SparesSetChange[]): Promise<void> => {
  for (const c of changes) {
    switch (c.kind) {
      case 'updated': {
        const d = c.data;
        await tx.query(sql.unsafe`
          UPDATE rm_spares_sets SET region_id = ${d.region_id}, title = ${d.title}, contract = ${d.contract} WHERE id = ${c.setId}`);
        await tx.query(sql.unsafe`
          INSERT INTO rm_spares_items (spares_set_id, id, code, title, cost, amount, allocated)
          SELECT ${c.setId}, x.id, x.code, x.title, x.cost, x.amount,
                 COALESCE((SELECT sum(s.amount) FROM rm_request_spares s WHERE s.spares_set_id = ${c.setId} AND s.item_id = x.id), 0)
          FROM jsonb_to_recordset(${sql.jsonb(d.items.map((i) => ({ id: i.id, code: i.code ?? null, title: i.title, cost: i.cost, amount: i.amount })))})
            AS x(id integer, code bigint, title text, cost numeric, amount integer)
          ON CONFLICT (spares_set_id, id) DO UPDATE SET code = excluded.code, title = excluded.title, cost = excluded.cost, amount = excluded.amount`);
        if (d.removed.length)
          await tx.query(sql.unsafe`
            DELETE FROM rm_spares_items WHERE spares_set_id = ${c.setId} AND id = ANY(${sql.array(d.removed, 'int4')})`);
        break;
      }
      case 'itemRemoved':
        await tx.query(sql.unsafe`DELETE FROM rm_spares_items WHERE spares_set_id = ${c.setId} AND id = ${c.itemId}`);
        break;
      case 'deleted':
        await tx.query(sql.unsafe`DELETE FROM rm_spares_items WHERE spares_set_id = ${c.setId}`);
        await tx.query(sql.unsafe`DELETE FROM rm_spares_sets WHERE id = ${c.setId}`);
        break;
    }
  }
};
