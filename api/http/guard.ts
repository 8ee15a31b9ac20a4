import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { RightKey } from '../../domain/rights/catalog';
import { hasRight } from '../../domain/rights/rights';
import type { RightValue } from '../../domain/rights/values';
import type { CommandContext } from '../../domain/shared/events';
import { DomainError, forbidden } from '../../domain/shared/errors';
import { boundedInt, date, id, ID_LIST_MAX, nulPathOf, primitiveMessages, text } from '../../domain/shared/primitives';
import type { CurrentUser } from '../auth/current-user';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export const userOf = (request: FastifyRequest): CurrentUser => {
  if (!request.currentUser) throw new DomainError('unauthenticated', 'Требуется вход в систему');
  return request.currentUser;
};

/** The one server-side check of a right for a route: the user must hold one of the bits. */
export const requireRight = (request: FastifyRequest, key: RightKey, ...values: RightValue[]): CurrentUser => {
  const user = userOf(request);
  if (!hasRight(user.rightsObject, key, ...values)) throw forbidden();
  return user;
};

/** Command metadata for a call: who, when, and a correlation id per HTTP request. */
export const commandContext = (request: FastifyRequest): CommandContext => ({
  userId: request.currentUser?.id ?? null,
  now: new Date().toISOString(),
  correlationId: String(request.id ?? randomUUID()),
  causationId: null,
});

const idValue = id();

/**
 * An id from a path, a query or a body field: a positive integer up to 2147483647 (PostgreSQL
 * integer), as a number or a string of digits. Fractions, 1e308, 2147483648 and words are a 400.
 */
export const idParam = (raw: unknown): number => {
  const r = idValue.safeParse(raw);
  if (!r.success) throw new DomainError('invalid', primitiveMessages.id);
  return r.data;
};

const filterFormat = 'Неверный формат фильтра';

/**
 * Filters arrive as a JSON path segment (`/api/users/{filter json}`) or as query parameters.
 * NUL anywhere in a filter is a 400 (PostgreSQL refuses it in text parameters).
 */
export const parseFilter = (raw: unknown): Record<string, unknown> => {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw !== 'object') {
    try {
      value = JSON.parse(String(raw));
    } catch {
      throw new DomainError('invalid', filterFormat);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DomainError('invalid', filterFormat);
  const nul = nulPathOf(value);
  if (nul !== null) throw new DomainError('invalid', primitiveMessages.nul, { [nul || '_']: primitiveMessages.nul });
  return value as Record<string, unknown>;
};

/** The filter of a list route: a `{filter}` path segment, a `filter` query parameter, or the query itself. */
export const filterOf = (request: FastifyRequest): Record<string, unknown> => {
  const params = (request.params ?? {}) as { filter?: unknown };
  const query = (request.query ?? {}) as Record<string, unknown>;
  return parseFilter(params.filter !== undefined ? params.filter : query.filter !== undefined ? query.filter : query);
};

const absent = (v: unknown) => v === undefined || v === null || v === '';
const badFilter = (field: string, message: string) => new DomainError('invalid', message, { [field]: message });

/** An id field of a filter: null when absent, a 400 naming the field when not an id. */
export const filterId = (raw: unknown, field: string): number | null => {
  if (absent(raw)) return null;
  const r = idValue.safeParse(raw);
  if (!r.success) throw badFilter(field, primitiveMessages.id);
  return r.data;
};

/** A list of ids (an array, or a comma-separated string; items may be `{ id }`): null when absent or empty. */
export const filterIds = (raw: unknown, field: string): number[] | null => {
  if (absent(raw)) return null;
  const list = Array.isArray(raw) ? raw : String(raw).split(',');
  if (list.length > ID_LIST_MAX) throw badFilter(field, primitiveMessages.idListTooLong);
  const ids = list
    .map((x) => (typeof x === 'object' && x !== null ? (x as { id?: unknown }).id : x))
    .filter((x) => !absent(x))
    .map((x) => filterId(x, field) as number);
  return ids.length ? [...new Set(ids)] : null;
};

/** An integer field of a filter within [min, max] (an enumeration, a year): null when absent. */
export const filterInt = (raw: unknown, field: string, min: number, max: number): number | null => {
  if (absent(raw)) return null;
  const r = boundedInt(min, max, { coerce: true }).safeParse(raw);
  if (!r.success) throw badFilter(field, r.error.issues[0]?.message ?? primitiveMessages.value);
  return r.data;
};

/** A text field of a filter: trimmed, null when empty; only strings and numbers, at most 1000 characters. */
export const filterText = (raw: unknown, field: string): string | null => {
  if (absent(raw)) return null;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badFilter(field, primitiveMessages.value);
  const r = text(1000).safeParse(String(raw).trim());
  if (!r.success) throw badFilter(field, r.error.issues[0]?.message ?? primitiveMessages.value);
  return r.data || null;
};

/** A date field of a filter ('YYYY-MM-DD' or an ISO timestamp of years 1900..2999) as 'YYYY-MM-DD': null when absent. */
export const filterDate = (raw: unknown, field: string): string | null => {
  if (absent(raw)) return null;
  const r = date().safeParse(raw);
  if (!r.success) throw badFilter(field, r.error.issues[0]?.message ?? primitiveMessages.date);
  return r.data.slice(0, 10);
};
