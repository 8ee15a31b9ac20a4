import type { Unit } from '../../domain/organization/decider';

/**
 * What the administration handlers read outside their streams. The read side implements it
 * (projections/organizations/lookups.ts, projections/roles/lookups.ts) and the composition root
 * (api/write-lookups.ts) wires it into the write context.
 */
export interface AdminLookups {
  /** A building that is not deleted, as the read model holds it. */
  findUnit(id: number): Promise<Unit | null>;
  /** Buildings that are not deleted, optionally only among `unitIds`. */
  listUnits(filter?: { unitIds?: readonly number[] | null }): Promise<Unit[]>;
  /** How many accounts that are not deleted hold the role. */
  countUsersWithRole(roleId: number): Promise<number>;
}
