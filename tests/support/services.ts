import { adminDatabaseUrl as adminUrl, ensurePostgres, ensureRedis, testRedisUrl } from '../../scripts/test-setup.mjs';

/*
 * PostgreSQL and Redis for the tests: `npm test` makes sure of them before anything runs
 * (scripts/test-setup.mjs); the vitest set-ups call the same functions, so a run of one group
 * (`npx vitest run --project integration`) starts a service that is down too.
 */
export { ensurePostgres, ensureRedis };

export const adminDatabaseUrl = adminUrl();
export const redisUrl = testRedisUrl();
