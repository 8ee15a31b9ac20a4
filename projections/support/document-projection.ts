import type { StoredEvent } from '../../infrastructure/eventstore/port';
import { sql } from 'slonik';
import { defineProjection, type ApplyContext, type Projection } from '../../infrastructure/projection';
import { deleteRows, loadRows, upsertRows, type Row } from './rows';

/**
 * A read model of one row per key, written in batches: load the rows the batch touches, fold the
 * events into them with a pure function, write the changed rows back in one statement.
 */
export interface DocumentTable<R extends Row> {
  readonly table: string;
  readonly key: string;
  /** Columns written (all of the table's columns). */
  readonly columns: readonly string[];
  /** Keys of the rows an event touches. */
  readonly keysOf: (event: StoredEvent) => readonly (string | number)[];
  /** The new row (null deletes it). */
  readonly evolve: (row: R | null, event: StoredEvent, key: string) => R | null;
}

/**
 * The keys a rebuild has written to a table so far, kept in the projection's memory (null: not
 * known, so every touched key is looked up). A rebuild's new table starts empty, so only keys in
 * the set need loading: most keys a rebuild batch touches are new (a file, a comment), and the
 * lookups of rows that did not exist cost those projections a third of their statement time.
 * The set is started only on an empty table: a memory cleared after a failed batch, or the
 * bisection of a failed batch, looks every key up.
 */
const writtenKeys = async (tx: Parameters<Projection['apply']>[0], table: string, memo: Map<string, unknown>): Promise<Set<string> | null> => {
  const name = `written-keys:${table}`;
  if (!memo.has(name)) {
    const empty = await tx.oneFirst(sql.unsafe`SELECT NOT EXISTS (SELECT 1 FROM ${sql.identifier([table])})`);
    memo.set(name, empty ? new Set<string>() : null);
  }
  return memo.get(name) as Set<string> | null;
};

export const applyDocumentTable = async <R extends Row>(
  tx: Parameters<Projection['apply']>[0],
  spec: DocumentTable<R>,
  events: readonly StoredEvent[],
  context?: ApplyContext,
) => {
  // Keys as the table holds them (numbers for integer keys, so the primary key's index finds them).
  const touched = new Map<string, { key: string | number; events: StoredEvent[] }>();
  for (const e of events)
    for (const k of spec.keysOf(e)) {
      const key = String(k);
      const entry = touched.get(key);
      if (entry) entry.events.push(e);
      else touched.set(key, { key: typeof k === 'number' ? k : key, events: [e] });
    }
  if (touched.size === 0) return;
  const written = context?.rebuilding ? await writtenKeys(tx, spec.table, context.memo) : null;
  const lookups = written ? [...touched].filter(([key]) => written.has(key)) : [...touched];
  const current = await loadRows(tx, spec.table, spec.key, lookups.map(([, t]) => t.key));
  const upserts: Row[] = [];
  const deletes: Array<string | number> = [];
  for (const [key, { key: raw, events: list }] of touched) {
    let row = (current.get(key) as R | undefined) ?? null;
    for (const e of list) row = spec.evolve(row, e, key);
    if (row) upserts.push(row);
    else if (current.has(key)) deletes.push(raw);
    if (written) {
      if (row) written.add(key);
      else written.delete(key);
    }
  }
  await upsertRows(tx, spec.table, [spec.key], spec.columns, upserts);
  await deleteRows(tx, spec.table, spec.key, deletes);
};

/** Erases a table's row type so tables of different rows can share one projection. */
export const table = <R extends Row>(spec: DocumentTable<R>): DocumentTable<Row> => spec as unknown as DocumentTable<Row>;

export const documentProjection = (options: {
  name: string;
  version: number;
  schema: string;
  /** Secondary indexes, built once at the end of a rebuild (Projection.indexes). */
  indexes?: string;
  tables: readonly DocumentTable<Row>[];
  eventTypes: readonly string[];
}): Projection =>
  defineProjection({
    name: options.name,
    version: options.version,
    schema: options.schema,
    ...(options.indexes ? { indexes: options.indexes } : {}),
    tables: options.tables.map((t) => t.table),
    eventTypes: new Set(options.eventTypes),
    apply: async (tx, events, context) => {
      for (const t of options.tables) await applyDocumentTable(tx, t, events, context);
    },
  });
