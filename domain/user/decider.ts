import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import type { DomainEvent } from '../shared/events';
import { forbidden, invalid, notFound, refused } from '../shared/errors';
import { diffFields, parseOrThrow, type FieldChange } from '../shared/validation';
import { hasFull } from '../rights/rights';
import { employeeSchema, hotlineExecutorSchema } from './schemas';
import { checkAccountSave, ensureAccountInScope, mayManageAccounts, type AccountRefs, type GrantedRole } from './account-rules';

/** What an account holds (its password hash is kept outside the log, infrastructure/credentials.ts). */
export interface UserProfile {
  readonly surname: string | null;
  readonly name: string;
  readonly patronymic: string | null;
  readonly phone: string | null;
  readonly email: string;
  readonly organization_id: number | null;
  readonly post_id: number | null;
  readonly post_description: string | null;
  readonly due_order: string | null;
  readonly login: string;
  readonly hotline_worker: boolean;
  readonly users_roles: readonly number[];
  readonly units: readonly number[];
  readonly users_programs: readonly number[];
}

/**
 * Registration sets a password and `UserPasswordChanged` says it was changed (the metadata says by
 * whom); neither carries the hash. Version 1 of both carried it: their upcasters drop it
 * (api/upcasters.ts), and a PostgreSQL log was rewritten without it (migration 011).
 */
export type UserEvent =
  | DomainEvent<'UserRegistered', { id: number; user: UserProfile }>
  | DomainEvent<'UserProfileChanged', { id: number; user: UserProfile; changes: FieldChange[] }>
  | DomainEvent<'UserPasswordChanged', { id: number }>
  | DomainEvent<'UserDeactivated', { id: number }>
  | DomainEvent<'UserDeleted', { id: number }>
  | DomainEvent<'UserSignedIn', { id: number; at: string }>;

/** Shape versions of user events written now (stamped by the write path, commands/stream-registry.ts). */
export const userSchemaVersions: Partial<Record<UserEvent['type'], number>> = { UserRegistered: 2, UserPasswordChanged: 2 };

/** Fields of events that hold personal data (names, phones, e-mails, logins). */
export const userPersonalDataFields: Record<UserEvent['type'], readonly string[]> = {
  UserRegistered: ['user.surname', 'user.name', 'user.patronymic', 'user.phone', 'user.email', 'user.login'],
  UserProfileChanged: ['user.surname', 'user.name', 'user.patronymic', 'user.phone', 'user.email', 'user.login', 'changes'],
  UserPasswordChanged: [],
  UserDeactivated: [],
  UserDeleted: [],
  UserSignedIn: [],
};

/** Roles the handler looked up (from their streams) for the account's current and submitted role ids. */
export interface RoleLookup extends GrantedRole {
  readonly role_is_hotline: boolean;
}

export type UserCommand =
  | {
      type: 'SaveUser';
      id: number;
      input: unknown;
      /** Whether input.password holds a new password (its hash is the handler's, never an event's). */
      passwordGiven: boolean;
      roles: readonly RoleLookup[];
      /** Access level of the account as it is now (highest of its current roles). */
      targetAccessLevel: number;
      /** The organisations, buildings and current rights the save refers to, as looked up. */
      refs: AccountRefs;
      actor: Actor;
    }
  | { type: 'DeleteUser'; id: number; targetAccessLevel: number; refs: Pick<AccountRefs, 'organizations'>; actor: Actor }
  | { type: 'RecordSignIn'; id: number; at: string };

export interface UserState {
  readonly status: 'absent' | 'active' | 'inactive' | 'deleted';
  readonly user: UserProfile | null;
}

export const userStreamId = (id: number) => `user-${id}`;

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'absent', user: null }),
  evolve: (state, e) => {
    switch (e.type) {
      case 'UserRegistered':
        return { status: 'active', user: e.data.user };
      case 'UserProfileChanged':
        return { ...state, user: e.data.user };
      case 'UserDeactivated':
        return { status: 'inactive', user: state.user ? { ...state.user, users_roles: [], units: [] } : null };
      case 'UserDeleted':
        return { ...state, status: 'deleted' };
      case 'UserPasswordChanged':
      case 'UserSignedIn':
        return state;
    }
  },
  decide: (state, command) => {
    if (command.type === 'RecordSignIn') {
      if (state.status !== 'active') throw notFound('Пользователь не найден');
      return [{ type: 'UserSignedIn', data: { id: command.id, at: command.at } }];
    }
    const { actor } = command;
    if (command.targetAccessLevel > actor.accessLevel)
      throw forbidden('Учетная запись с уровнем доступа выше собственного недоступна');
    if (command.type === 'DeleteUser') {
      if (state.status === 'absent' || state.status === 'deleted' || !state.user) throw notFound('Ошибка');
      if (!mayManageAccounts(actor, state.user.hotline_worker)) throw forbidden();
      if (command.id === actor.userId) throw refused('Нельзя удалить собственную учетную запись');
      ensureAccountInScope(actor, state.user, command.refs);
      return [{ type: 'UserDeleted', data: { id: command.id } }];
    }
    if (state.status === 'deleted') throw notFound('Пользователь не найден');
    if (state.status === 'inactive') throw refused('Учетная запись неактивна и не может быть изменена');
    const raw = command.input as { hotline_worker?: unknown };
    const hotline = state.user ? state.user.hotline_worker : raw?.hotline_worker === true;
    if (!mayManageAccounts(actor, hotline)) throw forbidden('Недостаточно прав для изменения работников');
    const parsed = parseOrThrow(hotline ? hotlineExecutorSchema : employeeSchema, { ...(command.input as object), hotline_worker: hotline });
    if (!state.user && !parsed.password) throw invalid('Введите пароль', { password: 'Введите пароль' });

    // Roles: known, not above the actor's level, hot line roles only for executors (administration.md 6).
    for (const roleId of parsed.users_roles) {
      const role = command.roles.find((r) => r.id === roleId);
      if (!role) throw invalid('Роль не найдена', { users_roles: 'Роль не найдена' });
      if (role.access_level > actor.accessLevel) throw forbidden('Нельзя назначить роль с уровнем доступа выше собственного');
      if (role.role_is_hotline !== hotline)
        throw invalid(
          hotline ? 'Исполнителям назначаются только роли для ГЛ' : 'Работникам нельзя назначать роли для ГЛ',
          { users_roles: 'Недопустимая роль' },
        );
    }
    const deactivate = parsed.is_inactive;
    if (deactivate && !hasFull(actor.rights, 'RIGHT_USER_STATUS_EDIT'))
      throw forbidden('Недостаточно прав для изменения статуса работника');
    if (deactivate && command.id === actor.userId) throw refused('Нельзя сделать неактивной собственную учетную запись');
    // Deactivation clears roles and buildings under its own right; only the account's scope counts then.
    const kept = deactivate && state.user ? state.user : parsed;
    checkAccountSave(
      actor,
      command.id,
      state.user,
      {
        organization_id: parsed.organization_id ?? null,
        hotline_worker: hotline,
        post_id: parsed.post_id ?? null,
        users_programs: hotline ? parsed.users_programs : [],
        users_roles: kept.users_roles,
        units: kept.units,
        passwordChanged: Boolean(parsed.password),
      },
      command.roles,
      command.refs,
    );

    const user: UserProfile = {
      surname: parsed.surname ?? null,
      name: parsed.name,
      patronymic: parsed.patronymic,
      phone: parsed.phone,
      email: parsed.email,
      organization_id: parsed.organization_id ?? null,
      post_id: parsed.post_id,
      post_description: parsed.post_description,
      due_order: parsed.due_order ?? null,
      login: parsed.login,
      hotline_worker: hotline,
      users_roles: deactivate ? [] : parsed.users_roles,
      units: deactivate ? [] : parsed.units,
      users_programs: hotline ? parsed.users_programs : [],
    };
    const events: UserEvent[] = [];
    if (!state.user) {
      if (!command.passwordGiven) throw invalid('Введите пароль', { password: 'Введите пароль' });
      events.push({ type: 'UserRegistered', data: { id: command.id, user } });
    } else {
      const changes = diffFields(state.user, user);
      if (changes.length) events.push({ type: 'UserProfileChanged', data: { id: command.id, user, changes } });
      if (parsed.password && command.passwordGiven) events.push({ type: 'UserPasswordChanged', data: { id: command.id } });
    }
    if (deactivate) events.push({ type: 'UserDeactivated', data: { id: command.id } });
    return events;
  },
};
