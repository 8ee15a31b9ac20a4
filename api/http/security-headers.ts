import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers for the API and the built client. The client is a Vite bundle served from the
 * same origin: scripts only from 'self'; MUI's emotion injects <style> elements, hence
 * 'unsafe-inline' for styles only; downloads are built from blob: URLs. No page may frame ours.
 */
export const registerSecurityHeaders = async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
};
