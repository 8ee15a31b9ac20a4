import { z } from 'zod';
import {
  anySet,
  date,
  dateOrFlag,
  field,
  flag,
  ids,
  int,
  listFilterProblem,
  page,
  parseListFilter,
  search,
  sub,
  text,
  textOf,
  yesNo,
} from '../shared/filter-fields';

/**
 * The request list filter (requests.md 2.3, 2.2): one zod schema, the contract of GET /api/request and
 * the exports. The server parses what it receives with it (parseRequestFilter: query parameters arrive
 * as strings, so ids may be digit strings or comma lists, dates 'DD.MM.YYYY' too); the client builds
 * its query as `RequestListQuery` (the schema's input) and may check it with `requestListQueryProblem`.
 * Names are the query parameters the server has always accepted. Everything is optional; the
 * registration date range defaults to the current year. The fields are the shared list-filter
 * fields of domain/shared/filter-fields.ts.
 */

/** Ids of the list's parameters: an object without an id has always matched no row. */
const idList = () => ids({ idless: 'matchesNone' });

const repairShape = {
  repair_kind_id: int(),
  repair_kind_id_is_not_set: flag(),
  view_res_before: int(),
  view_res_before_is_not_set: flag(),
  view_res_after: int(),
  repair_type_id: int(),
  repair_result_id: int(),
  /** true: the date is filled, false: empty, a date: that day. */
  tool_in_d: dateOrFlag(),
  tool_out_d: dateOrFlag(),
  /** The tool is at the branch now: arrived and not departed. */
  tool_in_filial: flag(),
};
const toolShape = {
  tool_kind_id: int(),
  exchange_stock: yesNo(),
  serial_number: text(),
  inventar_number: text(),
  owner_type_id: int(),
};
const softwareShape = { program_id: int(), result: text() };
const software = () => sub(softwareShape);

/**
 * The schema. The performer kind comes first: the server has always judged it before the other
 * fields, so a filter with several bad fields names the same one as before.
 */
export const requestListFilterSchema = z.object({
  request_performer_kind: field<string | null, string>((v, ctx) => {
    const kind = textOf(v, ctx);
    return typeof kind === 'string' ? kind.toUpperCase() : kind;
  }),
  region_id: int(),
  units_ids: idList(),
  /** An executor of the request (the engineers list). */
  engineer_id: int(),
  request_kinds_ids: idList(),
  request_statuses_ids: idList(),
  number: int(),
  hotlinegas_number: text(),
  result_type: int(),
  /** The registration period; absent: the current year (parseRequestFilter). */
  date_beg: date(),
  date_end: date(),
  result_date_beg: date(),
  result_date_end: date(),
  hotline_reqs_without_number: flag(),
  hotline_reqs_not_register: flag(),
  hotline_reqs_not_closed: flag(),
  unsigned_docs: flag(),
  without_doc_co_3: flag(),
  without_doc_co_41: flag(),
  without_doc_co_42: flag(),
  without_doc_co_7: flag(),
  without_doc_co_8: flag(),
  without_doc_co_13: flag(),
  /** Head-performer list (2.2): the hot line engineer who took the request, applicant kind, unknown applicant. */
  hotline_engineer_id: int(),
  contact_kind: int(),
  contact_unknown_name: text(),
  /**
   * Sent back for re-execution ('На повторное исполнение') and not taken since: true only those,
   * false all but those (the home page's 'returned' and 'assigned, not taken' split one status).
   */
  returned: yesNo(),
  /** The search by the request's words (requests.md 2.3): morphology, parts of words and numbers, ranked. */
  search: search(),
  repair: sub(repairShape),
  // `exchange_stock: false` is a condition of its own (the tool is not in the exchange stock).
  repairTool: sub(toolShape, (f) => anySet(f) || f.exchange_stock === false),
  specialSoftware: software(),
  commonSoftware: software(),
  restore: software(),
  consultation: software(),
  pageNumber: page(),
  export: flag(),
});

/** What the client sends (every field optional; the server also takes strings from query parameters). */
export type RequestListQuery = z.input<typeof requestListFilterSchema>;
type Parsed = z.output<typeof requestListFilterSchema>;
export type RequestFilter = Omit<Parsed, 'date_beg' | 'date_end'> & { date_beg: string; date_end: string };
export type RepairFilter = NonNullable<Parsed['repair']>;
export type ToolFilter = NonNullable<Parsed['repairTool']>;
export type SoftwareFilter = NonNullable<Parsed['specialSoftware']>;

/** The filter as the client sends it; `today` ('YYYY-MM-DD') gives the default year. Throws a 400 naming the field. */
export const parseRequestFilter = (raw: Record<string, unknown>, today: string): RequestFilter => {
  const f = parseListFilter(requestListFilterSchema, raw);
  const year = today.slice(0, 4);
  return { ...f, date_beg: f.date_beg ?? `${year}-01-01`, date_end: f.date_end ?? `${year}-12-31` };
};

/** The first Russian message the server would answer this query with, or null when it takes it. */
export const requestListQueryProblem = (query: RequestListQuery): string | null => listFilterProblem(requestListFilterSchema, query);
