import { randomUUID } from 'node:crypto';
import Fastify, { type InjectOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../../api/http/errors';
import { requireObjectBodies } from '../../../api/http/object-body';
import { forbidden } from '../../../domain/shared/errors';

/** A small app with the real error handling, to see fastify's own errors and a server fault. */
const appWithErrors = async () => {
  const logged: Array<{ obj: Record<string, unknown>; msg?: string }> = [];
  const log = { info: () => {}, warn: () => {}, error: (obj: object, msg?: string) => logged.push({ obj: obj as Record<string, unknown>, msg }) };
  const app = Fastify({ bodyLimit: 1024, genReqId: () => randomUUID() });
  await app.register(multipart, { limits: { fileSize: 10, files: 1 } });
  registerErrorHandling(app, log);
  requireObjectBodies(app);
  app.get('/boom', async () => {
    throw new Error('connection refused');
  });
  app.get('/forbidden', async () => {
    throw forbidden();
  });
  app.post('/echo', async (request) => ({ body: request.body }));
  app.post('/upload', async (request) => {
    for await (const part of request.parts()) if (part.type === 'file') await part.toBuffer();
    return { ok: true };
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Не найдено' }));
  await app.ready();
  return { app, logged };
};

const russian = /[А-Яа-яЁё]/;

describe('error answers are Russian JSON { message }', () => {
  const cases: Array<[string, InjectOptions, number]> = [
    ['bad JSON', { method: 'POST', url: '/echo', payload: '{"a":', headers: { 'content-type': 'application/json' } }, 400],
    ['empty JSON body', { method: 'POST', url: '/echo', payload: '', headers: { 'content-type': 'application/json' } }, 400],
    ['unsupported content type', { method: 'POST', url: '/echo', payload: '<a/>', headers: { 'content-type': 'application/xml' } }, 400],
    ['a body over the limit', { method: 'POST', url: '/echo', payload: JSON.stringify({ a: 'x'.repeat(2000) }), headers: { 'content-type': 'application/json' } }, 413],
    ['a scalar body', { method: 'POST', url: '/echo', payload: '13', headers: { 'content-type': 'application/json' } }, 400],
    ['an array body', { method: 'POST', url: '/echo', payload: '[1]', headers: { 'content-type': 'application/json' } }, 400],
    ['a text body', { method: 'POST', url: '/echo', payload: 'hello', headers: { 'content-type': 'text/plain' } }, 400],
    ['a multipart body without boundary', { method: 'POST', url: '/upload', payload: 'x', headers: { 'content-type': 'multipart/form-data' } }, 400],
    ['a truncated multipart body', { method: 'POST', url: '/upload', payload: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', headers: { 'content-type': 'multipart/form-data; boundary=zz' } }, 400],
    ['an unknown route', { method: 'GET', url: '/nowhere' }, 404],
    ['a method the route does not have', { method: 'DELETE', url: '/echo' }, 404],
    ['a domain refusal', { method: 'GET', url: '/forbidden' }, 403],
  ];
  it.each(cases)('%s', async (_name, request, status) => {
    const { app } = await appWithErrors();
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    const body = res.json() as { message: string };
    expect(Object.keys(body)).toContain('message');
    expect(body.message).toMatch(russian);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });

  it('a server fault answers a Russian 500 and is logged with the request id it returns', async () => {
    const { app, logged } = await appWithErrors();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Внутренняя ошибка сервера. Повторите попытку позже.' });
    const requestId = res.headers['x-request-id'];
    expect(logged).toHaveLength(1);
    expect(logged[0]!.obj.requestId).toBe(requestId);
    expect(String(logged[0]!.obj.err)).toContain('connection refused');
    await app.close();
  });

  it('a valid object body passes the body guard', async () => {
    const { app } = await appWithErrors();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(res.json()).toEqual({ body: { a: 1 } });
    await app.close();
  });
});
