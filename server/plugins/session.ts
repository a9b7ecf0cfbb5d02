// Every route needs a signed-in session unless the contract marks it public
// (sign-in) or it serves files (/uploads, the dashboard, health checks): the
// `sid` cookie is looked up and the user put on the request.
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { SESSION_COOKIE } from '../modules/auth/routes';
import type { Services } from '../services';

export const session = fp<{ services: Services }>(async (app, { services }) => {
  app.addHook('onRequest', async (request) => {
    const routeConfig = request.routeOptions.config;
    const url = request.routeOptions.url;
    if (routeConfig.public || url === undefined || url.startsWith('/uploads/')) return;
    const user = await services.auth.userForToken(request.cookies[SESSION_COOKIE]);
    if (!user) throw new HttpError(401, 'Not authenticated');
    request.user = user;
  });
}, { name: 'session' });
