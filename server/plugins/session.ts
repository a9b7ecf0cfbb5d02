// The contract's operations (unless the contract marks one public, as
// sign-in) and the /ws upgrade need a signed-in session: the `sid` cookie is
// looked up and the user put on the request. Files (/uploads, the built
// dashboard) and health checks are public.
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { SESSION_COOKIE } from '../modules/auth/routes';
import type { Services } from '../services';

export const session = fp<{ services: Services }>(async (app, { services }) => {
  app.addHook('onRequest', async (request) => {
    const routeConfig = request.routeOptions.config;
    const url = request.routeOptions.url;
    const needsSession = url === '/ws' || (routeConfig.operationId !== undefined && !routeConfig.public);
    if (!needsSession) return;
    const user = await services.auth.userForToken(request.cookies[SESSION_COOKIE]);
    if (!user) throw new HttpError(401, 'Not authenticated');
    request.user = user;
  });
}, { name: 'session' });
