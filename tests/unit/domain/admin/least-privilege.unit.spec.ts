import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roleDecider, type RoleEvent } from '../../../../domain/role/decider';
import { userDecider, type RoleLookup, type UserEvent } from '../../../../domain/user/decider';
import type { AccountRefs } from '../../../../domain/user/account-rules';
import { addedRights, allRights, holdsAll, rightsBeyond, rightsCatalog, type RightsObject } from '../../../../domain/rights';
import type { Actor } from '../../../../domain/shared/actor';
import { DomainError } from '../../../../domain/shared/errors';
import { given, testContext } from '../../../support/given-when-then';

/*
 * decisions 8, 13: the branch chief (REGION) attacks of the review, decided by the pure deciders.
 * Region 1 holds organisation 2 (units 1, 2); region 9 holds organisation 90 (unit 900).
 */
const chiefRights: RightsObject = { RIGHT_USERS_LIST: 2, RIGHT_REQUEST_READ: 4, RIGHT_REQUEST_CREATE: 4, RIGHT_TOOLS_READ: 4, RIGHT_ZIP: 2 };
const chief: Actor = { userId: 6, rights: chiefRights, accessLevel: 3, organizationId: 2, regionId: 1, unitIds: [1, 2] };
const admin: Actor = { userId: 1, rights: allRights(), accessLevel: 4, organizationId: 2, regionId: 1 };

const courtRole: RoleLookup = { id: 3, access_level: 1, role_is_hotline: false, rightsObject: { RIGHT_REQUEST_READ: 4, RIGHT_TOOLS_READ: 4 } };
const engineerRole: RoleLookup = { id: 2, access_level: 3, role_is_hotline: false, rightsObject: { RIGHT_REQUEST_READ: 4, RIGHT_TOOLS_WRITE: 2 } };
const chiefRole: RoleLookup = { id: 6, access_level: 3, role_is_hotline: false, rightsObject: chiefRights };
const roles = [courtRole, engineerRole, chiefRole];

const refs: AccountRefs = {
  organizations: [{ id: 2, region_id: 1 }, { id: 90, region_id: 9 }],
  units: [{ id: 1, organization_id: 2, region_id: 1 }, { id: 2, organization_id: 2, region_id: 1 }, { id: 900, organization_id: 90, region_id: 9 }],
  targetRights: {},
};

const account = (id: number, organization_id: number, users_roles: number[], units: number[]): UserEvent => ({
  type: 'UserRegistered',
  data: {
    id,
    user: {
      surname: 'Петров', name: 'Иван', patronymic: null, phone: null, email: 'p@x.ru', organization_id, post_id: null,
      post_description: null, due_order: null, login: `user${id}`, hotline_worker: false, users_roles, units, users_programs: [],
    },
  },
});

const save = (id: number, input: Record<string, unknown>, actor: Actor, targetRights: RightsObject = {}) => ({
  type: 'SaveUser' as const,
  id,
  input: { surname: 'Петров', name: 'Иван', email: 'p@x.ru', login: `user${id}`, ...input },
  passwordGiven: Boolean(input.password),
  roles,
  targetAccessLevel: 1,
  refs: { ...refs, targetRights },
  actor,
});

describe('accounts: nobody changes their own roles or buildings', () => {
  const self = account(6, 2, [6], [1]);

  it('given the chief, when it gives itself a unit of another region, then refused and nothing is written', () =>
    given(userDecider, [self]).when(save(6, { organization_id: 2, users_roles: [6], units: [1, 900] }, chief)).thenThrows('Нельзя изменить собственные объекты', 'forbidden'));

  it('given the chief, when it gives itself another role, then refused', () =>
    given(userDecider, [self]).when(save(6, { organization_id: 2, users_roles: [6, 3], units: [1] }, chief)).thenThrows('Нельзя изменить собственные роли', 'forbidden'));

  it('given even a FULL administrator, when it changes its own roles, then refused', () =>
    given(userDecider, [account(1, 2, [3], [])]).when(save(1, { organization_id: 2, users_roles: [2], units: [] }, admin)).thenThrows('Нельзя изменить собственные роли', 'forbidden'));

  it('given the chief, when it changes its own phone only, then the profile changes', () =>
    given(userDecider, [self]).when(save(6, { organization_id: 2, users_roles: [6], units: [1], phone: '+7 900' }, chief)).then((events) => {
      expect(events.map((e) => e.type)).toEqual(['UserProfileChanged']);
    }));
});

describe('accounts: a REGION administrator manages its own region only', () => {
  const foreignEngineer = account(30, 90, [2], [900]);
  const localCourt = account(31, 2, [3], [1]);

  it('when the chief resets the password of an engineer of another region, then refused', () =>
    given(userDecider, [foreignEngineer])
      .when(save(30, { organization_id: 90, users_roles: [2], units: [900], password: 'secret77' }, { ...chief, rights: { ...chiefRights, RIGHT_TOOLS_WRITE: 2 } }))
      .thenThrows('Учетная запись другого региона недоступна', 'forbidden'));

  it('when the chief resets the password of an account holding rights the chief lacks, then refused', () =>
    given(userDecider, [account(32, 2, [2], [1])])
      .when(save(32, { organization_id: 2, users_roles: [2], units: [1], password: 'secret77' }, chief, engineerRole.rightsObject))
      .thenThrows('Нельзя сменить пароль учетной записи с правами шире собственных', 'forbidden'));

  it('when the chief resets the password of a court user of its region, then only the password changes', () =>
    given(userDecider, [localCourt])
      .when(save(31, { organization_id: 2, users_roles: [3], units: [1], password: 'secret77' }, chief, courtRole.rightsObject))
      .then([{ type: 'UserPasswordChanged', data: { id: 31 } }]));

  it('when the chief moves its court user into an organisation of another region, then refused', () =>
    given(userDecider, [localCourt]).when(save(31, { organization_id: 90, users_roles: [3], units: [1] }, chief)).thenThrows('Организация другого региона недоступна', 'forbidden'));

  it('when the chief adds a unit of another region to its court user, then refused', () =>
    given(userDecider, [localCourt]).when(save(31, { organization_id: 2, users_roles: [3], units: [1, 900] }, chief)).thenThrows('Здание другого региона недоступно', 'forbidden'));

  it('when the chief gives a role with a right it does not hold, then refused', () =>
    given(userDecider, [localCourt]).when(save(31, { organization_id: 2, users_roles: [3, 2], units: [1] }, chief)).thenThrows('Нельзя назначить роль с правами, которых у вас нет', 'forbidden'));

  it('when the chief takes away a role with a right it does not hold, then refused', () =>
    given(userDecider, [account(33, 2, [3, 2], [1])]).when(save(33, { organization_id: 2, users_roles: [3], units: [1] }, chief)).thenThrows('Нельзя назначить роль с правами, которых у вас нет', 'forbidden'));

  it('when the chief creates a court user of its region with buildings of its region, then the account is registered', () =>
    given(userDecider).when(save(40, { organization_id: 2, users_roles: [3], units: [1, 2], password: 'secret77' }, chief)).then((events) => {
      expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    }));

  it('when the chief deletes an account of another region, then refused', () =>
    given(userDecider, [account(34, 90, [3], [900])])
      .when({ type: 'DeleteUser', id: 34, targetAccessLevel: 1, refs, actor: chief })
      .thenThrows('Учетная запись другого региона недоступна', 'forbidden'));

  it('when a FULL administrator gives a unit of any region, then it is saved', () =>
    given(userDecider, [localCourt]).when(save(31, { organization_id: 2, users_roles: [3], units: [1, 900] }, admin)).then((events) => {
      expect(events.map((e) => e.type)).toEqual(['UserProfileChanged']);
    }));
});

describe('accounts: every id named exists', () => {
  it('given an unknown organisation, then refused with its message', () =>
    given(userDecider).when(save(41, { organization_id: 99999, users_roles: [3], units: [], password: 'secret77' }, admin)).thenThrows('Организация не найдена', 'invalid'));

  it('given an unknown building, then refused with its message', () =>
    given(userDecider).when(save(41, { organization_id: 2, users_roles: [3], units: [99999], password: 'secret77' }, admin)).thenThrows('Здание не найдено', 'invalid'));

  it('given an unknown role, then refused with its message', () =>
    given(userDecider).when(save(41, { organization_id: 2, users_roles: [99999], units: [], password: 'secret77' }, admin)).thenThrows('Роль не найдена', 'invalid'));
});

describe('roles: a role gains only rights its editor holds', () => {
  const settings: Actor = { userId: 7, rights: { RIGHT_SETTINGS: 2, RIGHT_REQUEST_READ: 4 }, accessLevel: 3, regionId: 1 };
  const existing: RoleEvent = {
    type: 'RoleCreated',
    data: { id: 9, role: { title: 'Оператор', role_order: 3, role_is_hotline: false, access_level: 2, rightsObject: { RIGHT_REQUEST_READ: 4, RIGHT_ZIP: 2 } } },
  };

  it('when a right the editor lacks is added, then refused', () =>
    given(roleDecider, [existing])
      .when({ type: 'SaveRole', id: 9, input: { rightsObject: { RIGHT_REQUEST_READ: 4, RIGHT_ZIP: 2, RIGHT_TOOLS_WRITE: 2 } }, actor: settings })
      .thenThrows('Нельзя выдать роли права, которых у вас нет', 'forbidden'));

  it('when a stronger bit of a held right is added (OWN -> ALL), then refused', () =>
    given(roleDecider, [existing])
      .when({ type: 'SaveRole', id: 9, input: { rightsObject: { RIGHT_REQUEST_READ: 8, RIGHT_ZIP: 2 } }, actor: settings })
      .thenThrows('Нельзя выдать роли права, которых у вас нет', 'forbidden'));

  it('when a right the editor lacks is only kept or removed, then the role is saved', () =>
    given(roleDecider, [existing])
      .when({ type: 'SaveRole', id: 9, input: { title: 'Оператор филиала', rightsObject: { RIGHT_ZIP: 2 } }, actor: settings })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['RoleUpdated'])));
});

describe('rights arithmetic', () => {
  it('names the rights beyond what is held, bit by bit', () => {
    expect(rightsBeyond({ RIGHT_REQUEST_READ: 8, RIGHT_ZIP: 1 }, { RIGHT_REQUEST_READ: 4, RIGHT_ZIP: 3 })).toEqual(['RIGHT_REQUEST_READ']);
    expect(holdsAll({}, {})).toBe(true);
    // ALL covers OWN and FULL covers READ: the administrator (ALL, FULL) may hand out OWN and READ.
    expect(holdsAll({ RIGHT_REQUEST_READ: 4, RIGHT_ZIP: 1 }, { RIGHT_REQUEST_READ: 8, RIGHT_ZIP: 2 })).toBe(true);
    expect(holdsAll({ RIGHT_REQUEST_READ: 8 }, { RIGHT_REQUEST_READ: 4 })).toBe(false);
    expect(addedRights({ RIGHT_ZIP: 1 }, { RIGHT_ZIP: 3, RIGHT_POSTS: 2 })).toEqual({ RIGHT_ZIP: 2, RIGHT_POSTS: 2 });
  });
});

/** Random rights objects over the catalogue, each right at one of its allowed values or absent. */
const rightsArb: fc.Arbitrary<RightsObject> = fc
  .tuple(...rightsCatalog.map((r) => fc.option(fc.constantFrom(...r.values), { nil: undefined })))
  .map((values) => Object.fromEntries(rightsCatalog.flatMap((r, i) => (values[i] ? [[r.key, values[i]]] : []))) as RightsObject);

const decides = (run: () => unknown): 'ok' | 'refused' => {
  try {
    run();
    return 'ok';
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return 'refused';
  }
};

describe('property: an actor never grants a right it does not hold', () => {
  it('assigning a role to an account succeeds only when the actor holds every right of the role', () =>
    fc.assert(
      fc.property(rightsArb, rightsArb, fc.constantFrom(1, 2, 3, 4), (held, granted, level) => {
        const actor: Actor = { userId: 6, rights: { ...held, RIGHT_USERS_LIST: 2 }, accessLevel: level as Actor['accessLevel'], organizationId: 2, regionId: 1, unitIds: [1] };
        const role: RoleLookup = { id: 50, access_level: 1, role_is_hotline: false, rightsObject: granted };
        const command = { ...save(31, { organization_id: 2, users_roles: [3, 50], units: [1] }, actor), roles: [courtRole, role] };
        const state = [account(31, 2, [3], [1])].reduce(userDecider.evolve, userDecider.initialState());
        const outcome = decides(() => userDecider.decide(state, command, testContext()));
        if (outcome === 'ok') expect(holdsAll(granted, actor.rights)).toBe(true);
        // And the converse: a role within the actor's rights (and the court role kept) is given.
        if (holdsAll(granted, actor.rights) && holdsAll(courtRole.rightsObject, actor.rights)) expect(outcome).toBe('ok');
      }),
      { numRuns: 300 },
    ));

  it('saving a role never adds a bit the editor lacks', () =>
    fc.assert(
      fc.property(rightsArb, rightsArb, rightsArb, (held, before, after) => {
        const actor: Actor = { userId: 7, rights: { ...held, RIGHT_SETTINGS: 2 }, accessLevel: 4 };
        const history: RoleEvent[] = [{ type: 'RoleCreated', data: { id: 9, role: { title: 'Роль', role_order: 1, role_is_hotline: false, access_level: 1, rightsObject: before } } }];
        const state = history.reduce(roleDecider.evolve, roleDecider.initialState());
        let events: RoleEvent[] = [];
        const outcome = decides(() => (events = roleDecider.decide(state, { type: 'SaveRole', id: 9, input: { rightsObject: after }, actor }, testContext())));
        if (outcome === 'ok')
          for (const e of events) if (e.type === 'RoleUpdated') expect(holdsAll(addedRights(before, e.data.role.rightsObject), actor.rights)).toBe(true);
        if (holdsAll(addedRights(before, after), actor.rights)) expect(outcome).toBe('ok');
      }),
      { numRuns: 300 },
    ));
});

describe('hot line executors belong to no region', () => {
  const hlAdmin: Actor = { userId: 8, rights: { RIGHT_USERS_HL: 2, RIGHT_REQUEST_READ: 8 }, accessLevel: 3, organizationId: 2, regionId: 1 };
  const hlRole: RoleLookup = { id: 4, access_level: 3, role_is_hotline: true, rightsObject: { RIGHT_REQUEST_READ: 8 } };
  const executor = (over: Record<string, unknown>) => ({
    ...save(60, { hotline_worker: true, name: 'Техподдержка', users_roles: [4], units: [], password: 'secret77', ...over }, hlAdmin),
    roles: [hlRole],
  });

  it('given a REGION manager of executors, when it registers an executor without organisation, then it is registered', () =>
    given(userDecider).when(executor({})).then((events) => expect(events.map((e) => e.type)).toEqual(['UserRegistered'])));

  it('given the same manager, when the executor is placed in an organisation of another region, then refused', () =>
    given(userDecider).when(executor({ organization_id: 90 })).thenThrows('Организация другого региона недоступна', 'forbidden'));
});
