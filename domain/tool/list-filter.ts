import { z } from 'zod';
import { isCalendarDate, parseRuDate } from '../shared/dates';
import { invalid } from '../shared/errors';
import { boundedInt, ID_LIST_MAX, isoDateProblem, MONEY_MAX, NO_NUL, PG_INT_MAX, PG_INT_MIN, primitiveMessages } from '../shared/primitives';

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
  date: 'Неверная дата',
  number: 'Введите целое число',
  money: 'Число, два знака после запятой',
  format: 'Неверный формат фильтра',
  text: 'Недопустимый символ в тексте',
  age: 'Неверный возраст оборудования',
  dateOrder: 'Дата начала периода позже даты окончания',
  costOrder: 'Нижняя граница стоимости больше верхней',
} as const;

/** Longest text a filter may search for. */
export const TOOL_FILTER_TEXT_MAX = 1000;

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

const intValue = boundedInt(PG_INT_MIN, PG_INT_MAX, { message: toolListFilterMessages.number, coerce: true });

type Ctx = z.RefinementCtx;
const fail = (ctx: Ctx, message: string): never => {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return z.NEVER;
};
const empty = (v: unknown): v is undefined | null | '' => v === undefined || v === null || v === '';

/** A field: what the client may send (In) and what the server gets (Out). */
const field = <Out, In>(parse: (v: unknown, ctx: Ctx) => Out) =>
  z.unknown().transform(parse) as unknown as z.ZodType<Out, z.ZodTypeDef, In | null | undefined>;

const intOf = (v: unknown, ctx: Ctx): number | null => {
  if (empty(v)) return null;
  const n = intValue.safeParse(v);
  return n.success ? n.data : fail(ctx, toolListFilterMessages.number);
};
const int = () => field<number | null, number | string>(intOf);

/** Ids as a list or a comma list; duplicates dropped; none is null. */
const ints = () =>
  field<number[] | null, number[] | string>((v, ctx) => {
    if (empty(v)) return null;
    const list: unknown[] = Array.isArray(v) ? v : String(v as string).split(',');
    if (list.length > ID_LIST_MAX) return fail(ctx, primitiveMessages.idListTooLong);
    const out: number[] = [];
    for (const x of list) {
      if (empty(x)) continue;
      const id = typeof x === 'object' && x !== null ? (x as { id?: unknown }).id : x;
      const n = intOf(id, ctx);
      if (n !== null) out.push(n);
    }
    return out.length ? [...new Set(out)] : null;
  });

const boolOf = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === '1';
/** A flag: absent is false. */
const flag = () => field<boolean, boolean | string>((v) => boolOf(v));
/** A condition that may be yes, no or not set (null). */
const yesNo = () => field<boolean | null, boolean | string>((v) => (empty(v) ? null : boolOf(v)));

const text = () =>
  field<string | null, string>((v, ctx) => {
    if (empty(v)) return null;
    if (typeof v !== 'string' && typeof v !== 'number') return fail(ctx, toolListFilterMessages.format);
    const s = String(v).trim();
    // PostgreSQL refuses NUL in text: a 400 here rather than a 500 from the query.
    if (!NO_NUL.test(s)) return fail(ctx, toolListFilterMessages.text);
    if (s.length > TOOL_FILTER_TEXT_MAX) return fail(ctx, `Не более ${TOOL_FILTER_TEXT_MAX} символов`);
    return s || null;
  });

/** 'YYYY-MM-DD', 'DD.MM.YYYY' or an ISO timestamp -> 'YYYY-MM-DD'. */
const date = () =>
  field<string | null, string>((v, ctx) => {
    if (empty(v)) return null;
    const s = String(v as string | number).trim();
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : parseRuDate(s);
    if (!iso || !isCalendarDate(iso) || isoDateProblem(iso)) return fail(ctx, toolListFilterMessages.date);
    return iso;
  });

/** A sum of money: a number or '123,45'; at most two decimals, not negative. */
const money = () =>
  field<number | null, number | string>((v, ctx) => {
    if (empty(v)) return null;
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : null;
    if (s === null || !/^\d{1,12}(\.\d{1,2})?$/.test(s)) return fail(ctx, toolListFilterMessages.money);
    const n = Number(s);
    return n <= MONEY_MAX ? n : fail(ctx, toolListFilterMessages.money);
  });

const age = () =>
  field<ToolAge | null, ToolAge | string>((v, ctx) => {
    if (empty(v)) return null;
    return (toolAges as readonly unknown[]).includes(v) ? (v as ToolAge) : fail(ctx, toolListFilterMessages.age);
  });

export const toolListFilterSchema = z
  .object({
    region_id: int(),
    units_ids: ints(),
    tool_set_name_id: int(),
    tool_kind_ids: ints(),
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
    pageNumber: field<number, number | string>((v, ctx) => Math.max(1, intOf(v, ctx) ?? 1)),
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
  pageNumber: 1,
  unit_id: null,
  request_id: null,
  toolId: null,
  tool_kind_id: null,
};

const firstProblem = (error: z.ZodError): [string, string] => {
  const issue = error.issues[0]!;
  return [issue.message, issue.path.join('.')];
};

/** The filter as the client sends it. Throws a 400 naming the field. */
export const parseToolFilter = (raw: unknown): ToolListFilter => {
  const parsed = toolListFilterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const [message, path] = firstProblem(parsed.error);
    throw invalid(message, path ? { [path]: message } : undefined);
  }
  return parsed.data;
};

/** The first Russian message the server would answer this query with, or null when it takes it. */
export const toolListQueryProblem = (query: ToolListQuery): string | null => {
  const parsed = toolListFilterSchema.safeParse(query);
  return parsed.success ? null : firstProblem(parsed.error)[0];
};

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
