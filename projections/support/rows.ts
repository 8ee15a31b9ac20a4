import { sql, type DatabaseTransactionConnection } from 'slonik';
import { rawSql } from '../../infrastructure/db/raw-sql';
import { bulkInsert, columnsOf } from './bulk-insert';

export type Row = Record<string, unknown>;

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad identifier ${name}`);
  return name;
};

/**
 * The key condition: integer keys compare as integers (the primary key's index serves them; a
 * `::text` comparison would read the whole table for every batch), other keys as text.
 */
const keyCondition = (keyColumn: string, keys: readonly (string | number)[]) =>
  keys.every((k) => typeof k === 'number')
    ? sql.fragment`${sql.identifier([ident(keyColumn)])} = ANY(${sql.array(keys as number[], 'int4')})`
    : sql.fragment`${sql.identifier([ident(keyColumn)])}::text = ANY(${sql.array(keys.map(String), 'text')})`;

/** Loads rows by key as plain objects (one query for the whole batch). */
export const loadRows = async (
  tx: DatabaseTransactionConnection,
  table: string,
  keyColumn: string,
  keys: readonly (string | number)[],
): Promise<Map<string, Row>> => {
  const out = new Map<string, Row>();
  if (keys.length === 0) return out;
  const rows = await tx.any(sql.unsafe`
    SELECT to_jsonb(t) AS row FROM ${sql.identifier([ident(table)])} t WHERE ${keyCondition(keyColumn, keys)}`);
  for (const r of rows) {
    const row = r.row as Row;
    out.set(String(row[keyColumn]), row);
  }
  return out;
};

/**
 * Writes rows in one statement (unnest of per-column arrays, projections/support/bulk-insert.ts):
 * column types come from the table, and conflicts on the key update every column.
 */
export const upsertRows = async (
  tx: DatabaseTransactionConnection,
  table: string,
  keyColumns: readonly string[],
  columns: readonly string[],
  rows: readonly Row[],
): Promise<void> => {
  if (rows.length === 0) return;
  const cols = columns.map(ident);
  const updates = cols.filter((c) => !keyColumns.includes(c)).map((c) => `${c} = excluded.${c}`);
  const onConflict = `ON CONFLICT (${keyColumns.map(ident).join(', ')}) ${updates.length ? `DO UPDATE SET ${updates.join(', ')}` : 'DO NOTHING'}`;
  await bulkInsert(tx, ident(table), await columnsOf(tx, table, cols), rows, onConflict);
};

export const deleteRows = async (
  tx: DatabaseTransactionConnection,
  table: string,
  keyColumn: string,
  keys: readonly (string | number)[],
): Promise<void> => {
  if (keys.length === 0) return;
  await tx.query(sql.unsafe`DELETE FROM ${sql.identifier([ident(table)])} WHERE ${keyCondition(keyColumn, keys)}`);
};

export { rawSql };
