import { z } from 'zod';
import { invalid } from './errors';
import { nulPathOf, primitiveMessages } from './primitives';

/**
 * Russian texts for zod's own issues (type mismatches, lengths, formats): every schema's own
 * messages take precedence; this is what a field without one says instead of zod's English.
 */
export const ruErrorMap: z.ZodErrorMap = (issue, ctx) => {
  // A schema's own text (required_error, invalid_type_error, its errorMap) reaches this map as the
  // default; only zod's English default is replaced.
  if (ctx.defaultError !== z.defaultErrorMap(issue, ctx).message) return { message: ctx.defaultError };
  // An array, a scalar or null where the whole body must be an object.
  if (issue.code === z.ZodIssueCode.invalid_type && issue.expected === 'object' && issue.path.length === 0) return { message: primitiveMessages.body };
  if (issue.code === z.ZodIssueCode.invalid_type && (issue.received === 'undefined' || issue.received === 'null')) return { message: 'Обязательное поле' };
  if (issue.code === z.ZodIssueCode.invalid_string && issue.validation === 'email') return { message: 'Укажите корректный email' };
  if (issue.code === z.ZodIssueCode.too_big && issue.type === 'string') return { message: `Не более ${issue.maximum} символов` };
  if (issue.code === z.ZodIssueCode.too_small && issue.type === 'string') return { message: Number(issue.minimum) <= 1 ? 'Обязательное поле' : `Не менее ${issue.minimum} символов` };
  return { message: 'Неверное значение' };
};

/** Field path -> first message, the shape forms and API errors share. */
export const fieldErrorsOf = (error: z.ZodError): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
};

/**
 * NUL anywhere in an input (a field, a list item, a key) is refused before any schema runs:
 * PostgreSQL text and jsonb cannot hold it, so such an event could never be stored or projected.
 */
export const rejectNul = (input: unknown): void => {
  const path = nulPathOf(input);
  if (path !== null) throw invalid(primitiveMessages.nul, { [path || '_']: primitiveMessages.nul });
};

/** Parses input with a schema or throws a 400-kind DomainError carrying every field message. */
export const parseOrThrow = <S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> => {
  rejectNul(input);
  const result = schema.safeParse(input, { errorMap: ruErrorMap });
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  throw invalid(Object.values(fieldErrors)[0] ?? 'Неверные данные', fieldErrors);
};

/** Scalar field changes between two records: the payload history tabs are built from. */
export interface FieldChange {
  readonly field: string;
  readonly old: unknown;
  readonly new: unknown;
}

export const diffFields = (before: object, after: object, fields?: readonly string[]): FieldChange[] => {
  const keys = fields ?? [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: FieldChange[] = [];
  const a0 = before as Record<string, unknown>;
  const b0 = after as Record<string, unknown>;
  for (const field of keys) {
    const a = a0[field] ?? null;
    const b = b0[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ field, old: a, new: b });
  }
  return changes;
};
