import type { RightsObject } from '../rights';
import { emptyTemplateOf } from '../shared/fields';
import type { ActKind, SignType } from './enums';
import { requestFieldNames, requestFields, type RequestField, type RequestFields } from './fields';

/*
 * The scalar fields of a request live in the field table (fields.ts). Costs (cost_work, cost_spares)
 * are derived: see costOfWorks and the spares-set streams.
 */
export type { RequestField, RequestFields } from './fields';

export interface WorkItem {
  title: string;
  cost: number;
}
export interface SparePbsItem {
  title: string;
  cost: number;
}
export interface CommissioningTool {
  tool_id: number;
  settling_place: string;
  instructed_person: string;
}
export interface Student {
  name: string;
  post: string;
}
/** A stored file as the request references it (the file service keeps the bytes). */
export interface FileRef {
  file_id: string;
  file_name: string;
  mimetype: string;
  size: number;
  checksum: string;
}
/** The user ids of a document's signers (branch/IAC, object/unit, final); null where none is assigned. */
export interface DocumentSigners {
  iac: number | null;
  unit: number | null;
  final: number | null;
}
export interface RequestDocument extends FileRef {
  act_kind: ActKind | null;
  sign_type: SignType;
  signers_count: 2 | 3;
  /**
   * decisions 72–86. Optional because documents attached before it carry none of these: absent reads as
   * null (no assigned signers: paper, or nobody chosen; no act number and date).
   */
  signers?: DocumentSigners | null;
  act_number?: string | null;
  /** YYYY-MM-DD. */
  act_date?: string | null;
  /** True for a file uploaded by hand (not generated from a template). */
  added_manually?: boolean;
}

/** The lists a request carries besides its scalar fields. */
export interface RequestLists {
  engineers: number[];
  works: WorkItem[];
  spares_pbs: SparePbsItem[];
  tools_commissioning: CommissioningTool[];
  students_list: Student[];
  attachments: FileRef[];
  documents: RequestDocument[];
}

/** What a form edits and a save submits: fields and lists. */
export type RequestData = RequestFields & RequestLists;

/** The decider's state: the request plus stream facts. */
export interface RequestState extends RequestData {
  registered: boolean;
  /** Who registered the request (the chat offers them as a user to notify). */
  registered_by: number | null;
  deleted: boolean;
  comments_count: number;
}

/** The acting user, looked up by the handler. */
export interface Actor {
  userId: number;
  rights: RightsObject;
  fio?: string;
  email?: string;
}

export const listNames = [
  'engineers',
  'works',
  'spares_pbs',
  'tools_commissioning',
  'students_list',
  'attachments',
  'documents',
] as const satisfies readonly (keyof RequestLists)[];
export type ListName = (typeof listNames)[number];

/*
 * The empty values are spreads of templates built once from the field table: V8 keeps an object of
 * ~80 properties in fast mode when one literal creates it or when one spread clones a fast object
 * (Object.fromEntries builds one); merged spreads or property-by-property building give a
 * dictionary-mode object, slow to build and to spread again, and every command, fold and view
 * starts from these. The lists are fresh arrays per call (assigning an existing key keeps the shape).
 */
const fieldsTemplate = emptyTemplateOf(requestFields);
const listsTemplate = { engineers: null, works: null, spares_pbs: null, tools_commissioning: null, students_list: null, attachments: null, documents: null };
const dataTemplate = { ...fieldsTemplate, ...listsTemplate };
const stateTemplate = { ...dataTemplate, registered: false, registered_by: null, deleted: false, comments_count: 0 };

const withFreshLists = <T extends RequestLists>(out: T): T => {
  out.engineers = [];
  out.works = [];
  out.spares_pbs = [];
  out.tools_commissioning = [];
  out.students_list = [];
  out.attachments = [];
  out.documents = [];
  return out;
};

/** A new request as the form starts it (4.1: waiting for an engineer, FILIAL, contact from the system). */
export const emptyRequestFields = (): RequestFields => ({ ...fieldsTemplate });

export const emptyRequestLists = (): RequestLists => withFreshLists({ ...listsTemplate } as unknown as RequestLists);

/** emptyRequestFields() followed by emptyRequestLists(), key for key. */
export const emptyRequestData = (): RequestData => withFreshLists({ ...dataTemplate } as unknown as RequestData);

export const initialRequestState = (): RequestState => withFreshLists({ ...stateTemplate } as unknown as RequestState);

export { requestFieldNames };

export const fieldsOf = (data: RequestFields): RequestFields => {
  const out = {} as Record<RequestField, unknown>;
  for (const f of requestFieldNames) out[f] = data[f];
  return out as RequestFields;
};

export const dataOf = (state: RequestData): RequestData => {
  const out = fieldsOf(state) as RequestData;
  for (const l of listNames) (out as unknown as Record<string, unknown>)[l] = state[l];
  return out;
};

const sumCosts = (items: readonly { cost: number }[]): number => Math.round(items.reduce((s, i) => s + i.cost, 0) * 100) / 100;

/** cost_work: the works of the request. */
export const costOfWorks = (state: Pick<RequestLists, 'works'>): number => sumCosts(state.works);

/** The spares PBS of the request; the costs of stock spares come from the spares-set allocations. */
export const costOfSparesPbs = (state: Pick<RequestLists, 'spares_pbs'>): number => sumCosts(state.spares_pbs);

/** Structural equality for plain JSON data (field values and lists); key order does not matter. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!sameValue(ao[k], bo[k])) return false;
  return true;
};
