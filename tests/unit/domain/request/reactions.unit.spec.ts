import { describe, expect, it } from 'vitest';
import {
  ActKind,
  COMMISSIONING_WORKS_TEXT,
  InspectionBefore,
  RepairResult,
  RepairType,
  RequestKind,
  RequestStatus,
  WARRANTY_CHANGED_NOTICE,
  WarrantyKind,
  applyFieldReactions,
  emptyRequestData,
  requestDecider,
  sparesAllowed,
  toolStateAfterRepair,
  type RequestData,
  type RequestEvent,
  type RequestFields,
} from '../../../../domain/request';
import { ProgramType } from '../../../../domain/catalog/definitions';
import { ToolState } from '../../../../domain/tool/states';
import { given } from '../../../support/given-when-then';
import { requestHistory } from '../../../support/request-histories';
import { NOW, attached, baseFields, ctx, doc, editor, registered, save } from './fixtures';

const S = RequestStatus;
/** A request's data as the reactions read it: they are pure functions of the data (any status), not of a history. */
const stored = (over: Partial<RequestFields> = {}, docs = [] as ReturnType<typeof doc>[]): RequestData => ({
  ...emptyRequestData(),
  ...baseFields(over),
  documents: docs,
});
const react = (before: RequestData | null, change: Partial<RequestData>, lookups = {}) =>
  applyFieldReactions(before, { ...(before ?? emptyRequestData()), ...change }, lookups, NOW);

const repairPerforming = (over: Partial<RequestFields> = {}) =>
  stored({ request_status_id: S.PERFORMING, request_kind_id: RequestKind.REPAIR_HARD, program_id: null, ...over });

describe('field reactions (requests.md 4.3)', () => {
  describe('choosing a tool sets the warranty kind', () => {
    const tool = (guaranty_dt: string | null) => ({ tool: { id: 8, guaranty_dt } });

    it('warranty while guaranty_dt is not in the past, otherwise NOT_GUARANTY', () => {
      expect(react(stored(), { tool_id: 8 }, tool('2026-03-10')).request.repair_kind_id).toBe(WarrantyKind.GUARANTY);
      expect(react(stored(), { tool_id: 8 }, tool('2026-03-09')).request.repair_kind_id).toBe(WarrantyKind.NOT_GUARANTY);
      expect(react(stored(), { tool_id: 8 }, tool(null)).request.repair_kind_id).toBe(WarrantyKind.NOT_GUARANTY);
    });

    it('for a new request and in waiting assignment / waiting engineer', () => {
      expect(react(null, { tool_id: 8 }, tool('2030-01-01')).request.repair_kind_id).toBe(WarrantyKind.GUARANTY);
      expect(react(stored({ request_status_id: S.WAITING_ASSIGNMENT }), { tool_id: 8 }, tool('2030-01-01')).request.repair_kind_id).toBe(
        WarrantyKind.GUARANTY,
      );
    });

    it('in the movement section of a hard repair always; not for other kinds while performing', () => {
      expect(react(repairPerforming(), { tool_id: 8 }, tool('2030-01-01')).request.repair_kind_id).toBe(WarrantyKind.GUARANTY);
      expect(react(stored({ request_status_id: S.PERFORMING }), { tool_id: 8 }, tool('2030-01-01')).request.repair_kind_id).toBeNull();
    });

    it('a warranty kind the user chose in the same save is kept', () => {
      expect(react(stored(), { tool_id: 8, repair_kind_id: WarrantyKind.NOT_GUARANTY }, tool('2030-01-01')).request.repair_kind_id).toBe(
        WarrantyKind.NOT_GUARANTY,
      );
    });

    it('for restore a tool in a set gives the set system', () => {
      const restore = stored({ request_kind_id: RequestKind.RESTORE });
      expect(react(restore, { tool_id: 8 }, { tool: { id: 8, guaranty_dt: null, set_system_ts_id: 2 } }).request.system_ts_id).toBe(2);
      expect(react(stored(), { tool_id: 8 }, { tool: { id: 8, guaranty_dt: null, set_system_ts_id: 2 } }).request.system_ts_id).toBeNull();
    });
  });

  describe('object, region, kind', () => {
    it('changing the object clears contact and tool', () => {
      const r = react(stored(), { unit_id: 11 }).request;
      expect([r.unit_id, r.contact_id, r.tool_id]).toEqual([11, null, null]);
    });

    it('unless the same save also chose new ones', () => {
      const r = react(stored(), { unit_id: 11, contact_id: 200, tool_id: 9 }).request;
      expect([r.contact_id, r.tool_id]).toEqual([200, 9]);
    });

    it('changing the region clears the object, and so contact and tool', () => {
      const r = react(stored(), { region_id: 2 }).request;
      expect([r.region_id, r.unit_id, r.contact_id, r.tool_id]).toEqual([2, null, null, null]);
      expect(react(stored(), { region_id: 2, unit_id: 20 }).request.unit_id).toBe(20);
    });

    it('changing the kind (type) clears the software unless chosen in the same save', () => {
      expect(react(stored(), { request_kind_id: RequestKind.SPECIAL_SOFTWARE }).request.program_id).toBeNull();
      expect(react(stored(), { request_kind_id: RequestKind.SPECIAL_SOFTWARE, program_id: 6 }).request.program_id).toBe(6);
    });

    it('the save emits the cleared fields with the user change', () => {
      given(requestDecider, [registered()])
        .when(save(editor, { unit_id: 11, contact_id: 200 }), ctx())
        .then([
          {
            type: 'RequestFieldsChanged',
            data: {
              changes: [
                { field: 'unit_id', old: 10, new: 11 },
                { field: 'contact_id', old: 100, new: 200 },
                { field: 'tool_id', old: 7, new: null },
              ],
            },
          },
        ]);
    });
  });

  describe('software', () => {
    it('a special-software program sets the subsystem; a common one does not', () => {
      const program = (type: number) => ({ program: { id: 6, type, gas_sub_system_id: 33 } });
      expect(react(stored(), { program_id: 6 }, program(ProgramType.SPECIAL)).request.subsystem_id).toBe(33);
      expect(react(stored(), { program_id: 6 }, program(ProgramType.COMMON)).request.subsystem_id).toBeNull();
    });
  });

  describe('commissioning', () => {
    it("result 'fulfilled' fills the works text", () => {
      const before = stored({ request_status_id: S.PERFORMING, request_kind_id: RequestKind.COMMISSIONING });
      expect(react(before, { result: 'fulfilled' }).request.fulfielled_works).toBe(COMMISSIONING_WORKS_TEXT);
      expect(react(before, { result: 'partially' }).request.fulfielled_works).toBeNull();
      expect(COMMISSIONING_WORKS_TEXT).toBe('Работы по вводу в эксплуатацию выполнены в полном объеме');
    });
  });

  describe('inspection before repair', () => {
    const full = repairPerforming({
      repair_type_id: RepairType.FILIAL_HAND,
      repair_result_id: RepairResult.PART,
      date_repair_d: '2026-03-05',
      view_res_before: InspectionBefore.REPAIR_NEEDED,
      view_res_after: 1,
      comment_after: 'Заменена плата',
      co_8_number: 'СР-1',
      co_8_d: '2026-03-06',
    });
    const withDocs = { ...full, works: [{ title: 'Пайка', cost: 100 }], documents: [doc(ActKind.CO_8), doc(ActKind.CO_41)] };

    it("'to dismiss' clears repair type, result, date, inspection after, comment after, СО-8 and works and removes the СО-8 document", () => {
      const result = react(withDocs, { view_res_before: InspectionBefore.TO_DISMISS });
      const r = result.request;
      expect([r.repair_type_id, r.repair_result_id, r.date_repair_d, r.view_res_after, r.comment_after, r.co_8_number, r.co_8_d]).toEqual([
        null, null, null, null, null, null, null,
      ]);
      expect(r.works).toEqual([]);
      expect(r.documents.map((d) => d.act_kind)).toEqual([ActKind.CO_41]);
      expect(result.removedDocuments.map((d) => d.act_kind)).toEqual([ActKind.CO_8]);
    });

    it('any other choice sets the regional service centre', () => {
      const before = repairPerforming();
      expect(react(before, { view_res_before: InspectionBefore.REPAIR_NEEDED }, { regional_service_centre_id: 77 }).request.service_repair_id).toBe(77);
      expect(react(before, { view_res_before: InspectionBefore.NO_FAULT }, { regional_service_centre_id: 77 }).request.service_repair_id).toBe(77);
      expect(react(before, { view_res_before: InspectionBefore.TO_DISMISS }, { regional_service_centre_id: 77 }).request.service_repair_id).toBeNull();
    });

    it('the decider emits the removal of the СО-8 document', () => {
      given(requestDecider, [
        ...requestHistory({ request: baseFields({ request_kind_id: RequestKind.REPAIR_HARD, program_id: null }), stage: 'performing' }),
        attached(doc(ActKind.CO_8)),
        // The act's number, as its generation fills it.
        { type: 'RequestFieldsChanged', data: { changes: [{ field: 'co_8_number', old: null, new: 'СР-1' }] } } as RequestEvent,
      ])
        .when(save(editor, { view_res_before: InspectionBefore.TO_DISMISS }), ctx())
        .then([
          { type: 'RequestDocumentRemoved', data: { file_id: 'doc-CO_8', file_name: 'doc-CO_8.docx', act_kind: 'CO_8' } },
          {
            type: 'RequestFieldsChanged',
            data: {
              changes: [
                { field: 'co_8_number', old: 'СР-1', new: null },
                { field: 'view_res_before', old: null, new: InspectionBefore.TO_DISMISS },
              ],
            },
          },
        ]);
    });
  });

  describe('repair type and spares', () => {
    it('spares are allowed only with filial spare (5) and filial spare PBS (8)', () => {
      for (let t = 1; t <= 8; t++) expect(sparesAllowed(t), `type ${t}`).toBe(t === 5 || t === 8);
      expect(sparesAllowed(null)).toBe(false);
    });

    it('a change to another repair type asks to clear the spares', () => {
      const before = repairPerforming({ repair_type_id: RepairType.FILIAL_SPARE, repair_kind_id: WarrantyKind.NOT_GUARANTY });
      expect(react(before, { repair_type_id: RepairType.FILIAL_HAND }).clearSpares).toBe(true);
      expect(react(before, { repair_type_id: RepairType.FILIAL_SPARE_PBS }).clearSpares).toBe(false);
      expect(react(before, { note: 'Без изменения вида' }).clearSpares).toBe(false);
    });

    it('filial spare with warranty GUARANTY becomes GUARANTY_BUT_NOT with a notice', () => {
      const before = repairPerforming({ repair_kind_id: WarrantyKind.GUARANTY });
      for (const type of [RepairType.FILIAL_SPARE, RepairType.FILIAL_SPARE_PBS]) {
        const result = react(before, { repair_type_id: type });
        expect(result.request.repair_kind_id).toBe(WarrantyKind.GUARANTY_BUT_NOT);
        expect(result.notices).toEqual([WARRANTY_CHANGED_NOTICE]);
      }
      const other = react(before, { repair_type_id: RepairType.GUARANTY });
      expect(other.request.repair_kind_id).toBe(WarrantyKind.GUARANTY);
      expect(other.notices).toEqual([]);
    });

    it('the notice is given once: on the change in the dialog, not again by the save that carries its result', () => {
      const warrantyTool = { tool: { id: 8, guaranty_dt: '2099-01-01' } };
      // The dialog: a tool under warranty chosen on a filial spare repair ('Негарантийный' before).
      const form = repairPerforming({ repair_type_id: RepairType.FILIAL_SPARE, repair_kind_id: WarrantyKind.NOT_GUARANTY, tool_id: null });
      const onChange = react(form, { tool_id: 8 }, warrantyTool);
      expect(onChange.request.repair_kind_id).toBe(WarrantyKind.GUARANTY_BUT_NOT);
      expect(onChange.notices).toEqual([WARRANTY_CHANGED_NOTICE]);
      // The server's save of that form: the stored request had the type's own kind; the submitted already carries it.
      const storedBefore = repairPerforming({ repair_type_id: RepairType.FILIAL_SPARE, repair_kind_id: WarrantyKind.GUARANTY_BUT_NOT, tool_id: null });
      const onSave = react(storedBefore, { tool_id: 8 }, warrantyTool);
      expect(onSave.request.repair_kind_id).toBe(WarrantyKind.GUARANTY_BUT_NOT);
      expect(onSave.notices).toEqual([]);
    });
  });

  describe('documents', () => {
    it('removing an act document clears that act number and date', () => {
      const before = stored({ co_7_number: 'ТС-1', co_7_d: '2026-03-01', co_41_number: 'СЦВ-1', co_41_d: '2026-03-02' }, [
        doc(ActKind.CO_7),
        doc(ActKind.CO_41),
      ]);
      const r = react(before, { documents: before.documents.filter((d) => d.act_kind !== ActKind.CO_7) }).request;
      expect([r.co_7_number, r.co_7_d, r.co_41_number]).toEqual([null, null, 'СЦВ-1']);
    });
  });
});

describe('tool state after a hard repair (requests.md 4.2)', () => {
  const repaired = (status: number, over: Partial<RequestFields>) => stored({ request_status_id: status, request_kind_id: RequestKind.REPAIR_HARD, ...over });

  it('full repair result: in work', () => {
    for (const status of [S.PERFORMING, S.PERFORMED, S.CLOSED])
      expect(toolStateAfterRepair(repaired(status, { repair_result_id: RepairResult.FULL }))).toBe(ToolState.IN_WORK);
  });

  it('no repair result: to dismiss -> waiting reclaim, repair needed -> broken', () => {
    expect(toolStateAfterRepair(repaired(S.PERFORMING, { view_res_before: InspectionBefore.TO_DISMISS }))).toBe(ToolState.WAITING_RECLAIM);
    expect(toolStateAfterRepair(repaired(S.PERFORMING, { view_res_before: InspectionBefore.REPAIR_NEEDED }))).toBe(ToolState.BROKEN);
  });

  it('otherwise nothing', () => {
    expect(toolStateAfterRepair(repaired(S.PERFORMING, { repair_result_id: RepairResult.PART }))).toBeNull();
    expect(toolStateAfterRepair(repaired(S.PERFORMING, { view_res_before: InspectionBefore.NO_FAULT }))).toBeNull();
    expect(toolStateAfterRepair(repaired(S.WAITING_ENGINEER, { repair_result_id: RepairResult.FULL }))).toBeNull();
    expect(toolStateAfterRepair(stored({ request_status_id: S.PERFORMED, repair_result_id: RepairResult.FULL }))).toBeNull();
    expect(toolStateAfterRepair(repaired(S.PERFORMED, { repair_result_id: RepairResult.FULL, tool_id: null }))).toBeNull();
  });
});
