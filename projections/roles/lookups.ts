import type { DatabasePool } from 'slonik';
import { countUsersWithRole } from './queries';

/** The roles read model's answers to the write side's lookup ports (wired in api/write-lookups.ts). */
export const roleLookups = (pool: DatabasePool) => ({
  countUsersWithRole: (roleId: number) => countUsersWithRole(pool, roleId),
});
