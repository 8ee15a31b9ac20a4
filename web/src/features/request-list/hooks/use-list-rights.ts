import { hasRight, RightValue } from '@domain/rights';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';

/** What the current user may do on the request lists (requests.md 2.1, 6). */
export interface ListRights {
  readonly canCreate: boolean;
  readonly canDelete: boolean;
  readonly canEditNumber: boolean;
  readonly canCreateGroup: boolean;
  /** RIGHT_REQUEST_READ ALL: every unit in the filter; otherwise only the user's own. */
  readonly readsAll: boolean;
  /** RIGHT_REQUEST_CREATE ALL: group creation for every unit; otherwise only the user's own. */
  readonly createsForAll: boolean;
  /** The region the user belongs to (engineers of it when the filter names no region). */
  readonly regionId: number | null;
}

export const useListRights = (): ListRights => {
  const user = useAppSelector(selectCurrentUser);
  const rights = user?.rightsObject ?? {};
  return {
    canCreate: hasRight(rights, 'RIGHT_REQUEST_CREATE', RightValue.OWN, RightValue.ALL),
    canDelete: hasRight(rights, 'RIGHT_REQUEST_DELETE', RightValue.FULL),
    canEditNumber: hasRight(rights, 'RIGHT_REQUEST_EDIT_NUMBER', RightValue.FULL),
    canCreateGroup: hasRight(rights, 'RIGHT_MULTIPLE_REQUESTS', RightValue.FULL),
    readsAll: hasRight(rights, 'RIGHT_REQUEST_READ', RightValue.ALL),
    createsForAll: hasRight(rights, 'RIGHT_REQUEST_CREATE', RightValue.ALL),
    regionId: user?.region_id ?? null,
  };
};
