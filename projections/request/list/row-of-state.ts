import {
  ActKind,
  SignType,
  costOfSparesPbs,
  costOfWorks,
  type RequestFields,
  type RequestLists,
  type RequestState,
} from '../../../domain/request';
import { canonicalFields } from './fast-literal';
import { canonField, type RequestRow, type RequestSpareLine } from './row';

/* A request's row built from its state: the canonical fields and the columns derived for the list filters. */

const round2 = (n: number) => Math.round(n * 100) / 100;

const asList = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export const costOfSpares = (spares: readonly RequestSpareLine[]) => round2(spares.reduce((s, l) => s + l.cost * l.amount, 0));

/** The row of a state, with the derived columns computed from it (once per request and batch). */
export const rowOfState = (
  state: RequestState,
  extra: Pick<RequestRow, 'revision' | 'registered_by' | 'spares' | 'returned'>,
): RequestRow => {
  const fields = canonicalFields(state, canonField);
  const documents = asList<RequestLists['documents'][number]>(state.documents);
  const works = asList<RequestLists['works'][number]>(state.works);
  const sparesPbs = asList<RequestLists['spares_pbs'][number]>(state.spares_pbs);
  const commissioning = asList<RequestLists['tools_commissioning'][number]>(state.tools_commissioning);
  const dateAdd = fields.request_date_add as string | null;
  const toolIds = new Set<number>();
  if (typeof fields.tool_id === 'number') toolIds.add(fields.tool_id);
  for (const t of commissioning) if (Number.isInteger(Number(t.tool_id))) toolIds.add(Number(t.tool_id));
  const acts = new Set(documents.map((d) => d.act_kind));
  const row: Omit<RequestRow, keyof RequestFields> & { fields: Record<string, unknown> } = {
    fields,
    engineers: asList<unknown>(state.engineers).map(Number).filter((n) => Number.isInteger(n)),
    works,
    spares_pbs: sparesPbs,
    tools_commissioning: commissioning,
    students_list: asList<RequestLists['students_list'][number]>(state.students_list),
    attachments: asList<RequestLists['attachments'][number]>(state.attachments),
    documents,
    deleted: Boolean(state.deleted),
    comments_count: Number(state.comments_count) || 0,
    registered_by: extra.registered_by,
    returned: extra.returned,
    revision: extra.revision,
    spares: extra.spares,
    year: dateAdd ? Number(dateAdd.slice(0, 4)) : null,
    tool_ids: toolIds.size > 1 ? [...toolIds].sort((a, b) => a - b) : [...toolIds],
    has_co_13: acts.has(ActKind.CO_13),
    has_co_3: acts.has(ActKind.CO_3),
    has_co_7: acts.has(ActKind.CO_7),
    has_co_8: acts.has(ActKind.CO_8),
    has_co_41: acts.has(ActKind.CO_41),
    has_co_42: acts.has(ActKind.CO_42),
    has_learning: acts.has(ActKind.LEARNING),
    // Electronic signing does not exist yet: every electron document is unsigned.
    unsigned_docs: documents.reduce((n, d) => (d.sign_type === SignType.ELECTRON ? n + 1 : n), 0),
    cost_work: works.length ? costOfWorks({ works }) : 0,
    cost_spares: extra.spares.length ? costOfSpares(extra.spares) : 0,
    cost_spares_pbs: sparesPbs.length ? costOfSparesPbs({ spares_pbs: sparesPbs }) : 0,
  };
  return flatten(row);
};

/** One object for the table writer: the fields and the derived columns side by side. */
const flatten = (row: { fields: Record<string, unknown> } & Record<string, unknown>): RequestRow => {
  const { fields, ...rest } = row;
  return Object.assign(fields, rest) as unknown as RequestRow;
};

/** The request's spares with another set's lines (replace semantics per set, like the spares-set stream). */
export const withSetSpares = (spares: readonly RequestSpareLine[], setId: number, lines: readonly RequestSpareLine[]): RequestSpareLine[] =>
  [...spares.filter((l) => l.spares_set_id !== setId), ...lines].sort((a, b) => a.spares_set_id - b.spares_set_id || a.item_id - b.item_id);

