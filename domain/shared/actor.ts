import type { RightsObject } from '../rights/rights';
import type { AccessLevel } from '../rights/values';

/** The signed-in user a command acts for, as the API resolved them from the session. */
export interface Actor {
  readonly userId: number;
  readonly rights: RightsObject;
  readonly accessLevel: AccessLevel;
  readonly organizationId?: number | null;
  readonly regionId?: number | null;
  readonly unitIds?: readonly number[];
  readonly fio?: string;
  readonly email?: string | null;
}
