import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { EventBus } from '../../realtime/events';
import { csvHeader, csvRecords } from '../products/csv';
import type { Key, ListSource } from '../../lists/paging';
import { toConversation, toMessage, type Conversation } from './mapper';
import { conversationsRepository, type ConversationFilter, type ConversationRow } from './repository';

const CSV_COLUMNS = [
  'Customer Name',
  'Phone Number',
  'Status',
  'Messages',
  'Products Mentioned',
  'Started',
  'Last Message',
];

/** The filters a search names, and nothing else (not the paging parameters). */
export const filterOf = (query: ConversationFilter): ConversationFilter => ({
  startDate: query.startDate,
  endDate: query.endDate,
  customerPhone: query.customerPhone,
  status: query.status,
  productMentioned: query.productMentioned,
});

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
    /** Mapped in JavaScript: the reference the database's JSON is checked against. */
    list: async (filter: ConversationFilter = {}) => (await repo.list(filter)).map(toConversation),
    /**
     * The list or a search, paged or whole, as JSON the database builds (see
     * paging.ts). `name` tells the list and the search apart, so that a
     * cursor of one is refused by the other; so are other filters'.
     */
    listSource(name: 'conversations' | 'search', filter: ConversationFilter): ListSource {
      const only = filterOf(filter);
      return {
        scope: `${name}:${JSON.stringify(only)}`,
        page: (after, limit) => repo.page(only, after, limit),
        count: () => repo.count(only),
      };
    },
    get: async (id: number) => toConversation(await existing(id)),
    /** Mapped in JavaScript: the reference for messagesSource's JSON. */
    messages: async (id: number) => {
      await existing(id);
      return (await repo.messages(id)).map(toMessage);
    },
    /** A conversation's messages (404 when there is no such conversation): pages from the newest back, the whole list oldest first. */
    async messagesSource(id: number): Promise<ListSource> {
      await existing(id);
      return {
        scope: `messages:${id}`,
        page: (after, limit) => repo.messagesPage(id, after, limit),
        whole: (after, limit) => repo.messagesOldestFirst(id, after, limit),
        reversePages: true,
        count: () => repo.messageCount(id),
      };
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

    /** The CSV export of a search, most recent activity first, in batches (see paging.ts sendCsv). */
    csvExport(filter: ConversationFilter) {
      const only = filterOf(filter);
      return {
        head: csvHeader(CSV_COLUMNS),
        fetch: (after: Key | undefined, limit: number) => repo.rows(only, after, limit),
        format: (rows: ConversationRow[]) =>
          csvRecords(
            rows
              .map(toConversation)
              .map((c) => [
                c.customerName ?? null,
                c.whatsappPhoneNumber,
                c.status,
                c.messageCount ?? 0,
                c.productsMentioned.join('; '),
                c.createdAt,
                c.lastMessageAt,
              ]),
          ),
      };
    },
  };
}
