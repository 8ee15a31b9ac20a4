import { describe, expect, it } from 'vitest';
import { RequestKind, RequestStatus, availableActions, machineMessages, requestDecider } from '../../../../domain/request';
import { given } from '../../../support/given-when-then';
import { requestHistory } from '../../../support/request-histories';
import { NOW, R, actor, baseFields, button, ctx, editor, engineer, stateOf } from './fixtures';

const S = RequestStatus;
/** A special software request the hot line performed: SENIOR, the hot line worker its executor. */
const hotlinePerformed = () => requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-performed' });

/** decisions 33–40: taking back 'Выполнена ГЛ' (requests.md 4.2 take, with the branch's edit right). */
describe("taking back a request in 'Выполнена ГЛ'", () => {
  it('a branch engineer (request-edit and request-engineer, not assigned) takes it back to the branch', () => {
    given(requestDecider, hotlinePerformed())
      .when(button('TakeForPerform', engineer), ctx())
      .then((events) => {
        expect(events[0]).toMatchObject({
          type: 'RequestTakenForPerform',
          data: { request_status_id: S.PERFORMING, previous_status_id: S.HOT_LINE_PERFORMED, request_performer_kind: 'FILIAL' },
        });
      });
  });

  it("the take is among the branch engineer's buttons", () => {
    expect(availableActions(stateOf(hotlinePerformed()), engineer, NOW).has('take')).toBe(true);
  });

  it('the engineer right alone, without any edit right, is still refused', () => {
    given(requestDecider, hotlinePerformed())
      .when(button('TakeForPerform', actor(R.engineer, 2)), ctx())
      .thenThrows(machineMessages.noEdit, 'forbidden');
  });

  it('the branch edit right alone is not enough: the taker holds the engineer right or is assigned', () => {
    given(requestDecider, hotlinePerformed())
      .when(button('TakeForPerform', editor), ctx())
      .thenThrows(machineMessages.takeNotAssigned, 'forbidden');
  });
});
