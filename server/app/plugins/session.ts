// The contract's operations (unless the contract marks one public, as
// sign-in) and the /ws upgrade need a signed-in session: the `sid` cookie is
// looked up and the user put on the request. Files (/uploads, the built
// dashboard) and health checks are public. The session itself (token hash,
// expiry) stays on the request too: /ws binds its socket to it.
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { SESSION_COOKIE } from '../../modules/auth/routes';
import type { SessionInfo } from '../../modules/auth/service';
import type { Services } from '../services';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session of a request that needs one. */
    authSession?: SessionInfo;
  }
}

export const session = fp<{ services: Services }>(
  async (app, { services }) => {
    app.addHook('onRequest', async (request) => {
      const routeConfig = request.routeOptions.config;
      const url = request.routeOptions.url;
      // Routes outside the contract need none: files, health checks, and
      // WhatsApp's webhook (config.webhook), which Meta's servers call with a
      // signature instead of a session (whatsapp/webhook/routes.ts).
      const needsSession = url === '/ws' || (routeConfig.operationId !== undefined && !routeConfig.public);
      if (!needsSession) return;
      const found = await services.auth.sessionForToken(request.cookies[SESSION_COOKIE]);
      if (!found) throw new HttpError(401, 'Not authenticated');
      request.user = found.user;
      request.authSession = found;
    });
  },
  { name: 'session' },
);
