import type { Actor } from '../../domain/request/state';
import type { UnitScope } from '../../domain/rights/scope';

/** The signed-in user as the request handlers need them: the domain actor and their unit scopes. */
export interface RequestCaller {
  readonly actor: Actor;
  /** RIGHT_REQUEST_READ scope: requests outside it do not exist for the caller (404). */
  readonly readScope: UnitScope;
  /** RIGHT_REQUEST_CREATE scope: units the caller may register requests for. */
  readonly createScope: UnitScope;
  readonly canViewCost: boolean;
}
