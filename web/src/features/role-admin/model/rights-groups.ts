import { accessLevelTitles, rightsCatalog, type AccessLevel, type RightDefinition } from '@domain/rights';

/** The rights grouped by their category, in the catalogue's order (the rows of the roles grid). */
export interface RightsGroup {
  readonly category: string;
  readonly rights: readonly RightDefinition[];
}

export const rightsGroups: readonly RightsGroup[] = rightsCatalog.reduce<RightsGroup[]>((groups, right) => {
  const last = groups[groups.length - 1];
  if (last && last.category === right.category) return [...groups.slice(0, -1), { ...last, rights: [...last.rights, right] }];
  return [...groups, { category: right.category, rights: [right] }];
}, []);

/** The access levels a user of `ownLevel` may give a role: those not above their own (administration.md 2.7). */
export const accessLevelOptions = (ownLevel: number) =>
  ([1, 2, 3, 4] as const).filter((l) => l <= ownLevel).map((l) => ({ value: l, label: accessLevelTitles[l as AccessLevel] }));
