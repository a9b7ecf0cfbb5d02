import type { FastifyRequest } from 'fastify';
import { sendList } from '../../app/paging';
import type { HandlersFor, RouteContext } from '../../app/routes';

type Operations = 'listOrders' | 'getOrder' | 'updateOrder' | 'changeOrderStatus' | 'recordOrderPayment';

/** Who is signed in, for the order's timeline and payments. */
const staff = (request: FastifyRequest) => request.user?.username ?? 'staff';

export function ordersRoutes({ services }: RouteContext): HandlersFor<Operations> {
  const orders = services.orders;
  return {
    listOrders: (request, reply) => {
      const { limit, cursor, search, status, paymentStatus } = request.query;
      return sendList(reply, orders.listSource({ search, status, paymentStatus }), {
        path: '/api/orders',
        filters: { search, status, paymentStatus },
        limit,
        cursor,
      });
    },
    getOrder: (request) => orders.get(request.params.orderId),
    updateOrder: (request) => orders.update(request.params.orderId, request.body, staff(request)),
    changeOrderStatus: (request) =>
      orders.changeStatus(request.params.orderId, request.body.status, request.body.tellCustomer, staff(request)),
    async recordOrderPayment(request, reply) {
      const order = await orders.recordPayment(request.params.orderId, request.body, staff(request));
      reply.code(201);
      return order;
    },
  };
}
