import path from 'node:path';
import pkg from '../package.json' with { type: 'json' };
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../domain/hotline/delivery';
import { perfTrickOn } from '../infrastructure/perf/switches';
import { connectionBudget, defaultPgPoolMax, type BudgetMode, type ConnectionBudget } from './db/connection-budget';

/** Every setting a user may need (README lists them). */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Unset: an embedded PostgreSQL runs in DATA_DIR/postgres. */
  readonly databaseUrl: string | null;
  /** Unset: jobs use BullMQ's PostgreSQL backend in the same database, worked in-process. */
  readonly redisUrl: string | null;
  /** BullMQ queue name (separate names keep several installations apart on one Redis). */
  readonly jobsQueue: string;
  readonly eventStoreUrl: string | null;
  readonly seedPassword: string;
  /**
   * An empty database gets the demo data (known password) when true, else the references and one
   * administrator with a generated password. DEMO=1/0; unset: demo on the embedded database only.
   */
  readonly demo: boolean;
  readonly filesDir: string;
  readonly appVersion: string;
  /** SMTP for outgoing mail; unset: mail jobs are logged and marked as not sent. */
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly supportPhone: string;
  /**
   * Addresses of reverse proxies whose X-Forwarded-For is believed (fastify's trustProxy). Unset:
   * none, so a client cannot pick the address its failed sign-ins are counted against.
   */
  readonly trustProxy: string | null;
  /** Base address of the state hot line API (decisions 68–71); unset: direct registration is refused. */
  readonly hotlineUrl: string | null;
  /** Hot line e-mail for registrations and close notices of organisations without credentials. */
  readonly hotlineEmail: string | null;
  /** Key (any text; SHA-256 of it is the AES-256-GCM key) for hot line passwords at rest. */
  readonly hotlineSecretKey: string | null;
  /** How long one hot line call may take. */
  readonly hotlineTimeoutMs: number;
  /**
   * Retries of outgoing mail and hot line calls: tried with a doubling wait from
   * DELIVERY_RETRY_FIRST_MS (30 s) up to DELIVERY_RETRY_MAX_MS (1 h) until DELIVERY_RETRY_HOURS (24) have passed.
   */
  readonly deliveryRetry: RetryPolicy;
  /** Address of the application in mail links. */
  readonly publicUrl: string;
  /**
   * Where the projections and reactions run: 'inline' (the server's own event loop) or 'worker' (a
   * worker thread with its own pool, caches and V8 heap). READ_SIDE; unset: inline, which at scale 1
   * served a third more commands with less CPU and ~100 MB less memory (docs/decisions.md).
   */
  readonly readSide: 'worker' | 'inline';
  /**
   * Repeated statements run as named prepared statements (infrastructure/perf/prepared-statements.ts);
   * PERF_PREPARED_STATEMENTS=0 (or PERF_TRICKS=0, every trick of infrastructure/perf) turns them off.
   */
  readonly preparedStatements: boolean;
  /**
   * CRL_FETCH=1: the signature check downloads the CRLs its certificates' distribution points name
   * (kept until their next update); otherwise only the CRLs an administrator uploaded are consulted.
   */
  readonly crlFetch: boolean;
  readonly crlFetchTimeoutMs: number;
  /**
   * The most PostgreSQL connections this process opens, all its pools, its read side thread and its
   * report children together (PG_POOL_MAX; api/db/connection-budget.ts shares it out, README gives
   * the arithmetic). Unset: the pools' sizes before the setting existed, which depend on the mode.
   */
  readonly pgPoolMax: number;
}

export const DEFAULT_SEED_PASSWORD = 'demo2026';

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    jobsQueue: env.JOBS_QUEUE || 'side-effects',
    eventStoreUrl: env.EVENTSTORE_URL || null,
    seedPassword: env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD,
    demo: env.DEMO ? /^(1|true|yes)$/i.test(env.DEMO) : !env.DATABASE_URL,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    appVersion: pkg.version,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'it-support@courts.local',
    supportPhone: env.SUPPORT_PHONE ?? '8-800-000-00-00',
    trustProxy: env.TRUST_PROXY || null,
    hotlineUrl: env.HOTLINE_URL || null,
    hotlineEmail: env.HOTLINE_EMAIL || null,
    hotlineSecretKey: env.HOTLINE_SECRET_KEY || null,
    hotlineTimeoutMs: Number(env.HOTLINE_TIMEOUT_MS ?? 10_000),
    deliveryRetry: deliveryRetryOf(env),
    publicUrl: env.PUBLIC_URL ?? 'http://localhost:3000',
    readSide: readSideOf(env.READ_SIDE),
    preparedStatements: perfTrickOn('preparedStatements', env),
    pgPoolMax: pgPoolMaxOf(env.PG_POOL_MAX, { readSide: readSideOf(env.READ_SIDE), redis: Boolean(env.REDIS_URL) }),
    crlFetch: /^(1|true|yes)$/i.test(env.CRL_FETCH ?? ''),
    crlFetchTimeoutMs: Number(env.CRL_FETCH_TIMEOUT_MS ?? 10_000),
  };
};

/** The pools of a process with this configuration (api/db/connection-budget.ts). */
export const connectionBudgetOf = (config: Pick<Config, 'pgPoolMax' | 'readSide' | 'redisUrl'>): ConnectionBudget =>
  connectionBudget(config.pgPoolMax, { readSide: config.readSide, redis: Boolean(config.redisUrl) });

const pgPoolMaxOf = (value: string | undefined, mode: BudgetMode): number => {
  if (!value) return defaultPgPoolMax(mode);
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1) throw new Error(`PG_POOL_MAX=${value}: нужно целое число соединений`);
  // Refuses a number too small for the mode, with the least that works.
  connectionBudget(max, mode);
  return max;
};

const deliveryRetryOf = (env: NodeJS.ProcessEnv): RetryPolicy => {
  const positive = (name: string, fallback: number): number => {
    const raw = env[name];
    if (!raw) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}=${raw}: нужно положительное число`);
    return n;
  };
  return {
    horizonMs: positive('DELIVERY_RETRY_HOURS', DEFAULT_RETRY_POLICY.horizonMs / 3_600_000) * 3_600_000,
    firstMs: positive('DELIVERY_RETRY_FIRST_MS', DEFAULT_RETRY_POLICY.firstMs),
    maxMs: positive('DELIVERY_RETRY_MAX_MS', DEFAULT_RETRY_POLICY.maxMs),
  };
};

const readSideOf = (value: string | undefined): Config['readSide'] => {
  if (!value || value === 'inline') return 'inline';
  if (value === 'worker') return 'worker';
  throw new Error(`READ_SIDE=${value}: допустимы worker или inline`);
};
