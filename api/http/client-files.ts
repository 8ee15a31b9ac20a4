import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFoundAnswer } from './errors';

/** Vite names every built script, style and image under assets/ by its content's hash. */
const ASSETS_DIR = 'assets';
/** A hashed file never changes under its name: a year, and no revalidation on reload. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The page and the unhashed public files: kept, but asked about again (a 304 when unchanged). */
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * Serves the built client (web/dist) from the same origin as the API, as the build left it: each
 * text file beside its .br and .gz (compressed once at build time at the strongest levels,
 * web/build/precompress.ts), picked by the request's Accept-Encoding; hashed files cached for a year
 * as immutable, the page revalidated on every load. Client-side routes (/requests, /users, ...) all
 * load the page; unknown API paths and missing hashed files are 404 (a page in place of a script
 * would only fail later, as a wrong MIME type). Returns whether a client was found to serve.
 */
export const registerClientFiles = async (app: FastifyInstance, dist: string | null | undefined): Promise<boolean> => {
  const serveClient = Boolean(dist && existsSync(path.join(dist, 'index.html')));
  if (serveClient) {
    const assets = path.join(dist!, ASSETS_DIR) + path.sep;
    await app.register(fastifyStatic, {
      root: dist!,
      prefix: '/',
      // Files are looked up on each request, so a rebuilt client is served without a restart.
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(assets) ? HASHED_CACHE_CONTROL : PAGE_CACHE_CONTROL);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === 'GET' || request.method === 'HEAD';
    const url = request.url;
    if (!serveClient || !page || url.startsWith('/api/') || url.startsWith('/public/templates') || url.startsWith(`/${ASSETS_DIR}/`))
      return reply.status(404).send(notFoundAnswer);
    return reply.sendFile('index.html');
  });
  return serveClient;
};
