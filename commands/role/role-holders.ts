import type { UserState } from '../../domain/user/decider';
import { countIndexMembers } from '../../infrastructure/write-index';
import type { WriteIndex } from '../aggregate';
import type { WriteContext } from '../context';

/**
 * Which accounts hold a role: every user stream listed under the ids of the roles it holds while
 * it is not deleted (inactive accounts still hold theirs). Kept by the user's own append, in the
 * same transaction, so "a role still assigned cannot be deleted" never decides on a lagging read
 * model (docs/decisions.md, "Write-side invariants").
 */
export const roleHoldersIndex: WriteIndex<UserState> = {
  name: 'role-holders',
  keysOf: (state) => (state.user && (state.status === 'active' || state.status === 'inactive') ? state.user.users_roles.map(String) : []),
};

/** How many accounts that are not deleted hold the role. */
export const countRoleHolders = (w: Pick<WriteContext, 'pool'>, roleId: number): Promise<number> =>
  countIndexMembers(w.pool, roleHoldersIndex.name, String(roleId));
