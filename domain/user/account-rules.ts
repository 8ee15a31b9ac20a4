import type { Actor } from '../shared/actor';
import { forbidden, invalid } from '../shared/errors';
import { hasFull, type RightsObject } from '../rights/rights';
import {
  adminScopeOf,
  changedIds,
  holdsAll,
  organizationInScope,
  scopeMessages,
  unitInScope,
  type OrganizationRef,
  type UnitRef,
} from '../rights/privilege';

/**
 * What the handler looked up (from the streams) about the ids a save names: the account's current
 * and submitted organisation, the buildings it gains or loses, and the rights the account holds now.
 * An id missing here does not exist.
 */
export interface AccountRefs {
  readonly organizations: readonly OrganizationRef[];
  readonly units: readonly UnitRef[];
  /** Combined rights of the account's current roles (empty for a new account). */
  readonly targetRights: RightsObject;
  /** Existing positions and programs among those the save names (absent: none looked up). */
  readonly posts?: readonly number[];
  readonly programs?: readonly number[];
  /** Of those programs, the special ones (absent: not judged). */
  readonly specialPrograms?: readonly number[];
}

export const hotlineProgramMessage = 'Исполнителю горячей линии назначается только специальное программное обеспечение';

/** A role as its stream holds it: what assigning it hands out. */
export interface GrantedRole {
  readonly id: number;
  readonly access_level: number;
  readonly rightsObject: RightsObject;
}

export interface AccountBefore {
  readonly organization_id: number | null;
  readonly hotline_worker?: boolean;
  readonly post_id?: number | null;
  readonly users_programs?: readonly number[];
  readonly users_roles: readonly number[];
  readonly units: readonly number[];
}

export interface AccountAfter extends AccountBefore {
  readonly passwordChanged: boolean;
}

const sameSet = (a: readonly number[], b: readonly number[]) => changedIds(a, b).length === 0;

/** Who may change accounts at all: employees with the users-list right, executors with the executors' right. */
export const mayManageAccounts = (actor: Actor, hotline: boolean) =>
  hotline ? hasFull(actor.rights, 'RIGHT_USERS_HL') : hasFull(actor.rights, 'RIGHT_USERS_LIST');

/**
 * Whether an account lies in the actor's scope (judged by its organisation). Hot line executors
 * belong to no region: whoever manages executors (RIGHT_USERS_HL) manages them all.
 */
export const accountInScope = (actor: Actor, account: { organization_id: number | null; hotline_worker?: boolean }, org: OrganizationRef | null | undefined) =>
  (account.hotline_worker === true && account.organization_id === null) || organizationInScope(adminScopeOf(actor), org);

/** The account being managed must lie in the actor's scope. */
export const ensureAccountInScope = (actor: Actor, account: { organization_id: number | null; hotline_worker?: boolean }, refs: Pick<AccountRefs, 'organizations'>) => {
  if (!accountInScope(actor, account, refs.organizations.find((o) => o.id === account.organization_id)))
    throw forbidden(scopeMessages(adminScopeOf(actor)).account);
};

/** An account as the employee list shows it, with what the write rules judge. */
export interface ListedAccount {
  readonly id: number;
  readonly accessLevel: number;
  readonly is_inactive: boolean;
  readonly hotline_worker: boolean;
  readonly organization_id: number | null;
  /** The account's organisation as the read model has it (null: none). */
  readonly organization: OrganizationRef | null;
}

/**
 * What the viewer of the employee list may do with a listed account (administration.md 2.6): the
 * write rules (the users right, a level not above one's own, the scope) judged on the read model's
 * row, so that the list marks exactly the rows a save or delete would accept. Oneself is never
 * deleted and opens read-only here (decision 59); an inactive account opens read-only but may be
 * deleted. The save and delete handlers judge again from the streams.
 */
export const accountActions = (actor: Actor, account: ListedAccount): { readonly manages: boolean; readonly editable: boolean; readonly deletable: boolean } => {
  const manages =
    mayManageAccounts(actor, account.hotline_worker) && account.accessLevel <= actor.accessLevel && accountInScope(actor, account, account.organization);
  const other = account.id !== actor.userId;
  return { manages, editable: manages && other && !account.is_inactive, deletable: manages && other };
};

/**
 * Least privilege and references of an account save (decisions 8, 13):
 * - every id named exists (organisation, added buildings);
 * - nobody changes their own roles or buildings;
 * - below FULL, the account, its organisation and every building added or taken away lie in scope;
 * - a role is given or taken only when the actor holds all its rights;
 * - a password is reset only on an account whose rights the actor holds all of.
 */
export const checkAccountSave = (
  actor: Actor,
  accountId: number,
  before: AccountBefore | null,
  after: AccountAfter,
  roles: readonly GrantedRole[],
  refs: AccountRefs,
) => {
  const own = before !== null && accountId === actor.userId;
  if (own && !sameSet(before.users_roles, after.users_roles)) throw forbidden('Нельзя изменить собственные роли');
  if (own && !sameSet(before.units, after.units)) throw forbidden('Нельзя изменить собственные объекты');

  const scope = adminScopeOf(actor);
  const messages = scopeMessages(scope);
  // The account as it is first, then where the save would put it.
  if (before) ensureAccountInScope(actor, before, refs);
  else if (after.organization_id === null && !after.hotline_worker && scope.kind !== 'all') throw forbidden(messages.account);
  if (after.organization_id !== null) {
    const org = refs.organizations.find((o) => o.id === after.organization_id);
    if (!org) throw invalid('Организация не найдена', { organization_id: 'Организация не найдена' });
    if (!organizationInScope(scope, org)) throw forbidden(messages.organization);
  }

  if (after.post_id != null && after.post_id !== before?.post_id && !(refs.posts ?? []).includes(after.post_id))
    throw invalid('Должность не найдена', { post_id: 'Должность не найдена' });
  const oldPrograms = new Set(before?.users_programs ?? []);
  if ((after.users_programs ?? []).some((p) => !oldPrograms.has(p) && !(refs.programs ?? []).includes(p)))
    throw invalid('Программное обеспечение не найдено', { users_programs: 'Программное обеспечение не найдено' });
  // A hot line executor serves special software only (administration.md 4: the executor screens' type 2).
  if (after.hotline_worker && refs.specialPrograms && (after.users_programs ?? []).some((p) => !oldPrograms.has(p) && !refs.specialPrograms!.includes(p)))
    throw invalid(hotlineProgramMessage, { users_programs: hotlineProgramMessage });

  for (const unitId of changedIds(before?.units ?? [], after.units)) {
    const unit = refs.units.find((u) => u.id === unitId);
    const added = after.units.includes(unitId);
    if (!unit && added) throw invalid('Здание не найдено', { units: 'Здание не найдено' });
    if (!unitInScope(scope, unit)) throw forbidden(messages.unit);
  }

  for (const roleId of changedIds(before?.users_roles ?? [], after.users_roles)) {
    const role = roles.find((r) => r.id === roleId);
    if (!role) {
      // A role that no longer exists may be dropped; one that never existed is not given.
      if (after.users_roles.includes(roleId)) throw invalid('Роль не найдена', { users_roles: 'Роль не найдена' });
      continue;
    }
    if (role.access_level > actor.accessLevel) throw forbidden('Нельзя назначить роль с уровнем доступа выше собственного');
    if (!holdsAll(role.rightsObject, actor.rights)) throw forbidden('Нельзя назначить роль с правами, которых у вас нет');
  }

  if (before && after.passwordChanged && accountId !== actor.userId && !holdsAll(refs.targetRights, actor.rights))
    throw forbidden('Нельзя сменить пароль учетной записи с правами шире собственных');
};
