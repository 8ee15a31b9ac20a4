import type { ActBranchSpare, ActPlace, ActTool } from './data';
import type { SignerUser } from './signers';

/** A request's unit with what an act prints and numbers it by. */
export interface ActUnit {
  readonly id: number;
  readonly organizationId: number;
  readonly regionId: number;
  /** The court's code: the unit's own, else its organisation's. */
  readonly vncode: string;
  readonly place: ActPlace;
}

/**
 * What act generation reads outside the request stream: names to print and the signer candidates
 * (references, like a request's executors; projections/act/lookups.ts answers them).
 */
export interface ActLookupPort {
  unit(unitId: number): Promise<ActUnit | null>;
  tools(ids: readonly number[]): Promise<ReadonlyMap<number, ActTool>>;
  /** The branch's stock spares allocated to the request (the spares read model), in set and item order. */
  branchSpares(requestId: number): Promise<ActBranchSpare[]>;
  /** Active users of the region (with their rights), for the signing rules. */
  regionSigners(regionId: number): Promise<SignerUser[]>;
  /** Catalogue title, '' when none. */
  catalogTitle(catalog: string, id: number | null): Promise<string>;
}
