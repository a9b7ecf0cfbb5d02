import { HttpError } from '../../app/errors';
import type { HandlersFor, RouteContext } from '../../app/routes';
import { tokenHash } from './service';
import type { SignInLimitOptions } from './sign-in-limits';

export const SESSION_COOKIE = 'sid';

export function authRoutes(
  { services, cookie }: RouteContext,
  limitOptions: SignInLimitOptions,
): HandlersFor<'login' | 'logout' | 'getCurrentUser'> {
  const limits = services.auth.signInLimits(limitOptions);
  return {
    async login(request, reply) {
      const { username, password } = request.body;
      // The limits (sign-in-limits.ts) are checked before the password is.
      const claim = await limits.claim(username, request.ip);
      if (!claim.allowed) {
        const seconds = Math.max(1, Math.ceil(claim.retryAfterMs / 1000));
        reply.header('retry-after', String(seconds));
        throw new HttpError(
          429,
          `Too many sign-in attempts; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
        );
      }
      const session = await services.auth.login(username, password);
      if (!session) throw new HttpError(401, 'Invalid username or password');
      await limits.succeeded(username, request.ip);
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
      if (token) {
        await services.auth.logout(token);
        // Its sockets close now (on every instance, through PostgreSQL's NOTIFY when there is one).
        request.server.hub.endSession(tokenHash(token));
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie(request).secure });
      return reply.code(204).send();
    },
    getCurrentUser: async (request) => request.user,
  };
}
