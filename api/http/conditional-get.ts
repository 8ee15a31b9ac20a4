import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The browser keeps an answer but asks again each time; no shared cache keeps it (it is the user's own). */
export const API_CACHE_CONTROL = 'private, no-cache';

/** What a 304 carries (RFC 9110 15.4.5: the validators and what updates the kept answer); the rest is dropped. */
const KEPT_ON_304 = new Set(['etag', 'cache-control', 'vary', 'expires', 'content-location', 'date', 'freshtoken', 'appversion']);

const etagOf = (body: string | Buffer): string => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** Weak comparison (RFC 9110 13.1.2) of If-None-Match against the answer's tag. */
const matches = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.slice(2);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque;
  });
};

const stripTo304 = (reply: FastifyReply): void => {
  for (const name of Object.keys(reply.getHeaders())) if (!KEPT_ON_304.has(name.toLowerCase())) reply.removeHeader(name);
};

/**
 * GET answers of the API as validated caching: each JSON answer gets an ETag (a hash of its body)
 * and `private, no-cache`, so the browser keeps it and asks with If-None-Match; when the answer is
 * the same, a 304 without a body goes back. A reload of a screen then moves headers, not the
 * reference lists again (the route still runs: the answer is compared, never assumed). Every 304,
 * the built client's included, carries only what updates the kept answer.
 */
export const registerConditionalGet = (app: FastifyInstance): void => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 304) {
      stripTo304(reply);
      return done(null, payload);
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || !request.url.startsWith('/api/')) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json') || reply.hasHeader('etag')) return done(null, payload);
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE_CONTROL);
    if (!matches(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304);
    stripTo304(reply);
    done(null, null);
  });
};
