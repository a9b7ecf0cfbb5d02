// Builds the Fastify instance: plugins, the routes openapi.yaml defines, /ws,
// /uploads and the one error handler. It never listens: main.ts does, and
// tests call app.inject().
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from './config';
import { loadOperations, responseViolation } from './contract/openapi';
import type { Database } from './db/connection';
import { HttpError } from './errors';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes, SESSION_COOKIE } from './modules/auth/routes';
import type { SessionUser } from './modules/auth/service';
import { conversationsRoutes } from './modules/conversations/routes';
import { followUpsRoutes } from './modules/follow-ups/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { productsRoutes } from './modules/products/routes';
import type { OutboxSender } from './outbox/sender';
import { realtimeHub, type RealtimeHub } from './realtime/hub';
import type { Handlers, RouteContext } from './routes';
import { createServices, type Services } from './services';
import { createSimulator } from './simulate';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
  interface FastifyContextConfig {
    operationId?: string;
    /** Reachable without a session (login, /uploads). */
    public?: boolean;
  }
  interface FastifyInstance {
    services: Services;
    hub: RealtimeHub;
    /** Responses that broke the contract (only with validateResponses). */
    contractViolations: string[];
  }
}

export type AppOptions = {
  database: Database;
  config: Pick<Config, 'dataDir' | 'sessionTtlMs' | 'loginRateLimit' | 'allowedOrigins' | 'cookieSecure' | 'trustProxy' | 'maxImageBytes' | 'testControl'>;
  now?: () => Date;
  sender?: OutboxSender;
  logger?: boolean;
  /** Check every response against openapi.yaml (tests); a violation becomes a 500. */
  validateResponses?: boolean;
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    trustProxy: config.trustProxy,
    ajv: {
      // The contract says what is allowed: extra properties are refused, not
      // silently dropped, and no default is invented.
      customOptions: { removeAdditional: false, useDefaults: false, coerceTypes: 'array', allErrors: false, strict: false },
    },
  });
  const hub = realtimeHub(database, (error) => app.log.error(error));
  const services = createServices(database.db, {
    dataDir: config.dataDir,
    sessionTtlMs: config.sessionTtlMs,
    events: hub,
    now: options.now,
    sender: options.sender,
  });
  app.decorate('services', services);
  app.decorate('hub', hub);
  app.decorate('contractViolations', [] as string[]);

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.maxImageBytes } });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 1024 } });
  const uploadsDir = join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'");
    });
    await scope.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false, index: false, list: false });
  });

  const secure = (request: FastifyRequest) => ({ secure: config.cookieSecure || request.protocol === 'https' });

  // A browser sends Origin with every state-changing request; one that is not
  // this server (or a configured dashboard origin) is a cross-site request.
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = [`http://${request.host}`, `https://${request.host}`];
    if (!own.includes(origin) && !config.allowedOrigins.includes(origin)) {
      throw new HttpError(403, 'Cross-origin request refused');
    }
  });

  app.addHook('onRequest', async (request) => {
    const routeConfig = request.routeOptions.config;
    const url = request.routeOptions.url;
    if (routeConfig.public || url === undefined || url.startsWith('/uploads/')) return;
    const user = await services.auth.userForToken(request.cookies[SESSION_COOKIE]);
    if (!user) throw new HttpError(401, 'Not authenticated');
    request.user = user;
  });

  if (options.validateResponses) {
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operationId;
      if (!operationId) return payload;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      const violation = responseViolation(operationId, reply.statusCode, reply.getHeader('content-type') as string | undefined, body);
      if (!violation) return payload;
      app.contractViolations.push(violation);
      reply.code(500).header('content-type', 'application/json');
      return JSON.stringify({ message: `Response breaks the contract: ${violation}` });
    });
  }

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string; validation?: unknown; validationContext?: string }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send(error.error ? { message: error.message, error: error.error } : { message: error.message });
    }
    if (error.validation) {
      // A malformed id in the path is a bad address; anything else in the
      // request that breaks the contract is unprocessable.
      if (error.validationContext === 'params') return reply.code(400).send({ message: `Invalid id: ${error.message.replace(/^params\//, '')}` });
      return reply.code(422).send({ message: `Invalid request: ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: error.message || 'Too many requests' });
    if (status === 415) return reply.code(422).send({ message: `Invalid request: ${error.message}` });
    if (status >= 400 && status < 500) return reply.code(400).send({ message: error.message || 'Bad request' });
    request.log.error(error);
    return reply.code(500).send({ message: 'Something went wrong on our side' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  const context: RouteContext = { services, maxImageBytes: config.maxImageBytes, cookie: secure };
  const handlers: Handlers = {
    ...authRoutes(context),
    ...productsRoutes(context),
    ...conversationsRoutes(context),
    ...notificationsRoutes(context),
    ...analyticsRoutes(context),
    ...followUpsRoutes(context),
  };
  const operations = loadOperations();
  const unknown = Object.keys(handlers).filter((id) => !operations.some((op) => op.operationId === id));
  if (unknown.length > 0) throw new Error(`handlers for operations openapi.yaml does not have: ${unknown.join(', ')}`);
  for (const op of operations) {
    const handler = handlers[op.operationId];
    if (!handler) throw new Error(`openapi.yaml operation ${op.operationId} has no handler`);
    app.route({
      method: op.method,
      url: op.url,
      config: {
        operationId: op.operationId,
        public: op.public,
        ...(op.operationId === 'login'
          ? { rateLimit: { max: config.loginRateLimit, timeWindow: 60_000, errorResponseBuilder: (_req: unknown, ctx: { after: string; statusCode: number }) => ({ statusCode: 429, message: `Too many sign-in attempts; try again in ${ctx.after}` }) } }
          : {}),
      },
      schema: {
        ...(op.params ? { params: op.params } : {}),
        ...(op.querystring ? { querystring: op.querystring } : {}),
        ...(op.jsonBody ? { body: op.jsonBody } : {}),
      },
      handler,
    });
  }

  app.get('/ws', { websocket: true }, (socket) => hub.add(socket));

  if (config.testControl) {
    // End-to-end tests trigger the customer side on demand.
    const simulator = createSimulator(database.db, services);
    app.post('/__test/handoff', { config: { public: true } }, async () => simulator.handoff());
    // What would have been sent to customers, newest first.
    app.get('/__test/outbox', { config: { public: true } }, async () =>
      database.db.selectFrom('outbox').select(['conversation_id', 'to_phone', 'content', 'kind', 'status']).orderBy('id', 'desc').limit(20).execute(),
    );
  }

  app.addHook('onReady', async () => hub.start());
  app.addHook('onClose', async () => hub.closeAll());
  return app;
}
