// The customer and bot side of a conversation. This product does not own it
// (the chatbot's backend does); the simulator and the demo seed play it
// through these functions, so the dashboard sees the same writes and events
// it would see in production.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { EventBus, NotificationType } from '../../realtime/events';
import type { notificationsService } from '../notifications/service';
import { conversationsRepository, inboundRepository } from './repository';

export function inboundService(
  db: Kysely<DB>,
  deps: { events: EventBus; now: () => Date; notifications: ReturnType<typeof notificationsService> },
) {
  const repo = inboundRepository(db);
  const messages = conversationsRepository(db);
  return {
    /** A customer writes; a conversation is opened for a new number. */
    async customerMessage(phone: string, name: string | null, content: string, at = deps.now()) {
      let conversation = await repo.findByPhone(phone);
      if (!conversation)
        conversation = await repo.create({
          customer_name: name,
          whatsapp_phone_number: phone,
          created_at: at,
          last_message_at: at,
        });
      await messages.addMessage(conversation.id, 'customer', content, 'text', at);
      deps.events.publish({ type: 'conversation_update', data: { id: conversation.id } });
      return conversation.id;
    },
    async botMessage(conversationId: number, content: string, at = deps.now()) {
      await messages.addMessage(conversationId, 'bot', content, 'text', at);
      deps.events.publish({ type: 'conversation_update', data: { id: conversationId } });
    },
    async productInterest(
      conversationId: number,
      product: { id: number; name: string },
      kind: 'view' | 'inquiry',
      at = deps.now(),
    ) {
      await repo.productEvent(product.id, conversationId, kind, at);
      const conversation = await messages.find(conversationId);
      if (!conversation) return;
      const mentioned = conversation.products_mentioned.includes(product.name)
        ? conversation.products_mentioned
        : [...conversation.products_mentioned, product.name];
      await repo.update(conversationId, { products_mentioned: mentioned, current_product_id: product.id });
    },
    async offer(conversationId: number, price: number, round: number) {
      await repo.update(conversationId, { current_offer_price: price, bargaining_round: round });
    },
    async converted(conversationId: number) {
      await repo.update(conversationId, { converted: true });
    },
    /** The bot needs a human: admin_required plus a notification. */
    async handoff(conversationId: number, type: NotificationType, message: string) {
      await repo.update(conversationId, { status: 'admin_required' });
      deps.events.publish({ type: 'conversation_update', data: { id: conversationId, status: 'admin_required' } });
      return deps.notifications.create(conversationId, type, message);
    },
  };
}
