import { sql, type DatabaseTransactionConnection } from 'slonik';

/*
 * Rows written as one JSON array per column, zipped on the server by ROWS FROM:
 * `INSERT ... SELECT u.a::integer, ... FROM ROWS FROM (json_array_elements_text($1::json), ...) AS u(a, ...)`.
 * The server reads each value with its column type's input function, as jsonb_populate_recordset
 * does, but without building a jsonb document of the whole batch and looking every column up in
 * every row: a batch of wide request rows costs the backend less than half of what
 * jsonb_populate_recordset took (and the client one JSON.stringify a column, as cheap
 * as one of the rows). Values keep the meaning JSON gave them: null and undefined are NULL,
 * numbers, booleans and strings their text, objects and arrays their JSON (for json and jsonb
 * columns), array columns (integer[]) their array literal.
 */

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad identifier ${name}`);
  return name;
};

type Kind = 'scalar' | 'json' | 'array';
const kindOf = (type: string): Kind => (type.endsWith('[]') ? 'array' : type === 'json' || type === 'jsonb' ? 'json' : 'scalar');

/** An element of an array literal: NULL unquoted, numbers as they are, the rest quoted. */
const arrayElement = (v: unknown): string =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `"${String(v).replace(/["\\]/g, '\\$&')}"`;

/** A column and its SQL type ('integer', 'text', 'jsonb', 'integer[]', ...). */
export interface BulkColumn {
  readonly name: string;
  readonly type: string;
}

/** Each column's values as one JSON array (array columns as their array literals). */
export const columnArrays = (columns: readonly BulkColumn[], rows: readonly object[]): string[] =>
  columns.map((c) => {
    const array = kindOf(c.type) === 'array';
    const values = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = (rows[i] as Record<string, unknown>)[c.name];
      values[i] = array && Array.isArray(v) ? `{${v.map(arrayElement).join(',')}}` : v;
    }
    return JSON.stringify(values);
  });

/** How a column's value is read from its element: JSON null is NULL, as jsonb_populate_recordset has it. */
const selectOf = (c: BulkColumn, name: string) =>
  kindOf(c.type) === 'json' ? `NULLIF(u.${name}::jsonb, 'null'::jsonb)${c.type === 'json' ? '::json' : ''}` : `u.${name}::${c.type}`;

/**
 * INSERT INTO table (columns) SELECT ... FROM ROWS FROM (...) [tail]: one statement for the rows,
 * `tail` the ON CONFLICT clause (or '').
 */
export const bulkInsert = async (
  tx: DatabaseTransactionConnection,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly object[],
  tail: string,
): Promise<void> => {
  if (rows.length === 0) return;
  const names = columns.map((c) => ident(c.name));
  for (const c of columns) if (!/^[a-z0-9_ ()[\],]+$/.test(c.type)) throw new Error(`Bad type ${c.type}`);
  const reader = (c: BulkColumn) => (kindOf(c.type) === 'json' ? 'json_array_elements' : 'json_array_elements_text');
  const strings = [
    `INSERT INTO ${ident(table)} (${names.join(', ')}) SELECT ${columns.map((c, i) => selectOf(c, names[i]!)).join(', ')} FROM ROWS FROM (${reader(columns[0]!)}(`,
    ...columns.map((_, i) => (i < columns.length - 1 ? `::json), ${reader(columns[i + 1]!)}(` : `::json)) AS u(${names.join(', ')}) ${tail}`)),
  ];
  const template = Object.assign(strings, { raw: Object.freeze([...strings]) });
  await tx.query(sql.unsafe(Object.freeze(template) as unknown as TemplateStringsArray, ...columnArrays(columns, rows)));
};

/**
 * The columns' types as the table declares them (without modifiers: the insert applies them), read
 * from the catalog once per process and table name (a projection's tables keep their columns
 * while the process runs: a changed table comes with new code and a new version).
 */
const typeCache = new Map<string, Map<string, string>>();
export const columnsOf = async (tx: DatabaseTransactionConnection, table: string, names: readonly string[]): Promise<BulkColumn[]> => {
  let types = typeCache.get(table);
  if (!types) {
    const rows = await tx.any(sql.unsafe`
      SELECT attname, format_type(atttypid, NULL) AS type FROM pg_attribute
      WHERE attrelid = ${ident(table)}::regclass AND attnum > 0 AND NOT attisdropped`);
    types = new Map(rows.map((r) => [String(r.attname), String(r.type)]));
    typeCache.set(table, types);
  }
  return names.map((name) => {
    const type = types.get(name);
    if (!type) throw new Error(`No column ${name} in ${table}`);
    return { name, type };
  });
};
