import { describe, expect, it } from 'vitest';
import {
  ActKind,
  InspectionBefore,
  RequestKind,
  actsOfKind,
  emptyRequestFields,
  matchingActKind,
  requestDateFields,
  requestFieldNames,
  requestFields,
  requestFieldTitles,
  requestKindIds,
  requestKindsWithAct,
  requestMachine,
  requestStatusIds,
  statusName,
  type RequestStateMeta,
} from '../../../../domain/request';

describe('the request lifecycle in one place', () => {
  it('every status of the machine declares its editable grants in its meta', () => {
    for (const id of requestStatusIds) {
      const meta = requestMachine.states[statusName(id)]?.meta as RequestStateMeta | undefined;
      expect(Array.isArray(meta?.editable), statusName(id)).toBe(true);
    }
  });

  it('the act a save needs is one of the acts its kind may carry', () => {
    for (const kind of requestKindIds)
      for (const view_res_before of [null, InspectionBefore.TO_DISMISS, InspectionBefore.REPAIR_NEEDED]) {
        const act = matchingActKind({ request_kind_id: kind, view_res_before });
        if (act !== null) expect(actsOfKind[kind]).toContain(act);
      }
    expect(requestKindsWithAct(ActKind.CO_3)).toEqual([RequestKind.COMMON_SOFTWARE, RequestKind.SPECIAL_SOFTWARE, RequestKind.RESTORE]);
    expect(requestKindsWithAct(ActKind.CO_41)).toEqual([RequestKind.REPAIR_HARD]);
  });
});

describe('the request field table', () => {
  it('gives every field its empty value, title and type, in the order of the state', () => {
    expect(Object.keys(emptyRequestFields())).toEqual(requestFieldNames);
    for (const f of requestFieldNames) {
      expect(emptyRequestFields()[f]).toBe(requestFields[f].empty);
      expect(requestFieldTitles[f]).toBe(requestFields[f].title);
    }
    expect(requestDateFields.every((f) => requestFields[f].type === 'date')).toBe(true);
  });
});
