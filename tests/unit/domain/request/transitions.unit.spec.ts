import { describe, expect, it } from 'vitest';
import {
  ActKind,
  HotlineResult,
  InspectionBefore,
  PerformerKind,
  RequestKind,
  RequestResult,
  RequestStatus,
  machineMessages,
  requestDecider,
  type RequestEvent,
  type RequestField,
  type RequestFields,
} from '../../../../domain/request';
import { given } from '../../../support/given-when-then';
import { requestHistory } from '../../../support/request-histories';
import {
  R,
  TODAY,
  actor,
  assignee,
  attached,
  baseFields,
  button,
  ctx,
  doc,
  editor,
  engineer,
  hotliner,
  manager,
  nobody,
  plantedRequest,
  registered,
  save,
} from './fixtures';

const S = RequestStatus;
const text = 'Не печатает принтер в кабинете 12';

/** Requests.md 4.2, one describe per row of the transition table. */
describe('transition table (requests.md 4.2)', () => {
  describe('Take for perform (Принять к исполнению)', () => {
    it('an unassigned user with the engineer right takes a request waiting for an engineer and joins its executors', () => {
      given(requestDecider, [registered()])
        .when(button('TakeForPerform', engineer), ctx())
        .then([
          {
            type: 'RequestTakenForPerform',
            data: {
              request_status_id: S.PERFORMING,
              previous_status_id: S.WAITING_ENGINEER,
              request_text_expl: text,
              request_performer_kind: PerformerKind.FILIAL,
              engineers: [2],
              taken_by: 2,
            },
          },
        ]);
    });

    it('an assigned engineer takes it without the engineer right; a filled expanded description is kept', () => {
      given(requestDecider, [registered({ request_text_expl: 'Уже изучено' }, { engineers: [3] })])
        .when(button('TakeForPerform', assignee), ctx())
        .then((events) => {
          expect(events).toHaveLength(1);
          expect(events[0]).toMatchObject({
            type: 'RequestTakenForPerform',
            data: { request_text_expl: 'Уже изучено', engineers: [3], request_status_id: S.PERFORMING },
          });
        });
    });

    it('a request performed by the hot line is taken back by the branch (performer kind FILIAL)', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-performed' }))
        .when(button('TakeForPerform', hotliner), ctx())
        .then((events) => {
          expect(events[0]).toMatchObject({
            type: 'RequestTakenForPerform',
            data: { request_status_id: S.PERFORMING, previous_status_id: S.HOT_LINE_PERFORMED, request_performer_kind: 'FILIAL' },
          });
        });
    });

    it('is refused to an editor who is neither assigned nor holds the engineer right', () => {
      given(requestDecider, [registered({}, { engineers: [3] })])
        .when(button('TakeForPerform', editor), ctx())
        .thenThrows(machineMessages.takeNotAssigned, 'forbidden');
    });

    it('is refused to a user who may not edit the request', () => {
      given(requestDecider, [registered({}, { engineers: [9] })])
        .when(button('TakeForPerform', actor(R.engineer, 9)), ctx())
        .thenThrows(machineMessages.noEdit, 'forbidden');
    });

    it('is refused in other statuses', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performing' }))
        .when(button('TakeForPerform', engineer), ctx())
        .thenThrows('Действие «Принять к исполнению» недоступно для заявки в статусе «Исполняется»', 'refused');
      given(requestDecider, [plantedRequest('«Ожидает назначения» comes only with the old system\'s data: no command leads to it', { request_status_id: S.WAITING_ASSIGNMENT })])
        .when(button('TakeForPerform', engineer), ctx())
        .thenThrows('Действие «Принять к исполнению» недоступно для заявки в статусе «Ожидает назначения»', 'refused');
    });
  });

  describe('Заявка выполнена', () => {
    it('closes a performed request with a hot line number', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed', result: { hotlinegas_number: 'ГЛ-77' } }))
        .when(button('Complete', editor), ctx())
        .then([{ type: 'RequestClosed', data: { request_status_id: S.CLOSED, previous_status_id: S.PERFORMED } }]);
    });

    it('is refused without the hot line number', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed', afterwards: { hotlinegas_number: ' ' } }))
        .when(button('Complete', editor), ctx())
        .thenThrows(
          'Закрытие заявки невозможно, заполните поле Номер на ГЛ: заявка должна быть зарегистрирована на горячей линии (кнопка «Добавить на ГЛ»)',
          'refused',
        );
    });

    it('needs the approval right (request edit)', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed', result: { hotlinegas_number: 'ГЛ-77' } }))
        .when(button('Complete', actor(R.hotlineNumber)), ctx())
        .thenThrows(machineMessages.noApprove, 'forbidden');
    });

    it('is refused before the request is performed', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performing', result: { hotlinegas_number: 'ГЛ-77' } }))
        .when(button('Complete', editor), ctx())
        .thenThrows('Действие «Заявка выполнена» недоступно для заявки в статусе «Исполняется»', 'refused');
    });
  });

  describe('Re-execute (На повторное исполнение)', () => {
    it('returns a performed request to waiting for an engineer and clears result and result date', () => {
      given(
        requestDecider,
        requestHistory({ request: baseFields(), stage: 'performed', result: { result: RequestResult.FULFILLED, note: 'Заменен картридж' }, performedOn: '2026-03-05' }),
      )
        .when(button('Reexecute', editor), ctx())
        .then([
          {
            type: 'RequestReexecuted',
            data: {
              request_status_id: S.WAITING_ENGINEER,
              previous_status_id: S.PERFORMED,
              result: null,
              result_d: null,
              previous_result: 'fulfilled',
              previous_result_d: '2026-03-05',
            },
          },
        ]);
    });

    it('needs the approval right', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed' }))
        .when(button('Reexecute', actor(R.engineer)), ctx())
        .thenThrows(machineMessages.noApprove, 'forbidden');
    });

    it('is refused for a closed request (cancel its execution first)', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'closed', result: { hotlinegas_number: 'ГЛ-77' } }))
        .when(button('Reexecute', editor), ctx())
        .thenThrows('Действие «На повторное исполнение» недоступно для заявки в статусе «Закрыта»', 'refused');
    });
  });

  describe('Cancel execution (Отменить исполнение)', () => {
    const closed = (result_d: string) => requestHistory({ request: baseFields(), stage: 'closed', result: { hotlinegas_number: 'ГЛ-77' }, performedOn: result_d });
    const resumer = actor(R.resume);

    it('reopens a closed request to performed within 3 days of the result date', () => {
      given(requestDecider, closed('2026-03-07'))
        .when(button('CancelExecution', resumer), ctx())
        .then([{ type: 'RequestExecutionCancelled', data: { request_status_id: S.PERFORMED, previous_status_id: S.CLOSED } }]);
    });

    it('is refused after 3 days', () => {
      given(requestDecider, closed('2026-03-06'))
        .when(button('CancelExecution', resumer), ctx())
        .thenThrows('Отменить исполнение можно только в течение 3 дней с даты исполнения', 'refused');
    });

    it('needs the resume right', () => {
      given(requestDecider, closed('2026-03-09'))
        .when(button('CancelExecution', editor), ctx())
        .thenThrows(machineMessages.noResume, 'forbidden');
    });

    it('is refused for a request that is not closed', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed', performedOn: TODAY }))
        .when(button('CancelExecution', resumer), ctx())
        .thenThrows('Действие «Отменить исполнение» недоступно для заявки в статусе «Выполнена»', 'refused');
    });
  });

  describe('Save while PERFORMING, PERFORMED or CLOSED with the matching act', () => {
    // Registered with the kind's fields, taken, and the result saved while performing (no act yet).
    const performing = (over: Partial<RequestFields> = {}) =>
      requestHistory({
        // Registration takes the common tab only; the movement fields are saved once it is taken.
        request: baseFields(Object.fromEntries(Object.entries(over).filter(([k]) => k === 'request_kind_id' || k === 'learning_type_id'))),
        stage: 'performing',
        performedOn: TODAY,
        result: { result: 'fulfilled', note: 'Переустановлен драйвер', ...over },
      });
    const planted = (over = {}) =>
      plantedRequest(
        'a proposal or consultation saved with its result while performing is performed by that very save, so no command sequence leaves it performing with a result',
        { request_status_id: S.PERFORMING, result: 'fulfilled', note: 'Переустановлен драйвер', ...over },
      );
    const performed = (result_d: string, previous: number = S.PERFORMING): RequestEvent => ({
      type: 'RequestPerformed',
      data: { request_status_id: S.PERFORMED, previous_status_id: previous, result_d },
    });

    it('software with a СО-3 act: performed, result date today when unset', () => {
      given(requestDecider, [...performing(), attached(doc(ActKind.CO_3))])
        .when(save(editor), ctx())
        .then([performed(TODAY)]);
    });

    it('keeps a result date already set', () => {
      given(requestDecider, [...performing({ result_d: '2026-03-04' }), attached(doc(ActKind.CO_3))])
        .when(save(editor), ctx())
        .then([performed('2026-03-04')]);
    });

    it('restore needs СО-3, learning the learning act, commissioning СО-1.3', () => {
      for (const [kind, act] of [
        [RequestKind.RESTORE, ActKind.CO_3],
        [RequestKind.LEARNING, ActKind.LEARNING],
        [RequestKind.COMMISSIONING, ActKind.CO_13],
      ] as const) {
        given(requestDecider, [...performing({ request_kind_id: kind, learning_type_id: 1 }), attached(doc(act))])
          .when(save(editor), ctx())
          .then([performed(TODAY)]);
        given(requestDecider, [...performing({ request_kind_id: kind, learning_type_id: 1 }), attached(doc(ActKind.CO_41))])
          .when(save(editor), ctx())
          .then([]);
      }
    });

    // The act fields are never typed: the act's own number and date fill them (decisions 72–86).
    const actFilled = (number: RequestField, date: RequestField, values: [string, string]): RequestEvent => ({
      type: 'RequestFieldsChanged',
      data: { changes: [{ field: number, old: null, new: values[0] }, { field: date, old: null, new: values[1] }] },
    });

    it('hard repair to dismiss takes the СО-7 date', () => {
      given(requestDecider, [
        ...performing({
          request_kind_id: RequestKind.REPAIR_HARD,
          view_res_before: InspectionBefore.TO_DISMISS,
          result_d: '2026-03-02',
        }),
        attached(doc(ActKind.CO_7)),
        actFilled('co_7_number', 'co_7_d', ['ТС-1', '2026-03-09']),
      ])
        .when(save(editor), ctx())
        .then([performed('2026-03-09')]);
    });

    it('other hard repair needs СО-8 and takes the repair date, else the СО-8 date', () => {
      const repair = { request_kind_id: RequestKind.REPAIR_HARD, view_res_before: InspectionBefore.REPAIR_NEEDED };
      const co8 = actFilled('co_8_number', 'co_8_d', ['СР-1', '2026-03-08']);
      given(requestDecider, [...performing({ ...repair, date_repair_d: '2026-03-07' }), attached(doc(ActKind.CO_8)), co8])
        .when(save(editor), ctx())
        .then([performed('2026-03-07')]);
      given(requestDecider, [...performing(repair), attached(doc(ActKind.CO_8)), co8])
        .when(save(editor), ctx())
        .then([performed('2026-03-08')]);
      given(requestDecider, [...performing(repair), attached(doc(ActKind.CO_7))])
        .when(save(editor), ctx())
        .then([]);
    });

    it('a proposal with result fulfilled and a consultation need no act', () => {
      given(requestDecider, [planted({ request_kind_id: RequestKind.PROPOSAL })])
        .when(save(editor), ctx())
        .then([performed(TODAY)]);
      given(requestDecider, [planted({ request_kind_id: RequestKind.PROPOSAL, result: 'partially' })])
        .when(save(editor), ctx())
        .then([]);
      given(requestDecider, [planted({ request_kind_id: RequestKind.CONSULTATION })])
        .when(save(editor), ctx())
        .then([performed(TODAY)]);
    });

    it('without the act the request stays performing', () => {
      given(requestDecider, performing())
        .when(save(editor, { note: 'Переустановлен драйвер принтера' }), ctx())
        .then([
          {
            type: 'RequestFieldsChanged',
            data: { changes: [{ field: 'note', old: 'Переустановлен драйвер', new: 'Переустановлен драйвер принтера' }] },
          },
        ]);
    });

    it('attaching the act in the same save performs the request', () => {
      given(requestDecider, performing({ hotlinegas_number: 'ГЛ-1' }))
        .when(save(editor, {}, { documents_added: [doc(ActKind.CO_3)] }), ctx())
        .then([{ type: 'RequestDocumentAttached', data: { document: doc(ActKind.CO_3) } }, performed(TODAY)]);
    });

    it('a performed request saved again keeps its result date and emits nothing', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed', result: { note: 'Переустановлен драйвер' }, performedOn: '2026-03-05' }))
        .when(save(actor({ ...R.edit, ...R.hotlineNumber })), ctx())
        .then([]);
    });

    it('a closed request whose data a save changes returns to performed; an unchanged save keeps it closed', () => {
      const closed = requestHistory({ request: baseFields(), stage: 'closed', result: { note: 'Переустановлен драйвер', hotlinegas_number: 'ГЛ-1' }, performedOn: '2026-03-05' });
      given(requestDecider, closed)
        .when(save(actor(R.hotlineNumber), { hotlinegas_number: 'ГЛ-2' }), ctx())
        .then([
          { type: 'RequestFieldsChanged', data: { changes: [{ field: 'hotlinegas_number', old: 'ГЛ-1', new: 'ГЛ-2' }] } },
          performed('2026-03-05', S.CLOSED),
        ]);
      given(requestDecider, closed)
        .when(save(actor(R.hotlineNumber)), ctx())
        .then([]);
    });

    it('a save by a user who may change nothing in the status is refused', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'closed' }))
        .when(save(editor), ctx())
        .thenThrows(machineMessages.noEdit, 'forbidden');
    });
  });

  describe("Save special software with result 'passed to hot line' while PERFORMING", () => {
    // Taken by an assigned engineer (user 2), who saves a result date and a note while performing it.
    const performing = (kind: number) =>
      requestHistory({ request: baseFields({ request_kind_id: kind }), stage: 'performing', engineers: [2, 3], result: { result_d: '2026-03-09', note: 'Ошибка СПО' } });

    it('moves it to the hot line: SENIOR, result date, note and engineers cleared', () => {
      given(requestDecider, performing(RequestKind.SPECIAL_SOFTWARE))
        .when(save(editor, { result: 'passed to hot line' }), ctx())
        .then([
          {
            type: 'RequestFieldsChanged',
            data: { changes: [{ field: 'result', old: null, new: 'passed to hot line' }] },
          },
          {
            type: 'RequestMovedToHotLine',
            data: {
              request_status_id: S.HOT_LINE_WAITING,
              previous_status_id: S.PERFORMING,
              request_performer_kind: 'SENIOR',
              result_d: null,
              note: null,
              engineers: [],
              previous_result_d: '2026-03-09',
              previous_note: 'Ошибка СПО',
              previous_engineers: [2, 3],
            },
          },
        ]);
    });

    it('does not move common software', () => {
      given(requestDecider, performing(RequestKind.COMMON_SOFTWARE))
        .when(save(editor, { result: 'passed to hot line' }), ctx())
        .then((events) => expect(events.map((e) => e.type)).toEqual(['RequestFieldsChanged']));
    });
  });

  describe('Hotline take for perform', () => {
    it('sets the engineers to the current user', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-waiting', hotlineEngineers: [7] }))
        .when(button('HotlineTake', hotliner), ctx())
        .then([
          {
            type: 'RequestHotLineTaken',
            data: {
              request_status_id: S.HOT_LINE_PERFORMING,
              previous_status_id: S.HOT_LINE_WAITING,
              engineers: [4],
              engineer_id: 4,
              previous_engineers: [7],
            },
          },
        ]);
    });

    it('needs the hot line edit right', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-waiting' }))
        .when(button('HotlineTake', editor), ctx())
        .thenThrows(machineMessages.noEdit, 'forbidden');
    });

    it('is refused once taken', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-performing' }))
        .when(button('HotlineTake', hotliner), ctx())
        .thenThrows('Действие «Принять к исполнению (ГЛ)» недоступно для заявки в статусе «Исполняется ГЛ»', 'refused');
    });
  });

  describe('Hotline fulfil', () => {
    const performing = [
      plantedRequest('moving a request to the hot line clears its note, and the hot line may not write one, so no command sequence reaches hot line performing with a note', {
        request_status_id: S.HOT_LINE_PERFORMING,
        request_performer_kind: 'SENIOR',
        note: 'Передано на ГЛ',
        hotline_result_type: 1,
        hotline_work_description: 'Обновлена версия СПО',
      }),
    ];

    it('closes with the hot line result fulfilled, result type and dates set, work description appended to the note', () => {
      given(requestDecider, performing)
        .when(button('HotlineFulfil', manager), ctx())
        .then([
          {
            type: 'RequestHotLineFulfilled',
            data: {
              request_status_id: S.CLOSED,
              previous_status_id: S.HOT_LINE_PERFORMING,
              hotline_result_id: HotlineResult.FULFILLED,
              hotline_result_type: 1,
              hotline_result_date: TODAY,
              result: 'fulfilled by hot line',
              result_type: 1,
              result_d: TODAY,
              note: 'Передано на ГЛ\nОбновлена версия СПО',
            },
          },
        ]);
    });

    it('needs the request delete right (hot line management)', () => {
      given(requestDecider, performing)
        .when(button('HotlineFulfil', hotliner), ctx())
        .thenThrows(machineMessages.noHotlineManage, 'forbidden');
    });

    it('is refused before the hot line took the request', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-waiting' }))
        .when(button('HotlineFulfil', manager), ctx())
        .thenThrows('Действие «Исполнено ГЛ» недоступно для заявки в статусе «Ожидает ГЛ»', 'refused');
    });
  });

  describe('Save with status HOT_LINE_PERFORMING and a fulfilled hot line result', () => {
    const performing = requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-performing' });

    it('marks it performed by the hot line with the hot line result date', () => {
      given(requestDecider, performing)
        .when(save(hotliner, { hotline_result_id: HotlineResult.FULFILLED }), ctx())
        .then([
          { type: 'RequestFieldsChanged', data: { changes: [{ field: 'hotline_result_id', old: null, new: 1 }] } },
          {
            type: 'RequestHotLinePerformed',
            data: { request_status_id: S.HOT_LINE_PERFORMED, previous_status_id: S.HOT_LINE_PERFORMING, hotline_result_date: TODAY },
          },
        ]);
    });

    it('another hot line result keeps it performing', () => {
      given(requestDecider, performing)
        .when(save(hotliner, { hotline_result_id: HotlineResult.NOT_FULFILLED }), ctx())
        .then((events) => expect(events.map((e) => e.type)).toEqual(['RequestFieldsChanged']));
    });
  });

  describe('Hotline re-execute', () => {
    const performed = requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-performed', performedOn: '2026-03-09' });

    it('returns it to the hot line queue, clearing the hot line result and date', () => {
      given(requestDecider, performed)
        .when(button('HotlineReexecute', manager), ctx())
        .then([
          {
            type: 'RequestHotLineReexecuted',
            data: {
              request_status_id: S.HOT_LINE_WAITING,
              previous_status_id: S.HOT_LINE_PERFORMED,
              hotline_result_id: null,
              hotline_result_date: null,
              previous_hotline_result_id: 1,
              previous_hotline_result_date: '2026-03-09',
            },
          },
        ]);
    });

    it('needs hot line management', () => {
      given(requestDecider, performed).when(button('HotlineReexecute', hotliner), ctx()).thenThrows(machineMessages.noHotlineManage, 'forbidden');
    });

    it('is refused while waiting', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-waiting' }))
        .when(button('HotlineReexecute', manager), ctx())
        .thenThrows(/недоступно для заявки в статусе «Ожидает ГЛ»/, 'refused');
    });
  });

  describe('Hotline cancel execution', () => {
    it('returns a hot-line-performed request to hot line performing', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-performed' }))
        .when(button('HotlineCancelExecution', manager), ctx())
        .then([
          {
            type: 'RequestHotLineExecutionCancelled',
            data: { request_status_id: S.HOT_LINE_PERFORMING, previous_status_id: S.HOT_LINE_PERFORMED },
          },
        ]);
    });

    it('reopens a request the hot line closed', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-closed' }))
        .when(button('HotlineCancelExecution', manager), ctx())
        .then([
          { type: 'RequestHotLineExecutionCancelled', data: { request_status_id: S.HOT_LINE_PERFORMING, previous_status_id: S.CLOSED } },
        ]);
    });

    it('is refused for a branch request and without the management right', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'closed' }))
        .when(button('HotlineCancelExecution', manager), ctx())
        .thenThrows('Действие «Отменить исполнение (ГЛ)» недоступно для заявки в статусе «Закрыта»', 'refused');
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-performed' }))
        .when(button('HotlineCancelExecution', hotliner), ctx())
        .thenThrows(machineMessages.noHotlineManage, 'forbidden');
    });
  });

  describe('Save with kind MISTAKE or REVOKE', () => {
    it('cancels the request and clears its engineers', () => {
      for (const kind of [RequestKind.MISTAKE, RequestKind.REVOKE]) {
        given(requestDecider, [registered({}, { engineers: [2] })])
          .when(save(editor, { request_kind_id: kind, program_id: null }), ctx())
          .then([
            {
              type: 'RequestFieldsChanged',
              data: {
                changes: [
                  { field: 'request_kind_id', old: RequestKind.COMMON_SOFTWARE, new: kind },
                  { field: 'program_id', old: 5, new: null },
                ],
              },
            },
            {
              type: 'RequestCanceled',
              data: {
                request_status_id: S.CANCELED,
                previous_status_id: S.WAITING_ENGINEER,
                request_kind_id: kind,
                engineers: [],
                previous_engineers: [2],
              },
            },
          ]);
      }
    });

    it('cancels a request being performed (the kind is on the movement tab then)', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performing' }))
        .when(save(editor, { request_kind_id: RequestKind.MISTAKE, program_id: null }), ctx())
        .then((events) => {
          expect(events.at(-1)).toMatchObject({
            type: 'RequestCanceled',
            data: { request_status_id: S.CANCELED, previous_status_id: S.PERFORMING, request_kind_id: RequestKind.MISTAKE, engineers: [] },
          });
        });
    });

    it('cancels a request waiting for the hot line', () => {
      given(requestDecider, requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-waiting' }))
        .when(save(hotliner, { request_kind_id: RequestKind.REVOKE, program_id: null }), ctx())
        .then((events) => {
          expect(events.at(-1)).toMatchObject({
            type: 'RequestCanceled',
            data: { request_status_id: S.CANCELED, previous_status_id: S.HOT_LINE_WAITING, request_kind_id: RequestKind.REVOKE },
          });
        });
    });

    it('a canceled request accepts no changes of its kind', () => {
      // Registered with a kind that cancels it.
      given(requestDecider, [registered({ request_kind_id: RequestKind.MISTAKE, program_id: null })])
        .when(save(editor, { request_kind_id: RequestKind.COMMON_SOFTWARE }), ctx())
        .thenThrows('Поле «Тип заявки» нельзя изменить в статусе «Отменена»', 'refused');
    });
  });

  describe("Recall ('Отозвать заявку?')", () => {
    it('sets the kind to REVOKE and cancels the request', () => {
      given(requestDecider, [registered({}, { engineers: [2] })])
        .when(button('Recall', editor), ctx())
        .then([
          { type: 'RequestRecalled', data: { request_kind_id: RequestKind.REVOKE, previous_kind_id: RequestKind.COMMON_SOFTWARE } },
          {
            type: 'RequestCanceled',
            data: {
              request_status_id: S.CANCELED,
              previous_status_id: S.WAITING_ENGINEER,
              request_kind_id: RequestKind.REVOKE,
              engineers: [],
              previous_engineers: [2],
            },
          },
        ]);
    });

    it('is refused for a completed request, an already revoked one and without edit rights', () => {
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed' }))
        .when(button('Recall', editor), ctx())
        .thenThrows('Действие «Отозвать заявку» недоступно для заявки в статусе «Выполнена»', 'refused');
      given(requestDecider, [plantedRequest('a revoked kind cancels the request it is registered or saved with, so only the old system\'s data holds one in a live status', { request_kind_id: RequestKind.REVOKE })])
        .when(button('Recall', editor), ctx())
        .thenThrows(machineMessages.alreadyRevoked, 'refused');
      given(requestDecider, [registered()]).when(button('Recall', nobody), ctx()).thenThrows(machineMessages.noEdit, 'forbidden');
    });
  });

  describe('Assign engineers', () => {
    const assign = (engineer_ids: number[], who = editor) => ({ type: 'AssignEngineers' as const, actor: who, engineer_ids });

    it('replaces the executors of a branch request', () => {
      given(requestDecider, [registered({}, { engineers: [2] })])
        .when(assign([3, 2, 3]), ctx())
        .then([
          {
            type: 'RequestEngineersAssigned',
            data: { engineers: [3, 2], previous: [2], request_status_id: S.WAITING_ENGINEER, previous_status_id: S.WAITING_ENGINEER },
          },
        ]);
    });

    it('moves a request waiting for assignment to waiting for an engineer', () => {
      given(requestDecider, [plantedRequest('«Ожидает назначения» comes only with the old system\'s data: no command leads to it', { request_status_id: S.WAITING_ASSIGNMENT })])
        .when(assign([3]), ctx())
        .then([
          {
            type: 'RequestEngineersAssigned',
            data: { engineers: [3], previous: [], request_status_id: S.WAITING_ENGINEER, previous_status_id: S.WAITING_ASSIGNMENT },
          },
        ]);
    });

    it('on hot line requests needs the management right', () => {
      const waiting = requestHistory({ request: baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE }), stage: 'hotline-waiting' });
      given(requestDecider, waiting).when(assign([4], hotliner), ctx()).thenThrows(machineMessages.noHotlineManage, 'forbidden');
      given(requestDecider, waiting)
        .when(assign([4], manager), ctx())
        .then((events) => expect(events[0]?.type).toBe('RequestEngineersAssigned'));
    });

    it('needs the approval right on branch requests and is refused on completed requests', () => {
      given(requestDecider, [registered()]).when(assign([4], nobody), ctx()).thenThrows(machineMessages.noApprove, 'forbidden');
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed' }))
        .when(assign([4]), ctx())
        .thenThrows('Действие «Назначить исполнителей» недоступно для заявки в статусе «Выполнена»', 'refused');
    });

    it('the same executors again change nothing', () => {
      given(requestDecider, [registered({}, { engineers: [2] })]).when(assign([2]), ctx()).then([]);
    });
  });
});
