// WhatsApp's webhook: GET and POST /webhooks/whatsapp, outside /api.
//
// Meta's servers call it, not the dashboard, so it carries no session and
// no Origin, and may name whatever host the business gave Meta (a tunnel's,
// a proxy's): the session and Origin/Host checks do not apply to it
// (routes marked `webhook`; see plugins/origin-guard.ts and session.ts).
// What authenticates it instead:
// - GET, Meta's subscription handshake: hub.challenge is answered, as plain
//   text, only for hub.mode=subscribe with the verify token the business
//   set (compared in constant time); anything else is 403.
// - POST, a delivery: the body's bytes must carry X-Hub-Signature-256 =
//   "sha256=" + hex HMAC-SHA256 of those bytes with the app secret, checked
//   in constant time before anything reads them; else 401 and nothing is
//   stored. A signed delivery is stored (whatsapp_events) and answered 200 at
//   once; the worker processes it after. Meta retries anything but a 200 for
//   days, so once stored it is a 200 whatever it holds: a delivery that is no
//   JSON, or that processing fails on, is kept with the reason and logged.
// Logs name deliveries by their stored id and counts, never the body (it is
// customers' messages), the signature, the token or the secret.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { StatusOptions } from '../statuses';
import { webhookProcessor, type MediaAttachment } from './process';
import { webhookWorker } from './worker';

export const WEBHOOK_PATH = '/webhooks/whatsapp';

/** AppOptions.whatsapp: what main.ts gives when WhatsApp is configured. */
export type WhatsAppWebhookOptions = {
  /** WHATSAPP_APP_SECRET: signs every delivery. */
  appSecret: string;
  /** WHATSAPP_VERIFY_TOKEN: the token the business typed in Meta's console for the handshake. */
  verifyToken: string;
  /** A new message's media waits to be fetched (server/channels/whatsapp/media queues the download). */
  onMediaPending?: (messageId: number, attachment: MediaAttachment) => void | Promise<void>;
  /** A message we sent failed by status (e.g. 131047, the reply window had closed). */
  onStatusFailed?: StatusOptions['onFailed'];
  /** How often unprocessed deliveries are looked for (default 30 s). */
  retryMs?: number;
  /** The largest delivery accepted (default 1 MiB; Meta's are a few kB): larger is 413. */
  bodyLimit?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when WhatsApp is configured. */
    whatsappWebhook?: {
      /** Resolves when every stored delivery taken so far, and the bot turns it started, are done (tests). */
      idle(): Promise<void>;
    };
  }
}

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;
const CHALLENGE_MAX = 256;

/** Constant-time equality of two texts of any length (their hashes are compared). */
const sameText = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** Whether the header is the HMAC-SHA256 of the bytes with the secret. */
export function signatureValid(raw: Buffer, header: unknown, appSecret: string): boolean {
  if (typeof header !== 'string') return false;
  const match = SIGNATURE.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(Buffer.from(match[1], 'hex'), expected);
}

const text = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/plain; charset=utf-8').send(body);

export const whatsappWebhook = fp<WhatsAppWebhookOptions & { db: Kysely<DB> }>(
  async (app, options) => {
    if (!options.appSecret || !options.verifyToken)
      throw new Error('The WhatsApp webhook needs WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN');
    const { db } = options;
    const processor = webhookProcessor({
      db,
      events: app.hub,
      // The services' one way in for customers' messages, and the bot's turns on them.
      customers: app.services.customers,
      log: app.log,
      onMediaPending: options.onMediaPending,
      onStatusFailed: options.onStatusFailed,
      now: app.services.now,
    });
    const worker = webhookWorker({
      db,
      log: app.log,
      process: processor.process,
      retryMs: options.retryMs,
    });
    app.decorate('whatsappWebhook', {
      async idle() {
        await worker.idle();
        await processor.idle();
      },
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      await processor.idle();
    });

    const bodyLimit = options.bodyLimit ?? 1024 * 1024;
    // Its own scope: the body is kept as the bytes that were signed (the
    // signature is over them, not over any parse of them), for every
    // content type, and errors answer in plain text as the rest of it does.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
      scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
        if (error.statusCode === 413) return text(reply, 413, 'The delivery is too large');
        if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
          return text(reply, 400, 'The delivery could not be read');
        // The delivery was not stored: Meta will deliver it again.
        request.log.error({ err: error }, 'a WhatsApp webhook could not be stored');
        return text(reply, 500, 'Something went wrong on our side');
      });

      scope.get(WEBHOOK_PATH, { config: { webhook: true } }, async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const mode = query['hub.mode'];
        const token = query['hub.verify_token'];
        const challenge = query['hub.challenge'];
        if (
          mode === 'subscribe' &&
          typeof token === 'string' &&
          sameText(token, options.verifyToken) &&
          typeof challenge === 'string' &&
          challenge !== '' &&
          challenge.length <= CHALLENGE_MAX
        ) {
          request.log.info('WhatsApp webhook subscription verified');
          return text(reply, 200, challenge);
        }
        request.log.warn('WhatsApp webhook verification refused');
        return text(reply, 403, 'Verification refused');
      });

      scope.post(WEBHOOK_PATH, { config: { webhook: true }, bodyLimit }, async (request: FastifyRequest, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!signatureValid(raw, request.headers['x-hub-signature-256'], options.appSecret)) {
          request.log.warn({ bytes: raw.length }, 'WhatsApp webhook refused: missing or wrong signature');
          return text(reply, 401, 'Invalid signature');
        }
        const { id } = await db
          .insertInto('whatsapp_events')
          .values({ body: raw.toString('utf8') })
          .returning('id')
          .executeTakeFirstOrThrow();
        worker.received(id);
        request.log.debug({ eventId: id, bytes: raw.length }, 'WhatsApp webhook stored');
        return text(reply, 200, 'EVENT_RECEIVED');
      });

      // Other methods: 405 naming the two it takes, before any body is read.
      const refuse = async (request: FastifyRequest, reply: FastifyReply) =>
        text(reply.header('allow', 'GET, HEAD, POST'), 405, `${request.method} is not allowed here`);
      scope.route({
        method: ['PUT', 'PATCH', 'DELETE'],
        url: WEBHOOK_PATH,
        config: { webhook: true },
        onRequest: refuse,
        handler: refuse,
      });
    });
  },
  { name: 'whatsapp-webhook', dependencies: ['origin-guard', 'session'] },
);
