import { describe, it } from 'vitest';
import { catalogDecider, type CatalogEvent } from '../../../../domain/catalog/decider';
import { organizationDecider, type OrganizationEvent } from '../../../../domain/organization/decider';
import { roleDecider, type RoleEvent } from '../../../../domain/role/decider';
import { userDecider, type UserEvent } from '../../../../domain/user/decider';
import { allRights } from '../../../../domain/rights';
import type { Actor } from '../../../../domain/shared/actor';
import { given } from '../../../support/given-when-then';

const admin: Actor = { userId: 1, rights: allRights(), accessLevel: 4 };
const regional: Actor = { userId: 2, rights: { RIGHT_SETTINGS: 2, RIGHT_USERS_LIST: 2, RIGHT_POSTS: 2 }, accessLevel: 3, regionId: 1 };
const nobody: Actor = { userId: 3, rights: {}, accessLevel: 1 };

describe('catalogue items', () => {
  const created: CatalogEvent = { type: 'CatalogItemCreated', data: { catalog: 'posts', id: 7, item: { title: 'Инженер' } } };

  it('given nothing, when a position is created, then it is created with its trimmed title', () =>
    given(catalogDecider).when({ type: 'CreateCatalogItem', catalog: 'posts', id: 7, input: { title: '  Инженер ' }, actor: admin }).then([created]));

  it('given a position, when renamed, then the change lists old and new', () =>
    given(catalogDecider, [created])
      .when({ type: 'UpdateCatalogItem', catalog: 'posts', id: 7, input: { title: 'Ведущий инженер' }, actor: admin })
      .then([{ type: 'CatalogItemUpdated', data: { catalog: 'posts', id: 7, item: { title: 'Ведущий инженер' }, changes: [{ field: 'title', old: 'Инженер', new: 'Ведущий инженер' }] } }]));

  it('given a position, when saved unchanged, then nothing happens', () =>
    given(catalogDecider, [created]).when({ type: 'UpdateCatalogItem', catalog: 'posts', id: 7, input: { title: 'Инженер' }, actor: admin }).then([]));

  it('given no right, when creating, then refused with 403', () =>
    given(catalogDecider).when({ type: 'CreateCatalogItem', catalog: 'posts', id: 7, input: { title: 'Инженер' }, actor: nobody }).thenThrows('Недостаточно прав для изменения справочника «Должности»', 'forbidden'));

  it('given an empty title, when creating, then the section 5 message', () =>
    given(catalogDecider).when({ type: 'CreateCatalogItem', catalog: 'posts', id: 7, input: { title: '' }, actor: admin }).thenThrows('Значение от 1 до 100 символов', 'invalid'));

  it('given a deleted item, when updated, then not found', () =>
    given(catalogDecider, [created, { type: 'CatalogItemDeleted', data: { catalog: 'posts', id: 7 } }])
      .when({ type: 'UpdateCatalogItem', catalog: 'posts', id: 7, input: { title: 'X' }, actor: admin })
      .thenThrows('Запись не найдена', 'not_found'));
});

describe('roles', () => {
  const input = { title: 'Оператор', role_order: 3, access_level: 2, rightsObject: { RIGHT_REQUEST_READ: 4 } };

  it('given a regional administrator, when they create a role at their level or below, then it is created', () =>
    given(roleDecider).when({ type: 'SaveRole', id: 9, input, actor: regional }).then([
      { type: 'RoleCreated', data: { id: 9, role: { ...input, role_is_hotline: false } } },
    ]));

  it('given a regional administrator, when they create a role above their level, then refused', () =>
    given(roleDecider).when({ type: 'SaveRole', id: 9, input: { ...input, access_level: 4 }, actor: regional }).thenThrows('Нельзя назначить роли уровень доступа выше собственного', 'forbidden'));

  it('given a role above the actor, when they change it, then refused', () =>
    given(roleDecider, [{ type: 'RoleCreated', data: { id: 1, role: { ...input, role_is_hotline: false, access_level: 4 } } } satisfies RoleEvent])
      .when({ type: 'SaveRole', id: 1, input: { rightsObject: {} }, actor: regional })
      .thenThrows('Роль с уровнем доступа выше собственного недоступна', 'forbidden'));

  it('given an order of 0, then the section 5 message', () =>
    given(roleDecider).when({ type: 'SaveRole', id: 9, input: { ...input, role_order: 0 }, actor: regional }).thenThrows('Число больше нуля'));

  it('given a role in use, when deleted, then refused', () =>
    given(roleDecider, [{ type: 'RoleCreated', data: { id: 9, role: { ...input, role_is_hotline: false } } } satisfies RoleEvent])
      .when({ type: 'DeleteRole', id: 9, actor: regional, assignedUsers: 3 })
      .thenThrows('Роль назначена работникам (3). Сначала снимите её с работников.', 'refused'));
});

describe('organisations', () => {
  const org = { region_id: 1, name: 'Тверской районный суд', vncode: '77RS0002', is_host: false, host_id: 5 };
  const host = { id: 5, region_id: 1, is_host: true };
  const refs = { regions: [1], kinds: [] };

  it('given nothing, when an organisation with a building is saved, then it and its building are created', () =>
    given(organizationDecider)
      .when({ type: 'SaveOrganization', id: 10, input: org, units: [{ id: 100, name: 'Здание суда' }], newUnitIds: [100], existing: false, host, refs, actor: admin })
      .then((events) => {
        const types = events.map((e) => e.type);
        if (types.join() !== 'OrganizationCreated,UnitAdded') throw new Error(types.join());
      }));

  it('given a host of another region, then refused', () =>
    given(organizationDecider)
      .when({ type: 'SaveOrganization', id: 10, input: org, units: [{ id: 100, name: 'Здание' }], newUnitIds: [100], existing: false, host: { ...host, region_id: 2 }, refs, actor: admin })
      .thenThrows('Балансодержатель должен быть организацией того же региона'));

  it('given no buildings, then the section 5 message', () =>
    given(organizationDecider).when({ type: 'SaveOrganization', id: 10, input: org, units: [], newUnitIds: [], existing: false, host, refs, actor: admin }).thenThrows('Нужно ввести хотя бы одно здание'));

  it('given nothing, when an existing organisation is edited (PUT of an unknown id), then 404 and nothing is created', () =>
    given(organizationDecider)
      .when({ type: 'SaveOrganization', id: 10, input: org, units: [{ id: 100, name: 'Здание' }], newUnitIds: [100], existing: true, host, refs, actor: admin })
      .thenThrows('Организация не найдена', 'not_found'));

  it('given an organisation, when a building id of another organisation is submitted, then refused', () =>
    given(organizationDecider)
      .when({ type: 'SaveOrganization', id: 10, input: org, units: [{ id: 100, name: 'Здание' }, { id: 555, name: 'Чужое здание' }], newUnitIds: [100], existing: false, host, refs, actor: admin })
      .thenThrows('Здание не найдено', 'not_found'));

  it('given is_host ticked, then the host is cleared', () =>
    given(organizationDecider)
      .when({ type: 'SaveOrganization', id: 10, input: { ...org, is_host: true }, units: [{ id: 100, name: 'Здание' }], newUnitIds: [100], existing: false, host, refs, actor: admin })
      .then((events) => {
        const created = events[0] as Extract<OrganizationEvent, { type: 'OrganizationCreated' }>;
        if (created.data.organization.host_id !== null) throw new Error('host kept');
      }));
});

describe('accounts', () => {
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: {
      id: 20,
      user: {
        surname: 'Петров', name: 'Иван', patronymic: null, phone: null, email: 'p@x.ru', organization_id: 2, post_id: null,
        post_description: null, due_order: null, login: 'petrov', hotline_worker: false, users_roles: [3], units: [1], users_programs: [],
      },
    },
  };
  const refs = { organizations: [{ id: 2, region_id: 1 }], units: [{ id: 1, organization_id: 2, region_id: 1 }], targetRights: {} };
  const save = (input: Record<string, unknown>, actor: Actor, roles = [{ id: 3, access_level: 1, role_is_hotline: false, rightsObject: {} }]) => ({
    type: 'SaveUser' as const, id: 20, input: { surname: 'Петров', name: 'Иван', email: 'p@x.ru', organization_id: 2, login: 'petrov', users_roles: [3], units: [1], ...input }, passwordGiven: false, roles, targetAccessLevel: 1, refs, actor,
  });

  it('given an account, when set inactive by someone with the status right, then its roles and units are cleared', () =>
    given(userDecider, [registered]).when(save({ is_inactive: true }, admin)).then((events) => {
      if (events.map((e) => e.type).join() !== 'UserProfileChanged,UserDeactivated') throw new Error(events.map((e) => e.type).join());
    }));

  it('given no status right, when set inactive, then refused', () =>
    given(userDecider, [registered]).when(save({ is_inactive: true }, regional)).thenThrows('Недостаточно прав для изменения статуса работника', 'forbidden'));

  it('given an inactive account, when changed, then refused: it is read-only', () =>
    given(userDecider, [registered, { type: 'UserDeactivated', data: { id: 20 } }]).when(save({ phone: '1' }, admin)).thenThrows('Учетная запись неактивна и не может быть изменена'));

  it('given an employee, when a hot line role is assigned, then refused', () =>
    given(userDecider, [registered]).when(save({ users_roles: [4] }, admin, [{ id: 4, access_level: 3, role_is_hotline: true, rightsObject: {} }])).thenThrows('Работникам нельзя назначать роли для ГЛ'));

  it('given a login with Cyrillic letters, then the section 5 message', () =>
    given(userDecider, [registered]).when(save({ login: 'петров' }, admin)).thenThrows('Только латинские буквы и цифры'));

  it('given the own account, when deleting it, then refused', () =>
    given(userDecider, [registered]).when({ type: 'DeleteUser', id: 20, targetAccessLevel: 1, refs, actor: { ...admin, userId: 20 } }).thenThrows('Нельзя удалить собственную учетную запись'));
});
