import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { RightKey } from '../../domain/rights/catalog';
import { hasRight } from '../../domain/rights/rights';
import type { RightValue } from '../../domain/rights/values';
import type { CommandContext } from '../../domain/shared/events';
import { DomainError, forbidden } from '../../domain/shared/errors';
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

export const idParam = (raw: unknown): number => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new DomainError('invalid', 'Неверный идентификатор');
  return id;
};

/** Filters arrive as a JSON path segment (`/api/users/{filter json}`) or as query parameters. */
export const parseFilter = (raw: unknown): Record<string, unknown> => {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'object') return raw as Record<string, unknown>;
  try {
    const v: unknown = JSON.parse(String(raw));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw new DomainError('invalid', 'Неверный формат фильтра');
};
