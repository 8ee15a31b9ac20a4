import { requestDateFields } from '@domain/request/fields';
import { formatDate, parseRuDate } from '@domain/shared/dates';
import type { ActKind, SignType } from '@domain/request/enums';
import {
  emptyRequestData,
  emptyRequestFields,
  requestFieldNames,
  type FileRef,
  type RequestData,
  type RequestDocument,
  type RequestField,
  type RequestFields,
} from '@domain/request/state';
import type { RequestView } from '../api/types';
import type { ChosenTool } from './lookups';

/** Calendar-date fields: the form holds their masked text 'DD.MM.YYYY', the API 'YYYY-MM-DD' (the domain's list). */
export const formDateFields = requestDateFields;
export type FormDateField = (typeof formDateFields)[number];

const dateFieldSet: ReadonlySet<string> = new Set(formDateFields);
export const isFormDateField = (name: string): name is FormDateField => dateFieldSet.has(name);

/** The request's scalar fields as the form holds them (dates as text). */
export type FormScalars = { [K in RequestField]: K extends FormDateField ? string : RequestFields[K] };

/** A work or a spare PBS line: the cost is typed text until the save. */
export interface CostLine {
  title: string;
  cost: string;
}

/** A stock spare line (ZIP allocation) with what the table shows. */
export interface SpareLine {
  spares_set_id: number;
  item_id: number;
  set_title: string | null;
  code: number | null;
  title: string;
  cost: number | null;
  amount: string;
  /** The stock remainder when the line was picked (null for a stored line: the server checks it). */
  remaining: number | null;
}

export interface CommissioningLine {
  tool_id: number;
  title: string;
  settling_place: string;
  instructed_person: string;
}

export interface StudentLine {
  name: string;
  post: string;
}

/** A new file waits in the dialog (by key) until the save sends it. */
export interface NewFile {
  key: string;
  file_name: string;
  size: number;
}

export type AttachmentItem = ({ kind: 'kept' } & FileRef) | ({ kind: 'new' } & NewFile);

export type DocumentItem =
  | ({ kind: 'kept' } & RequestDocument)
  | ({
      kind: 'new';
      act_kind: ActKind | null;
      sign_type: SignType;
      signers_count: 2 | 3;
      /** A hand-uploaded act's number and date (YYYY-MM-DD) from the upload dialog. */
      act_number: string | null;
      act_date: string | null;
    } & NewFile);

/** Everything the dialog edits; one react-hook-form form across the tabs. */
export interface RequestFormValues extends FormScalars {
  works: CostLine[];
  spares_pbs: CostLine[];
  spares: SpareLine[];
  tools_commissioning: CommissioningLine[];
  students_list: StudentLine[];
  attachments: AttachmentItem[];
  documents: DocumentItem[];
  /** The chosen tool as the equipment field shows it (not sent). */
  tool_info: ChosenTool | null;
}

export type FormListName = 'works' | 'spares_pbs' | 'spares' | 'tools_commissioning' | 'students_list' | 'attachments' | 'documents';

const scalarsOf = (fields: RequestFields): FormScalars => {
  const out: Record<string, unknown> = {};
  for (const f of requestFieldNames) out[f] = isFormDateField(f) ? formatDate(fields[f]) : fields[f];
  return out as FormScalars;
};

const costText = (cost: number | undefined | null) => (cost == null ? '' : String(cost));

/** The form of a loaded request. */
export const formValuesOf = (view: RequestView): RequestFormValues => {
  const fields = {} as Record<RequestField, unknown>;
  for (const f of requestFieldNames) fields[f] = view[f];
  return {
    ...scalarsOf(fields as unknown as RequestFields),
    works: view.works.map((w) => ({ title: w.title, cost: costText(w.cost) })),
    spares_pbs: view.sparesPbs.map((w) => ({ title: w.title, cost: costText(w.cost) })),
    spares: view.spares.map((s) => ({
      spares_set_id: s.spares_set_id,
      item_id: s.item_id,
      set_title: s.set_title,
      code: s.code,
      title: s.title,
      cost: s.cost ?? null,
      amount: String(s.amount),
      remaining: s.remaining,
    })),
    tools_commissioning: view.toolsCommissioning.map((t) => ({
      tool_id: t.tool_id,
      title: t.tool?.title ?? `№ ${t.tool_id}`,
      settling_place: t.settling_place,
      instructed_person: t.instructed_person,
    })),
    students_list: view.students_list.map((s) => ({ name: s.name, post: s.post })),
    attachments: view.attachments.map((f) => ({ kind: 'kept', ...f })),
    documents: view.docs.map((d) => ({ kind: 'kept', ...d })),
    tool_info: view.tool,
  };
};

/** A new request (4.1: FILIAL, contact from the system's users) with the defaults the user's data gives. */
export const newFormValues = (defaults: Partial<Pick<RequestFields, 'region_id' | 'unit_id' | 'contact_id'>>): RequestFormValues => ({
  ...scalarsOf({ ...emptyRequestFields(), ...defaults }),
  works: [],
  spares_pbs: [],
  spares: [],
  tools_commissioning: [],
  students_list: [],
  attachments: [],
  documents: [],
  tool_info: null,
});

/** The id a file has in RequestData: stored ones their own, new ones a stand-in. */
export const fileIdOf = (item: AttachmentItem | DocumentItem): string => (item.kind === 'kept' ? item.file_id : `new:${item.key}`);

const costNumber = (text: string): number => {
  const t = text.trim().replace(',', '.');
  return t === '' ? 0 : Number(t);
};

export const costLinesData = (lines: readonly CostLine[]) => lines.map((l) => ({ title: l.title, cost: costNumber(l.cost) }));

/**
 * The form as the domain sees a request (RequestData): dates 'YYYY-MM-DD' (null while the text is
 * not a date), costs as numbers, new files with stand-in ids. The domain's validation and field
 * reactions run on this.
 */
export const requestDataOf = (values: RequestFormValues): RequestData => {
  const out = emptyRequestData() as unknown as Record<string, unknown>;
  for (const f of requestFieldNames) {
    const v = values[f];
    out[f] = isFormDateField(f) ? parseRuDate(typeof v === 'string' ? v : '') : v;
  }
  const data = out as unknown as RequestData;
  data.works = costLinesData(values.works);
  data.spares_pbs = costLinesData(values.spares_pbs);
  data.tools_commissioning = values.tools_commissioning.map((t) => ({
    tool_id: t.tool_id,
    settling_place: t.settling_place,
    instructed_person: t.instructed_person,
  }));
  data.students_list = values.students_list.map((s) => ({ name: s.name, post: s.post }));
  data.attachments = values.attachments.map((a) =>
    a.kind === 'kept'
      ? { file_id: a.file_id, file_name: a.file_name, mimetype: a.mimetype, size: a.size, checksum: a.checksum }
      : { file_id: fileIdOf(a), file_name: a.file_name, mimetype: '', size: a.size, checksum: '' },
  );
  data.documents = values.documents.map((d) =>
    d.kind === 'kept'
      ? {
          file_id: d.file_id,
          file_name: d.file_name,
          mimetype: d.mimetype,
          size: d.size,
          checksum: d.checksum,
          act_kind: d.act_kind,
          sign_type: d.sign_type,
          signers_count: d.signers_count,
        }
      : {
          file_id: fileIdOf(d),
          file_name: d.file_name,
          mimetype: '',
          size: d.size,
          checksum: '',
          act_kind: d.act_kind,
          sign_type: d.sign_type,
          signers_count: d.signers_count,
          act_number: d.act_number,
          act_date: d.act_date,
        },
  );
  return data;
};

/** A domain value of a scalar field as the form holds it. */
export const formValueOf = <F extends RequestField>(field: F, value: RequestFields[F]): FormScalars[F] =>
  (isFormDateField(field) ? formatDate(value as string | null) : value) as FormScalars[F];
