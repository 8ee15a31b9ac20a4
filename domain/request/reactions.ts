import { ProgramType } from '../catalog/definitions';
import { toDateOnly } from '../shared/dates';
import { actFields } from './acts';
import type { RequestLookups } from './commands';
import {
  ActKind,
  InspectionBefore,
  RepairType,
  RequestKind,
  RequestResult,
  RequestStatus,
  WarrantyKind,
} from './enums';
import { isBeforeTake } from './lifecycle';
import { emptyRequestData, sameValue, type RequestData, type RequestDocument, type RequestField } from './state';

export const COMMISSIONING_WORKS_TEXT = 'Работы по вводу в эксплуатацию выполнены в полном объеме';
export const WARRANTY_CHANGED_NOTICE =
  'Тип гарантийности изменен на «Гарантийный, но не гарантийный случай»: ремонт за счет ЗИП не является гарантийным';
/** How long the client shows the warranty notice (section 9). */
export const WARRANTY_NOTICE_MS = 5000;

/** Spares (ZIP allocations) are allowed only with the filial spare and filial spare PBS repair types. */
export const sparesAllowed = (repairTypeId: number | null | undefined): boolean =>
  repairTypeId === RepairType.FILIAL_SPARE || repairTypeId === RepairType.FILIAL_SPARE_PBS;

export interface FieldReactionsResult {
  /** The request after the rules. */
  request: RequestData;
  /** Notices to show (the warranty change). */
  notices: string[];
  /** Documents the save removes, by the user or by a rule (the СО-8 act on 'to dismiss'). */
  removedDocuments: RequestDocument[];
  /** The request's spare allocations must be cleared (the repair type no longer allows spares). */
  clearSpares: boolean;
}

/** Fields cleared when the inspection before repair says 'to dismiss'. */
export const dismissClearedFields = [
  'repair_type_id',
  'repair_result_id',
  'date_repair_d',
  'view_res_after',
  'comment_after',
  'co_8_number',
  'co_8_d',
] as const satisfies readonly RequestField[];

/** Fields that belong to the request kind: a kind change clears them (4.3), unless set in the same save. */
export const kindDependentFields = ['program_id', 'subsystem_id', 'system_ts_id', 'learning_type_id'] as const satisfies readonly RequestField[];

/**
 * The field reactions of requests.md 4.3 as data rules. `before` is the stored request (null
 * for a new one; the client passes the form values before the change), `submitted` the request
 * as the user left it. A dependent field is reset only when the same save did not set it
 * itself, so the client and the server reach the same result. Pure: `now` gives today's date.
 */
export const applyFieldReactions = (
  before: RequestData | null,
  submitted: RequestData,
  lookups: RequestLookups,
  now: string,
): FieldReactionsResult => {
  const base = before ?? emptyRequestData();
  const out: RequestData = { ...submitted, documents: [...submitted.documents], works: [...submitted.works] };
  const notices: string[] = [];
  const set = <F extends RequestField>(f: F, v: RequestData[F]) => {
    (out as Record<RequestField, unknown>)[f] = v;
  };
  /** The user changed the field in this save. */
  const userChanged = (f: RequestField) => !sameValue(base[f], submitted[f]);
  /** The field differs from the stored value after the rules so far. */
  const nowChanged = (f: RequestField) => !sameValue(base[f], out[f]);
  const resetUnlessSet = (f: RequestField) => {
    if (!userChanged(f)) set(f, null as never);
  };

  // Region -> object -> contact and tool.
  if (userChanged('region_id')) resetUnlessSet('unit_id');
  if (nowChanged('unit_id')) {
    resetUnlessSet('contact_id');
    resetUnlessSet('tool_id');
  }
  // Kind (type) -> what only makes sense for the old kind: the software, the subsystem its special
  // program set, the system a restore took from the tool's set, the learning type.
  const kindChanged = userChanged('request_kind_id');
  if (kindChanged) for (const f of kindDependentFields) resetUnlessSet(f);

  // A special-software program sets the subsystem.
  const program = lookups.program;
  if (out.program_id != null && nowChanged('program_id') && program && program.id === out.program_id) {
    if (program.type === ProgramType.SPECIAL && !userChanged('subsystem_id')) set('subsystem_id', program.gas_sub_system_id);
  }

  // The tool sets the warranty kind; for restore the set's system.
  const tool = lookups.tool;
  const chosenTool = out.tool_id != null && tool && tool.id === out.tool_id ? tool : null;
  if (chosenTool && nowChanged('tool_id')) {
    const status = base.request_status_id;
    const onCommonTab = isBeforeTake(status);
    const inMovement = out.request_kind_id === RequestKind.REPAIR_HARD && status === RequestStatus.PERFORMING;
    if ((onCommonTab || inMovement) && !userChanged('repair_kind_id')) {
      const underWarranty = chosenTool.guaranty_dt != null && chosenTool.guaranty_dt.slice(0, 10) >= toDateOnly(now);
      set('repair_kind_id', underWarranty ? WarrantyKind.GUARANTY : WarrantyKind.NOT_GUARANTY);
    }
  }
  // A restore takes the system from the tool's set, when the tool is chosen or the kind becomes restore.
  if (
    chosenTool &&
    (nowChanged('tool_id') || kindChanged) &&
    out.request_kind_id === RequestKind.RESTORE &&
    chosenTool.set_system_ts_id != null &&
    !userChanged('system_ts_id')
  )
    set('system_ts_id', chosenTool.set_system_ts_id);

  // Commissioning fulfilled fills the works text.
  if (
    out.request_kind_id === RequestKind.COMMISSIONING &&
    out.result === RequestResult.FULFILLED &&
    userChanged('result') &&
    !userChanged('fulfielled_works')
  )
    set('fulfielled_works', COMMISSIONING_WORKS_TEXT);

  // Inspection before repair.
  if (userChanged('view_res_before') && out.view_res_before != null) {
    if (out.view_res_before === InspectionBefore.TO_DISMISS) {
      for (const f of dismissClearedFields) set(f, null);
      out.works = [];
      out.documents = out.documents.filter((d) => d.act_kind !== ActKind.CO_8);
    } else if (lookups.regional_service_centre_id !== undefined && !userChanged('service_repair_id')) {
      set('service_repair_id', lookups.regional_service_centre_id);
    }
  }

  // Filial spare types are never a warranty case. The notice tells of a change to what the user
  // left: a save carrying the type the dialog already changed (and noticed) is told nothing again.
  if (sparesAllowed(out.repair_type_id) && out.repair_kind_id === WarrantyKind.GUARANTY) {
    set('repair_kind_id', WarrantyKind.GUARANTY_BUT_NOT);
    if (submitted.repair_kind_id !== WarrantyKind.GUARANTY_BUT_NOT) notices.push(WARRANTY_CHANGED_NOTICE);
  }
  const clearSpares = nowChanged('repair_type_id') && !sparesAllowed(out.repair_type_id);

  // Removing an act document clears that act's number and date.
  const kept = new Set(out.documents.map((d) => d.file_id));
  const removedDocuments = base.documents.filter((d) => !kept.has(d.file_id));
  for (const doc of removedDocuments) {
    const fields = doc.act_kind ? actFields[doc.act_kind] : null;
    if (fields) for (const f of fields) set(f, null);
  }

  return { request: out, notices, removedDocuments, clearSpares };
};
