/** A building with what request handlers need of it (deleted ones too: old requests name them). */
export interface LookupUnit {
  readonly id: number;
  readonly region_id: number;
  readonly organization_id: number;
  readonly has_hot_line_account: boolean;
  readonly deleted: boolean;
}

/**
 * What the request handlers read outside their streams through a port. The read side implements it
 * (projections/organizations/lookups.ts) and the composition root (api/write-lookups.ts) wires it
 * into the write context.
 */
export interface RequestLookupPort {
  /** Buildings among `ids` (an implementation with a cache may return more). */
  networkUnits(ids: readonly number[]): Promise<ReadonlyMap<number, LookupUnit>>;
}
