import type { RequestLookups } from '../../domain/request/commands';
import type { ToolReference, UserReference } from '../../domain/request/references';
import type { RightsObject } from '../../domain/rights/rights';

/** A building with what request handlers need of it (deleted ones too: old requests name them). */
export interface LookupUnit {
  readonly id: number;
  readonly region_id: number;
  readonly organization_id: number;
  readonly has_hot_line_account: boolean;
  readonly deleted: boolean;
}

/** An active account with what its request read scope is made of. */
export interface LookupReader {
  readonly id: number;
  readonly units: readonly number[];
  readonly organization_id: number | null;
  readonly is_host: boolean;
  /** The rights of its roles that are not deleted. */
  readonly rights: readonly RightsObject[];
}

/**
 * What the request handlers read outside their streams: references (does this unit, tool, account,
 * catalogue item exist, what does it hold), answered by read models that may lag the log by tens of
 * milliseconds. Invariants are never decided from them (docs/decisions.md, "Write-side invariants").
 * The read side implements the port (projections/<model>/lookups.ts) and the composition root
 * (api/write-lookups.ts) wires it into the write context. Every id passed is a positive PostgreSQL
 * integer.
 */
export interface RequestLookupPort {
  /** Buildings among `ids` (an implementation with a cache may return more). */
  networkUnits(ids: readonly number[]): Promise<ReadonlyMap<number, LookupUnit>>;
  /** The host organisation of an organisation that is not deleted. */
  hostOf(organizationId: number): Promise<number | null>;
  toolForRequest(id: number): Promise<RequestLookups['tool']>;
  toolReferences(ids: readonly number[]): Promise<ToolReference[]>;
  program(id: number): Promise<RequestLookups['program']>;
  regionalServiceCentre(regionId: number): Promise<number | null>;
  regionSettings(regionId: number): Promise<{ auto_assign_engineer: boolean; immediate_email_to_engineer: boolean }>;
  catalogItemExists(catalog: string, id: number): Promise<boolean>;
  /** Active accounts among `ids`, read now. */
  userReferences(ids: readonly number[]): Promise<UserReference[]>;
  /** The same through the read-model cache (the contact every register and save names). */
  cachedUserReferences(ids: readonly number[]): Promise<UserReference[]>;
  /** The region's active engineers, for regions that assign new requests automatically. */
  regionEngineers(regionId: number): Promise<number[]>;
  readers(ids: readonly number[]): Promise<LookupReader[]>;
  /** Active accounts of the region's organisations (not hot line staff), with their roles' rights. */
  regionStaff(regionId: number): Promise<Array<{ readonly id: number; readonly rights: RightsObject[] }>>;
  /** Active accounts among `ids`. */
  activeUserIds(ids: readonly number[]): Promise<number[]>;
  /** E-mail addresses of the active accounts among `ids` that have one, by account id. */
  emailsOf(ids: readonly number[]): Promise<string[]>;
  /** A building's name (deleted ones too); null when there is none. */
  unitName(id: number): Promise<string | null>;
}
