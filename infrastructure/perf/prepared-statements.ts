import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { perfTrickOn } from './switches';

/*
 * Repeated statements run as named prepared statements. An unnamed statement is parsed, analysed and
 * planned by PostgreSQL on every run: under the commands bench that was about a third of the
 * database's CPU per command. A named one is parsed once per connection, and after five runs
 * PostgreSQL keeps a generic plan when it costs no more than the custom ones (the plan cache's own
 * rule, as JDBC's and pgx's defaults use).
 *
 * node-postgres prepares a query given a `name`; slonik's driver calls `client.query(text, values)`,
 * so the name is added here, by wrapping pg.Client's query for the whole process, for every statement
 * with parameters whose text has run before. Texts without parameters keep the simple protocol
 * (scripts of several statements, BEGIN and COMMIT). The counts and names are bounded: texts built
 * with varying lists stop being counted, and a backend never holds more than MAX_PREPARED statements.
 *
 * The wrap is installed the first time a process turns the trick on (the server does, unless
 * PERF_PREPARED_STATEMENTS=0 or PERF_TRICKS=0: api/config.ts) or a test or the bench observes the
 * statements sent (`observeQueries`); until then pg runs unwrapped. pg is pinned in package.json.
 */

/**
 * Put into a statement whose best plan depends on its values (a list filtered as the user chose): it
 * is never prepared, so PostgreSQL plans it for each run's values. A generic plan chosen by the plan
 * cache's own rule ran the executor filter of the request list several times slower (docs/notes/bench.md).
 * A comment, so it fits anywhere in a statement.
 */
export const CUSTOM_PLAN_MARK = '/* custom plan */';
export const CUSTOM_PLAN = sql.fragment` /* custom plan */ `;

/** The run of a text that prepares it (the first runs unnamed: one-off texts stay unprepared). */
const PREPARE_AT_RUN = 2;
/** Named statements per process, so per pooled connection at most. */
const MAX_PREPARED = 500;
/** Texts counted before the counts start over (a text seen once in a long while is not hot). */
const MAX_COUNTED = 10_000;
/** A table under a prepared statement changed its columns: PostgreSQL refuses the statement. */
const resultTypeChanged = (error: unknown): boolean => {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '');
};

/**
 * One state per process, kept on globalThis: a process may load this module more than once (the
 * test runner's module graphs, worker bundles), and every copy must see the one patch, the one
 * switch and the same name for a text. A name is the text's hash, so no two texts share one.
 */
interface State {
  enabled: boolean;
  readonly runs: Map<string, number>;
  readonly names: Map<string, string>;
  readonly refused: Set<string>;
  readonly observers: Set<(text: string) => void>;
}
const STATE = Symbol.for('itsup.preparedStatements');
const shared = globalThis as { [STATE]?: State };
// Off until a process turns it on.
const state: State = (shared[STATE] ??= { enabled: false, runs: new Map(), names: new Map(), refused: new Set(), observers: new Set() });

/**
 * The server's process turns it on unless PERF_PREPARED_STATEMENTS=0 or PERF_TRICKS=0 (api/config.ts);
 * scripts and the report worker leave it off.
 */
export const setPreparedStatements = (on: boolean = perfTrickOn('preparedStatements')): void => {
  state.enabled = on;
  if (on) installQueryWrap();
};

/** Whether statements run prepared now (for the tests). */
export const preparedStatementsOn = (): boolean => state.enabled;

/**
 * Calls `listener` with the text of every statement any pg client of this process sends from now
 * on (tests and the bench count round trips with it); returns the function that stops it.
 */
export const observeQueries = (listener: (text: string) => void): (() => void) => {
  installQueryWrap();
  state.observers.add(listener);
  return () => void state.observers.delete(listener);
};

/** The name a statement text runs under now, or null when it runs unnamed (this run counts). */
export const preparedNameOf = (text: string): string | null => {
  if (!state.enabled || state.refused.has(text) || text.includes(CUSTOM_PLAN_MARK)) return null;
  const known = state.names.get(text);
  if (known) return known;
  const n = (state.runs.get(text) ?? 0) + 1;
  if (n < PREPARE_AT_RUN || state.names.size >= MAX_PREPARED) {
    if (state.runs.size >= MAX_COUNTED) state.runs.clear();
    state.runs.set(text, n);
    return null;
  }
  state.runs.delete(text);
  const name = `itsup_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  state.names.set(text, name);
  return name;
};

/** The text runs unnamed from now on (connections keep their old statement, unused, until they close). */
const refuse = (text: string): void => {
  state.names.delete(text);
  state.refused.add(text);
};

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: Query; [STATE]?: true };

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : typeof query === 'object' && query !== null ? String((query as { text?: unknown }).text ?? '') : '';

/** Wraps pg.Client's query once per pg.Client class, by whichever copy of this module comes first. */
const installQueryWrap = (): void => {
  if (proto[STATE]) return;
  proto[STATE] = true;
  const unnamedQuery = proto.query;
  proto.query = function query(this: pg.Client, ...args: unknown[]) {
    if (state.observers.size) for (const observe of state.observers) observe(textOf(args[0]));
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return unnamedQuery.apply(this, args);
    const name = preparedNameOf(text);
    if (!name) return unnamedQuery.call(this, text, values);
    return (unnamedQuery.call(this, { name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!resultTypeChanged(error)) throw error;
      refuse(text);
      // Outside a transaction nothing else failed with it: run it again, unnamed ('I': idle, pg's
      // last ReadyForQuery status). Inside one the transaction is lost and the error goes up.
      if ((this as unknown as { _txStatus?: string })._txStatus !== 'I') throw error;
      return unnamedQuery.call(this, text, values);
    });
  };
};
