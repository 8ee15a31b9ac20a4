import { z } from 'zod';
import { isCalendarDate, parseRuDate } from '../shared/dates';
import { invalid } from '../shared/errors';
import { boundedInt, isoDateProblem, NO_NUL, PG_INT_MAX, PG_INT_MIN } from '../shared/primitives';

/**
 * The request list filter (requests.md 2.3, 2.2): one zod schema, the contract of GET /api/request and
 * the exports. The server parses what it receives with it (parseRequestFilter: query parameters arrive
 * as strings, so ids may be digit strings or comma lists, dates 'DD.MM.YYYY' too); the client builds
 * its query as `RequestListQuery` (the schema's input) and may check it with `requestListQueryProblem`.
 * Names are the query parameters the server has always accepted. Everything is optional; the
 * registration date range defaults to the current year.
 */

export const listFilterMessages = {
  date: 'Неверная дата',
  number: 'Введите целое число',
  format: 'Неверный формат фильтра',
  text: 'Недопустимый символ в тексте',
} as const;

/** Longest text a filter may search for (a number, a name, a serial number). */
export const FILTER_TEXT_MAX = 1000;
const textTooLong = `Не более ${FILTER_TEXT_MAX} символов`;

/** Any PostgreSQL integer, digit strings accepted: ids, enumerations, the number, the page. */
const intValue = boundedInt(PG_INT_MIN, PG_INT_MAX, { message: listFilterMessages.number, coerce: true });

type Ctx = z.RefinementCtx;
/** An issue whose message names no field (the whole filter is malformed). */
const BARE = { bare: true } as const;
const fail = (ctx: Ctx, message: string, params?: typeof BARE): never => {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message, ...(params ? { params } : {}) });
  return z.NEVER;
};
const empty = (v: unknown): v is undefined | null | '' => v === undefined || v === null || v === '';

/** A field: what the client may send (In) and what the server gets (Out). */
const field = <Out, In>(parse: (v: unknown, ctx: Ctx) => Out) =>
  z.unknown().transform(parse) as unknown as z.ZodType<Out, z.ZodTypeDef, In | null | undefined>;

const intOf = (v: unknown, ctx: Ctx): number | null => {
  if (empty(v)) return null;
  const n = intValue.safeParse(v);
  return n.success ? n.data : fail(ctx, listFilterMessages.number);
};
const int = () => field<number | null, number | string>(intOf);

/** Ids as a list, a comma list or objects with an id; duplicates dropped; none is null. */
const ints = () =>
  field<number[] | null, number[] | string>((v, ctx) => {
    if (empty(v)) return null;
    const list: unknown[] = Array.isArray(v) ? v : String(v).split(',');
    const out: number[] = [];
    for (const x of list) {
      if (empty(x)) continue;
      const id = typeof x === 'object' && x !== null ? (x as { id?: unknown }).id : x;
      const n = intOf(id, ctx);
      // An object without an id has always given a null entry (it matches no row); kept as it was.
      out.push(n as number);
    }
    return out.length ? [...new Set(out)] : null;
  });

const boolOf = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === '1';
const bool = () => field<boolean, boolean | string>((v) => boolOf(v));

const textOf = (v: unknown, ctx: Ctx): string | null => {
  if (empty(v)) return null;
  if (typeof v !== 'string' && typeof v !== 'number') return fail(ctx, listFilterMessages.format);
  const s = String(v).trim();
  // PostgreSQL refuses NUL in text: a 400 here rather than a 500 from the query.
  if (!NO_NUL.test(s)) return fail(ctx, listFilterMessages.text);
  if (s.length > FILTER_TEXT_MAX) return fail(ctx, textTooLong);
  return s ? s : null;
};
const text = () => field<string | null, string>(textOf);

/** 'YYYY-MM-DD', 'DD.MM.YYYY' or an ISO timestamp -> 'YYYY-MM-DD'. */
const dateOf = (v: unknown, ctx: Ctx): string | null => {
  if (empty(v)) return null;
  const s = String(v as string | number).trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : parseRuDate(s);
  if (!iso || !isCalendarDate(iso) || isoDateProblem(iso)) return fail(ctx, listFilterMessages.date);
  return iso;
};
const date = () => field<string | null, string>(dateOf);

/** true: the date is filled, false: empty, a date: that day. */
const dateOrFlag = () =>
  field<boolean | string | null, boolean | string>((v, ctx) => {
    if (empty(v)) return null;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    return dateOf(v, ctx);
  });

/** A sub-filter: an object, or its JSON; anything else is no sub-filter. */
const objectOf = (v: unknown, ctx: Ctx): Record<string, unknown> | null => {
  if (empty(v)) return null;
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return fail(ctx, listFilterMessages.format, BARE);
    }
  }
  return typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
};

const some = (o: object) => Object.values(o).some((v) => v !== null && v !== false);

/** A sub-filter of these fields; null when nothing in it is set (`keep`: what else makes it count). */
const sub = <S extends z.ZodRawShape>(shape: S, keep: (f: z.output<z.ZodObject<S>>) => boolean = some) => {
  const inner = z.object(shape);
  return z
    .unknown()
    .transform((v, ctx) => objectOf(v, ctx))
    .pipe(inner.nullable())
    .transform((f) => (f && keep(f) ? f : null)) as unknown as z.ZodType<
    z.output<typeof inner> | null,
    z.ZodTypeDef,
    Partial<z.input<typeof inner>> | string | null | undefined
  >;
};

const repairShape = {
  repair_kind_id: int(),
  repair_kind_id_is_not_set: bool(),
  view_res_before: int(),
  view_res_before_is_not_set: bool(),
  view_res_after: int(),
  repair_type_id: int(),
  repair_result_id: int(),
  /** true: the date is filled, false: empty, a date: that day. */
  tool_in_d: dateOrFlag(),
  tool_out_d: dateOrFlag(),
  /** The tool is at the branch now: arrived and not departed. */
  tool_in_filial: bool(),
};
const toolShape = {
  tool_kind_id: int(),
  exchange_stock: field<boolean | null, boolean | string>((v) => (empty(v) ? null : boolOf(v))),
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
  units_ids: ints(),
  /** An executor of the request (the engineers list). */
  engineer_id: int(),
  request_kinds_ids: ints(),
  request_statuses_ids: ints(),
  number: int(),
  hotlinegas_number: text(),
  result_type: int(),
  /** The registration period; absent: the current year (parseRequestFilter). */
  date_beg: date(),
  date_end: date(),
  result_date_beg: date(),
  result_date_end: date(),
  hotline_reqs_without_number: bool(),
  hotline_reqs_not_register: bool(),
  hotline_reqs_not_closed: bool(),
  unsigned_docs: bool(),
  without_doc_co_3: bool(),
  without_doc_co_41: bool(),
  without_doc_co_42: bool(),
  without_doc_co_7: bool(),
  without_doc_co_8: bool(),
  without_doc_co_13: bool(),
  /** Head-performer list (2.2): the hot line engineer who took the request, applicant kind, unknown applicant. */
  hotline_engineer_id: int(),
  contact_kind: int(),
  contact_unknown_name: text(),
  repair: sub(repairShape),
  // `exchange_stock: false` is a condition of its own (the tool is not in the exchange stock).
  repairTool: sub(toolShape, (f) => some(f) || f.exchange_stock === false),
  specialSoftware: software(),
  commonSoftware: software(),
  restore: software(),
  consultation: software(),
  pageNumber: field<number, number | string>((v, ctx) => Math.max(1, intOf(v, ctx) ?? 1)),
  export: bool(),
});

/** What the client sends (every field optional; the server also takes strings from query parameters). */
export type RequestListQuery = z.input<typeof requestListFilterSchema>;
type Parsed = z.output<typeof requestListFilterSchema>;
export type RequestFilter = Omit<Parsed, 'date_beg' | 'date_end'> & { date_beg: string; date_end: string };
export type RepairFilter = NonNullable<Parsed['repair']>;
export type ToolFilter = NonNullable<Parsed['repairTool']>;
export type SoftwareFilter = NonNullable<Parsed['specialSoftware']>;

/** The first problem of a filter as [message, field path or null], or null when it is valid. */
const firstProblem = (error: z.ZodError): [string, string | null] => {
  const issue = error.issues[0]!;
  const bare = issue.code === z.ZodIssueCode.custom && (issue.params as typeof BARE | undefined)?.bare === true;
  return [issue.message, bare ? null : issue.path.join('.')];
};

/** The filter as the client sends it; `today` ('YYYY-MM-DD') gives the default year. Throws a 400 naming the field. */
export const parseRequestFilter = (raw: Record<string, unknown>, today: string): RequestFilter => {
  const parsed = requestListFilterSchema.safeParse(raw);
  if (!parsed.success) {
    const [message, path] = firstProblem(parsed.error);
    throw invalid(message, path === null ? undefined : { [path]: message });
  }
  const year = today.slice(0, 4);
  const f = parsed.data;
  return { ...f, date_beg: f.date_beg ?? `${year}-01-01`, date_end: f.date_end ?? `${year}-12-31` };
};

/** The first Russian message the server would answer this query with, or null when it takes it. */
export const requestListQueryProblem = (query: RequestListQuery): string | null => {
  const parsed = requestListFilterSchema.safeParse(query);
  return parsed.success ? null : firstProblem(parsed.error)[0];
};
