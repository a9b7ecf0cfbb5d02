// The payments operations of openapi.yaml (tag payments). Every operation has
// a handler (the contract's routes are all registered), but without M-Pesa
// configured each answers 404 in words, as a backend without the feature does;
// the payment requests also need the callback's public address.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../app/errors';
import { sendList } from '../../../app/paging';
import type { HandlersFor } from '../../../app/routes';
import { PAYMENTS_NOT_OFFERED, type MpesaPaymentsApi } from './service';

type Operations =
  'listPayments' | 'matchPayment' | 'dismissPayment' | 'listOrderPaymentRequests' | 'requestOrderPayment';

const staff = (request: FastifyRequest) => request.user?.username ?? 'staff';

export function mpesaPaymentsRoutes(api: MpesaPaymentsApi | undefined): HandlersFor<Operations> {
  const offered = () => {
    if (!api) throw new HttpError(404, PAYMENTS_NOT_OFFERED);
    return api;
  };
  const requestsOffered = () => {
    const payments = offered();
    if (!payments.requestsOffered) throw new HttpError(404, PAYMENTS_NOT_OFFERED);
    return payments;
  };
  return {
    listPayments: async (request, reply) => {
      const { limit, cursor, unmatched, orderId } = request.query;
      return sendList(reply, offered().listSource({ unmatched, orderId }), {
        path: '/api/payments',
        filters: {
          unmatched: unmatched === undefined ? undefined : String(unmatched),
          orderId: orderId === undefined ? undefined : String(orderId),
        },
        limit,
        cursor,
      });
    },
    matchPayment: async (request) => offered().match(request.params.paymentId, request.body, staff(request)),
    dismissPayment: async (request) => offered().dismiss(request.params.paymentId, request.body, staff(request)),
    listOrderPaymentRequests: async (request) => requestsOffered().requestsOf(request.params.orderId),
    async requestOrderPayment(request, reply) {
      const created = await requestsOffered().request(request.params.orderId, request.body, staff(request));
      reply.code(201);
      return created;
    },
  };
}
