import pg from 'pg';
import type { DatabasePool, DatabaseTransactionConnection, QueryResult } from 'slonik';
import { deferredWritesPoolSizeOf, onPoolEnd, typeParsers } from './pool';

/**
 * A transaction whose writes travel with the next statement that needs an answer (docs/notes/bench.md). A live
 * read-side batch was BEGIN, the checkpoint's move, five or six writes and COMMIT: eight round
 * trips, each waiting behind the commands' work in the event loop and in PostgreSQL, so a batch took
 * many times a round trip under load and the projection lag was one or two of them. Here BEGIN goes with the first
 * statement that returns rows (the move), every write whose result nobody reads (`query` without
 * RETURNING) waits in a buffer, and the buffer goes with the next read or with COMMIT: two round
 * trips for a batch that reads nothing else.
 *
 * Statements are sent in the order they were called, as one simple-protocol query each trip (slonik
 * refuses several statements in one query, so this uses a pg pool of its own on the same database),
 * with the values written in as literals. A failing statement fails the trip that carried it: the
 * error reaches the caller of that read or of `work`, as slonik's would, and the transaction is
 * rolled back. Only for code that reads nothing from its writes' results (the projections).
 */
export const deferredWriteTransaction = async <T>(pool: DatabasePool, work: (tx: DatabaseTransactionConnection) => Promise<T>): Promise<T> => {
  const client = await rawPoolOf(pool).connect();
  // A checked-out client has no listener of pg-pool's: a connection that breaks while the batch is
  // being applied between trips would emit 'error' unheard and end the process. The next trip fails
  // with it instead.
  const unheard = () => {};
  client.on('error', unheard);
  const release = (destroy: boolean) => {
    client.removeListener('error', unheard);
    client.release(destroy);
  };
  const tx = new DeferredWrites(client);
  try {
    const result = await work(tx as unknown as DatabaseTransactionConnection);
    await tx.commit();
    release(false);
    return result;
  } catch (error) {
    // A trip that failed left the transaction aborted (or never began it): roll back, or drop the connection.
    await client.query('ROLLBACK').then(
      () => release(false),
      () => release(true),
    );
    throw error;
  }
};

/** One pg pool per slonik pool, on its connection string, with the same type parsers and timeouts. */
const rawPools = new WeakMap<DatabasePool, pg.Pool>();
const parsers = new Map<number, (value: string) => unknown>(typeParsers.map((p) => [p.oid, p.parse]));
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers.get(oid) ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const rawPoolOf = (pool: DatabasePool): pg.Pool => {
  let raw = rawPools.get(pool);
  if (!raw) {
    const { connectionUri, statementTimeout, idleInTransactionSessionTimeout } = pool.configuration;
    raw = new pg.Pool({
      connectionString: connectionUri,
      max: deferredWritesPoolSizeOf(pool),
      // Connections of a quiet read side go away, and never keep a process from exiting.
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
      types,
      ...(typeof statementTimeout === 'number' ? { statement_timeout: statementTimeout } : {}),
      ...(typeof idleInTransactionSessionTimeout === 'number' ? { idle_in_transaction_session_timeout: idleInTransactionSessionTimeout } : {}),
    });
    // An idle connection that breaks is dropped by the pool; nothing to report.
    raw.on('error', () => {});
    rawPools.set(pool, raw);
    const ending = raw;
    onPoolEnd(pool, () => ending.end());
  }
  return raw;
};

interface Token {
  readonly sql: string;
  readonly values: readonly unknown[];
}

const escaped = (text: string) => `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** An array as PostgreSQL's array input reads it (what pg sends for an array parameter). */
const arrayText = (values: readonly unknown[]): string =>
  `{${values
    .map((v) => (v === null || v === undefined ? 'NULL' : Array.isArray(v) ? arrayText(v) : `"${textOf(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`))
    .join(',')}}`;

/** A value as a literal of unknown type, which PostgreSQL types from its context as it does a parameter. */
export const literalOf = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  if (Buffer.isBuffer(value)) return escaped(`\\x${value.toString('hex')}`);
  return escaped(Array.isArray(value) ? arrayText(value) : textOf(value));
};

/** A slonik query with its values written in ($slonik_N placeholders; trusted SQL text, values escaped). */
export const inlined = (token: Token): string =>
  token.sql.replace(/\$slonik_(\d+)/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= token.values.length) throw new Error(`No value for placeholder $slonik_${n}`);
    return literalOf(token.values[i]);
  });

/** A write whose result nobody reads: it can wait for the next trip. */
const deferrable = (text: string) => /^\s*(INSERT|UPDATE|DELETE|TRUNCATE|SET)\b/i.test(text) && !/\bRETURNING\b/i.test(text);

class DeferredWrites {
  private readonly pending: string[] = ['BEGIN'];
  /** Calls run in the order they were made, whatever the caller awaits (Promise.all of writes and reads). */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly client: pg.PoolClient) {}

  private inTurn<R>(step: () => R | Promise<R>): Promise<R> {
    const run = this.chain.then(step);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The pending statements and `text` in one trip; the rows of `text`. */
  private async trip(text: string): Promise<pg.QueryResult> {
    const statements = [...this.pending.splice(0), text];
    const results = (await this.client.query(statements.join(';\n'))) as unknown as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(results) ? results[results.length - 1]! : results;
  }

  private read(token: Token, text = inlined(token)): Promise<pg.QueryResult> {
    return this.inTurn(() => this.trip(text));
  }

  async commit(): Promise<void> {
    await this.inTurn(() => this.trip('COMMIT'));
  }

  query(token: Token): Promise<QueryResult<Record<string, unknown>>> {
    const text = inlined(token);
    if (!deferrable(text)) return this.read(token, text).then(resultOf);
    return this.inTurn(() => {
      this.pending.push(text);
      return { command: text.trim().split(/\s/, 1)[0]!.toUpperCase(), fields: [], notices: [], rowCount: 0, rows: [] } as unknown as QueryResult<Record<string, unknown>>;
    });
  }

  async any(token: Token) {
    return (await this.read(token)).rows;
  }

  async anyFirst(token: Token) {
    const r = await this.read(token);
    return r.rows.map((row) => firstOf(r, row));
  }

  async many(token: Token) {
    const rows = await this.any(token);
    if (rows.length === 0) throw new Error('Resource not found.');
    return rows;
  }

  async manyFirst(token: Token) {
    const values = await this.anyFirst(token);
    if (values.length === 0) throw new Error('Resource not found.');
    return values;
  }

  async maybeOne(token: Token) {
    const rows = await this.any(token);
    if (rows.length > 1) throw new Error('Query returns more than one row.');
    return rows[0] ?? null;
  }

  async one(token: Token) {
    const row = await this.maybeOne(token);
    if (row === null) throw new Error('Resource not found.');
    return row;
  }

  async maybeOneFirst(token: Token) {
    const r = await this.read(token);
    if (r.rows.length > 1) throw new Error('Query returns more than one row.');
    return r.rows.length ? firstOf(r, r.rows[0]) : null;
  }

  async oneFirst(token: Token) {
    const r = await this.read(token);
    if (r.rows.length !== 1) throw new Error(r.rows.length ? 'Query returns more than one row.' : 'Resource not found.');
    return firstOf(r, r.rows[0]);
  }

  async exists(token: Token) {
    return (await this.read(token)).rows.length > 0;
  }
}

const firstOf = (r: pg.QueryResult, row: Record<string, unknown>) => {
  if (r.fields.length !== 1) throw new Error('Query must return exactly one column.');
  return row[r.fields[0]!.name];
};

const resultOf = (r: pg.QueryResult): QueryResult<Record<string, unknown>> =>
  ({ command: r.command, fields: r.fields.map((f) => ({ name: f.name, dataTypeId: f.dataTypeID })), notices: [], rowCount: r.rowCount ?? 0, rows: r.rows }) as unknown as QueryResult<Record<string, unknown>>;
