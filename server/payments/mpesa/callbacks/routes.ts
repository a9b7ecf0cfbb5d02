// M-Pesa's callbacks, outside /api, served only when M-Pesa is configured:
//   POST /webhooks/mpesa/<token>/stk               an STK push's outcome
//   POST /webhooks/mpesa/<token>/c2b/validation    a C2B payment about to be made
//   POST /webhooks/mpesa/<token>/c2b/confirmation  a C2B payment made
//
// Safaricom signs nothing, so what stands for authentication is the secret
// path segment (MPESA_CALLBACK_TOKEN, compared in constant time: any other is
// 404, before the body is read) and, when MPESA_ALLOWED_IPS is set, the
// client address (read through TRUST_PROXY as every route reads it: 403
// otherwise). A body larger than BODY_LIMIT is 413; one that is not JSON or
// not the contract's shape is 400 in words. Nothing is stored for any of
// these. An STK result or a C2B confirmation is stored as received
// (mpesa_callbacks) and only then acknowledged as Daraja expects; the worker
// processes it after (process.ts). A C2B validation moves no money: it is
// answered "0" (accepted) at once and not stored; the confirmation that
// follows is what counts (a payment naming no order is kept, unmatched).
// Logs name callbacks by their stored id, never the token or the body.
import { BlockList, isIP } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import type { components } from '../generated/daraja';
import { readC2bTransaction, readStkCallback } from './payload';
import type { AnnouncePayment, OrdersPort } from '../api/service';
import { callbackProcessor, type RecordMpesaPayment } from './process';
import { callbackWorker } from './worker';

export const MPESA_CALLBACK_PREFIX = '/webhooks/mpesa';
/** Daraja's callbacks are a few hundred bytes. */
const BODY_LIMIT = 64 * 1024;

/** AppOptions.mpesa: what main.ts gives when M-Pesa is configured. */
export type MpesaCallbackOptions = {
  /** MPESA_CALLBACK_TOKEN. */
  callbackToken: string;
  /** MPESA_ALLOWED_IPS: addresses or CIDRs; empty: any. */
  allowedIps: string[];
  /** MPESA_SHORTCODE: a confirmation to another shortcode is kept unmatched. */
  shortcode?: string;
  /** How often unprocessed callbacks are looked for (default 30 s). */
  retryMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when M-Pesa is configured. */
    mpesaCallbacks?: {
      /** Resolves when every stored callback taken so far is processed (tests). */
      idle(): Promise<void>;
      /** Stops and starts the worker (tests: a callback stored while it is stopped waits for it). */
      stop(): Promise<void>;
      start(): void;
    };
  }
}

type Acknowledgement = components['schemas']['CallbackAcknowledgement'];
type ValidationAnswer = components['schemas']['C2bValidationAnswer'];

const digest = (text: string) => createHash('sha256').update(text).digest();

const text = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/plain; charset=utf-8').send(body);

/** IPv4 written as IPv6 (::ffff:1.2.3.4) is read as IPv4. */
const plainAddress = (address: string) => /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;

export function allowedAddresses(entries: readonly string[]): (address: string) => boolean {
  if (entries.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (raw) => {
    const address = plainAddress(raw);
    const version = isIP(address);
    try {
      return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
    } catch {
      return false;
    }
  };
}

export const mpesaCallbacks = fp<
  MpesaCallbackOptions & {
    db: Kysely<DB>;
    recordPayment: RecordMpesaPayment;
    /** A paid push's order, named by its payment request. */
    orders?: OrdersPort;
    announce?: AnnouncePayment;
    now?: () => Date;
  }
>(
  async (app, options) => {
    if (!options.callbackToken) throw new Error('The M-Pesa callbacks need MPESA_CALLBACK_TOKEN');
    const { db } = options;
    const tokenDigest = digest(options.callbackToken);
    const allowed = allowedAddresses(options.allowedIps);
    const processor = callbackProcessor({
      db,
      recordPayment: options.recordPayment,
      shortcode: options.shortcode,
      orders: options.orders,
      announce: options.announce,
      now: options.now,
    });
    const worker = callbackWorker({ db, log: app.log, process: processor.process, retryMs: options.retryMs });
    app.decorate('mpesaCallbacks', {
      idle: () => worker.idle(),
      stop: () => worker.stop(),
      start: () => worker.start(),
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        if (error.statusCode === 413) return text(reply, 413, 'The callback is too large');
        if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
          return text(reply, 400, 'The callback could not be read');
        // Not stored: Safaricom may post it again, and the STK query can still tell.
        request.log.error({ err: error }, 'an M-Pesa callback could not be stored');
        return text(reply, 500, 'Something went wrong on our side');
      });
      // Before the body is read: the token, then the address.
      scope.addHook('onRequest', async (request, reply) => {
        const { token } = request.params as { token?: string };
        if (typeof token !== 'string' || !timingSafeEqual(digest(token), tokenDigest)) {
          request.log.warn('M-Pesa callback refused: wrong token');
          return text(reply, 404, 'Not found');
        }
        if (!allowed(request.ip)) {
          request.log.warn({ ip: request.ip }, 'M-Pesa callback refused: address not in MPESA_ALLOWED_IPS');
          return text(reply, 403, 'This address may not post M-Pesa callbacks');
        }
      });

      /** The body as JSON, or undefined after answering 400. */
      function json(request: FastifyRequest, reply: FastifyReply): { raw: string; body: unknown } | undefined {
        const raw = typeof request.body === 'string' ? request.body : '';
        try {
          return { raw, body: JSON.parse(raw) };
        } catch {
          void text(reply, 400, 'The callback is not JSON');
          return undefined;
        }
      }

      async function store(request: FastifyRequest, kind: 'stk' | 'c2b_confirmation', raw: string) {
        const { id } = await db
          .insertInto('mpesa_callbacks')
          .values({ kind, body: raw })
          .returning('id')
          .executeTakeFirstOrThrow();
        worker.received();
        request.log.info({ callbackId: id, kind }, 'M-Pesa callback stored');
      }

      const route = { config: { webhook: true }, bodyLimit: BODY_LIMIT };

      scope.post(`${MPESA_CALLBACK_PREFIX}/:token/stk`, route, async (request, reply) => {
        const parsed = json(request, reply);
        if (!parsed) return reply;
        const read = readStkCallback(parsed.body);
        if (!read.ok) return text(reply, 400, `Not an STK callback: ${read.error}`);
        await store(request, 'stk', parsed.raw);
        return reply.send({ ResultCode: 0, ResultDesc: 'Accepted' } satisfies Acknowledgement);
      });

      scope.post(`${MPESA_CALLBACK_PREFIX}/:token/c2b/validation`, route, async (request, reply) => {
        const parsed = json(request, reply);
        if (!parsed) return reply;
        const read = readC2bTransaction(parsed.body);
        if (!read.ok) return text(reply, 400, `Not a C2B validation: ${read.error}`);
        return reply.send({ ResultCode: '0', ResultDesc: 'Accepted' } satisfies ValidationAnswer);
      });

      scope.post(`${MPESA_CALLBACK_PREFIX}/:token/c2b/confirmation`, route, async (request, reply) => {
        const parsed = json(request, reply);
        if (!parsed) return reply;
        const read = readC2bTransaction(parsed.body);
        if (!read.ok) return text(reply, 400, `Not a C2B confirmation: ${read.error}`);
        await store(request, 'c2b_confirmation', parsed.raw);
        return reply.send({ ResultCode: 0, ResultDesc: 'Success' } satisfies Acknowledgement);
      });
    });
  },
  { name: 'mpesa-callbacks', dependencies: ['origin-guard', 'session'] },
);
