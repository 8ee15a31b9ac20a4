import { z } from 'zod';
import type { Decider } from '../shared/decider';
import type { Actor } from '../shared/actor';
import type { DomainEvent } from '../shared/events';
import { forbidden, invalid, notFound, refused } from '../shared/errors';
import { diffFields, parseOrThrow, type FieldChange } from '../shared/validation';
import { flag, requiredText } from '../catalog/schemas';
import { boundedInt, enumOf, PG_INT_MAX } from '../shared/primitives';
import { hasFull, validateRightsObject, type RightsObject } from '../rights/rights';
import { addedRights, holdsAll } from '../rights/privilege';

export const roleSchema = z.object({
  title: requiredText('Значение от 1 до 100 символов', 99, 'Значение от 1 до 100 символов'),
  role_order: boundedInt(1, PG_INT_MAX, { message: 'Число больше нуля', coerce: true }),
  role_is_hotline: flag,
  access_level: enumOf([1, 2, 3, 4], 'Укажите уровень доступа', { coerce: true }),
  rightsObject: z.record(z.unknown()).default({}),
});

export interface RoleFields {
  readonly title: string;
  readonly role_order: number;
  readonly role_is_hotline: boolean;
  readonly access_level: number;
  readonly rightsObject: RightsObject;
}

export type RoleEvent =
  | DomainEvent<'RoleCreated', { id: number; role: RoleFields }>
  | DomainEvent<'RoleUpdated', { id: number; role: RoleFields; changes: FieldChange[] }>
  | DomainEvent<'RoleDeleted', { id: number }>;

export type RoleCommand =
  | { type: 'SaveRole'; id: number; input: unknown; actor: Actor }
  | { type: 'DeleteRole'; id: number; actor: Actor; assignedUsers: number };

export interface RoleState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly role: RoleFields | null;
}

export const roleStreamId = (id: number) => `role-${id}`;

const ABOVE_OWN = 'Нельзя назначить роли уровень доступа выше собственного';

export const roleDecider: Decider<RoleState, RoleCommand, RoleEvent> = {
  initialState: () => ({ status: 'absent', role: null }),
  evolve: (state, e) => {
    switch (e.type) {
      case 'RoleCreated':
      case 'RoleUpdated':
        return { status: 'active', role: e.data.role };
      case 'RoleDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide: (state, command) => {
    const { actor } = command;
    if (!hasFull(actor.rights, 'RIGHT_SETTINGS')) throw forbidden('Недостаточно прав для изменения ролей');
    if (state.role && state.role.access_level > actor.accessLevel)
      throw forbidden('Роль с уровнем доступа выше собственного недоступна');
    switch (command.type) {
      case 'SaveRole': {
        if (state.status === 'deleted') throw notFound('Роль не найдена');
        // PUT may carry only access_level or only the rights object (administration.md 7).
        const merged = { ...(state.role ?? {}), ...(command.input as object) };
        const parsed = parseOrThrow(roleSchema, merged);
        const rights = validateRightsObject(parsed.rightsObject);
        if (!rights.ok) throw invalid(rights.message, { rightsObject: rights.message });
        const role: RoleFields = { ...parsed, rightsObject: rights.value };
        if (role.access_level > actor.accessLevel) throw forbidden(ABOVE_OWN);
        // Least privilege (decisions 8, 13): an existing role (perhaps held by its editor, or by
        // accounts of other regions) gains only rights its editor holds. A new role is held by nobody
        // and can be assigned only by someone holding all its rights (domain/user/account-rules.ts).
        if (state.role && !holdsAll(addedRights(state.role.rightsObject, role.rightsObject), actor.rights))
          throw forbidden('Нельзя выдать роли права, которых у вас нет');
        if (state.status === 'absent') return [{ type: 'RoleCreated', data: { id: command.id, role } }];
        const changes = diffFields(state.role ?? {}, role);
        return changes.length ? [{ type: 'RoleUpdated', data: { id: command.id, role, changes } }] : [];
      }
      case 'DeleteRole':
        if (state.status !== 'active') throw notFound('Роль не найдена');
        if (command.assignedUsers > 0)
          throw refused(`Роль назначена работникам (${command.assignedUsers}). Сначала снимите её с работников.`);
        return [{ type: 'RoleDeleted', data: { id: command.id } }];
    }
  },
};
