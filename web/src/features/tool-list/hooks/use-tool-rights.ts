import { hasRight, RightValue } from '@domain/rights';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';

/** What the current user may do on the equipment screens (equipment.md 6). */
export interface ToolRights {
  /** RIGHT_TOOLS_WRITE FULL: create, copy, delete. */
  readonly canWrite: boolean;
  /** RIGHT_TOOLS_READ ALL: every object; otherwise only the user's own. */
  readonly readsAll: boolean;
  /** The user's region: region filters default to it (equipment.md 1). */
  readonly regionId: number | null;
}

export const useToolRights = (): ToolRights => {
  const user = useAppSelector(selectCurrentUser);
  const rights = user?.rightsObject ?? {};
  return {
    canWrite: hasRight(rights, 'RIGHT_TOOLS_WRITE', RightValue.FULL),
    readsAll: hasRight(rights, 'RIGHT_TOOLS_READ', RightValue.ALL),
    regionId: user?.region_id ?? null,
  };
};
