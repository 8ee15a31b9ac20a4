import { hasRight, RightValue, type RightKey, type RightsObject } from '@domain/rights';

/** One right with the bits that satisfy it (administration.md 2.2 and 6). */
export interface RightRule {
  readonly key: RightKey;
  readonly values: readonly RightValue[];
}

export const full = (key: RightKey): RightRule => ({ key, values: [RightValue.FULL] });
export const readOrFull = (key: RightKey): RightRule => ({ key, values: [RightValue.READ, RightValue.FULL] });
export const ownOrAll = (key: RightKey): RightRule => ({ key, values: [RightValue.OWN, RightValue.ALL] });

/** True when the rights hold one of the rule's bits. */
export const satisfies = (rights: RightsObject, rule: RightRule): boolean => hasRight(rights, rule.key, ...rule.values);

/** True when any rule holds; an empty list needs no right. */
export const satisfiesAny = (rights: RightsObject, rules: readonly RightRule[]): boolean =>
  rules.length === 0 || rules.some((rule) => satisfies(rights, rule));
