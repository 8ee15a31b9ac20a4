import {
  ActKind,
  SignType,
  costOfSparesPbs,
  costOfWorks,
  initialRequestState,
  requestFieldNames,
  requestFields,
  type RequestField,
  type RequestFields,
  type RequestLists,
  type RequestEventMap,
  type RequestState,
} from '../../domain/request';
import { sqlTypeOf, type FieldType } from '../../domain/shared/fields';

/**
 * The row of `rm_requests`: every scalar field of the request (domain/request/state.ts) as a typed
 * column, the request's lists as jsonb (engineers as int[]), and columns derived for the list
 * filters. Values are kept canonical (see `canon`), so a row folded in one batch equals the same
 * row loaded from the table and folded in the next: a rebuild gives identical tables.
 */

export type { FieldType };

/** Each field's column type, from the field table. */
export const requestFieldTypes: Readonly<Record<RequestField, FieldType>> = Object.fromEntries(
  requestFieldNames.map((f) => [f, requestFields[f].type]),
) as Record<RequestField, FieldType>;

/** One canonical form per type: what the table gives back is what the fold produces. */
export const canon = (type: FieldType, v: unknown): unknown => {
  if (v === undefined || v === null) return type === 'bool' ? false : null;
  switch (type) {
    case 'int': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) && v !== '' ? Math.trunc(n) : null;
    }
    case 'text':
      return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
    case 'bool':
      return v === true || v === 'true' || v === 1;
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
    case 'ts': {
      const t = typeof v === 'string' || typeof v === 'number' ? Date.parse(String(v)) : NaN;
      return Number.isNaN(t) ? null : new Date(t).toISOString();
    }
  }
};

export const canonField = (field: RequestField, v: unknown): unknown => {
  const value = canon(requestFieldTypes[field], v);
  return field === 'request_text' && value === null ? '' : value;
};

/** A spare of the stock allocated to the request (from the spares-set streams). */
export interface RequestSpareLine {
  spares_set_id: number;
  item_id: number;
  code: number | null;
  title: string;
  cost: number;
  amount: number;
}

export interface RequestRow extends RequestFields, RequestLists {
  deleted: boolean;
  comments_count: number;
  registered_by: number | null;
  /** Stream revision of the last request event (the client sends it back with a save). */
  revision: number;
  spares: RequestSpareLine[];
  year: number | null;
  tool_ids: number[];
  has_co_13: boolean;
  has_co_3: boolean;
  has_co_7: boolean;
  has_co_8: boolean;
  has_co_41: boolean;
  has_co_42: boolean;
  has_learning: boolean;
  unsigned_docs: number;
  cost_work: number;
  cost_spares: number;
  cost_spares_pbs: number;
}

const listColumns = ['works', 'spares_pbs', 'tools_commissioning', 'students_list', 'attachments', 'documents'] as const;

export const derivedColumns = [
  'engineers', ...listColumns, 'deleted', 'comments_count', 'registered_by', 'revision', 'spares', 'year', 'tool_ids',
  'has_co_13', 'has_co_3', 'has_co_7', 'has_co_8', 'has_co_41', 'has_co_42', 'has_learning', 'unsigned_docs',
  'cost_work', 'cost_spares', 'cost_spares_pbs',
] as const satisfies readonly (keyof RequestRow)[];

export const requestRowColumns: readonly string[] = [...requestFieldNames, ...derivedColumns];

const fieldDdl = requestFieldNames
  .map((f) => `      ${f} ${sqlTypeOf[requestFieldTypes[f]]}${f === 'id' ? ' PRIMARY KEY' : f === 'request_text' ? " NOT NULL DEFAULT ''" : requestFieldTypes[f] === 'bool' ? ' NOT NULL DEFAULT false' : ''}`)
  .join(',\n');

/**
 * rm_requests: one wide row per request, newest first by (request_date_add, id). Pages are read along
 * the sort key: (request_date_add, id) for every user, (unit_id, request_date_add, id) for the unit
 * scope and unit filter, (request_kind_id, request_date_add, id) for kinds. Region and status are
 * counted in rm_request_counts instead of indexed; the selective filters (number, hot line number,
 * result date, hot line engineer) have btrees, executors and tools GIN indexes; hard repairs and the
 * software kinds have covering indexes with their sub-filter columns, so a sub-filter over all units
 * reads an index only. Deleted requests are outside every partial index. The head-performer list
 * (SENIOR requests) has its own covering index, so its applicant-name search reads the index only.
 *
 * rm_request_counts keeps the number of live requests per period (every month YYYYMM and every whole
 * year YYYY00 of the registration date), region, status, kind, performer kind and `flags` (the list
 * toggles, see countFlags): the count of an all-units list filtered by these is a sum over a few
 * thousand rows instead of a count over the requests, and a deep page is found month by month
 * (projections/requests/queries.ts). Lists of a unit scope count their rows through the unit index.
 */
export const requestsSchema = /* sql */ `
    CREATE TABLE rm_requests (
${fieldDdl},
      engineers integer[] NOT NULL DEFAULT '{}',
      works jsonb NOT NULL DEFAULT '[]',
      spares_pbs jsonb NOT NULL DEFAULT '[]',
      tools_commissioning jsonb NOT NULL DEFAULT '[]',
      students_list jsonb NOT NULL DEFAULT '[]',
      attachments jsonb NOT NULL DEFAULT '[]',
      documents jsonb NOT NULL DEFAULT '[]',
      deleted boolean NOT NULL DEFAULT false,
      comments_count integer NOT NULL DEFAULT 0,
      registered_by integer,
      revision integer NOT NULL,
      spares jsonb NOT NULL DEFAULT '[]',
      year integer,
      tool_ids integer[] NOT NULL DEFAULT '{}',
      has_co_13 boolean NOT NULL DEFAULT false,
      has_co_3 boolean NOT NULL DEFAULT false,
      has_co_7 boolean NOT NULL DEFAULT false,
      has_co_8 boolean NOT NULL DEFAULT false,
      has_co_41 boolean NOT NULL DEFAULT false,
      has_co_42 boolean NOT NULL DEFAULT false,
      has_learning boolean NOT NULL DEFAULT false,
      unsigned_docs integer NOT NULL DEFAULT 0,
      cost_work numeric(14,2) NOT NULL DEFAULT 0,
      cost_spares numeric(14,2) NOT NULL DEFAULT 0,
      cost_spares_pbs numeric(14,2) NOT NULL DEFAULT 0
    ) WITH (fillfactor = 85);
    CREATE TABLE rm_request_counts (
      period integer NOT NULL,
      region_id integer NOT NULL,
      request_status_id integer NOT NULL,
      request_kind_id integer NOT NULL,
      request_performer_kind text NOT NULL,
      flags integer NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (period, region_id, request_status_id, request_kind_id, request_performer_kind, flags) INCLUDE (count)
    );
`;

/** rm_requests' secondary indexes (a rebuild creates them at its end). */
export const requestsIndexes = /* sql */ `
    CREATE INDEX rm_requests_date ON rm_requests (request_date_add DESC, id DESC) WHERE NOT deleted;
    CREATE INDEX rm_requests_unit_date ON rm_requests (unit_id, request_date_add DESC, id DESC) WHERE NOT deleted;
    CREATE INDEX rm_requests_number ON rm_requests (number) WHERE NOT deleted;
    CREATE INDEX rm_requests_hotline_number ON rm_requests (lower(hotlinegas_number) text_pattern_ops) WHERE NOT deleted AND hotlinegas_number IS NOT NULL;
    CREATE INDEX rm_requests_result_d ON rm_requests (result_d) WHERE NOT deleted AND result_d IS NOT NULL;
    CREATE INDEX rm_requests_hotline_engineer ON rm_requests (engineer_id) WHERE NOT deleted AND engineer_id IS NOT NULL;
    CREATE INDEX rm_requests_engineers ON rm_requests USING gin (engineers) WHERE NOT deleted;
    CREATE INDEX rm_requests_tools ON rm_requests USING gin (tool_ids) WHERE NOT deleted;
    CREATE INDEX rm_requests_senior_date ON rm_requests (request_date_add DESC, id DESC)
      INCLUDE (contact_kind, contact_unknown_name, engineer_id) WHERE NOT deleted AND request_performer_kind = 'SENIOR';
    CREATE INDEX rm_requests_kind_date ON rm_requests (request_kind_id, request_date_add DESC, id DESC) WHERE NOT deleted;
    -- The hot line toggles 'without number' and 'not registered' match a few percent of the rows:
    -- a deep page read along rm_requests_date filtered a month of rows (200 ms at scale 1).
    CREATE INDEX rm_requests_no_hotline_number ON rm_requests (request_date_add DESC, id DESC)
      INCLUDE (region_id, unit_id, request_status_id, request_kind_id, request_performer_kind, hotline_email_register_sent)
      WHERE NOT deleted AND COALESCE(hotlinegas_number, '') = '';
    CREATE INDEX rm_requests_repair ON rm_requests (request_date_add DESC, id DESC)
      INCLUDE (region_id, unit_id, request_status_id, request_performer_kind, repair_kind_id, view_res_before, view_res_after,
               repair_type_id, repair_result_id, tool_in_d, tool_out_d, tool_id)
      WHERE NOT deleted AND request_kind_id = 2;
    CREATE INDEX rm_requests_software ON rm_requests (request_kind_id, request_date_add DESC, id DESC)
      INCLUDE (region_id, unit_id, request_status_id, request_performer_kind, program_id, result)
      WHERE NOT deleted AND request_kind_id IN (1, 4, 7, 11);
`;

/**
 * rm_request_counts as the live batches keep it (the flags as countFlags sets them), computed from
 * rm_requests at once: the end of a rebuild.
 */
export const countsFromRows = /* sql */ `
  INSERT INTO rm_request_counts (period, region_id, request_status_id, request_kind_id, request_performer_kind, flags, count)
  SELECT p.period, COALESCE(r.region_id, 0), r.request_status_id, COALESCE(r.request_kind_id, 0), r.request_performer_kind,
         (CASE WHEN COALESCE(r.hotlinegas_number, '') = '' THEN 1 ELSE 0 END)
         | (CASE WHEN r.hotline_email_register_sent THEN 2 ELSE 0 END)
         | (CASE WHEN r.hotlinegas_close_d IS NOT NULL OR r.hotline_email_close_sent THEN 4 ELSE 0 END)
         | (CASE WHEN r.unsigned_docs > 0 THEN 8 ELSE 0 END)
         | r.has_co_3::int * 16 | r.has_co_7::int * 32 | r.has_co_8::int * 64 | r.has_co_41::int * 128
         | r.has_co_42::int * 256 | r.has_co_13::int * 512,
         count(*)::int
  FROM rm_requests r
  CROSS JOIN LATERAL (VALUES
    (extract(year FROM r.request_date_add AT TIME ZONE 'UTC')::int * 100 + extract(month FROM r.request_date_add AT TIME ZONE 'UTC')::int),
    (extract(year FROM r.request_date_add AT TIME ZONE 'UTC')::int * 100)) p(period)
  WHERE NOT r.deleted AND r.request_date_add IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6`;

/** Bits of rm_request_counts.flags: the conditions of the list toggles (requests.md 2.3). */
export const CountFlag = {
  NO_HOTLINE_NUMBER: 1,
  REGISTER_SENT: 2,
  HOTLINE_CLOSED: 4,
  UNSIGNED_DOCS: 8,
  CO_3: 16,
  CO_7: 32,
  CO_8: 64,
  CO_41: 128,
  CO_42: 256,
  CO_13: 512,
} as const;

export const countFlags = (
  r: Pick<
    RequestRow,
    | 'hotlinegas_number' | 'hotline_email_register_sent' | 'hotlinegas_close_d' | 'hotline_email_close_sent' | 'unsigned_docs'
    | 'has_co_3' | 'has_co_7' | 'has_co_8' | 'has_co_41' | 'has_co_42' | 'has_co_13'
  >,
): number =>
  (r.hotlinegas_number ? 0 : CountFlag.NO_HOTLINE_NUMBER) |
  (r.hotline_email_register_sent ? CountFlag.REGISTER_SENT : 0) |
  (r.hotlinegas_close_d || r.hotline_email_close_sent ? CountFlag.HOTLINE_CLOSED : 0) |
  (r.unsigned_docs > 0 ? CountFlag.UNSIGNED_DOCS : 0) |
  (r.has_co_3 ? CountFlag.CO_3 : 0) |
  (r.has_co_7 ? CountFlag.CO_7 : 0) |
  (r.has_co_8 ? CountFlag.CO_8 : 0) |
  (r.has_co_41 ? CountFlag.CO_41 : 0) |
  (r.has_co_42 ? CountFlag.CO_42 : 0) |
  (r.has_co_13 ? CountFlag.CO_13 : 0);

const round2 = (n: number) => Math.round(n * 100) / 100;

const asList = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/**
 * The fold keeps the decider's RequestState objects. V8 keeps an object of ~80 properties fast only
 * when one literal creates it (merged spreads and property-by-property building fall back to
 * dictionary mode, where every later spread costs tens of microseconds), so states are rebuilt
 * with one generated literal of a fixed key order.
 */
const stateKeys = Object.keys(initialRequestState());
const literalOf = (keys: readonly string[], source: (k: string) => string) => {
  for (const k of keys) if (!/^[a-z_][a-z0-9_]*$/.test(k)) throw new Error(`Bad key ${k}`);
  return new Function('s', 'i', 'l', `return { ${keys.map((k) => `${k}: ${source(k)}`).join(', ')} };`) as (
    s: object,
    i?: object,
    l?: object,
  ) => RequestState;
};

/** The same state as a fast object. */
export const fastState: (state: RequestState) => RequestState = literalOf(stateKeys, (k) => `s.${k}`);

const rowState = literalOf(stateKeys, (k) => (k === 'registered' ? 'true' : `s.${k}`));

/**
 * The state after RequestRegistered, as evolveRequest builds it (every field of the registration over
 * the initial state, the lists, registered), in one literal: the domain's version merges spreads of
 * the initial state and costs ~60 µs an event, which a rebuild of millions of requests feels.
 * tests/integration/request-read/rebuild.int.spec.ts checks that both give the same state.
 */
const initial = fastState(initialRequestState());
const registrationLists = new Set(['engineers', 'works', 'spares_pbs', 'tools_commissioning', 'students_list', 'attachments']);
const registeredLiteral = literalOf(stateKeys, (k) =>
  k === 'registered'
    ? 'true'
    : k === 'registered_by'
      ? '(l.registered_by ?? null)'
      : registrationLists.has(k)
        ? `l.${k}`
        : `s.${k} !== undefined ? s.${k} : i.${k}`,
);
export const registeredState = (data: RequestEventMap['RequestRegistered']): RequestState => registeredLiteral(data.request, initial, data);

/** The decider's state of a stored row, so the projection folds with the domain's own evolve. */
export const stateOfRow = (row: RequestRow): RequestState => rowState(row);


export const costOfSpares = (spares: readonly RequestSpareLine[]) => round2(spares.reduce((s, l) => s + l.cost * l.amount, 0));

const canonSource = (f: RequestField) => {
  switch (requestFieldTypes[f]) {
    case 'int':
      return `(typeof s.${f} === 'number' && Number.isInteger(s.${f}) ? s.${f} : c('${f}', s.${f}))`;
    case 'text':
      return f === 'request_text' ? `(typeof s.${f} === 'string' ? s.${f} : c('${f}', s.${f}))` : `(s.${f} === null || typeof s.${f} === 'string' ? s.${f} : c('${f}', s.${f}))`;
    case 'bool':
      return `(s.${f} === true)`;
    default:
      return `c('${f}', s.${f})`;
  }
};
const fieldsLiteral = new Function('s', 'c', `return { ${requestFieldNames.map((f) => `${f}: ${canonSource(f)}`).join(', ')} };`) as (
  s: RequestState,
  c: typeof canonField,
) => Record<string, unknown>;

/** The row of a state, with the derived columns computed from it (once per request and batch). */
export const rowOfState = (
  state: RequestState,
  extra: Pick<RequestRow, 'revision' | 'registered_by' | 'spares'>,
): RequestRow => {
  const fields = fieldsLiteral(state, canonField);
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

/** Rows as the table gives them back (int8/numeric as numbers, timestamps as ISO, dates as text). */
export const rowFromDb = (raw: Record<string, unknown>): RequestRow => {
  const row = { ...raw } as Record<string, unknown>;
  for (const f of requestFieldNames) row[f] = canonField(f, raw[f]);
  row.cost_work = Number(raw.cost_work);
  row.cost_spares = Number(raw.cost_spares);
  row.cost_spares_pbs = Number(raw.cost_spares_pbs);
  return row as unknown as RequestRow;
};
