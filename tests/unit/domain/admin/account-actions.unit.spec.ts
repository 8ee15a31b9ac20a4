import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userDecider, type UserEvent } from '../../../../domain/user/decider';
import { accountActions, type ListedAccount } from '../../../../domain/user/account-rules';
import type { Actor } from '../../../../domain/shared/actor';
import type { RightsObject } from '../../../../domain/rights';
import type { AccessLevel } from '../../../../domain/rights/values';
import { testContext } from '../../../support/given-when-then';

/*
 * administration.md 2.6: the employee list shows higher-level accounts read-only. The server marks
 * each row by `accountActions`, which must agree with what the write side accepts.
 * Region 1 holds organisation 2; region 9 holds organisation 90.
 */
const chiefRights: RightsObject = { RIGHT_USERS_LIST: 2, RIGHT_REQUEST_READ: 4 };
const chief: Actor = { userId: 6, rights: chiefRights, accessLevel: 3, organizationId: 2, regionId: 1, unitIds: [1] };
const organizations = [{ id: 2, region_id: 1 }, { id: 90, region_id: 9 }];

const listed = (patch: Partial<ListedAccount> = {}): ListedAccount => ({
  id: 20,
  accessLevel: 1,
  is_inactive: false,
  hotline_worker: false,
  organization_id: 2,
  organization: organizations[0]!,
  ...patch,
});

describe('which listed accounts the viewer may change (administration.md 2.6)', () => {
  it('given the chief (REGION), when it lists a court user of its region, then the row is editable and deletable', () =>
    expect(accountActions(chief, listed())).toEqual({ manages: true, editable: true, deletable: true }));

  it('given the chief, when it lists the administrator (FULL) of its region, then the row is read-only without delete', () =>
    expect(accountActions(chief, listed({ accessLevel: 4 }))).toEqual({ manages: false, editable: false, deletable: false }));

  it('given the chief, when it lists another branch chief (same level), then the row is editable', () =>
    expect(accountActions(chief, listed({ accessLevel: 3 })).editable).toBe(true));

  it('given the chief, when it lists its own account, then it opens read-only and has no delete', () =>
    expect(accountActions(chief, listed({ id: 6, accessLevel: 3 }))).toEqual({ manages: true, editable: false, deletable: false }));

  it('given the chief, when it lists an inactive account, then it opens read-only but may be deleted', () =>
    expect(accountActions(chief, listed({ is_inactive: true }))).toEqual({ manages: true, editable: false, deletable: true }));

  it('given the chief, when an account of another region is judged, then it may not be changed', () =>
    expect(accountActions(chief, listed({ organization_id: 90, organization: organizations[1]! })).manages).toBe(false));

  it('given a viewer without the users-list right, when a lower account is judged, then it may not be changed', () =>
    expect(accountActions({ ...chief, rights: { RIGHT_REQUEST_READ: 4 } }, listed()).manages).toBe(false));

  it('given the executors manager (FULL RIGHT_USERS_HL), when a hot line executor without organisation is judged, then it is editable', () =>
    expect(accountActions({ ...chief, rights: { RIGHT_USERS_HL: 2 } }, listed({ hotline_worker: true, organization_id: null, organization: null })).editable).toBe(true));
});

describe('the list marks exactly the accounts whose delete the write side accepts', () => {
  const registered = (id: number, organization_id: number): UserEvent => ({
    type: 'UserRegistered',
    data: {
      id,
      user: {
        surname: 'Петров', name: 'Иван', patronymic: null, phone: null, email: 'p@x.ru', organization_id, post_id: null,
        post_description: null, due_order: null, login: `user${id}`, hotline_worker: false, users_roles: [], units: [], users_programs: [],
      },
    },
  });

  it('for any viewer level, rights, target level, organisation and identity', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.constantFrom(2, 90),
        fc.boolean(),
        (viewerLevel, targetLevel, holdsRight, organizationId, self) => {
          const actor: Actor = { ...chief, accessLevel: viewerLevel as AccessLevel, rights: holdsRight ? chiefRights : { RIGHT_REQUEST_READ: 4 } };
          const id = self ? actor.userId : 20;
          const org = organizations.find((o) => o.id === organizationId)!;
          const marked = accountActions(actor, listed({ id, accessLevel: targetLevel, organization_id: organizationId, organization: org })).deletable;
          const state = userDecider.evolve(userDecider.initialState(), registered(id, organizationId));
          let accepted = true;
          try {
            userDecider.decide(state, { type: 'DeleteUser', id, targetAccessLevel: targetLevel, refs: { organizations }, actor }, testContext());
          } catch {
            accepted = false;
          }
          expect(marked).toBe(accepted);
        },
      ),
    ));
});
