// One handler per operationId of openapi.yaml, typed from the contract: a
// handler's request params, query and JSON body and the JSON it returns are
// the operation's, so a field renamed in openapi.yaml (then `npm run
// generate`) no longer compiles where it is used. Handlers is keyed by the
// operationIds, so a missing handler or one for an operation the contract
// does not have fails to compile; app.ts also refuses to start on either.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId, ResponseOf, RouteOf } from './openapi/types';
import type { MpesaPaymentsApi } from '../payments/mpesa/api/service';
import type { Services } from './services';

/**
 * Returns the success body (JSON, serialized by Fastify), or sends the answer
 * itself through the reply (another status, no body, CSV, JSON text already
 * serialized) and returns the reply.
 */
export type Handler<Id extends OperationId> = (
  request: FastifyRequest<RouteOf<Id>>,
  reply: FastifyReply<RouteOf<Id>>,
) => Promise<ResponseOf<Id> | FastifyReply | void>;

export type Handlers = { [Id in OperationId]: Handler<Id> };
/** The handlers of some operations: a module's share of Handlers. */
export type HandlersFor<Id extends OperationId> = Pick<Handlers, Id>;

export type RouteContext = {
  services: Services;
  maxImageBytes: number;
  cookie: (request: FastifyRequest) => { secure: boolean };
  /** The payments API (server/payments/mpesa/api), when M-Pesa is configured. */
  mpesa?: MpesaPaymentsApi;
};

export const today = (now: Date) => now.toISOString().slice(0, 10);
