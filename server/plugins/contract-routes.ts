// One route per operation of openapi.yaml, with the method, path, parameters
// and JSON body schema the contract gives. The server refuses to start when
// an operation has no handler or a handler names no operation.
import type { FastifyInstance } from 'fastify';
import { loadOperations } from '../contract/openapi';
import { analyticsRoutes } from '../modules/analytics/routes';
import { authRoutes } from '../modules/auth/routes';
import { conversationsRoutes } from '../modules/conversations/routes';
import { followUpsRoutes } from '../modules/follow-ups/routes';
import { notificationsRoutes } from '../modules/notifications/routes';
import { productsRoutes } from '../modules/products/routes';
import type { Handlers, RouteContext } from '../routes';

export async function contractRoutes(app: FastifyInstance, { context, loginRateLimit }: { context: RouteContext; loginRateLimit: number }) {
  const handlers: Handlers = {
    // Sign-in limits live in the database (modules/auth/sign-in-limits.ts), shared by every instance.
    ...authRoutes(context, { perAddressPerMinute: loginRateLimit }),
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
      config: { operationId: op.operationId, public: op.public },
      schema: {
        ...(op.params ? { params: op.params } : {}),
        ...(op.querystring ? { querystring: op.querystring } : {}),
        ...(op.jsonBody ? { body: op.jsonBody } : {}),
      },
      handler,
    });
  }
}
