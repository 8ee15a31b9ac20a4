import type { AdminUser, AssignableRole } from '../api/users-api';

/**
 * The form holds what the server's schema reads (domain/user/schemas.ts, employee or hot line
 * executor), plus the region that narrows organisations and objects (not sent).
 */
export interface UserFormValues {
  surname: string | null;
  name: string;
  patronymic: string | null;
  phone: string | null;
  email: string;
  region_id: number | null;
  organization_id: number | null;
  post_id: number | null;
  post_description: string | null;
  due_order: string | null;
  login: string;
  password: string | null;
  is_inactive: boolean;
  users_roles: number[];
  units: number[];
  users_programs: number[];
  hotline_worker: boolean;
}

/** The fields of the General tab: a tab cannot be left while one of them is wrong (administration.md 5). */
export const generalFields = [
  'surname', 'name', 'patronymic', 'phone', 'email', 'organization_id', 'post_id', 'post_description', 'due_order', 'login', 'password',
] as const;


export const formValuesOf = (user: AdminUser | null, hotline: boolean): UserFormValues => ({
  surname: user?.surname ?? null,
  name: user?.name ?? '',
  patronymic: user?.patronymic ?? null,
  phone: user?.phone ?? null,
  email: user?.email ?? '',
  region_id: user?.region_id ?? null,
  organization_id: user?.organization_id ?? null,
  post_id: user?.post_id ?? null,
  post_description: user?.post_description ?? null,
  due_order: user?.due_order ?? null,
  login: user?.login ?? '',
  password: null,
  is_inactive: user?.is_inactive ?? false,
  users_roles: [...(user?.users_roles ?? [])],
  units: [...(user?.units ?? [])],
  users_programs: [...(user?.users_programs ?? [])],
  hotline_worker: hotline,
});

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const PASSWORD_LENGTH = 8;

/** The password generator: 8 random letters or digits (administration.md 5, 9). */
export const generatePassword = (random: (n: number) => Uint32Array = (n) => crypto.getRandomValues(new Uint32Array(n))): string =>
  Array.from(random(PASSWORD_LENGTH), (v) => ALPHABET[v % ALPHABET.length]).join('');

/** True when the chosen roles do not share one access level (the warning of administration.md 5). */
export const hasMixedAccessLevels = (roleIds: readonly number[], roles: readonly AssignableRole[]): boolean =>
  new Set(roles.filter((r) => roleIds.includes(r.id)).map((r) => r.access_level)).size > 1;

/**
 * A region change keeps the organisation only when it lies in the new region and drops the
 * objects outside it (administration.md 4).
 */
export const afterRegionChange = (
  values: Pick<UserFormValues, 'organization_id' | 'units'>,
  regionId: number | null,
  organizationRegion: (id: number) => number | undefined,
  unitRegion: (id: number) => number | undefined,
) => ({
  organization_id: values.organization_id != null && organizationRegion(values.organization_id) === regionId ? values.organization_id : null,
  units: values.units.filter((u) => regionId !== null && unitRegion(u) === regionId),
});

/** What is sent: the schema's fields; the password only when one was typed. */
export const payloadOf = (values: UserFormValues): Record<string, unknown> => {
  const { region_id: _region, password, ...rest } = values;
  return password ? { ...rest, password } : rest;
};

export const DEACTIVATE_QUESTION = 'Учетная запись работника станет неактивной без возможности восстановления, продолжить?';
export const NO_VISIT = 'нет данных';
