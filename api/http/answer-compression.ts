import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export type AnswerEncoding = 'br' | 'gzip';

/**
 * What an answer's compression costs (docs/notes/web-speed.md has the measurements): brotli at
 * quality 3 takes clearly less CPU than at 4 for a few per cent more bytes; gzip at level 4 less
 * than its default 6 for the small answers. A body under a kilobyte gains less than the
 * header costs.
 */
export const ANSWER_COMPRESSION = {
  thresholdBytes: 1024,
  brotliQuality: 3,
  gzipLevel: 4,
  /** Larger bodies are compressed on libuv's threads, so one big list does not hold every other call back. */
  offThreadBytes: 64 * 1024,
} as const;

const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/i;

/**
 * The coding to answer with from an Accept-Encoding header: brotli when taken, else gzip, else
 * none. A coding named with q=0 is refused; `*` stands for the codings not named.
 */
export const pickEncoding = (header: string | string[] | undefined): AnswerEncoding | null => {
  if (!header) return null;
  const accepted = new Map<string, boolean>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(name === 'x-gzip' ? 'gzip' : name, q === undefined || Number(q.slice(2)) > 0);
  }
  const takes = (coding: AnswerEncoding) => accepted.get(coding) ?? accepted.get('*') ?? false;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
};

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: ANSWER_COMPRESSION.brotliQuality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

const compress = (body: Buffer, encoding: AnswerEncoding, done: (error: Error | null, out?: Buffer) => void): void => {
  if (body.length < ANSWER_COMPRESSION.offThreadBytes) {
    try {
      done(null, encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body.length)) : zlib.gzipSync(body, { level: ANSWER_COMPRESSION.gzipLevel }));
    } catch (error) {
      done(error as Error);
    }
    return;
  }
  if (encoding === 'br') zlib.brotliCompress(body, brotliOptions(body.length), done);
  else zlib.gzip(body, { level: ANSWER_COMPRESSION.gzipLevel }, done);
};

/**
 * Compresses the answers built in memory (JSON, texts) of a kilobyte or more for a client that takes
 * brotli or gzip. Streams (files, exports, the built client, whose files are compressed at build
 * time) and answers with a coding already set pass as they are.
 */
export const registerAnswerCompression = (app: FastifyInstance): void => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.statusCode === 206 || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < ANSWER_COMPRESSION.thresholdBytes) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    compress(body, encoding, (error, out) => {
      if (error || !out) return done(null, payload);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, out);
    });
  });
};
