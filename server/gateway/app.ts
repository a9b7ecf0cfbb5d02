// Gateway mode: the built dashboard served exactly as the reference server
// serves it in production (the same headers, CSP, caching, precompressed
// files, deep links, health checks and request log), in front of a business's
// own chatbot backend instead of a database. `/api/*` and `/uploads/*` are
// forwarded over HTTP and `/ws` as a WebSocket (@fastify/http-proxy, on
// undici), both ways as streams: a 30-image product form, a CSV import or a
// 100,000-row export is never held in memory.
//
// What the backend receives: the request as the browser sent it (cookies,
// Origin, body), with Host set to the backend's own host (so an https backend
// behind a virtual host answers) and X-Forwarded-For, -Proto and -Host added,
// so it can tell the public address and scheme. What the browser receives:
// the backend's answer, status, cookies and WebSocket close codes untouched
// (4401 still signs the dashboard out), or, when the backend cannot be
// reached or is too slow, a JSON 502 or 504 with a plain message that the
// screens already show as an error.
import proxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { WebSocket } from 'ws';
import { fastifyTrustProxy, type GatewayConfig } from '../app/config';
import { compression } from '../app/plugins/compression';
import { dashboard } from '../app/plugins/dashboard';
import { clientErrorHandler, errorHandler, frameworkErrors } from '../app/plugins/error-handler';
import { loggerOptions, requestLog, type LogOptions } from '../app/plugins/logging';
import { originGuard } from '../app/plugins/origin-guard';
import { securityHeaders } from '../app/plugins/security-headers';
import { gatewayHealth } from './health';

declare module 'fastify' {
  interface FastifyRequest {
    /** The backend's answer to a forwarded request: its status and the milliseconds until its headers came. */
    upstream?: { status: number; ms: number };
  }
}

export const BACKEND_UNREACHABLE = 'The chatbot backend could not be reached. Try again in a moment.';
export const BACKEND_TIMEOUT = 'The chatbot backend took too long to answer. Try again in a moment.';

/** How long a connection to the backend may take to open. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Largest WebSocket frame forwarded either way (the dashboard's events are small). */
const MAX_WS_FRAME = 1024 * 1024;

export type GatewayOptions = {
  config: Pick<
    GatewayConfig,
    | 'apiTarget'
    | 'wsTarget'
    | 'apiTimeoutMs'
    | 'dashboardDir'
    | 'host'
    | 'allowedOrigins'
    | 'publicOrigin'
    | 'allowedHosts'
    | 'trustProxy'
  > & {
    /** How long /readyz waits for the backend (default 2 s). */
    readyTimeoutMs?: number;
  };
  log?: LogOptions | false;
};

/** The X-Forwarded-* a backend reads: the client's address chain, the scheme and host the browser used. */
function forwardedHeaders(request: FastifyRequest, trusted: boolean): Record<string, string> {
  const remote = request.socket.remoteAddress ?? '';
  const before = request.headers['x-forwarded-for'];
  // A chain from a client that is not a trusted proxy could be forged: only the address that connected is sent.
  const chain = trusted && before ? `${String(before)}, ${remote}` : remote;
  return {
    'x-forwarded-for': chain,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
}

function backendError(reply: FastifyReply, error: Error & { code?: string; statusCode?: number }) {
  const timedOut = error.statusCode === 504 || /TIMEOUT/.test(error.code ?? '');
  reply.request.log.warn({ code: error.code, cause: (error.cause as Error | undefined)?.message }, 'backend failed');
  if (reply.sent || reply.raw.headersSent) return;
  void reply
    .code(timedOut ? 504 : 502)
    .header('cache-control', 'no-store')
    .send({ message: timedOut ? BACKEND_TIMEOUT : BACKEND_UNREACHABLE });
}

export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const { config } = options;
  const trustProxy = fastifyTrustProxy(config.trustProxy);
  const app = Fastify({
    logger: loggerOptions(options.log),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    frameworkErrors,
    clientErrorHandler,
  });

  await app.register(requestLog);
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(errorHandler);
  // The same host names and origins as the reference server: a foreign name
  // pointed at the gateway (DNS rebinding) gets 421, a foreign page's
  // state-changing request or socket 403, before anything reaches the backend.
  await app.register(originGuard, {
    allowedOrigins: config.allowedOrigins,
    publicOrigin: config.publicOrigin,
    allowedHosts: config.allowedHosts,
    listenHost: config.host,
  });

  const trusted = (request: FastifyRequest) =>
    config.trustProxy !== false && request.ips !== undefined && request.ips.length > 1;
  const undici = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    headersTimeout: config.apiTimeoutMs,
    bodyTimeout: config.apiTimeoutMs,
    keepAliveTimeout: 4_000,
  };
  const replyOptions: FastifyHttpProxyOptions['replyOptions'] = {
    rewriteRequestHeaders: (request, headers) => {
      // Other spellings of the client's address and host that a backend might believe come only from the gateway.
      const { forwarded: _forwarded, 'x-real-ip': _realIp, ...rest } = headers;
      return { ...rest, ...forwardedHeaders(request as FastifyRequest, trusted(request as FastifyRequest)) };
    },
    onResponse: (request, reply, res) => {
      request.upstream = { status: res.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
      void reply.send(res.stream);
    },
    onError: (reply, { error }) => backendError(reply as FastifyReply, error),
    // Never send a request twice: a POST must not be repeated, and a 503 is the backend's own answer.
    retryDelay: () => null,
  };
  const forward = (prefix: string): FastifyHttpProxyOptions => ({
    upstream: config.apiTarget,
    prefix,
    rewritePrefix: prefix,
    undici,
    replyOptions,
    disableRequestLogging: true,
    // Keep a redirect's Location as the backend wrote it.
    internalRewriteLocationHeader: false,
  });
  await app.register(proxy, forward('/api'));
  await app.register(proxy, forward('/uploads'));

  // /ws: the browser's socket joined to one opened to the backend with the
  // upgrade's cookie, Origin and forwarded headers; every frame and the close
  // code pass through. Shutdown closes the browsers' side with 1001.
  const sockets = new Set<WebSocket>();
  await app.register(proxy, {
    ...forward('/ws'),
    upstream: config.apiTarget,
    wsUpstream: config.wsTarget,
    websocket: true,
    wsServerOptions: { maxPayload: MAX_WS_FRAME },
    wsClientOptions: {
      maxPayload: MAX_WS_FRAME,
      handshakeTimeout: CONNECT_TIMEOUT_MS,
      rewriteRequestHeaders: (headers: IncomingHttpHeaders, request: FastifyRequest) => {
        const { cookie, origin } = request.headers;
        return {
          ...headers,
          ...(cookie ? { cookie } : {}),
          ...(origin ? { origin } : {}),
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
          ...forwardedHeaders(request, trusted(request)),
        };
      },
    },
    wsHooks: {
      onConnect: (_context: unknown, source: WebSocket) => {
        sockets.add(source);
        source.once('close', () => sockets.delete(source));
      },
    },
  } as FastifyHttpProxyOptions);
  app.addHook('preClose', async () => {
    for (const socket of sockets) socket.close(1001, 'going away');
  });

  await app.register(gatewayHealth, {
    target: config.apiTarget,
    timeoutMs: options.config.readyTimeoutMs ?? 2_000,
  });
  await app.register(dashboard, { dir: config.dashboardDir });
  return app;
}
