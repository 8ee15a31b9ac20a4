import { describe, expect, it } from 'vitest';
import { catalogDecider, type CatalogEvent } from '../../../../domain/catalog/decider';
import { organizationDecider, type OrganizationEvent } from '../../../../domain/organization/decider';
import { userDecider } from '../../../../domain/user/decider';
import { allRights } from '../../../../domain/rights';
import type { Actor } from '../../../../domain/shared/actor';
import { given } from '../../../support/given-when-then';

/* decisions 8, 13: every id an administration command names must exist. */
const admin: Actor = { userId: 1, rights: allRights(), accessLevel: 4 };

describe('catalogue items refer only to existing items', () => {
  const model = { tool_kind_id: 5, manufacturer_id: 3, model: 'LaserJet' };
  const known = { tool_kind: [5], manufacturer: [3] };

  it('given an unknown tool kind (99999), when a model is created, then refused with a Russian message', () =>
    given(catalogDecider)
      .when({ type: 'CreateCatalogItem', catalog: 'tool_model', id: 1, input: { ...model, tool_kind_id: 99999 }, known, actor: admin })
      .thenThrows('Вид оборудования не найден', 'invalid'));

  it('given an unknown manufacturer, when a model is created, then refused', () =>
    given(catalogDecider)
      .when({ type: 'CreateCatalogItem', catalog: 'tool_model', id: 1, input: { ...model, manufacturer_id: 77 }, known, actor: admin })
      .thenThrows('Производитель не найден', 'invalid'));

  it('given no lookups at all, when a model is created, then refused (unknown is never assumed to exist)', () =>
    given(catalogDecider).when({ type: 'CreateCatalogItem', catalog: 'tool_model', id: 1, input: model, actor: admin }).thenThrows('Вид оборудования не найден'));

  it('given known references, when a model is created, then it is created', () =>
    given(catalogDecider)
      .when({ type: 'CreateCatalogItem', catalog: 'tool_model', id: 1, input: model, known, actor: admin })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['CatalogItemCreated'])));

  it('given a model, when only its name changes, then its unchanged references need no lookup', () =>
    given(catalogDecider, [{ type: 'CatalogItemCreated', data: { catalog: 'tool_model', id: 1, item: { ...model, is_verified: false } } } satisfies CatalogEvent])
      .when({ type: 'UpdateCatalogItem', catalog: 'tool_model', id: 1, input: { model: 'LaserJet Pro' }, actor: admin })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['CatalogItemUpdated'])));

  it('given an unknown region (99999), when a service centre is created, then refused', () =>
    given(catalogDecider)
      .when({ type: 'CreateCatalogItem', catalog: 'services_repairs', id: 1, input: { title: 'СЦ', region_id: 99999, service_type: 2 }, known: { regions: [1] }, actor: admin })
      .thenThrows('Регион не найден', 'invalid'));

  it('given an unknown equipment kind in the list, when a typical fault is created, then refused', () =>
    given(catalogDecider)
      .when({ type: 'CreateCatalogItem', catalog: 'common_disrepairs', id: 1, input: { description: 'Не печатает', common_disrepair_tool_kinds: [5, 99999] }, known: { tool_kind: [5] }, actor: admin })
      .thenThrows('Вид оборудования не найден', 'invalid'));

  it('given an unknown organisation kind, when a program is created, then refused', () =>
    given(catalogDecider)
      .when({ type: 'CreateCatalogItem', catalog: 'programs', id: 1, input: { type: 2, title: 'ОС', version: '1', programs_org_types: [3, 404] }, known: { organization_kind: [3] }, actor: admin })
      .thenThrows('Вид организации не найден', 'invalid'));
});

describe('organisations refer to existing regions and kinds, within the actor scope', () => {
  const org = { region_id: 1, name: 'Тверской районный суд', vncode: '77RS0002', is_host: true, host_id: null, kind_id: 7 };
  const refs = { regions: [1, 2], kinds: [7] };
  const save = (input: Record<string, unknown>, actor: Actor, existing = false) => ({
    type: 'SaveOrganization' as const, id: 10, input: { ...org, ...input }, units: [{ id: 100, name: 'Здание' }], newUnitIds: [100], existing, host: null, refs, actor,
  });
  const regional: Actor = { userId: 2, rights: { RIGHT_ORGANIZATIONS: 2 }, accessLevel: 3, regionId: 1 };
  const created: OrganizationEvent = { type: 'OrganizationCreated', data: { id: 10, organization: { ...org, region_id: 2 } as never } };

  it('given an unknown region (99999), then refused with a Russian message and nothing is created', () =>
    given(organizationDecider).when(save({ region_id: 99999 }, admin)).thenThrows('Регион не найден', 'invalid'));

  it('given an unknown organisation kind, then refused', () =>
    given(organizationDecider).when(save({ kind_id: 404 }, admin)).thenThrows('Вид организации не найден', 'invalid'));

  it('given a REGION administrator, when it creates an organisation of another region, then refused', () =>
    given(organizationDecider).when(save({ region_id: 2 }, regional)).thenThrows('Организация другого региона недоступна', 'forbidden'));

  it('given an organisation of another region, when a REGION administrator moves it into its own region, then refused', () =>
    given(organizationDecider, [created]).when(save({ region_id: 1 }, regional, true)).thenThrows('Организация другого региона недоступна', 'forbidden'));

  it('given a REGION administrator, when it creates an organisation of its region, then it is created', () =>
    given(organizationDecider).when(save({}, regional)).then((events) => expect(events.map((e) => e.type)).toEqual(['OrganizationCreated', 'UnitAdded'])));

  it('given a building, when a REGION administrator moves it to an organisation of another region, then refused', () =>
    given(organizationDecider, [
      { type: 'OrganizationCreated', data: { id: 10, organization: org as never } },
      { type: 'UnitAdded', data: { organization_id: 10, unit: { id: 100, organization_id: 10, region_id: 1, name: 'Здание', fullname: null, address: null, vncode: null } } },
      { type: 'UnitAdded', data: { organization_id: 10, unit: { id: 101, organization_id: 10, region_id: 1, name: 'Здание 2', fullname: null, address: null, vncode: null } } },
    ])
      .when({ type: 'MoveUnitOut', unitId: 100, to: { id: 20, region_id: 2 }, actor: regional })
      .thenThrows('Организация другого региона недоступна', 'forbidden'));
});

describe('accounts refer to existing positions and programs', () => {
  const input = { surname: 'Петров', name: 'Иван', email: 'p@x.ru', login: 'petrov', organization_id: 2, users_roles: [], units: [], password: 'secret77' };
  const refs = { organizations: [{ id: 2, region_id: 1 }], units: [], targetRights: {}, posts: [4], programs: [8] };
  const save = (over: Record<string, unknown>) => ({ type: 'SaveUser' as const, id: 50, input: { ...input, ...over }, passwordGiven: true, roles: [], targetAccessLevel: 0, refs, actor: admin });

  it('given an unknown position, then refused', () => given(userDecider).when(save({ post_id: 99999 })).thenThrows('Должность не найдена', 'invalid'));

  it('given a known position, then the account is registered', () =>
    given(userDecider).when(save({ post_id: 4 })).then((events) => expect(events.map((e) => e.type)).toEqual(['UserRegistered'])));

  it('given a hot line executor with an unknown program, then refused', () =>
    given(userDecider)
      .when(save({ hotline_worker: true, organization_id: null, users_programs: [8, 99999] }))
      .thenThrows('Программное обеспечение не найдено', 'invalid'));
});
