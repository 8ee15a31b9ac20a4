import { leastPgPoolMax, type BudgetMode } from '../../api/db/connection-budget';

/*
 * Test servers run with small pools, so the whole suite (two integration files at a time, two browser
 * servers) holds about 40 PostgreSQL connections at its peak and passes beside another suite on a
 * server with max_connections = 100 (docs/notes/test-setup.md has the measured peak). PG_POOL_MAX
 * set in the environment wins (a run on a roomier database may give the servers more).
 */

/** Each test server gets this many connections more than the least its mode works with (api/db/connection-budget.ts). */
const HEADROOM = 2;

/** PG_POOL_MAX of a test server: the environment's, or the least its mode needs plus the headroom (14 in the default mode: a server pool of 4). */
export const testPgPoolMax = (mode: BudgetMode): string => process.env.PG_POOL_MAX || String(leastPgPoolMax(mode) + HEADROOM);

/** The pool a test file queries its database with, beside its server's. */
export const TEST_FILE_POOL = 3;
