import { createPool, type DatabasePool } from 'slonik';
import type { DriverTypeParser, Interceptor } from 'slonik';

/**
 * Type parsers: numbers as numbers (our ids and counts fit in 2^53), money as numbers,
 * timestamps as ISO strings and calendar dates as 'YYYY-MM-DD' strings, so rows go to JSON as is.
 * xid8 and positions stay strings and are parsed where used.
 */
export const typeParsers: ReadonlyArray<DriverTypeParser & { readonly oid: number }> = [
  { name: 'int8', oid: 20, parse: (v) => Number(v) },
  { name: 'numeric', oid: 1700, parse: (v) => Number(v) },
  { name: 'timestamptz', oid: 1184, parse: (v) => new Date(v).toISOString() },
  { name: 'timestamp', oid: 1114, parse: (v) => new Date(`${v.replace(' ', 'T')}Z`).toISOString() },
  { name: 'date', oid: 1082, parse: (v) => v },
];

export interface PoolOptions {
  readonly maximumPoolSize?: number;
  readonly statementTimeoutMs?: number;
  /** Slonik interceptors (the rebuild bench times statements with one). */
  readonly interceptors?: readonly Interceptor[];
  /** Server settings for every connection of the pool (sent at connect as `-c name=value`). */
  readonly settings?: Readonly<Record<string, string | number>>;
  /** The most connections of its companion pool for deferred writes (deferred-write-transaction.ts); default 4. */
  readonly deferredWritesPoolSize?: number;
}

/**
 * The settings of the pool that answers the users (the server's). No JIT: PostgreSQL compiles any plan
 * costed over `jit_above_cost`, which on a million requests includes list and home queries that run in
 * 10 ms; the compilation alone took 15–35 ms of each (docs/notes/search.md). Reports keep it (their worker
 * has its own pool).
 */
export const SERVING_SETTINGS: Readonly<Record<string, string>> = { jit: 'off' };

/** The pool's URL with `settings` as the connection's `options` (node-postgres sends them at connect). */
export const withSettings = (url: string, settings: PoolOptions['settings']): string => {
  if (!settings || Object.keys(settings).length === 0) return url;
  const u = new URL(url);
  u.searchParams.set('options', Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`).join(' '));
  return u.toString();
};

const endHooks = new WeakMap<DatabasePool, Array<() => Promise<void>>>();
const deferredWritesSizes = new WeakMap<DatabasePool, number>();

/** The size of the companion pool deferred writes open beside `pool`. */
export const deferredWritesPoolSizeOf = (pool: DatabasePool): number => deferredWritesSizes.get(pool) ?? 4;

/** Runs `hook` before `pool` ends: a companion pool on the same database must not outlive it (infrastructure/db/deferred-write-transaction.ts). */
export const onPoolEnd = (pool: DatabasePool, hook: () => Promise<void>): void => {
  const hooks = endHooks.get(pool);
  if (hooks) hooks.push(hook);
  else endHooks.set(pool, [hook]);
};

export const createDatabasePool = async (url: string, options: PoolOptions = {}): Promise<DatabasePool> => {
  const pool = await createSlonikPool(url, options);
  if (options.deferredWritesPoolSize) deferredWritesSizes.set(pool, options.deferredWritesPoolSize);
  const end = pool.end.bind(pool);
  return Object.assign(pool, {
    end: async () => {
      for (const hook of endHooks.get(pool) ?? []) await hook().catch(() => undefined);
      await end();
    },
  });
};

const createSlonikPool = (url: string, options: PoolOptions): Promise<DatabasePool> =>
  createPool(withSettings(url, options.settings), {
    typeParsers: typeParsers.map(({ name, parse }) => ({ name, parse })),
    ...(options.interceptors ? { interceptors: options.interceptors } : {}),
    maximumPoolSize: options.maximumPoolSize ?? 10,
    statementTimeout: options.statementTimeoutMs ?? 60_000,
    // A transaction left open by a crashed handler must not hold back the event log's xmin horizon.
    idleInTransactionSessionTimeout: 60_000,
    idleTimeout: 30_000,
    // We never keep session state on pooled connections (only SET LOCAL inside transactions),
    // so the default DISCARD ALL on every release is a wasted round trip.
    resetConnection: async () => {},
    // Retries are decided by the write side (optimistic concurrency), never silently here.
    transactionRetryLimit: 0,
    queryRetryLimit: 0,
    captureStackTrace: false,
  });

export type { DatabasePool };
