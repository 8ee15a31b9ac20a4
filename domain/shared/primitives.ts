import { z } from 'zod';
import { invalid } from './errors';

/**
 * The one set of zod primitives every command schema, path parameter and filter uses. Each bounds
 * its value to what the read models can store (PostgreSQL `integer`, `numeric(14,2)`, `text`
 * without NUL, dates PostgreSQL and people both read the same way), so the write side never
 * appends an event a projection cannot apply. Messages are Russian; a schema may pass its own.
 */

/** The largest PostgreSQL `integer`. */
export const PG_INT_MAX = 2147483647;
/** The smallest PostgreSQL `integer`. */
export const PG_INT_MIN = -2147483648;
/** The largest amount `numeric(14,2)` holds. */
export const MONEY_MAX = 999_999_999_999.99;
/** The most ids one list may carry (a network has a few thousand units). */
export const ID_LIST_MAX = 5000;
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2999;

export const primitiveMessages = {
  id: 'Неверный идентификатор',
  idList: 'Неверный список идентификаторов',
  idListTooLong: `Не более ${ID_LIST_MAX} элементов`,
  integer: 'Введите целое число',
  range: (min: number, max: number) => `Число от ${min} до ${max}`,
  money: 'Неверная сумма',
  moneyNegative: 'Сумма не может быть отрицательной',
  moneyMax: 'Слишком большая сумма',
  moneyDecimals: 'Не более двух знаков после запятой',
  text: 'Неверное значение',
  nul: 'Недопустимый символ в тексте',
  date: 'Неверная дата',
  dateRange: `Год от ${YEAR_MIN} до ${YEAR_MAX}`,
  value: 'Неверное значение',
  body: 'Неверный формат запроса',
} as const;

export interface NumberOptions {
  /** The message of every failure (type, fraction, range); defaults per primitive. */
  readonly message?: string;
  /**
   * Accept a string of decimal digits ('42', ' 7 ') as its number, as forms and query strings
   * send them. Nothing else is coerced: '', true, [5] and '1e3' stay what they are and fail.
   */
  readonly coerce?: boolean;
}

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;
const fromDecimalString = (v: unknown): unknown => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v);

type Strict = NumberOptions & { readonly coerce?: false };
type Coercing = NumberOptions & { readonly coerce: true };
type Coerced = z.ZodEffects<z.ZodNumber, number, unknown>;

/** An integer in [min, max]; fractions, 1e308, NaN and non-numbers fail. */
export function boundedInt(min: number, max: number, options?: Strict): z.ZodNumber;
export function boundedInt(min: number, max: number, options: Coercing): Coerced;
export function boundedInt(min: number, max: number, options?: NumberOptions): z.ZodNumber | Coerced;
export function boundedInt(min: number, max: number, options: NumberOptions = {}): z.ZodNumber | Coerced {
  const typeMessage = options.message ?? primitiveMessages.integer;
  const rangeMessage = options.message ?? primitiveMessages.range(min, max);
  const n = z
    .number({ invalid_type_error: typeMessage, required_error: typeMessage })
    .int(typeMessage)
    .min(min, rangeMessage)
    .max(max, rangeMessage);
  return options.coerce ? z.preprocess(fromDecimalString, n) : n;
}

/** An id of a row: an integer 1..2147483647. Coerces digit strings unless `coerce: false`. */
export function id(options: Strict & { readonly coerce: false }): z.ZodNumber;
export function id(options?: NumberOptions): Coerced;
export function id(options: NumberOptions = {}): z.ZodNumber | Coerced {
  return boundedInt(1, PG_INT_MAX, { message: options.message ?? primitiveMessages.id, coerce: options.coerce ?? true });
}

/**
 * zod's union, answering a value some option accepts without building any issue. zod parses the
 * options in turn and builds a full issue (its message run through every error map) for each one
 * that fails before one passes: `[literal(''), schema]` paid that on every filled field of every
 * saved request, a large part of a create (docs/notes/performance.md). Here null and literal options are compared directly and, in a
 * synchronous parse, the others tried with `safeParse`, in the union's order, so the first option
 * that passes gives the value, as in zod's. When none passes, zod's union runs: failures and their
 * messages are its own.
 */
class QuickUnion<T extends z.ZodUnionOptions> extends z.ZodUnion<T> {
  override _parse(input: z.ParseInput): z.ParseReturnType<this['_output']> {
    if (!input.parent.common.async) {
      for (const option of this._def.options) {
        if (option instanceof z.ZodNull || option instanceof z.ZodLiteral) {
          if (input.data === (option instanceof z.ZodNull ? null : (option as z.ZodLiteral<unknown>).value)) return z.OK(input.data);
          continue;
        }
        const tried = option.safeParse(input.data);
        if (tried.success) return z.OK(tried.data);
      }
    }
    return super._parse(input);
  }
}

/** `z.union(options, params)` parsed as `QuickUnion`: the same schema, values, types and errors. */
export const quickUnion = <T extends Readonly<[z.ZodTypeAny, z.ZodTypeAny, ...z.ZodTypeAny[]]>>(options: T, params?: z.RawCreateParams): z.ZodUnion<T> =>
  new QuickUnion(z.union(options, params)._def);

/** A value or nothing: null, undefined and '' give null; anything else must pass `schema`. */
export const orNull = <S extends z.ZodTypeAny>(schema: S, message: string = primitiveMessages.value) =>
  quickUnion([z.null(), z.literal(''), schema], { errorMap: () => ({ message }) })
    .optional()
    .transform((v): z.output<S> | null => (v === '' || v === undefined || v === null ? null : (v as z.output<S>)));

/** An id or nothing: null, undefined and '' give null. */
export const optionalId = (options: NumberOptions = {}) => orNull(id(options), options.message ?? primitiveMessages.id);

/** An id or null, nothing coerced: fields of a submitted document that keep the raw value. */
export const nullableId = (message: string = primitiveMessages.id) => id({ message, coerce: false }).nullable();

/** A list of ids (at most `max`); a missing list is empty. */
export function idList(options: Strict & { readonly coerce: false; readonly max?: number }): z.ZodArray<z.ZodNumber>;
export function idList(options?: NumberOptions & { readonly max?: number }): z.ZodArray<Coerced>;
export function idList(options: NumberOptions & { readonly max?: number } = {}): z.ZodArray<z.ZodNumber> | z.ZodArray<Coerced> {
  const item = options.coerce === false ? id({ ...options, coerce: false }) : id(options);
  return z
    .array(item as z.ZodNumber, { invalid_type_error: options.message ?? primitiveMessages.idList })
    .max(options.max ?? ID_LIST_MAX, primitiveMessages.idListTooLong);
}

/** One of the given numeric values (a numeric enumeration of the spec). */
export const enumOf = (values: readonly number[], message: string, options: { readonly coerce?: boolean } = {}) => {
  const n = z.number({ invalid_type_error: message, required_error: message }).refine((v) => values.includes(v), message);
  return options.coerce ? z.preprocess(fromDecimalString, n) : n;
};

/** True when a finite number has at most two decimals (checked on its shortest decimal form). */
const twoDecimals = (v: number): boolean => /^-?\d+(\.\d{1,2})?$/.test(String(v)) || Number.isInteger(v);

/** An amount of money: finite, 0..999 999 999 999.99, at most two decimals. */
export const money = (options: NumberOptions & { readonly negativeMessage?: string } = {}) => {
  const message = options.message ?? primitiveMessages.money;
  const n = z
    .number({ invalid_type_error: message, required_error: message })
    .finite(message)
    .superRefine((v, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      if (v < 0) fail(options.negativeMessage ?? options.message ?? primitiveMessages.moneyNegative);
      else if (v > MONEY_MAX) fail(options.message ?? primitiveMessages.moneyMax);
      else if (!twoDecimals(v)) fail(options.message ?? primitiveMessages.moneyDecimals);
    });
  return options.coerce ? z.preprocess(fromDecimalString, n) : n;
};

/** Matches a string without NUL (PostgreSQL text and jsonb refuse it). */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character refused.
export const NO_NUL = /^[^\u0000]*$/;
/** Matches well-formed UTF-16: a lone surrogate travels in JSON as an escape PostgreSQL's jsonb refuses. */
export const NO_LONE_SURROGATE = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** A string without NUL; `message` is also what a missing or non-string value says. */
export const string = (message?: string) =>
  z.string({ invalid_type_error: message ?? primitiveMessages.text, required_error: message })
    .regex(NO_NUL, primitiveMessages.nul)
    .regex(NO_LONE_SURROGATE, primitiveMessages.nul);

/** A string of at most `max` characters without NUL. */
export const text = (max: number, message?: string) => string(message).max(max, message ?? `Не более ${max} символов`);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Why an ISO date or timestamp is unusable, or null when it is a real day of years 1900..2999. */
export const isoDateProblem = (value: string): string | null => {
  const m = ISO_DATE.exec(value);
  if (!m) return primitiveMessages.date;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < YEAR_MIN || year > YEAR_MAX) return primitiveMessages.dateRange;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return primitiveMessages.date;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return primitiveMessages.date;
  return null;
};

/** An ISO date 'YYYY-MM-DD' (or a timestamp starting with one) of a real day in 1900..2999. */
export const date = (message?: string) =>
  z.string({ invalid_type_error: message ?? primitiveMessages.date }).superRefine((v, ctx) => {
    const problem = isoDateProblem(v);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: message ?? problem });
  });

/** A command body that must be a JSON object: an array, a scalar or null is a 400. */
export const objectBody = (raw: unknown, message: string = primitiveMessages.body): Record<string, unknown> => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(message);
  return raw as Record<string, unknown>;
};

/** The first string anywhere in a value that holds NUL, as its path ('' for the value itself), or null. */
export const nulPathOf = (value: unknown, path = '', depth = 0): string | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
    const found = nulPathOf(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
};
