import { describe, expect, it } from 'vitest';
import { declarantMessageRefusal, declarantMessageTexts, mayMessageDeclarant, mayMessageDeclarants } from '../../../../domain/request/declarant-message';
import { PerformerKind, RequestKind, RequestStatus, editableFields, requestDecider } from '../../../../domain/request';
import { given } from '../../../support/given-when-then';
import { requestHistory, type RequestStage } from '../../../support/request-histories';
import { R, actor, baseFields, ctx, hotliner, manager, registered, save, stateOf } from './fixtures';

/**
 * One rule for 'Отправить сообщение заявителю' (issue 33), read by the server's route and the dialog's button:
 * the hot line executor's (RIGHT_REQUEST_HOTLINE_EDIT), on a SENIOR request while the hot line has it.
 */
const S = RequestStatus;
const special = baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE });
const atStage = (stage: RequestStage, request = special) => stateOf(requestHistory({ request, stage }));
/** A branch engineer: branch edit and the hot line number right, not the hot line executor's. */
const branchEngineer = actor({ ...R.edit, ...R.engineer, ...R.hotlineNumber }, 2);

describe('the declarant message rule', () => {
  it('given a SENIOR request waiting for, performed by, or performing at the hot line, when the hot line executor asks, then it may be sent', () => {
    for (const stage of ['hotline-waiting', 'hotline-performing', 'hotline-performed'] as const) {
      const state = atStage(stage);
      expect(state.request_performer_kind).toBe(PerformerKind.SENIOR);
      expect(declarantMessageRefusal(state, hotliner.rights), stage).toBeNull();
      expect(mayMessageDeclarant(state, manager.rights), stage).toBe(true);
    }
    expect(atStage('hotline-performed').request_status_id).toBe(S.HOT_LINE_PERFORMED);
  });

  it('given a request the hot line closed ("Исполнено ГЛ"), when the hot line executor asks, then it is refused with the reason', () => {
    const closed = atStage('hotline-closed');
    expect(closed.request_status_id).toBe(S.CLOSED);
    expect(declarantMessageRefusal(closed, hotliner.rights)).toEqual({ kind: 'refused', message: declarantMessageTexts.notHotline });
  });

  it('given branch requests in every stage (a closed one too), when anyone asks, then it is refused: the message is the hot line\'s', () => {
    for (const stage of ['registered', 'performing', 'performed', 'closed'] as const) {
      const state = atStage(stage, baseFields());
      expect(state.request_performer_kind).toBe(PerformerKind.FILIAL);
      expect(declarantMessageRefusal(state, { ...hotliner.rights, ...branchEngineer.rights }), stage).toEqual({ kind: 'refused', message: declarantMessageTexts.notHotline });
    }
  });

  it('given a cancelled SENIOR request, when the hot line executor asks, then it is refused', () => {
    const canceled = stateOf([registered({ request_kind_id: RequestKind.MISTAKE, program_id: null, request_performer_kind: PerformerKind.SENIOR })]);
    expect(canceled.request_status_id).toBe(S.CANCELED);
    expect(mayMessageDeclarant(canceled, hotliner.rights)).toBe(false);
  });

  it('given a waiting SENIOR request, when a branch engineer (the hot line number right alone) asks, then it is forbidden, before the request is looked at', () => {
    const waiting = atStage('hotline-waiting');
    expect(mayMessageDeclarants(branchEngineer.rights)).toBe(false);
    expect(declarantMessageRefusal(waiting, branchEngineer.rights)).toEqual({ kind: 'forbidden', message: declarantMessageTexts.noRight });
    expect(declarantMessageRefusal(waiting, {})).toEqual({ kind: 'forbidden', message: declarantMessageTexts.noRight });
  });

  it('the message field follows the rule: editable whenever the message may be sent, also at "Выполнена ГЛ"; not once closed', () => {
    for (const stage of ['hotline-waiting', 'hotline-performing', 'hotline-performed', 'hotline-closed'] as const) {
      const state = atStage(stage);
      expect(editableFields(state, hotliner).has('instructed_person'), stage).toBe(mayMessageDeclarant(state, hotliner.rights));
      expect(editableFields(state, branchEngineer).has('instructed_person'), stage).toBe(false);
    }
  });

  it('given a request performed by the hot line, when the hot line executor saves the message text, then it is recorded; other fields stay closed', () => {
    const performed = requestHistory({ request: special, stage: 'hotline-performed' });
    given(requestDecider, performed)
      .when(save(hotliner, { instructed_person: 'Исправление установлено, проверьте, пожалуйста' }), ctx())
      .then((events) => expect(events.map((e) => e.type)).toEqual(['RequestFieldsChanged']));
    given(requestDecider, performed)
      .when(save(hotliner, { hotline_work_description: 'Другое описание работ' }), ctx())
      .thenThrows(/нельзя изменить/, 'refused');
    given(requestDecider, requestHistory({ request: special, stage: 'hotline-closed' }))
      .when(save(hotliner, { instructed_person: 'Исправление установлено' }), ctx())
      .thenThrows(/Недостаточно прав|нельзя изменить/);
  });
});
