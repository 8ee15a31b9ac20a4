import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { NETWORK_ERROR_TEXT } from '@/config/constants';

export const isFetchBaseQueryError = (error: unknown): error is FetchBaseQueryError =>
  typeof error === 'object' && error !== null && 'status' in error;

/** No answer from the server at all (connection refused, offline, timed out). */
export const isNetworkFailure = (error: FetchBaseQueryError): boolean =>
  error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';

/** The HTTP status of an answered call, or null when there was no answer. */
export const httpStatusOf = (error: FetchBaseQueryError): number | null => {
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return null;
};

/** The server's `{ message }`, when the body has one. */
export const serverMessageOf = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  return typeof body.message === 'string' && body.message ? body.message : null;
};

/** Field messages of a 400 answer `{ message, errors: { field: message } }`. */
export const fieldErrorsOf = (error: unknown): Readonly<Record<string, string>> => {
  if (!isFetchBaseQueryError(error) || typeof error.data !== 'object' || error.data === null || !('errors' in error.data)) return {};
  const errors = error.data.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'));
};

const statusTexts: Readonly<Record<number, string>> = {
  400: 'Неверные данные запроса',
  401: 'Требуется вход в систему',
  403: 'Недостаточно прав',
  404: 'Не найдено',
  409: 'Действие отклонено',
  429: 'Слишком много запросов. Повторите попытку позже',
};

const textForStatus = (status: number): string =>
  statusTexts[status] ?? (status >= 500 ? 'Ошибка сервера. Повторите попытку позже' : `Ошибка (${status})`);

/** What the user reads for a failed call: the server's message when there is one. */
export const apiErrorText = (error: FetchBaseQueryError | SerializedError | undefined): string => {
  if (!error) return 'Ошибка';
  if (!isFetchBaseQueryError(error)) return error.message ?? 'Ошибка';
  if (isNetworkFailure(error)) return NETWORK_ERROR_TEXT;
  if (error.status === 'CUSTOM_ERROR') return error.error;
  const status = httpStatusOf(error);
  const message = error.status === 'PARSING_ERROR' ? null : serverMessageOf(error.data);
  return message ?? (status === null ? 'Ошибка' : textForStatus(status));
};
