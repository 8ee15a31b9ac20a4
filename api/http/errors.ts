import type { FastifyError, FastifyInstance } from 'fastify';
import { isDomainError, type DomainErrorKind } from '../../domain/shared/errors';

const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  refused: 409,
  conflict: 409,
};

/** Errors are JSON { message } in Russian; the status code says which kind. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (isDomainError(error)) {
      const body: { message: string; errors?: Record<string, string> } = { message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return reply.status(statusOf[error.kind]).send(body);
    }
    const fe = error as FastifyError;
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_FILES_LIMIT' || fe.statusCode === 413)
      return reply.status(400).send({ message: 'Размер файла не может быть более 50 мегабайт' });
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.statusCode === 400)
      return reply.status(400).send({ message: 'Неверный формат запроса' });
    if (fe.statusCode === 429) return reply.status(429).send({ message: fe.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Внутренняя ошибка сервера. Повторите попытку позже.' });
  });
};
