import { describe, expect, it } from 'vitest';
import { LearningType, RequestKind, SupportSystem, applyFieldReactions, dataOf, emptyRequestData, requestDecider, type RequestData, type RequestFields } from '../../../../domain/request';
import { ProgramType } from '../../../../domain/catalog/definitions';
import { given } from '../../../support/given-when-then';
import { NOW, ctx, editor, registered, save, stateOf } from './fixtures';

/** decisions 33–40: a kind change clears what depends on the kind (requests.md 4.3), in the form and in the save. */
const stored = (over: Partial<RequestFields> = {}): RequestData => dataOf(stateOf([registered(over)]));
const react = (before: RequestData, change: Partial<RequestData>, lookups = {}) =>
  applyFieldReactions(before, { ...(before ?? emptyRequestData()), ...change }, lookups, NOW).request;

const special = { request_kind_id: RequestKind.SPECIAL_SOFTWARE, program_id: 5, subsystem_id: 33, system_ts_id: SupportSystem.VIDEOCONFERENCE };

describe('changing the request kind (requests.md 4.3)', () => {
  it('clears the software, the subsystem and the system of the old kind', () => {
    const r = react(stored(special), { request_kind_id: RequestKind.REPAIR_HARD });
    expect(r).toMatchObject({ request_kind_id: RequestKind.REPAIR_HARD, program_id: null, subsystem_id: null, system_ts_id: null });
  });

  it('clears the learning type when the kind is no longer learning', () => {
    const learning = stored({ request_kind_id: RequestKind.LEARNING, program_id: null, learning_type_id: LearningType.EQUIPMENT });
    expect(react(learning, { request_kind_id: RequestKind.CONSULTATION }).learning_type_id).toBeNull();
  });

  it('keeps what the user chose in the same save; a special program chosen with the kind sets its subsystem', () => {
    const r = react(stored(special), { request_kind_id: RequestKind.RESTORE, system_ts_id: SupportSystem.LOCAL_NETWORK });
    expect(r.system_ts_id).toBe(SupportSystem.LOCAL_NETWORK);
    const withProgram = react(stored(), { request_kind_id: RequestKind.SPECIAL_SOFTWARE, program_id: 6 }, { program: { id: 6, type: ProgramType.SPECIAL, gas_sub_system_id: 44 } });
    expect(withProgram).toMatchObject({ program_id: 6, subsystem_id: 44 });
  });

  it('a change to restore takes the system from the set of the tool already chosen', () => {
    const r = react(stored(special), { request_kind_id: RequestKind.RESTORE }, { tool: { id: 7, guaranty_dt: null, set_system_ts_id: SupportSystem.LOCAL_NETWORK } });
    expect(r.system_ts_id).toBe(SupportSystem.LOCAL_NETWORK);
  });

  it('leaves them alone when the kind does not change', () => {
    expect(react(stored(special), { request_text: 'Другое описание заявки' })).toMatchObject({ program_id: 5, subsystem_id: 33, system_ts_id: SupportSystem.VIDEOCONFERENCE });
  });

  it('the save records the cleared fields with the kind change', () => {
    given(requestDecider, [registered(special)])
      .when(save(editor, { request_kind_id: RequestKind.CONSULTATION }), ctx())
      .then([
        {
          type: 'RequestFieldsChanged',
          data: {
            changes: [
              { field: 'request_kind_id', old: RequestKind.SPECIAL_SOFTWARE, new: RequestKind.CONSULTATION },
              { field: 'program_id', old: 5, new: null },
              { field: 'subsystem_id', old: 33, new: null },
              { field: 'system_ts_id', old: SupportSystem.VIDEOCONFERENCE, new: null },
            ],
          },
        },
      ]);
  });
});
