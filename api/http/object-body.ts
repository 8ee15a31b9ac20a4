import type { FastifyInstance } from 'fastify';
import { invalid } from '../../domain/shared/errors';

/**
 * Every API body is an object (or a multipart form, read by the route itself). A scalar, array,
 * null or text body is refused here with a Russian 400, so no route reads fields of a number or
 * a string (a TypeError, answered 500 before).
 */
export const requireObjectBodies = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' && request.method !== 'PUT' && request.method !== 'PATCH') return;
    if (request.isMultipart()) return;
    const body: unknown = request.body;
    if (body === undefined) return;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body))
      throw invalid('Неверный формат запроса: ожидается объект JSON');
  });
};
