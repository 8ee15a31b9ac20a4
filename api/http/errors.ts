import type { FastifyError, FastifyInstance } from 'fastify';
import { isDomainError, type DomainErrorKind } from '../../domain/shared/errors';
import { isDatabaseUnavailable, replyDatabaseUnavailable } from './database-errors';
import type { Logger } from '../../infrastructure/logger';

const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  refused: 409,
  conflict: 409,
};

export const FILE_TOO_LARGE = 'Размер файла не может быть более 50 мегабайт';
export const BAD_REQUEST = 'Неверный формат запроса';
export const INTERNAL_ERROR = 'Внутренняя ошибка сервера. Повторите попытку позже.';

/** Russian texts for the 4xx statuses fastify and its plugins raise themselves (their messages are English). */
const messageOfStatus: Record<number, string> = {
  400: BAD_REQUEST,
  401: 'Требуется вход в систему',
  403: 'Недостаточно прав для выполнения операции',
  404: 'Не найдено',
  405: 'Метод не поддерживается',
  406: 'Неверный формат запроса: ожидались данные формы (multipart/form-data)',
  408: 'Превышено время ожидания запроса',
  411: 'Не указана длина запроса',
  413: 'Слишком большой запрос',
  414: 'Слишком длинный адрес запроса',
  415: 'Неподдерживаемый тип содержимого запроса',
  429: 'Слишком много запросов. Повторите попытку позже.',
  431: 'Слишком большие заголовки запроса',
};

const cyrillic = /[А-Яа-яЁё]/;

/** Errors of the multipart parser (busboy) carry no code and no status: they are malformed bodies. */
const isMalformedMultipart = (error: Error) =>
  /^(Multipart: |Unexpected end of (form|multipart data)|Malformed (part|urlencoded) header|Part terminated early)/.test(error.message);

interface ErrorAnswer {
  readonly status: number;
  readonly message: string;
}

/** The status and Russian message for an error that is not a DomainError; null = a server fault. */
const answerOf = (error: FastifyError | Error): ErrorAnswer | null => {
  const fe = error as FastifyError;
  if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT') return { status: 400, message: FILE_TOO_LARGE };
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return { status: 400, message: BAD_REQUEST };
  if (fe.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || fe.code === 'FST_INVALID_JSON_FIELD_ERROR' || fe.code === 'FST_PROTO_VIOLATION')
    return { status: 400, message: BAD_REQUEST };
  if (fe.validation) return { status: 400, message: 'Неверные данные запроса' };
  if (error.name === 'ZodError') return { status: 400, message: 'Неверные данные запроса' };
  if (isMalformedMultipart(error) || error instanceof SyntaxError) return { status: 400, message: BAD_REQUEST };
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 0;
  if (status === 429) return { status, message: cyrillic.test(fe.message) ? fe.message : messageOfStatus[429]! };
  if (status === 413) return { status, message: messageOfStatus[413]! };
  if (status >= 400 && status < 500) return { status, message: messageOfStatus[status] ?? BAD_REQUEST };
  return null;
};

/**
 * Errors are JSON { message } in Russian; the status code says which kind. A server fault (5xx) is
 * logged with the request id, which every answer carries in `x-request-id` so a user's report can be
 * matched to the log line.
 */
export const registerErrorHandling = (app: FastifyInstance, log: Logger) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', String(request.id));
  });
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (isDomainError(error)) {
      const body: { message: string; errors?: Record<string, string> } = { message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return reply.status(statusOf[error.kind]).send(body);
    }
    if (isDatabaseUnavailable(error)) return replyDatabaseUnavailable(error, request, reply, log);
    const answer = answerOf(error);
    if (answer) return reply.status(answer.status).send({ message: answer.message });
    log.error({ err: String(error), stack: error.stack, requestId: String(request.id), method: request.method, url: request.url }, 'unhandled error');
    return reply.status(500).send({ message: INTERNAL_ERROR });
  });
};

/** Answer of the not-found handler: unknown API paths, and other methods than GET on client paths. */
export const notFoundAnswer = { message: 'Не найдено' } as const;
