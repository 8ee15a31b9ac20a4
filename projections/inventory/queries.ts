import { sql, type DatabasePool } from 'slonik';
import type { InventoryItemRow, InventoryRoundRow } from '../../domain/inventory';

type Db = Pick<DatabasePool, 'any' | 'maybeOne'>;

const roundSelect = sql.fragment`
  r.id, r.status, r.unit_ids, r.started_at, r.started_by_name, r.finished_at, r.expected, r.found, r.elsewhere, r.unknown, r.signers,
  ARRAY(SELECT u.name FROM unnest(r.unit_ids) WITH ORDINALITY AS x(id, n) JOIN rm_units u ON u.id = x.id ORDER BY x.n) AS unit_names`;

const iso = (v: unknown) => (v == null ? null : new Date(v as string | number).toISOString());

const roundOf = (r: Record<string, unknown>): InventoryRoundRow & { signers: Array<{ post: string; name: string }> } => ({
  id: Number(r.id),
  status: r.status === 'finished' ? 'finished' : 'open',
  unit_ids: (r.unit_ids as number[]).map(Number),
  unit_names: (r.unit_names as string[]) ?? [],
  started_at: iso(r.started_at) ?? '',
  started_by_name: String(r.started_by_name ?? ''),
  finished_at: iso(r.finished_at),
  expected: Number(r.expected),
  found: Number(r.found),
  elsewhere: Number(r.elsewhere),
  unknown: Number(r.unknown),
  statement_file_id: null,
  signers: (r.signers as Array<{ post: string; name: string }>) ?? [],
});

/** Rounds over units the caller sees (null: every unit), newest first; `unitId` narrows to one object. */
export const inventoryRounds = async (db: Db, units: readonly number[] | null, unitId: number | null, limit = 100): Promise<InventoryRoundRow[]> => {
  const conditions = [sql.fragment`TRUE`];
  if (units) conditions.push(sql.fragment`r.unit_ids <@ ${sql.array([...units], 'int4')}`);
  if (unitId !== null) conditions.push(sql.fragment`r.unit_ids @> ${sql.array([unitId], 'int4')}`);
  const rows = await db.any(sql.unsafe`SELECT ${roundSelect} FROM rm_inventory_rounds r WHERE ${sql.join(conditions, sql.fragment` AND `)} ORDER BY r.id DESC LIMIT ${limit}`);
  return rows.map((r) => roundOf(r as Record<string, unknown>));
};

export const inventoryRound = async (db: Db, id: number) => {
  const r = await db.maybeOne(sql.unsafe`SELECT ${roundSelect} FROM rm_inventory_rounds r WHERE r.id = ${id}`);
  return r ? roundOf(r as Record<string, unknown>) : null;
};

/** The round's units: expected (missing once finished), found, elsewhere, unknown; in the registry's order. */
export const inventoryItems = async (db: Db, id: number, finished: boolean): Promise<InventoryItemRow[]> => {
  const rows = await db.any(sql.unsafe`
    SELECT tool_id, code, result, unit_id, at_unit_id, inventar_number, serial_number, title, decision, scanned_at
    FROM rm_inventory_items WHERE round_id = ${id} ORDER BY scanned_at DESC NULLS LAST, unit_id, tool_id, key`);
  return rows.map((r) => ({
    tool_id: r.tool_id == null ? null : Number(r.tool_id),
    code: (r.code as string | null) ?? null,
    result: (r.result === 'expected' && finished ? 'missing' : r.result) as InventoryItemRow['result'],
    unit_id: r.unit_id == null ? null : Number(r.unit_id),
    at_unit_id: r.at_unit_id == null ? null : Number(r.at_unit_id),
    inventar_number: (r.inventar_number as string | null) ?? null,
    serial_number: (r.serial_number as string | null) ?? null,
    title: String(r.title ?? ''),
    decision: (r.decision as InventoryItemRow['decision']) ?? null,
    scanned_at: iso(r.scanned_at),
  }));
};

/** A tool's rounds for its card's History: when, which round, what the round found. */
export const inventoryOfTool = async (db: Db, toolId: number) => {
  const rows = await db.any(sql.unsafe`
    SELECT i.round_id, i.result, i.decision, i.scanned_at, r.status, r.started_at, r.finished_at, r.finished_by, r.started_by, i.scanned_by
    FROM rm_inventory_items i JOIN rm_inventory_rounds r ON r.id = i.round_id WHERE i.tool_id = ${toolId} ORDER BY i.round_id`);
  return rows.map((r) => ({
    round_id: Number(r.round_id),
    result: (r.result === 'expected' && r.status === 'finished' ? 'missing' : String(r.result)) as InventoryItemRow['result'],
    decision: (r.decision as string | null) ?? null,
    date_time: iso(r.scanned_at) ?? iso(r.finished_at) ?? iso(r.started_at),
    user_id: r.scanned_by != null ? Number(r.scanned_by) : r.finished_by != null ? Number(r.finished_by) : r.started_by != null ? Number(r.started_by) : null,
    finished: r.status === 'finished',
  }));
};

/** Names of units (the statement's places). */
export const unitNamesOf = async (db: Db, ids: readonly number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.unsafe`SELECT id, name FROM rm_units WHERE id = ANY(${sql.array([...new Set(ids)], 'int4')})`);
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
};
