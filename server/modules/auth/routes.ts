import type { components } from '../../../src/api/generated/openapi-types';
import { HttpError } from '../../errors';
import type { Handlers, RouteContext } from '../../routes';

export const SESSION_COOKIE = 'sid';

export function authRoutes({ services, cookie }: RouteContext): Handlers {
  return {
    async login(request, reply) {
      const { username, password } = request.body as components['schemas']['LoginRequest'];
      const session = await services.auth.login(username, password);
      if (!session) throw new HttpError(401, 'Invalid username or password');
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookie(request).secure,
        expires: session.expiresAt,
      });
      return session.user;
    },
    async logout(request, reply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await services.auth.logout(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie(request).secure });
      return reply.code(204).send();
    },
    getCurrentUser: async (request) => request.user,
  };
}
