// Builds the Fastify instance from one plugin per concern: logging, security
// headers, compression, the Origin guard, sessions, the routes openapi.yaml
// defines, /ws, /uploads, health checks, the channels' routes (WhatsApp's
// webhook when configured; server/channels), the built dashboard and the one error handler. It never
// listens: main.ts does, and tests call app.inject().
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { fastifyTrustProxy, type Config } from './config';
import { requestValidators } from './openapi/openapi';
import type { Database } from '../db/connection';
import type { Bot } from '../bot/interface';
import type { SessionUser } from '../modules/auth/service';
import type { OutboxSender } from '../delivery/outbox/sender';
import { contractRoutes } from './plugins/contract-routes';
import { dashboard } from './plugins/dashboard';
import { compression } from './plugins/compression';
import { clientErrorHandler, errorHandler, frameworkErrors } from './plugins/error-handler';
import { etag } from './plugins/etag';
import { health } from './plugins/health';
import { loggerOptions, requestLog, type LogOptions } from './plugins/logging';
import { methodNotAllowed } from './plugins/method-not-allowed';
import { originGuard } from './plugins/origin-guard';
import { realtime } from './plugins/realtime';
import { responseContract } from './plugins/response-contract';
import { securityHeaders } from './plugins/security-headers';
import { session } from './plugins/session';
import { testControl } from './plugins/test-control';
import { uploads } from './plugins/uploads';
import { realtimeHub, type RealtimeHub } from '../realtime/hub';
import type { RouteContext } from './routes';
import { createServices, type Services } from './services';
import type { WhatsAppWebhookOptions } from '../channels/whatsapp/webhook/routes';
import type { Channel } from '../channels/channel';
import { configuredChannels, outboxSenders } from '../channels/configure';
import { deliveryPort } from '../channels/ports';
import { mpesaCallbacks, type MpesaCallbackOptions } from '../payments/mpesa/callbacks/routes';
import { mpesaPaymentsApi, type AnnouncePayment, type PaymentRequestsOptions } from '../payments/mpesa/api/service';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
  interface FastifyContextConfig {
    operationId?: string;
    /** Reachable without a session (login, /uploads, health, the dashboard's files). */
    public?: boolean;
    /**
     * Called by a server, not a browser, and authenticated by its own
     * signature or token (WhatsApp's webhook): no session, and none of the
     * Origin guard's Host and Origin checks.
     */
    webhook?: boolean;
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
  config: Pick<
    Config,
    | 'dataDir'
    | 'sessionTtlMs'
    | 'loginRateLimit'
    | 'allowedOrigins'
    | 'cookieSecure'
    | 'trustProxy'
    | 'maxImageBytes'
    | 'testControl'
  > &
    Partial<Pick<Config, 'dashboardDir' | 'host' | 'publicOrigin' | 'allowedHosts'>> & {
      /** How often open sockets' sessions are looked up (default 15 s; tests shorten it). */
      sessionCheckMs?: number;
    };
  now?: () => Date;
  /** WhatsApp's (and the simulator's) sender; see server/channels/configure.ts. */
  sender?: OutboxSender;
  /** WhatsApp's webhook (/webhooks/whatsapp) is served only when this is given. */
  whatsapp?: WhatsAppWebhookOptions;
  /** M-Pesa's callbacks (/webhooks/mpesa/<token>/…) are served, and their worker run, only when this is given. */
  mpesa?: MpesaCallbackOptions & {
    /** Payment requests (STK pushes) are offered only with Daraja's client and the callback's public address. */
    requests?: PaymentRequestsOptions;
  };
  /** The channels; default: configuredChannels of sender and whatsapp (server/channels/configure.ts). */
  channels?: Channel[];
  /** Answers customers, on WhatsApp and in the simulator (BOT_MODULE, server/bot/load.ts); default: the catalogue bot. */
  bot?: Bot;
  /** Logging; false or undefined: none (tests). */
  log?: LogOptions | false;
  /** Check every response against openapi.yaml (tests); a violation becomes a 500. */
  validateResponses?: boolean;
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(options.log),
    // One line per request, written by the request-log plugin when it ends.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The contract says what is allowed: extra properties are refused, not
    // silently dropped, no default is invented, and a JSON body is validated
    // as sent (no type coercion; query strings and path parameters are text
    // and are read as their schema's types). See requestValidators.
    schemaController: { compilersFactory: { buildValidator: requestValidators } },
    // Refusals before routing answer with the contract's ErrorResponse too.
    frameworkErrors,
    clientErrorHandler,
  });
  const hub = realtimeHub(database, (error) => app.log.error({ err: error }, 'realtime fan-out failed'));
  const channels = options.channels ?? configuredChannels({ sender: options.sender, whatsapp: options.whatsapp });
  const services = createServices(database.db, {
    dataDir: config.dataDir,
    sessionTtlMs: config.sessionTtlMs,
    events: hub,
    now: options.now,
    senders: outboxSenders(channels),
    log: app.log,
    bot: options.bot,
    publicOrigin: config.publicOrigin,
    mpesa: options.mpesa !== undefined,
  });
  app.decorate('services', services);
  app.decorate('hub', hub);
  app.decorate('contractViolations', [] as string[]);

  await app.register(requestLog);
  await app.register(securityHeaders);
  // Before compression: the ETag is the hash of the uncompressed body.
  await app.register(etag);
  await app.register(compression);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: config.maxImageBytes, fieldSize: 64 * 1024, parts: 100, headerPairs: 20 },
  });
  await app.register(websocket, {
    options: { maxPayload: 1024 },
    // Shutdown closes every socket with 1001 (going away) rather than the plugin's bare close (1005).
    preClose: (done) => {
      hub.closeAll();
      app.websocketServer.close();
      done();
    },
  });
  await app.register(errorHandler);
  await app.register(originGuard, {
    allowedOrigins: config.allowedOrigins,
    publicOrigin: config.publicOrigin,
    allowedHosts: config.allowedHosts,
    listenHost: config.host,
  });
  await app.register(session, { services });
  await app.register(methodNotAllowed);
  if (options.validateResponses) await app.register(responseContract);

  const secure = (request: FastifyRequest) => ({ secure: config.cookieSecure || request.protocol === 'https' });
  const announcePayment: AnnouncePayment = (data) => hub.publish({ type: 'payment_updated', data });
  const context: RouteContext = {
    services,
    maxImageBytes: config.maxImageBytes,
    cookie: secure,
    // The payments API, only with M-Pesa; the orders are reached through the orders service's port.
    mpesa:
      options.mpesa &&
      mpesaPaymentsApi({
        db: database.db,
        orders: services.mpesaOrders,
        announce: announcePayment,
        now: services.now,
        requests: options.mpesa.requests,
      }),
  };
  await app.register(contractRoutes, { context, loginRateLimit: config.loginRateLimit });
  await app.register(realtime, { sessionCheckMs: config.sessionCheckMs });
  await app.register(uploads, { dir: join(config.dataDir, 'uploads') });
  await app.register(health, { database });
  for (const channel of channels) if (channel.routes) await app.register(channel.routes, { db: database.db });
  // The payments port: a matched payment is recorded through the orders service, never by SQL of its own.
  if (options.mpesa)
    await app.register(mpesaCallbacks, {
      ...options.mpesa,
      db: database.db,
      recordPayment: services.mpesaPayments,
      orders: services.mpesaOrders,
      announce: announcePayment,
      now: services.now,
    });
  if (config.testControl) await app.register(testControl, { database });
  if (config.dashboardDir) await app.register(dashboard, { dir: config.dashboardDir });
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  app.addHook('onReady', async () => hub.start());
  const ports = { inbound: services.customers, delivery: deliveryPort(database.db, hub) };
  app.addHook('onReady', async () => {
    for (const channel of channels) await channel.start?.(ports);
  });
  app.addHook('onClose', async () => {
    for (const channel of channels) await channel.stop?.();
  });
  app.addHook('onClose', async () => hub.closeAll());
  // The outbox's retry timer stops with the server (what is sending finishes: main.ts waits for outbox.idle()).
  app.addHook('onClose', async () => services.outbox.close());
  return app;
}
