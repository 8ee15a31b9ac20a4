import { rightsCatalog, findRight, type RightKey } from './catalog';
import { AccessLevel, RightValue } from './values';

/** A role's or user's rights: right key -> value bits. Absent keys mean no right. */
export type RightsObject = Partial<Record<RightKey, number>>;

export interface RoleRights {
  readonly access_level: number;
  readonly rightsObject: RightsObject;
}

/** A user's rights are the bitwise OR over their roles. */
export const combineRights = (roles: readonly RoleRights[]): RightsObject => {
  const out: Partial<Record<string, number>> = {};
  for (const role of roles)
    for (const [key, value] of Object.entries(role.rightsObject)) if (value) out[key] = (out[key] ?? 0) | value;
  return out as RightsObject;
};

/** A user's access level is the highest of their roles (OWN when they have none). */
export const combineAccessLevel = (roles: readonly RoleRights[]): AccessLevel =>
  roles.reduce<AccessLevel>((max, r) => (r.access_level > max ? (r.access_level as AccessLevel) : max), AccessLevel.OWN);

/** True when the user holds at least one of the given bits of the right. */
export const hasRight = (rights: RightsObject, key: RightKey, ...values: RightValue[]): boolean => {
  const held = rights[key] ?? 0;
  const mask = values.length ? values.reduce((m, v) => m | v, 0) : ~0;
  return (held & mask) !== 0;
};

export const hasFull = (rights: RightsObject, key: RightKey) => hasRight(rights, key, RightValue.FULL);
export const hasReadOrFull = (rights: RightsObject, key: RightKey) =>
  hasRight(rights, key, RightValue.READ, RightValue.FULL);
export const hasOwnOrAll = (rights: RightsObject, key: RightKey) => hasRight(rights, key, RightValue.OWN, RightValue.ALL);

/**
 * Validates a rights object a role is saved with: only known keys, each value one of the
 * right's allowed values (or 0). Returns the cleaned object or a Russian error.
 */
export const validateRightsObject = (input: Record<string, unknown>): { ok: true; value: RightsObject } | { ok: false; message: string } => {
  const out: Partial<Record<string, number>> = {};
  for (const [key, raw] of Object.entries(input)) {
    const def = findRight(key);
    if (!def) return { ok: false, message: `Неизвестное право: ${key}` };
    const value = Number(raw);
    if (value === 0) continue;
    if (!(def.values as readonly number[]).includes(value))
      return { ok: false, message: `Недопустимое значение права «${def.title}»` };
    out[key] = value;
  }
  return { ok: true, value: out as RightsObject };
};

/** Every right at its strongest single value (FULL, ALL): the administrator role of the demo data. */
export const allRights = (): RightsObject => {
  const out: Partial<Record<string, number>> = {};
  for (const r of rightsCatalog) out[r.key] = Math.max(...r.values);
  return out as RightsObject;
};
