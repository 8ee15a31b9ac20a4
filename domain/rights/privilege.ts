import type { Actor } from '../shared/actor';
import type { RightKey } from './catalog';
import type { RightsObject } from './rights';
import { AccessLevel, RightValue } from './values';

/**
 * Least privilege (decisions 8, 13): an administrator hands out only what they hold and
 * manages only what lies within their own reach.
 */

/** The bits a held value covers: ALL covers OWN (every unit includes one's own), FULL covers READ. */
export const coveredBits = (held: number): number =>
  held | (held & RightValue.ALL ? RightValue.OWN : 0) | (held & RightValue.FULL ? RightValue.READ : 0);

/** The right keys of `granted` with a bit the holder of `held` does not cover (empty: granted ⊆ held). */
export const rightsBeyond = (granted: RightsObject, held: RightsObject): RightKey[] =>
  (Object.entries(granted) as Array<[RightKey, number | undefined]>)
    .filter(([key, bits]) => ((bits ?? 0) & ~coveredBits(held[key] ?? 0)) !== 0)
    .map(([key]) => key);

/** The bits `after` holds that `before` did not (what a role change hands out). */
export const addedRights = (before: RightsObject, after: RightsObject): RightsObject =>
  Object.fromEntries(
    (Object.entries(after) as Array<[RightKey, number | undefined]>)
      .map(([key, bits]) => [key, (bits ?? 0) & ~(before[key] ?? 0)] as const)
      .filter(([, bits]) => bits !== 0),
  ) as RightsObject;

export const holdsAll = (granted: RightsObject, held: RightsObject): boolean => rightsBeyond(granted, held).length === 0;

/**
 * What an administrator may manage: FULL everything; REGION their region (organisations, units,
 * accounts); UNIT and OWN their own organisation's accounts and their own units.
 */
export type AdminScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'region'; readonly regionId: number | null }
  | { readonly kind: 'organization'; readonly organizationId: number | null; readonly unitIds: readonly number[] };

export const adminScopeOf = (actor: Actor): AdminScope => {
  if (actor.accessLevel >= AccessLevel.FULL) return { kind: 'all' };
  if (actor.accessLevel === AccessLevel.REGION) return { kind: 'region', regionId: actor.regionId ?? null };
  return { kind: 'organization', organizationId: actor.organizationId ?? null, unitIds: actor.unitIds ?? [] };
};

/** An organisation as lookups found it in its stream. */
export interface OrganizationRef {
  readonly id: number;
  readonly region_id: number;
}

/** A building and where it belongs. */
export interface UnitRef {
  readonly id: number;
  readonly organization_id: number;
  readonly region_id: number;
}

export const organizationInScope = (scope: AdminScope, org: OrganizationRef | null | undefined): boolean => {
  if (scope.kind === 'all') return true;
  if (!org) return false;
  if (scope.kind === 'region') return scope.regionId !== null && org.region_id === scope.regionId;
  return scope.organizationId !== null && org.id === scope.organizationId;
};

export const unitInScope = (scope: AdminScope, unit: UnitRef | null | undefined): boolean => {
  if (scope.kind === 'all') return true;
  if (!unit) return false;
  if (scope.kind === 'region') return scope.regionId !== null && unit.region_id === scope.regionId;
  return scope.unitIds.includes(unit.id);
};

/** Russian refusals, worded for the scope the actor has. */
export const scopeMessages = (scope: AdminScope) =>
  scope.kind === 'region'
    ? {
        account: 'Учетная запись другого региона недоступна',
        organization: 'Организация другого региона недоступна',
        unit: 'Здание другого региона недоступно',
      }
    : {
        account: 'Учетная запись другой организации недоступна',
        organization: 'Другая организация недоступна',
        unit: 'Здание вне ваших объектов недоступно',
      };

/** Ids present in one list and not the other (what a save adds or takes away). */
export const changedIds = (before: readonly number[], after: readonly number[]): number[] => {
  const a = new Set(before);
  const b = new Set(after);
  return [...new Set([...after.filter((x) => !a.has(x)), ...before.filter((x) => !b.has(x))])];
};
