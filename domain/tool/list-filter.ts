import { z } from 'zod';
import {
  date,
  filterFieldMessages,
  flag,
  ids,
  int,
  listFilterProblem,
  money,
  oneOf,
  page,
  parseListFilter,
  search,
  text,
  yesNo,
} from '../shared/filter-fields';

/**
 * The equipment list filter (equipment.md 3 'Tool filter fields', 2 '/tools'): one zod schema, the
 * contract of GET /api/tool/{filter} and of the tool-list export. The server parses what it receives
 * with it (parseToolFilter: query parameters arrive as strings, so ids may be digit strings or comma
 * lists, dates 'DD.MM.YYYY' too); the client builds its query as `ToolListQuery` (the schema's
 * input), starts from `toolListFilterDefaults` and may check it with `toolListQueryProblem`.
 * The request dialog's equipment picker sends the same call with its own keys (unit_id, request_id,
 * toolId, tool_kind_id): they are part of the schema too.
 */

export const toolListFilterMessages = {
  ...filterFieldMessages,
  age: 'Неверный возраст оборудования',
  dateOrder: 'Дата начала периода позже даты окончания',
  costOrder: 'Нижняя граница стоимости больше верхней',
} as const;

/** Age buckets (equipment.md 4, 9): under 5 years, 5 years or more, 5 to 10, over 10. */
export const toolAges = ['new', 'old', 'from5to10', 'over10'] as const;
export type ToolAge = (typeof toolAges)[number];
export const toolAgeTitles: Readonly<Record<ToolAge, string>> = {
  new: 'Моложе 5 лет',
  old: 'Старше 5 лет',
  from5to10: 'От 5 до 10 лет',
  over10: 'Старше 10 лет',
};
/** A tool without a commissioning date counts as commissioned on this day (equipment.md 4, 9). */
export const TOOL_AGE_MISSING_DATE = '2000-01-01';
/** The age-count screens' threshold in years. */
export const TOOL_AGE_THRESHOLD_YEARS = 5;

const age = () => oneOf(toolAges, toolListFilterMessages.age);

export const toolListFilterSchema = z
  .object({
    region_id: int(),
    units_ids: ids(),
    tool_set_name_id: int(),
    tool_kind_ids: ids(),
    manufacturer_id: int(),
    tool_model: text(),
    tool_model_exact: flag(),
    serial_number: text(),
    serial_exact: flag(),
    inventar_number: text(),
    inventar_exact: flag(),
    /** Commissioning date range, inclusive. */
    tool_work_in_dt_from: date(),
    tool_work_in_dt_till: date(),
    tool_age: age(),
    tool_state: int(),
    tool_owner_type_id: int(),
    /** Tools without an owner type; the owner type is then ignored (equipment.md 4). */
    tool_owner_is_not_set: flag(),
    /** A substring of the note. */
    tool_description: text(),
    tool_cost_remain_from: money(),
    tool_cost_remain_upto: money(),
    /** true: in a set, false: in no set, null: either. */
    tool_in_set: yesNo(),
    /** true: in the exchange stock, false: not, null: either. */
    tool_exchange_stock: yesNo(),
    /** The list's search: numbers, model, manufacturer, kind, names, note, location, object (equipment.md 3). */
    search: search(),
    pageNumber: page(),
    // The request dialog's equipment picker (requests.md 2.5).
    /** The unit of the dialog's request: its equipment within the tools or request read scope. */
    unit_id: int(),
    /** The request whose unit's equipment is wanted. */
    request_id: int(),
    /** One tool by id. */
    toolId: int(),
    /** The picker's single kind (the list sends tool_kind_ids). */
    tool_kind_id: int(),
  })
  .superRefine((f, ctx) => {
    if (f.tool_work_in_dt_from && f.tool_work_in_dt_till && f.tool_work_in_dt_from > f.tool_work_in_dt_till)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['tool_work_in_dt_till'], message: toolListFilterMessages.dateOrder });
    if (f.tool_cost_remain_from != null && f.tool_cost_remain_upto != null && f.tool_cost_remain_from > f.tool_cost_remain_upto)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['tool_cost_remain_upto'], message: toolListFilterMessages.costOrder });
  });

/** What the client sends (every field optional; the server also takes strings from query parameters). */
export type ToolListQuery = z.input<typeof toolListFilterSchema>;
/** What the server works with. */
export type ToolListFilter = z.output<typeof toolListFilterSchema>;

/** The empty filter: the list's dialog starts from it and its reset returns to it. */
export const toolListFilterDefaults: ToolListFilter = {
  region_id: null,
  units_ids: null,
  tool_set_name_id: null,
  tool_kind_ids: null,
  manufacturer_id: null,
  tool_model: null,
  tool_model_exact: false,
  serial_number: null,
  serial_exact: false,
  inventar_number: null,
  inventar_exact: false,
  tool_work_in_dt_from: null,
  tool_work_in_dt_till: null,
  tool_age: null,
  tool_state: null,
  tool_owner_type_id: null,
  tool_owner_is_not_set: false,
  tool_description: null,
  tool_cost_remain_from: null,
  tool_cost_remain_upto: null,
  tool_in_set: null,
  tool_exchange_stock: null,
  search: null,
  pageNumber: 1,
  unit_id: null,
  request_id: null,
  toolId: null,
  tool_kind_id: null,
};

/** The filter as the client sends it. Throws a 400 naming the field. */
export const parseToolFilter = (raw: unknown): ToolListFilter => parseListFilter(toolListFilterSchema, raw ?? {});

/** The first Russian message the server would answer this query with, or null when it takes it. */
export const toolListQueryProblem = (query: ToolListQuery): string | null => listFilterProblem(toolListFilterSchema, query);

/**
 * The commissioning-date bounds of an age bucket on `today` ('YYYY-MM-DD'): a tool is in the bucket
 * when `after < date <= upTo` (dates compared as text; a missing date is TOOL_AGE_MISSING_DATE).
 * Exactly 5 years old counts as old.
 */
export const toolAgeBounds = (age: ToolAge, today: string): { after: string | null; upTo: string | null } => {
  const yearsAgo = (n: number) => {
    const y = Number(today.slice(0, 4)) - n;
    const md = today.slice(4) === '-02-29' ? '-02-28' : today.slice(4);
    return `${String(y).padStart(4, '0')}${md}`;
  };
  switch (age) {
    case 'new':
      return { after: yearsAgo(5), upTo: null };
    case 'old':
      return { after: null, upTo: yearsAgo(5) };
    case 'from5to10':
      return { after: yearsAgo(10), upTo: yearsAgo(5) };
    case 'over10':
      return { after: null, upTo: yearsAgo(10) };
  }
};
