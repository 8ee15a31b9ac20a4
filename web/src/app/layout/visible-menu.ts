import type { RightsObject } from '../../../../domain/rights';
import { satisfiesAny } from '../../lib/rights';
import { mayOpen } from '../access';
import { routeOf } from '../routes';
import type { MenuGroup, MenuItem } from './menu';

export interface VisibleItem extends MenuItem {
  readonly to: string;
}

export interface VisibleGroup {
  readonly title: string;
  readonly direct: boolean;
  /** Items the user may open now; empty while the group's screens are still to come. */
  readonly items: readonly VisibleItem[];
}

const opens = (item: MenuItem, rights: RightsObject): item is VisibleItem => {
  if (item.to === null) return false;
  const route = routeOf(item.to);
  return route !== undefined && mayOpen(route.access, rights);
};

/**
 * The groups the user has a right to (a group shows when any of its items' rights holds), each
 * with the items that lead to an existing screen. Such a group without items is drawn disabled.
 */
export const visibleMenu = (menu: readonly MenuGroup[], rights: RightsObject): VisibleGroup[] =>
  menu.flatMap((group) => {
    const allowed = group.items.filter((item) => satisfiesAny(rights, item.rights));
    if (allowed.length === 0) return [];
    return [{ title: group.title, direct: group.direct ?? false, items: allowed.filter((item) => opens(item, rights)) }];
  });
