import { z } from 'zod';
import { formatDate, isCalendarDate, parseRuDate } from './dates';
import { invalid } from './errors';
import { SEARCH_MAX } from './search-terms';
import { boundedInt, ID_LIST_MAX, isoDateProblem, MONEY_MAX, NO_NUL, PG_INT_MAX, PG_INT_MIN, primitiveMessages } from './primitives';

/**
 * The fields of a list filter contract (the request list, the equipment list, and any list after
 * them): each a zod schema that takes what the client sends (every field optional) and what query
 * parameters carry (ids as digit strings or comma lists, dates 'DD.MM.YYYY', flags as text), and
 * gives the server a clean value or null. A filter is `z.object({ name: int(), … })` of these;
 * `parseListFilter` and `listFilterProblem` read it the same way for the server and the client.
 */

export const filterFieldMessages = {
  date: 'Неверная дата',
  number: 'Введите целое число',
  money: 'Число, два знака после запятой',
  format: 'Неверный формат фильтра',
  text: 'Недопустимый символ в тексте',
} as const;

/** Longest text a filter may search for (a number, a name, a serial number). */
export const FILTER_TEXT_MAX = 1000;

/** Any PostgreSQL integer, digit strings accepted: ids, enumerations, numbers, the page. */
const intValue = boundedInt(PG_INT_MIN, PG_INT_MAX, { message: filterFieldMessages.number, coerce: true });

type Ctx = z.RefinementCtx;
/** An issue whose message names no field (the whole filter is malformed). */
const BARE = { bare: true } as const;

/** Adds a Russian issue to the field being parsed. */
export const fail = (ctx: Ctx, message: string, params?: typeof BARE): never => {
  ctx.addIssue({ code: z.ZodIssueCode.custom, message, ...(params ? { params } : {}) });
  return z.NEVER;
};

/** Nothing sent: the field sets no condition. */
export const empty = (v: unknown): v is undefined | null | '' => v === undefined || v === null || v === '';

/** A field: what the client may send (In) and what the server gets (Out). */
export const field = <Out, In>(parse: (v: unknown, ctx: Ctx) => Out) =>
  z.unknown().transform(parse) as unknown as z.ZodType<Out, z.ZodTypeDef, In | null | undefined>;

const intOf = (v: unknown, ctx: Ctx): number | null => {
  if (empty(v)) return null;
  const n = intValue.safeParse(v);
  return n.success ? n.data : fail(ctx, filterFieldMessages.number);
};
/** An id, an enumeration value or a number. */
export const int = () => field<number | null, number | string>(intOf);

/** The page asked for: 1 when absent or below 1. */
export const page = () => field<number, number | string>((v, ctx) => Math.max(1, intOf(v, ctx) ?? 1));

export interface IdsOptions {
  /** The most ids one list may carry. */
  readonly max?: number;
  /**
   * An item that is an object without an id: skipped (the default), or kept as a null entry that
   * matches no row (what the request list's parameters have always meant).
   */
  readonly idless?: 'skip' | 'matchesNone';
}

/** Ids as a list, a comma list or objects with an id; duplicates dropped; none is null. */
export const ids = ({ max = ID_LIST_MAX, idless = 'skip' }: IdsOptions = {}) =>
  field<number[] | null, number[] | string>((v, ctx) => {
    if (empty(v)) return null;
    const list: unknown[] = Array.isArray(v) ? v : String(v as string).split(',');
    if (list.length > max) return fail(ctx, primitiveMessages.idListTooLong);
    const out: number[] = [];
    for (const x of list) {
      if (empty(x)) continue;
      const id = typeof x === 'object' && x !== null ? (x as { id?: unknown }).id : x;
      const n = intOf(id, ctx);
      if (n !== null) out.push(n);
      else if (idless === 'matchesNone') out.push(n as unknown as number);
    }
    return out.length ? [...new Set(out)] : null;
  });

const boolOf = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === '1';
/** A flag: absent is false. */
export const flag = () => field<boolean, boolean | string>((v) => boolOf(v));
/** A condition that may be yes, no or not set (null). */
export const yesNo = () => field<boolean | null, boolean | string>((v) => (empty(v) ? null : boolOf(v)));

/** Trimmed text without NUL, at most FILTER_TEXT_MAX characters; blank is null. */
export const textOf = (v: unknown, ctx: Ctx): string | null => {
  if (empty(v)) return null;
  if (typeof v !== 'string' && typeof v !== 'number') return fail(ctx, filterFieldMessages.format);
  const s = String(v).trim();
  // PostgreSQL refuses NUL in text: a 400 here rather than a 500 from the query.
  if (!NO_NUL.test(s)) return fail(ctx, filterFieldMessages.text);
  if (s.length > FILTER_TEXT_MAX) return fail(ctx, `Не более ${FILTER_TEXT_MAX} символов`);
  return s || null;
};
/** Text searched for. */
export const text = () => field<string | null, string>(textOf);

/** A list search (domain/shared/search-terms.ts): text of at most SEARCH_MAX characters. */
export const search = () =>
  field<string | null, string>((v, ctx) => {
    const s = textOf(v, ctx);
    if (s !== null && s.length > SEARCH_MAX) return fail(ctx, `Не более ${SEARCH_MAX} символов`);
    return s;
  });

/** 'YYYY-MM-DD', 'DD.MM.YYYY' or an ISO timestamp -> 'YYYY-MM-DD'. */
const dateOf = (v: unknown, ctx: Ctx): string | null => {
  if (empty(v)) return null;
  const s = String(v as string | number).trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : parseRuDate(s);
  if (!iso || !isCalendarDate(iso) || isoDateProblem(iso)) return fail(ctx, filterFieldMessages.date);
  return iso;
};
/** A day. */
export const date = () => field<string | null, string>(dateOf);

/** A date that may also be asked for as filled (true) or empty (false). */
export const dateOrFlag = () =>
  field<boolean | string | null, boolean | string>((v, ctx) => {
    if (empty(v)) return null;
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    return dateOf(v, ctx);
  });

/** A sum of money: a number or '123,45'; at most two decimals, not negative. */
export const money = () =>
  field<number | null, number | string>((v, ctx) => {
    if (empty(v)) return null;
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : null;
    if (s === null || !/^\d{1,12}(\.\d{1,2})?$/.test(s)) return fail(ctx, filterFieldMessages.money);
    const n = Number(s);
    return n <= MONEY_MAX ? n : fail(ctx, filterFieldMessages.money);
  });

/** One of a few named values (an age bucket, a kind of list). */
export const oneOf = <T extends string>(values: readonly T[], message: string) =>
  field<T | null, T | string>((v, ctx) => {
    if (empty(v)) return null;
    return (values as readonly unknown[]).includes(v) ? (v as T) : fail(ctx, message);
  });

/** A sub-filter: an object, or its JSON; anything else is no sub-filter. */
const objectOf = (v: unknown, ctx: Ctx): Record<string, unknown> | null => {
  if (empty(v)) return null;
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return fail(ctx, filterFieldMessages.format, BARE);
    }
  }
  return typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
};

const some = (o: object) => Object.values(o).some((v) => v !== null && v !== false);

/** A sub-filter of these fields; null when nothing in it is set (`keep`: what else makes it count). */
export const sub = <S extends z.ZodRawShape>(shape: S, keep: (f: z.output<z.ZodObject<S>>) => boolean = some) => {
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

/** Whether anything in a parsed sub-filter sets a condition. */
export const anySet = some;

/** The first problem of a filter as [message, field path or null when it names no field]. */
const firstProblem = (error: z.ZodError): [string, string | null] => {
  const issue = error.issues[0]!;
  const bare = issue.code === z.ZodIssueCode.custom && (issue.params as typeof BARE | undefined)?.bare === true;
  const path = issue.path.join('.');
  return [issue.message, bare || !path ? null : path];
};

/** A filter as the client sends it, parsed by its contract. Throws a 400 naming the first bad field. */
export const parseListFilter = <S extends z.ZodTypeAny>(schema: S, raw: unknown): z.output<S> => {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const [message, path] = firstProblem(parsed.error);
    throw invalid(message, path === null ? undefined : { [path]: message });
  }
  return parsed.data as z.output<S>;
};

/** The first Russian message the server would answer this query with, or null when it takes it. */
export const listFilterProblem = <S extends z.ZodTypeAny>(schema: S, query: z.input<S>): string | null => {
  const parsed = schema.safeParse(query);
  return parsed.success ? null : firstProblem(parsed.error)[0];
};

/** The contract's messages by top-level field name ({} when the server would take the query). */
export const listFilterProblems = <S extends z.ZodTypeAny>(schema: S, query: z.input<S>): Readonly<Record<string, string>> => {
  const parsed = schema.safeParse(query);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in out)) out[key] = issue.message;
  }
  return out;
};

/** What a list's export calls its whole content (no condition set) and its count. */
export interface ListHeadlineTexts {
  readonly all: string;
  readonly total: string;
}

/**
 * A list export's first line (the equipment and the request lists): the day, the filter's conditions
 * in the words of the list's chips, and how many rows the list holds.
 */
export const listExportHeadline = (today: string, words: readonly string[], count: number, texts: ListHeadlineTexts): string =>
  `На ${formatDate(today)}. Отбор: ${words.length ? words.join('; ') : texts.all}. ${texts.total}: ${count}`;
