import type { RightKey } from './catalog';
import type { RightsObject } from './rights';
import { RightValue } from './values';

/** Which units' records a user may see through an OWN/ALL right. */
export type UnitScope = { readonly all: true } | { readonly all: false; readonly unitIds: readonly number[] };

export interface ScopeSubject {
  readonly rights: RightsObject;
  /** Units assigned to the user. */
  readonly unitIds: readonly number[];
  /** Units of the user's organisation when that organisation is a host (balance holder). */
  readonly hostUnitIds: readonly number[];
}

/**
 * ALL gives every unit; OWN gives the user's own units plus the units of their host
 * organisation when it is a host; without the right the scope is empty.
 */
export const unitScope = (subject: ScopeSubject, key: RightKey): UnitScope => {
  const value = subject.rights[key] ?? 0;
  if (value & RightValue.ALL) return { all: true };
  if (value & RightValue.OWN) return { all: false, unitIds: [...new Set([...subject.unitIds, ...subject.hostUnitIds])] };
  return { all: false, unitIds: [] };
};

export const scopeIncludes = (scope: UnitScope, unitId: number | null | undefined): boolean =>
  scope.all || (unitId != null && scope.unitIds.includes(unitId));
