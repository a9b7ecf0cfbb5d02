// Cross-site request refusal: a browser sends Origin with every
// state-changing request; one that is not this server (or a configured
// dashboard origin) is refused with 403.
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const originGuard = fp<{ allowedOrigins: string[] }>(async (app, { allowedOrigins }) => {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = [`http://${request.host}`, `https://${request.host}`];
    if (!own.includes(origin) && !allowedOrigins.includes(origin)) {
      throw new HttpError(403, 'Cross-origin request refused');
    }
  });
}, { name: 'origin-guard' });
