import type { RightsObject } from '@domain/rights';
import { satisfiesAny } from '@/lib/rights';
import { mayOpen } from '../access';
import { routeOf } from '../routes';
import type { MenuGroup, MenuItem } from './menu';

export interface VisibleItem extends MenuItem {
  readonly to: string;
}

export interface VisibleGroup {
  readonly title: string;
  readonly direct: boolean;
  /** Items the user may open now; never empty. */
  readonly items: readonly VisibleItem[];
}

const opens = (item: MenuItem, rights: RightsObject): item is VisibleItem => {
  if (item.to === null) return false;
  const route = routeOf(item.to);
  return route !== undefined && mayOpen(route.access, rights);
};

/**
 * The groups to draw: each with the items the user has a right to (section 6) that lead to a
 * screen of the route table they may open. A group with no such item is left out entirely, so
 * groups whose screens are later issues are hidden (no dead or disabled entries).
 */
export const visibleMenu = (menu: readonly MenuGroup[], rights: RightsObject): VisibleGroup[] =>
  menu.flatMap((group) => {
    const items = group.items.filter((item) => satisfiesAny(rights, item.rights)).filter((item) => opens(item, rights));
    return items.length === 0 ? [] : [{ title: group.title, direct: group.direct ?? false, items }];
  });
