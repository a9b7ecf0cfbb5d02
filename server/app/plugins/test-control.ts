// End-to-end tests only (TEST_CONTROL=true): trigger the customer side on
// demand, script the simulated WhatsApp, and read what would have been sent
// to customers.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connection';
import type { SimulatedSender } from '../../delivery/outbox/simulated-sender';
import { createSimulator } from '../../demo/simulate';

type Body = { conversationId?: number; content?: string; count?: number; reason?: string };

export async function testControl(app: FastifyInstance, { database }: { database: Database }) {
  const simulator = createSimulator(database.db, app.services);
  const publicRoute = { config: { public: true } };
  app.post('/__test/handoff', publicRoute, async () => simulator.handoff());
  // What would have been sent to customers, newest first.
  app.get('/__test/outbox', publicRoute, async () =>
    database.db
      .selectFrom('outbox')
      .select(['conversation_id', 'message_id', 'to_address as to_phone', 'content', 'kind', 'status', 'attempts'])
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
  );
  // {conversationId, content}: the customer writes (opens the reply window, counts as unread).
  app.post('/__test/customer-message', publicRoute, async (request) => {
    const { conversationId, content } = (request.body ?? {}) as Body;
    const conversation = await database.db
      .selectFrom('conversations')
      .select(['channel', 'customer_address', 'customer_name'])
      .where('id', '=', Number(conversationId))
      .executeTakeFirstOrThrow();
    await app.services.inbound.customerMessage(
      conversation.customer_address,
      conversation.customer_name,
      content ?? 'Hello?',
      undefined,
      conversation.channel,
    );
    return { conversationId };
  });
  // {conversationId}: the customer's last message becomes 25 hours old (the reply window has closed).
  app.post('/__test/close-window', publicRoute, async (request) => {
    const { conversationId } = (request.body ?? {}) as Body;
    await database.db
      .updateTable('conversations')
      .set({ last_customer_message_at: new Date(app.services.now().getTime() - 25 * 3_600_000) })
      .where('id', '=', Number(conversationId))
      .execute();
    return { conversationId };
  });
  // {count, reason?}: the simulated WhatsApp refuses the next `count` messages.
  app.post('/__test/fail-next', publicRoute, async (request, reply) => {
    const sender = [...app.services.outbox.senders.values()].map((c) => c.sender).find((s) => 'failNext' in s) as
      SimulatedSender | undefined;
    if (!sender?.failNext) return reply.code(409).send({ message: 'The simulated sender is not in use' });
    const { count, reason } = (request.body ?? {}) as Body;
    sender.failNext(count ?? 1, reason);
    return { count: count ?? 1 };
  });
}
