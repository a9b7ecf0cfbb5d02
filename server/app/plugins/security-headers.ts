// Headers on every response. The Content-Security-Policy lets the dashboard
// run only its own scripts (no inline or foreign script), its own styles plus
// the inline styles PrimeReact sets, images from this server or https (CSV
// imports may point at a supplier's pictures), and connections to this origin
// only (the API and /ws). The page cannot be framed. HSTS is sent only on
// https requests (behind a TLS proxy with TRUST_PROXY). Answers of the API
// hold customers' names, phones and messages: none may be stored by a browser
// or proxy cache.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeaders = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // 'self' covers ws:/wss: to this origin (CSP Level 3).
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      hsts: false,
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
    app.addHook('onSend', async (request, reply) => {
      if ((request.url.startsWith('/api/') || request.url === '/api') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
