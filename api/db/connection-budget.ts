/**
 * How a server process shares its PostgreSQL connections out among its pools: PG_POOL_MAX is the most
 * it ever opens, every pool, thread and report child together, so N processes on one database fit
 * when N × PG_POOL_MAX + the other clients (a rebuild: 8, psql, backups) ≤ max_connections −
 * superuser_reserved_connections (README, "Settings"). Pools open connections only when they need
 * them; these are their ceilings.
 */

/** Report jobs run in at most this many child processes at once (api/jobs/report.ts). */
export const REPORT_CHILDREN = 2;

export interface ConnectionBudget {
  /** The server's own pool: HTTP calls, commands, and the read side when it runs inline. */
  readonly server: number;
  /** READ_SIDE=worker: the read side thread's pool (0 inline). */
  readonly readSide: number;
  /** The companion pool the read side writes its batches with (infrastructure/db/deferred-write-transaction.ts). */
  readonly deferredWrites: number;
  /** BullMQ's PostgreSQL backend (0 with Redis): the side-effect jobs' queue and worker pools, and the read side thread's queue. */
  readonly jobsQueue: number;
  readonly jobsWorker: number;
  readonly readSideJobsQueue: number;
  /** The same for the report jobs' queue and worker. */
  readonly reportsQueue: number;
  readonly reportsWorker: number;
  /** Each report child's pool (REPORT_CHILDREN of them at most). */
  readonly reportChild: number;
  /** LISTEN connections: the event store's wake-ups (one per read side) and BullMQ's two blocking workers on PostgreSQL. */
  readonly listeners: number;
}

export interface BudgetMode {
  readonly readSide: 'inline' | 'worker';
  /** Jobs on Redis: BullMQ opens no PostgreSQL connection. */
  readonly redis: boolean;
}

/**
 * PG_POOL_MAX unset: the pools as they were before the setting (the server's 20, the read side
 * thread's 12, the others at their targets below), so a default installation and the bench behave as measured.
 */
export const defaultPgPoolMax = (mode: BudgetMode): number => (mode.readSide === 'worker' ? (mode.redis ? 42 : 60) : mode.redis ? 29 : 43);

type Pool = 'server' | 'readSide' | 'deferredWrites' | 'jobsQueue' | 'jobsWorker' | 'readSideJobsQueue' | 'reportsQueue' | 'reportsWorker' | 'reportChild';

/** Each pool's least size, its size at the defaults (its target), whether it grows past it, and what one step of it costs. */
const poolsOf = (mode: BudgetMode): Array<{ pool: Pool; least: number; target: number; grows: boolean; cost: number }> => {
  const worker = mode.readSide === 'worker';
  const bull = !mode.redis;
  return [
    { pool: 'server', least: 2, target: 20, grows: true, cost: 1 },
    ...(worker ? [{ pool: 'readSide' as const, least: 2, target: 12, grows: true, cost: 1 }] : []),
    { pool: 'deferredWrites', least: 1, target: 4, grows: false, cost: 1 },
    ...(bull
      ? [
          { pool: 'jobsQueue' as const, least: 1, target: 4, grows: false, cost: 1 },
          { pool: 'jobsWorker' as const, least: 1, target: 4, grows: false, cost: 1 },
          { pool: 'reportsQueue' as const, least: 1, target: 2, grows: false, cost: 1 },
          { pool: 'reportsWorker' as const, least: 1, target: 2, grows: false, cost: 1 },
          ...(worker ? [{ pool: 'readSideJobsQueue' as const, least: 1, target: 4, grows: false, cost: 1 }] : []),
        ]
      : []),
    // Every report child has a pool of this size: one step costs a connection per child.
    { pool: 'reportChild', least: 1, target: 2, grows: false, cost: REPORT_CHILDREN },
  ];
};

/** LISTEN connections: the event store's wake-ups (the server's, and the read side thread's) and BullMQ's two blocking workers on PostgreSQL. */
const listenersOf = (mode: BudgetMode) => 1 + (mode.readSide === 'worker' ? 1 : 0) + (mode.redis ? 0 : 2);

/** The least PG_POOL_MAX a mode works with: every pool at its least size. */
export const leastPgPoolMax = (mode: BudgetMode): number => listenersOf(mode) + poolsOf(mode).reduce((n, p) => n + p.least * p.cost, 0);

/**
 * The pools of a process given PG_POOL_MAX: every pool starts at its least size, and each further
 * connection goes to the pool furthest below its target (by size ÷ target), so at the default every
 * pool is at its target; past it only the server's pool and the read side thread's grow (20 : 12).
 */
export const connectionBudget = (max: number, mode: BudgetMode): ConnectionBudget => {
  const least = leastPgPoolMax(mode);
  if (max < least) throw new Error(`PG_POOL_MAX=${max}: слишком мало соединений для этого режима, нужно не меньше ${least}`);
  const pools = poolsOf(mode).map((p) => ({ ...p, size: p.least }));
  let left = max - least;
  for (;;) {
    const open = pools.filter((p) => p.cost <= left && (p.grows || p.size < p.target));
    if (open.length === 0) break;
    const next = open.reduce((a, b) => (b.size / b.target < a.size / a.target ? b : a));
    next.size += 1;
    left -= next.cost;
  }
  const size = (pool: Pool) => pools.find((p) => p.pool === pool)?.size ?? 0;
  return {
    server: size('server'),
    readSide: size('readSide'),
    deferredWrites: size('deferredWrites'),
    jobsQueue: size('jobsQueue'),
    jobsWorker: size('jobsWorker'),
    readSideJobsQueue: size('readSideJobsQueue'),
    reportsQueue: size('reportsQueue'),
    reportsWorker: size('reportsWorker'),
    reportChild: size('reportChild'),
    listeners: listenersOf(mode),
  };
};

/** Every connection the budget allows (PG_POOL_MAX exactly). */
export const connectionsOf = (b: ConnectionBudget): number =>
  b.server + b.readSide + b.deferredWrites + b.jobsQueue + b.jobsWorker + b.readSideJobsQueue + b.reportsQueue + b.reportsWorker + REPORT_CHILDREN * b.reportChild + b.listeners;
