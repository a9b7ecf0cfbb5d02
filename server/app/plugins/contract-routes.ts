// One route per operation of openapi.yaml, with the method, path, parameters
// and JSON body schema the contract gives. The server refuses to start when
// an operation has no handler or a handler names no operation; Handlers,
// keyed by the contract's operationIds, makes both compile errors as well.
import { messageTemplatesRoutes } from '../../modules/message-templates/routes';
import { quickRepliesRoutes } from '../../modules/quick-replies/routes';
import type { FastifyInstance } from 'fastify';
import { loadOperations, type Operation } from '../openapi/openapi';
import type { OperationId, RouteOf } from '../openapi/types';
import { analyticsRoutes } from '../../modules/analytics/routes';
import { authRoutes } from '../../modules/auth/routes';
import { botSettingsRoutes } from '../../modules/bot-settings/routes';
import { conversationsRoutes } from '../../modules/conversations/routes';
import { deliveryZonesRoutes } from '../../modules/delivery-zones/routes';
import { followUpsRoutes } from '../../modules/follow-ups/routes';
import { notificationsRoutes } from '../../modules/notifications/routes';
import { ordersRoutes } from '../../modules/orders/routes';
import { productsRoutes } from '../../modules/products/routes';
import { summaryRoutes } from '../../modules/summary/routes';
import { businessRoutes } from '../../modules/business/routes';
import { quotesRoutes } from '../../modules/quotes/routes';
import { salesRoutes } from '../../modules/sales/routes';
import type { Handlers, RouteContext } from '../routes';
import { mediaRoutes } from '../../channels/whatsapp/media/routes';
import { mpesaPaymentsRoutes } from '../../payments/mpesa/api/routes';

export async function contractRoutes(
  app: FastifyInstance,
  { context, loginRateLimit }: { context: RouteContext; loginRateLimit: number },
) {
  const handlers: Handlers = {
    // Sign-in limits live in the database (modules/auth/sign-in-limits.ts), shared by every instance.
    ...authRoutes(context, { perAddressPerMinute: loginRateLimit }),
    ...productsRoutes(context),
    ...conversationsRoutes(context),
    ...notificationsRoutes(context),
    ...analyticsRoutes(context),
    ...followUpsRoutes(context),
    ...summaryRoutes(context),
    ...messageTemplatesRoutes(context),
    ...quickRepliesRoutes(context),
    ...mediaRoutes(context),
    ...botSettingsRoutes(context),
    ...businessRoutes(context),
    ...quotesRoutes(context),
    ...ordersRoutes(context),
    ...salesRoutes(context),
    ...deliveryZonesRoutes(context),
    // Without M-Pesa configured they answer 404 in words.
    ...mpesaPaymentsRoutes(context.mpesa),
  };
  const operations = loadOperations();
  // The contract read at run time is checked against the one compiled in.
  const isHandled = (operationId: string): operationId is OperationId => Object.hasOwn(handlers, operationId);
  const unknown = Object.keys(handlers).filter((id) => !operations.some((op) => op.operationId === id));
  if (unknown.length > 0) throw new Error(`handlers for operations openapi.yaml does not have: ${unknown.join(', ')}`);
  for (const op of operations) {
    if (!isHandled(op.operationId)) throw new Error(`openapi.yaml operation ${op.operationId} has no handler`);
    route(app, op, op.operationId, handlers[op.operationId]);
  }
}

/**
 * Registers one operation's handler with that operation's request types. The
 * id ties the handler to its operation: `Handlers[Id]` is `Handler<Id>`.
 */
function route<Id extends OperationId>(app: FastifyInstance, op: Operation, id: Id, handler: NoInfer<Handlers[Id]>) {
  app.route<RouteOf<Id>>({
    method: op.method,
    url: op.url,
    config: { operationId: id, public: op.public },
    schema: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.querystring ? { querystring: op.querystring } : {}),
      ...(op.jsonBody ? { body: op.jsonBody } : {}),
    },
    handler,
  });
}
