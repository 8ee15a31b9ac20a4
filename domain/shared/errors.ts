/**
 * Errors the domain and the write side raise. Each maps to one HTTP status in the API
 * (see api/http/errors.ts), so a handler never chooses a status code itself.
 */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'refused' | 'conflict';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field-level messages, keyed by field path, for forms that show them beside the field. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, fieldErrors?: Record<string, string>) =>
  new DomainError('invalid', message, fieldErrors);
export const refused = (message: string) => new DomainError('refused', message);
export const forbidden = (message = 'Недостаточно прав для выполнения операции') =>
  new DomainError('forbidden', message);
export const notFound = (message = 'Запись не найдена') => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
