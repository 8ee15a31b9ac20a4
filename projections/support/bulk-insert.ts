import { sql, type DatabaseTransactionConnection } from 'slonik';

/*
 * Rows written as one text parameter per column (a PostgreSQL array literal) unnested on the server:
 * `INSERT ... SELECT ... FROM unnest($1::integer[], $2::text[], ...)`. The server parses each value
 * with its column type's input function, as jsonb_populate_recordset does, but without building a
 * jsonb document of the whole batch and looking every column up in every row: at scale 0.05 a
 * batch of wide request rows cost the server 110 µs a row through jsonb_populate_recordset, 40 µs
 * this way (backend CPU, bench/rebuild.ts --statements and docs/notes/bench.md). Values keep the
 * meaning JSON gave them: null and undefined are NULL, numbers and booleans as literals, objects
 * and arrays as their JSON (for json and jsonb columns), array columns (integer[]) as their
 * array literal.
 */

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad identifier ${name}`);
  return name;
};

const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

/** A scalar as an element of an array literal (NULL unquoted, everything else quoted or numeric). */
const scalar = (v: unknown): string => {
  switch (typeof v) {
    case 'string':
      return quoted(v);
    case 'number':
      // JSON writes NaN and Infinity as null.
      return Number.isFinite(v) ? String(v) : 'NULL';
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
    case 'undefined':
      return 'NULL';
    default:
      if (v === null) return 'NULL';
      if (v instanceof Date) return quoted(v.toISOString());
      return quoted(JSON.stringify(v));
  }
};

type Kind = 'scalar' | 'json' | 'array';
const kindOf = (type: string): Kind => (type.endsWith('[]') ? 'array' : type === 'json' || type === 'jsonb' ? 'json' : 'scalar');

const element = (v: unknown, kind: Kind): string => {
  if (v === null || v === undefined) return 'NULL';
  if (kind === 'json') {
    const text = JSON.stringify(v);
    return text === undefined ? 'NULL' : quoted(text);
  }
  if (kind === 'array' && Array.isArray(v)) return quoted(`{${v.map(scalar).join(',')}}`);
  return scalar(v);
};

/** A column and its SQL type ('integer', 'text', 'jsonb', 'integer[]', ...). */
export interface BulkColumn {
  readonly name: string;
  readonly type: string;
}

/** The columns' array literals, one per column. */
export const columnLiterals = (columns: readonly BulkColumn[], rows: readonly object[]): string[] =>
  columns.map((c) => {
    const kind = kindOf(c.type);
    const parts = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) parts[i] = element((rows[i] as Record<string, unknown>)[c.name], kind);
    return `{${parts.join(',')}}`;
  });

/**
 * INSERT INTO table (columns) SELECT ... FROM unnest(...) [tail]: one statement for the rows, `tail`
 * the ON CONFLICT clause (or '').
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
  // Arrays of arrays cannot be unnested: array columns travel as text[] and are cast row by row.
  const selected = columns.map((c, i) => (kindOf(c.type) === 'array' ? `${names[i]}::${c.type}` : names[i]));
  const strings = [
    `INSERT INTO ${ident(table)} (${names.join(', ')}) SELECT ${selected.join(', ')} FROM unnest(`,
    ...columns.map((c, i) => `::${kindOf(c.type) === 'array' ? 'text' : c.type}[]${i < columns.length - 1 ? ', ' : `) AS u(${names.join(', ')}) ${tail}`}`),
  ];
  const template = Object.assign(strings, { raw: Object.freeze([...strings]) });
  await tx.query(sql.unsafe(Object.freeze(template) as unknown as TemplateStringsArray, ...columnLiterals(columns, rows)));
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
