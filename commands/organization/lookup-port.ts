import type { Unit } from '../../domain/organization/decider';

/**
 * What the administration handlers read outside their streams: which organisation holds a building
 * (a reference, confirmed by that organisation's stream). The read side implements it
 * (projections/organization/lookups.ts) and the composition root
 * (api/write-lookups.ts) wires it into the write context.
 */
export interface OrganizationLookupPort {
  /** A building that is not deleted, as the read model holds it. */
  findUnit(id: number): Promise<Unit | null>;
  /** Buildings that are not deleted, optionally only among `unitIds`. */
  listUnits(filter?: { unitIds?: readonly number[] | null }): Promise<Unit[]>;
}
