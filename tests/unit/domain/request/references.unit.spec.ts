import { describe, expect, it } from 'vitest';
import { ContactKind, PerformerKind, requestDecider, type RequestCommand, type SubmittedRequest } from '../../../../domain/request';
import { referenceMessages, type RequestReferences, type UserReference } from '../../../../domain/request/references';
import { given } from '../../../support/given-when-then';
import { requestHistory } from '../../../support/request-histories';
import { R, actor, baseFields, ctx, editor, manager, registered, save } from './fixtures';

const creator = actor({ ...R.create }, 6);

/** The unit 10 of region 1 belongs to organisation 50 whose host is 60; tool 7 stands in it. */
const user = (over: Partial<UserReference> & { id: number }): UserReference => ({
  organization_id: 50,
  region_id: 1,
  engineer: false,
  hotline: false,
  ...over,
});
const refs = (over: Partial<RequestReferences> = {}): RequestReferences => ({
  unit: { id: 10, region_id: 1, organization_id: 50, host_organization_id: 60 },
  tools: [{ id: 7, unit_id: 10 }, { id: 8, unit_id: 11 }],
  users: [
    user({ id: 100 }),
    user({ id: 101, organization_id: 60 }),
    user({ id: 102, organization_id: 70 }),
    user({ id: 2, organization_id: 80, engineer: true }),
    user({ id: 3, organization_id: 81, region_id: 2, engineer: true }),
    user({ id: 4, organization_id: null, region_id: null, hotline: true }),
  ],
  catalog: { program_id: true, subsystem_id: true, service_repair_id: true },
  ...over,
});

const submitted = (over: SubmittedRequest = {}): SubmittedRequest => {
  const { id: _id, number: _n, request_date_add: _d, request_status_id: _s, ...fields } = baseFields();
  return { ...fields, ...over };
};
const register = (over: SubmittedRequest = {}, references = refs(), engineer_ids: number[] = []): RequestCommand => ({
  type: 'RegisterRequest',
  actor: creator,
  id: 1,
  number: 101,
  request: submitted(over),
  engineer_ids,
  lookups: { program: { id: 5, type: 2, gas_sub_system_id: null }, references },
});
/** A branch engineer assigns on branch requests, the hot line manager on senior ones. */
const assign = (engineer_ids: number[], who = actor({ ...R.edit, ...R.engineer }, 2), executors = refs().users): RequestCommand => ({
  type: 'AssignEngineers',
  actor: who,
  engineer_ids,
  executors,
});
const registers = (command: RequestCommand) =>
  given(requestDecider, [])
    .when(command, ctx())
    .then((events) => expect(events.map((e) => e.type)).toEqual(['RequestRegistered']));

describe('references of a new request', () => {
  it('given a tool, contact and executor of the request\'s unit and region, when registering, then it is registered', () => {
    registers(register({}, refs(), [2]));
  });

  it('given a tool of another unit, when registering, then it is refused and nothing is decided', () => {
    given(requestDecider, []).when(register({ tool_id: 8 }), ctx()).thenThrows(referenceMessages.tool, 'invalid');
    given(requestDecider, []).when(register({ tool_id: 999 }), ctx()).thenThrows(referenceMessages.tool, 'invalid');
  });

  it('given a contact of the unit\'s host organisation, when registering, then it is accepted; an unknown or foreign contact is refused', () => {
    registers(register({ contact_id: 101 }));
    given(requestDecider, []).when(register({ contact_id: 102 }), ctx()).thenThrows(referenceMessages.contact, 'invalid');
    given(requestDecider, []).when(register({ contact_id: 2147483647 }), ctx()).thenThrows(referenceMessages.contact, 'invalid');
    given(requestDecider, []).when(register({ contact_id: 4 }), ctx()).thenThrows(referenceMessages.contact, 'invalid');
  });

  it('given an unregistered contact, when registering, then no contact account is needed', () => {
    registers(register({ contact_kind: ContactKind.STRANGER, contact_id: null, contact_unknown_name: 'Петров', contact_unknown_email: 'p@example.ru' }));
  });

  it('given the unit of another region or an unknown unit, when registering, then it is refused', () => {
    given(requestDecider, []).when(register({ region_id: 2 }), ctx()).thenThrows(referenceMessages.regionOfUnit, 'invalid');
    given(requestDecider, []).when(register({}, refs({ unit: null })), ctx()).thenThrows(referenceMessages.unit, 'invalid');
  });

  it('given unknown catalogue items, when registering, then each is refused with its own message', () => {
    given(requestDecider, [])
      .when(register({}, refs({ catalog: { program_id: false } })), ctx())
      .thenThrows(referenceMessages.catalog.program_id, 'invalid');
    given(requestDecider, requestHistory({ request: baseFields(), stage: 'performing', engineers: [2] }))
      .when(save(engineerOf, { subsystem_id: 9 }, { lookups: { references: refs({ catalog: { subsystem_id: false } }) } }), ctx())
      .thenThrows(referenceMessages.catalog.subsystem_id, 'invalid');
  });

  it('given executors of another region or the hot line on a branch request, when registering, then they are refused', () => {
    given(requestDecider, []).when(register({}, refs(), [3]), ctx()).thenThrows(referenceMessages.executorFilial, 'invalid');
    given(requestDecider, []).when(register({}, refs(), [4]), ctx()).thenThrows(referenceMessages.executorFilial, 'invalid');
    given(requestDecider, []).when(register({}, refs(), [100]), ctx()).thenThrows(referenceMessages.executorFilial, 'invalid');
    given(requestDecider, []).when(register({}, refs(), [555]), ctx()).thenThrows(referenceMessages.executorUnknown, 'invalid');
  });
});

describe('references of a saved request', () => {
  const editorOf = actor({ ...R.create, ...R.edit }, 1);

  it('given a request of unit 10, when a save names a tool of another unit, then it is refused', () => {
    given(requestDecider, [registered()])
      .when(save(editorOf, { tool_id: 8 }, { lookups: { references: refs() } }), ctx())
      .thenThrows(referenceMessages.tool, 'invalid');
  });

  it('given a request, when a save adds a commissioning tool of another unit, then it is refused', () => {
    given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: 3, program_id: null }), stage: 'performing' }))
      .when(
        save(engineerOf, {}, { tools_commissioning: [{ tool_id: 8, settling_place: 'Зал 1', instructed_person: 'Петров' }], lookups: { references: refs() } }),
        ctx(),
      )
      .thenThrows(referenceMessages.tool, 'invalid');
  });

  it('given a stored contact, when a save changes the text only, then the stored references are not re-checked', () => {
    given(requestDecider, [registered({ contact_id: 102 })])
      .when(save(editor, { request_text: 'Не печатает принтер в кабинете 14' }, { lookups: { references: refs() } }), ctx())
      .then((events) => expect(events.map((e) => e.type)).toEqual(['RequestFieldsChanged']));
  });

  it('given a request, when a save clears the region, then it is refused with "Нужно выбрать"', () => {
    given(requestDecider, [registered()])
      .when(save(editorOf, { region_id: null, unit_id: 10 }, { lookups: { references: refs() } }), ctx())
      .thenThrows('Нужно выбрать', 'invalid');
  });
});

const engineerOf = actor({ ...R.edit, ...R.engineer }, 2);

describe('executors', () => {
  it('given a branch request, when assigning an engineer of its region, then they are assigned', () => {
    given(requestDecider, [registered()])
      .when(assign([2]), ctx())
      .then((events) => expect(events.map((e) => e.type)).toEqual(['RequestEngineersAssigned']));
  });

  it('given a branch request, when assigning an engineer of another region or the hot line worker, then it is refused', () => {
    given(requestDecider, [registered()]).when(assign([3]), ctx()).thenThrows(referenceMessages.executorFilial, 'invalid');
    given(requestDecider, [registered()]).when(assign([4]), ctx()).thenThrows(referenceMessages.executorFilial, 'invalid');
    given(requestDecider, [registered()]).when(assign([77]), ctx()).thenThrows(referenceMessages.executorUnknown, 'invalid');
  });

  it('given a senior request, when assigning, then only hot line staff are accepted', () => {
    // Registered for the hot line: it waits for it.
    const senior = registered({ request_performer_kind: PerformerKind.SENIOR });
    given(requestDecider, [senior])
      .when(assign([4], manager), ctx())
      .then((events) => expect(events.map((e) => e.type)).toEqual(['RequestEngineersAssigned']));
    given(requestDecider, [senior]).when(assign([2], manager), ctx()).thenThrows(referenceMessages.executorSenior, 'invalid');
  });

  it('given an executor already on the request, when the list is saved again, then they stay', () => {
    given(requestDecider, [registered({}, { engineers: [3] })])
      .when(assign([3, 2]), ctx())
      .then((events) => expect(events.map((e) => e.type)).toEqual(['RequestEngineersAssigned']));
  });
});
