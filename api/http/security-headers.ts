import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers for the API and the built client. The client is a Vite bundle served from the
 * same origin: scripts only from 'self' (and the CryptoPro extension's own script); MUI's emotion injects <style> elements, hence
 * 'unsafe-inline' for styles only; downloads are built from blob: URLs. No page may frame ours.
 */
const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The CryptoPro extension's own script (nmcades_plugin_api.js), which CryptoPro's loader adds to the
      // page: from its Chrome/Chromium-GOST and Opera/Yandex extension ids, or Firefox's per-install origin.
      scriptSrc: ["'self'", 'chrome-extension://iifchhfnnmpdbibifmljnfjhpififfog', 'chrome-extension://epebfcehmdedogndhlcacafjaacknbcm', 'moz-extension:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // HSTS belongs to the TLS-terminating proxy; a plain-HTTP intranet install must stay reachable.
  strictTransportSecurity: false,
  // Downloads open in the same tab via blob: URLs; the default 'same-origin' would not break them.
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets with these options: the same for every answer (no CSP nonces, no
 * per-route options), so they are taken once from helmet on a probe instance and set as they are.
 * @fastify/helmet itself builds a helmet middleware, parsing the whole configuration, on every
 * request (docs/notes/bench.md: ~2 % of a command's CPU on the API thread).
 */
const headersOfHelmet = async (): Promise<Readonly<Record<string, string>>> => {
  const answerOf = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, helmetOptions);
    probe.get('/', async () => ({}));
    try {
      return (await probe.inject({ method: 'GET', url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const [plain, secured] = await Promise.all([answerOf(false), answerOf(true)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured)) if (!(name in plain) && typeof value === 'string') headers[name] = value;
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return Object.freeze(headers);
};

let securityHeaders: Promise<Readonly<Record<string, string>>> | null = null;

export const registerSecurityHeaders = async (app: FastifyInstance) => {
  const headers = await (securityHeaders ??= headersOfHelmet());
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};
