import { describe, expect, it } from 'vitest';
import {
  ActKind,
  PerformerKind,
  RequestKind,
  RequestStatus,
  WarrantyKind,
  canEdit,
  commonFields,
  editableFields,
  hotlineFields,
  movementFields,
  movementLists,
  requestDecider,
  type RequestEvent,
} from '../../../../domain/request';
import { given } from '../../../support/given-when-then';
import { requestHistory } from '../../../support/request-histories';
import {
  R,
  actor,
  attached,
  baseFields,
  ctx,
  doc,
  editor,
  file,
  hotliner,
  plantedRequest,
  registered,
  save,
  stateOf,
} from './fixtures';

const S = RequestStatus;
const special = baseFields({ request_kind_id: RequestKind.SPECIAL_SOFTWARE });
/** A request in each status, reached by the commands that lead there (only the legacy «Ожидает назначения» is planted). */
const historyAt = (status: number): RequestEvent[] => {
  switch (status) {
    case S.WAITING_ASSIGNMENT:
      return [plantedRequest('«Ожидает назначения» comes only with the old system\'s data: no command leads to it', { request_status_id: S.WAITING_ASSIGNMENT })];
    case S.WAITING_ENGINEER:
      return requestHistory({ request: baseFields(), stage: 'registered' });
    case S.PERFORMING:
      return requestHistory({ request: baseFields(), stage: 'performing' });
    case S.PERFORMED:
      return requestHistory({ request: baseFields(), stage: 'performed' });
    case S.CLOSED:
      return requestHistory({ request: baseFields(), stage: 'closed' });
    case S.CANCELED:
      return [registered({ request_kind_id: RequestKind.MISTAKE, program_id: null })];
    case S.HOT_LINE_WAITING:
      return requestHistory({ request: special, stage: 'hotline-waiting' });
    case S.HOT_LINE_PERFORMING:
      return requestHistory({ request: special, stage: 'hotline-performing' });
    case S.HOT_LINE_PERFORMED:
      return requestHistory({ request: special, stage: 'hotline-performed' });
    default:
      throw new Error(`no history reaches status ${status}`);
  }
};
const at = (status: number) => stateOf(historyAt(status));
const all = actor({ ...R.edit, ...R.hotlineEdit, ...R.hotlineNumber, ...R.docsDelete });

describe('editability (requests.md 4.1)', () => {
  describe('general edit permission', () => {
    it('no number yet, FILIAL with request-edit, or SENIOR with hotline-edit', () => {
      expect(canEdit({ number: null, request_performer_kind: PerformerKind.FILIAL }, {})).toBe(true);
      expect(canEdit({ number: 1, request_performer_kind: PerformerKind.FILIAL }, R.edit)).toBe(true);
      expect(canEdit({ number: 1, request_performer_kind: PerformerKind.FILIAL }, R.hotlineEdit)).toBe(false);
      expect(canEdit({ number: 1, request_performer_kind: PerformerKind.SENIOR }, R.hotlineEdit)).toBe(true);
      expect(canEdit({ number: 1, request_performer_kind: PerformerKind.SENIOR }, R.edit)).toBe(false);
    });

    it('a user without the edit right is refused with a forbidden naming the field', () => {
      given(requestDecider, [registered()])
        .when(save(hotliner, { request_text: 'Новое описание проблемы' }), ctx())
        .thenThrows('Недостаточно прав для изменения поля «Описание»', 'forbidden');
    });

    it('a hot line request is edited with the hotline-edit right, not with request-edit', () => {
      // Registered for the hot line, it waits for it.
      const waiting = registered({ request_performer_kind: PerformerKind.SENIOR });
      given(requestDecider, [waiting])
        .when(save(hotliner, { request_text: 'Новое описание проблемы' }), ctx())
        .then((events) => expect(events[0]?.type).toBe('RequestFieldsChanged'));
      given(requestDecider, [waiting])
        .when(save(editor, { request_text: 'Новое описание проблемы' }), ctx())
        .thenThrows('Недостаточно прав для изменения поля «Описание»', 'forbidden');
    });
  });

  describe('common tab fields', () => {
    it('are editable only in waiting assignment, waiting engineer and hot line waiting', () => {
      for (const status of [S.WAITING_ASSIGNMENT, S.WAITING_ENGINEER, S.HOT_LINE_WAITING]) {
        const fields = editableFields(at(status), all);
        for (const f of commonFields) expect(fields.has(f), `${f} in ${status}`).toBe(true);
      }
      for (const status of [S.PERFORMING, S.PERFORMED, S.CLOSED, S.CANCELED, S.HOT_LINE_PERFORMING, S.HOT_LINE_PERFORMED]) {
        const fields = editableFields(at(status), all);
        expect(fields.has('request_text'), `request_text in ${status}`).toBe(false);
        expect(fields.has('unit_id'), `unit_id in ${status}`).toBe(false);
      }
    });

    it('and for a new request, with the performer kind', () => {
      const fields = editableFields(stateOf([]), actor(R.create));
      for (const f of commonFields) expect(fields.has(f)).toBe(true);
      expect(fields.has('request_performer_kind')).toBe(true);
      expect(fields.has('attachments')).toBe(true);
      expect(fields.has('note')).toBe(false);
    });

    it('saving the description while waiting emits the change with old and new values', () => {
      given(requestDecider, [registered()])
        .when(save(editor, { request_text: 'Не включается монитор' }), ctx())
        .then([
          {
            type: 'RequestFieldsChanged',
            data: { changes: [{ field: 'request_text', old: 'Не печатает принтер в кабинете 12', new: 'Не включается монитор' }] },
          },
        ]);
    });

    it('a changed description is refused once performing or performed, and nothing is emitted', () => {
      given(requestDecider, historyAt(S.PERFORMING))
        .when(save(editor, { request_text: 'Не включается монитор' }), ctx())
        .thenThrows('Поле «Описание» нельзя изменить в статусе «Исполняется»', 'refused');
      given(requestDecider, historyAt(S.PERFORMED))
        .when(save(all, { request_text: 'Не включается монитор' }), ctx())
        .thenThrows('Поле «Описание» нельзя изменить в статусе «Выполнена»', 'refused');
    });

    it('the performer kind is chosen only on creation', () => {
      given(requestDecider, [registered()])
        .when(save(editor, { request_performer_kind: PerformerKind.SENIOR }), ctx())
        .thenThrows('Поле «Исполнитель (ГЛ/Филиал)» нельзя изменить в статусе «Ожидает исполнителя»', 'refused');
    });
  });

  describe('attachments', () => {
    it('are editable in waiting assignment and waiting engineer', () => {
      given(requestDecider, historyAt(S.WAITING_ASSIGNMENT))
        .when(save(editor, {}, { attachments_added: [file('f1')] }), ctx())
        .then([{ type: 'RequestAttachmentAdded', data: { file: file('f1') } }]);
      given(requestDecider, [registered(), { type: 'RequestAttachmentAdded', data: { file: file('f1') } } as RequestEvent])
        .when(save(editor, {}, { attachments_removed: ['f1'] }), ctx())
        .then([{ type: 'RequestAttachmentRemoved', data: { file_id: 'f1', file_name: 'f1.pdf' } }]);
    });

    it('are locked in hot line waiting and later statuses', () => {
      given(requestDecider, historyAt(S.HOT_LINE_WAITING))
        .when(save(hotliner, {}, { attachments_added: [file('f1')] }), ctx())
        .thenThrows('Поле «Вложения» нельзя изменить в статусе «Ожидает ГЛ»', 'refused');
      given(requestDecider, historyAt(S.PERFORMING))
        .when(save(editor, {}, { attachments_added: [file('f1')] }), ctx())
        .thenThrows('Поле «Вложения» нельзя изменить в статусе «Исполняется»', 'refused');
    });
  });

  describe('movement fields', () => {
    it('are editable only in PERFORMING of a branch request', () => {
      const fields = editableFields(at(S.PERFORMING), all);
      for (const f of movementFields) expect(fields.has(f)).toBe(true);
      for (const l of movementLists) expect(fields.has(l)).toBe(true);
      for (const status of [S.WAITING_ENGINEER, S.PERFORMED, S.CLOSED, S.HOT_LINE_PERFORMING])
        expect(editableFields(at(status), all).has('note')).toBe(false);
    });

    it('saving works while performing replaces the list with old and new', () => {
      given(requestDecider, historyAt(S.PERFORMING))
        .when(save(editor, {}, { works: [{ title: 'Замена блока питания', cost: 1500 }] }), ctx())
        .then([{ type: 'RequestWorksChanged', data: { works: [{ title: 'Замена блока питания', cost: 1500 }], previous: [] } }]);
    });

    it('a result note while waiting is refused', () => {
      given(requestDecider, [registered()])
        .when(save(editor, { note: 'Заменен картридж' }), ctx())
        .thenThrows('Поле «Выполненные работы» нельзя изменить в статусе «Ожидает исполнителя»', 'refused');
    });

    it('a field the rules set because of an allowed change is accepted (warranty kind from the tool)', () => {
      const repair = registered({ request_kind_id: RequestKind.REPAIR_HARD, program_id: null });
      given(requestDecider, [repair])
        .when(
          save(editor, { tool_id: 8, repair_kind_id: WarrantyKind.GUARANTY }, { lookups: { tool: { id: 8, guaranty_dt: '2027-01-01' } } }),
          ctx(),
        )
        .then([
          {
            type: 'RequestFieldsChanged',
            data: {
              changes: [
                { field: 'tool_id', old: 7, new: 8 },
                { field: 'repair_kind_id', old: null, new: WarrantyKind.GUARANTY },
              ],
            },
          },
        ]);
      given(requestDecider, [repair])
        .when(
          save(editor, { tool_id: 8, repair_kind_id: WarrantyKind.NOT_GUARANTY }, { lookups: { tool: { id: 8, guaranty_dt: '2027-01-01' } } }),
          ctx(),
        )
        .thenThrows('Поле «Тип гарантийности» нельзя изменить в статусе «Ожидает исполнителя»', 'refused');
    });
  });

  describe('hot line number', () => {
    it('needs RIGHT_HOTLINE_EDIT or RIGHT_REQUEST_HOTLINE_EDIT and is open in every status but canceled', () => {
      for (const status of [S.WAITING_ENGINEER, S.PERFORMING, S.PERFORMED, S.CLOSED, S.HOT_LINE_PERFORMED]) {
        expect(editableFields(at(status), actor(R.hotlineNumber)).has('hotlinegas_number')).toBe(true);
        expect(editableFields(at(status), actor(R.hotlineEdit)).has('hotlinegas_number')).toBe(true);
        expect(editableFields(at(status), editor).has('hotlinegas_number')).toBe(false);
      }
      expect(editableFields(at(S.CANCELED), actor(R.hotlineNumber)).has('hotlinegas_number')).toBe(false);
    });

    it('a performed request gets its hot line number', () => {
      // Performed, and its number cleared afterwards (a wrong number taken back).
      given(requestDecider, requestHistory({ request: baseFields(), stage: 'performed', afterwards: { hotlinegas_number: '' } }))
        .when(save(actor(R.hotlineNumber), { hotlinegas_number: '12345' }), ctx())
        .then([{ type: 'RequestFieldsChanged', data: { changes: [{ field: 'hotlinegas_number', old: '', new: '12345' }] } }]);
    });

    it('an editor without the number right is refused', () => {
      given(requestDecider, [registered()])
        .when(save(editor, { hotlinegas_number: '12345' }), ctx())
        .thenThrows('Недостаточно прав для изменения поля «Номер на ГЛ»', 'forbidden');
    });
  });

  describe('hot line tab fields', () => {
    it('are editable in hot line waiting and performing, not once performed', () => {
      for (const status of [S.HOT_LINE_WAITING, S.HOT_LINE_PERFORMING])
        for (const f of hotlineFields) expect(editableFields(at(status), hotliner).has(f)).toBe(true);
      given(requestDecider, historyAt(S.HOT_LINE_PERFORMED))
        .when(save(hotliner, { hotline_work_description: 'Обновление' }), ctx())
        .thenThrows('Поле «Описание работ ГЛ» нельзя изменить в статусе «Выполнена ГЛ»', 'refused');
    });
  });

  describe('completed requests', () => {
    it('offer only the hot line number and the removal of documents (and, performed by the hot line, its message to the declarant)', () => {
      expect([...editableFields(at(S.PERFORMED), all)].sort()).toEqual(['documents_remove', 'hotlinegas_number']);
      // The declarant message may still be sent (declarant-message.ts), so its text may be typed.
      expect([...editableFields(at(S.HOT_LINE_PERFORMED), all)].sort()).toEqual([
        'documents_remove',
        'hotlinegas_number',
        'instructed_person',
      ]);
      expect([...editableFields(at(S.CLOSED), all)]).toEqual(['hotlinegas_number']);
      expect([...editableFields(at(S.CANCELED), all)]).toEqual([]);
    });

    it('a deleted request offers nothing', () => {
      const state = stateOf([registered(), { type: 'RequestDeleted', data: { deleted_by: 1 } }]);
      expect(editableFields(state, all).size).toBe(0);
    });
  });

  describe('documents', () => {
    it('are added while performing (the act preconditions apply)', () => {
      given(requestDecider, historyAt(S.PERFORMING))
        .when(save(editor, {}, { documents_added: [doc(null, 'scan')] }), ctx())
        .then([{ type: 'RequestDocumentAttached', data: { document: doc(null, 'scan') } }]);
    });

    it('are removed only with the documents delete right; removing an act clears its number and date', () => {
      // Performing, with the СО-3 act attached and its number and date filled (as the act's generation leaves them).
      const history = [
        ...historyAt(S.PERFORMING),
        attached(doc(ActKind.CO_3)),
        {
          type: 'RequestFieldsChanged',
          data: { changes: [{ field: 'co_3_number', old: null, new: 'ВР-1' }, { field: 'co_3_d', old: null, new: '2026-03-09' }] },
        } as RequestEvent,
      ];
      given(requestDecider, history)
        .when(save(editor, {}, { documents_removed: ['doc-CO_3'] }), ctx())
        .thenThrows('Недостаточно прав для изменения поля «Документы»', 'forbidden');
      given(requestDecider, history)
        .when(save(actor({ ...R.docsDelete }), {}, { documents_removed: ['doc-CO_3'] }), ctx())
        .then([
          { type: 'RequestDocumentRemoved', data: { file_id: 'doc-CO_3', file_name: 'doc-CO_3.docx', act_kind: 'CO_3' } },
          {
            type: 'RequestFieldsChanged',
            data: {
              changes: [
                { field: 'co_3_number', old: 'ВР-1', new: null },
                { field: 'co_3_d', old: '2026-03-09', new: null },
              ],
            },
          },
        ]);
    });
  });

  describe('the status never comes from the client', () => {
    it('a submitted request_status_id (and other stream fields) is ignored', () => {
      given(requestDecider, [registered()])
        .when(save(editor, { request_status_id: S.CLOSED, number: 999, id: 5, engineer_id: 3 }), ctx())
        .then([]);
    });
  });
});
