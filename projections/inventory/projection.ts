import { sql } from 'slonik';
import type { InventoryEventMap, InventoryTool } from '../../domain/inventory';
import { normaliseCode } from '../../domain/inventory';
import { defineProjection } from '../../infrastructure/projection';

const roundOf = (streamId: string) => Number(streamId.slice(streamId.indexOf('-') + 1));
const toolKey = (id: number) => `tool:${id}`;

/**
 * rm_inventory_rounds (one row a round, with its counts) and rm_inventory_items (the expected units,
 * then every scan: `result` expected → found, or a row of its own for a unit registered elsewhere and
 * for a code not in the registry). An expected row still 'expected' in a finished round is missing.
 */
export const inventoryProjection = defineProjection({
  name: 'inventory',
  version: 1,
  tables: ['rm_inventory_rounds', 'rm_inventory_items'],
  schema: /* sql */ `
    CREATE TABLE rm_inventory_rounds (
      id integer PRIMARY KEY,
      status text NOT NULL,
      unit_ids integer[] NOT NULL,
      started_at timestamptz,
      started_by integer,
      started_by_name text NOT NULL DEFAULT '',
      finished_at timestamptz,
      finished_by integer,
      expected integer NOT NULL DEFAULT 0,
      found integer NOT NULL DEFAULT 0,
      elsewhere integer NOT NULL DEFAULT 0,
      unknown integer NOT NULL DEFAULT 0,
      signers jsonb NOT NULL DEFAULT '[]'
    );
    CREATE INDEX rm_inventory_rounds_units ON rm_inventory_rounds USING gin (unit_ids);
    CREATE TABLE rm_inventory_items (
      round_id integer NOT NULL,
      key text NOT NULL,
      tool_id integer,
      code text,
      result text NOT NULL,
      unit_id integer,
      at_unit_id integer,
      inventar_number text,
      serial_number text,
      title text NOT NULL DEFAULT '',
      decision text,
      scanned_at timestamptz,
      scanned_by integer,
      PRIMARY KEY (round_id, key)
    );
    CREATE INDEX rm_inventory_items_tool ON rm_inventory_items (tool_id) WHERE tool_id IS NOT NULL;
  `,
  eventTypes: new Set(['InventoryStarted', 'InventoryScanned', 'InventoryMoveDecided', 'InventoryFinished']),
  apply: async (tx, events) => {
    for (const e of events) {
      const round = roundOf(e.streamId);
      const at = e.metadata?.timestamp ?? null;
      const by = e.metadata?.userId ?? null;
      switch (e.type) {
        case 'InventoryStarted': {
          const d = e.data as InventoryEventMap['InventoryStarted'];
          await tx.query(sql.unsafe`
            INSERT INTO rm_inventory_rounds (id, status, unit_ids, started_at, started_by, started_by_name, expected)
            VALUES (${round}, 'open', ${sql.array(d.unit_ids, 'int4')}, ${at}, ${d.started_by}, ${d.started_by_name}, ${d.expected.length})
            ON CONFLICT (id) DO NOTHING`);
          if (d.expected.length > 0)
            await tx.query(sql.unsafe`
              INSERT INTO rm_inventory_items (round_id, key, tool_id, result, unit_id, inventar_number, serial_number, title)
              SELECT ${round}, 'tool:' || t, t, 'expected', u, i, s, ti
              FROM unnest(${sql.array(d.expected.map((t) => t.tool_id), 'int4')}, ${sql.array(d.expected.map((t) => t.unit_id), 'int4')},
                          ${sql.array(d.expected.map((t) => t.inventar_number), 'text')}, ${sql.array(d.expected.map((t) => t.serial_number), 'text')},
                          ${sql.array(d.expected.map((t) => t.title), 'text')}) AS x(t, u, i, s, ti)
              ON CONFLICT DO NOTHING`);
          break;
        }
        case 'InventoryScanned': {
          const d = e.data as InventoryEventMap['InventoryScanned'];
          const t: InventoryTool | null = d.tool;
          const key = t ? toolKey(t.tool_id) : `code:${normaliseCode(d.code)}`;
          await tx.query(sql.unsafe`
            INSERT INTO rm_inventory_items (round_id, key, tool_id, code, result, unit_id, at_unit_id, inventar_number, serial_number, title, scanned_at, scanned_by)
            VALUES (${round}, ${key}, ${t?.tool_id ?? null}, ${d.code}, ${d.result}, ${t?.unit_id ?? null}, ${d.at_unit_id}, ${t?.inventar_number ?? null},
                    ${t?.serial_number ?? null}, ${t?.title ?? d.code}, ${at}, ${by})
            ON CONFLICT (round_id, key) DO UPDATE SET code = excluded.code, result = excluded.result, at_unit_id = excluded.at_unit_id,
              scanned_at = excluded.scanned_at, scanned_by = excluded.scanned_by`);
          await tx.query(sql.unsafe`
            UPDATE rm_inventory_rounds SET
              found = found + ${d.result === 'found' ? 1 : 0}, elsewhere = elsewhere + ${d.result === 'elsewhere' ? 1 : 0}, unknown = unknown + ${d.result === 'unknown' ? 1 : 0}
            WHERE id = ${round}`);
          break;
        }
        case 'InventoryMoveDecided': {
          const d = e.data as InventoryEventMap['InventoryMoveDecided'];
          await tx.query(sql.unsafe`UPDATE rm_inventory_items SET decision = ${d.move ? 'moved' : 'kept'} WHERE round_id = ${round} AND key = ${toolKey(d.tool_id)}`);
          break;
        }
        case 'InventoryFinished': {
          const d = e.data as InventoryEventMap['InventoryFinished'];
          await tx.query(sql.unsafe`
            UPDATE rm_inventory_rounds SET status = 'finished', finished_at = ${at}, finished_by = ${by}, signers = ${sql.jsonb(d.signers as never)} WHERE id = ${round}`);
          break;
        }
      }
    }
  },
});
