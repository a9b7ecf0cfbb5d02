import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { EventBus } from '../../realtime/events';
import { toCsv } from '../products/csv';
import { toConversation, toMessage, type Conversation } from './mapper';
import { conversationsRepository, type ConversationFilter } from './repository';

export function conversationsService(
  db: Kysely<DB>,
  deps: { events: EventBus; now: () => Date; outboxChanged: () => void },
) {
  const repo = conversationsRepository(db);

  async function existing(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    list: async (filter: ConversationFilter = {}) => (await repo.list(filter)).map(toConversation),
    /** The list as JSON text, serialized by the database (fast for thousands of conversations). */
    listJson: (filter: ConversationFilter = {}) => repo.listJson(filter),
    get: async (id: number) => toConversation(await existing(id)),
    messages: async (id: number) => {
      await existing(id);
      return (await repo.messages(id)).map(toMessage);
    },

    async setStatus(id: number, status: Conversation['status']) {
      const row = await repo.setStatus(id, status);
      if (!row) throw notFound();
      deps.events.publish({ type: 'conversation_update', data: { id, status } });
      return toConversation(row);
    },

    /** An admin's reply: stored, queued in the outbox for the customer, announced. */
    async reply(id: number, content: string) {
      const message = await db.transaction().execute(async (trx) => {
        const tx = conversationsRepository(trx);
        const conversation = await tx.find(id);
        if (!conversation) throw notFound();
        if (conversation.status !== 'admin_takeover') throw conflict('Enable admin takeover before sending messages');
        const row = await tx.addMessage(id, 'admin', content, 'text', deps.now());
        await tx.enqueueOutbox(id, conversation.whatsapp_phone_number, content, 'admin_reply');
        return row;
      });
      deps.events.publish({ type: 'conversation_update', data: { id } });
      deps.outboxChanged();
      return toMessage(message);
    },

    async exportCsv(filter: ConversationFilter) {
      const rows = (await repo.list(filter)).map(toConversation);
      return toCsv(
        ['Customer Name', 'Phone Number', 'Status', 'Messages', 'Products Mentioned', 'Started', 'Last Message'],
        rows.map((c) => [
          c.customerName ?? null,
          c.whatsappPhoneNumber,
          c.status,
          c.messageCount ?? 0,
          c.productsMentioned.join('; '),
          c.createdAt,
          c.lastMessageAt,
        ]),
      );
    },
  };
}
