import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fillInBefore, unfilledBlanks } from '../../../common/placeholders';
import { HttpError, conflict, notFound, unprocessable } from '../../app/errors';
import { fillTemplate, outboxTemplate, type messageTemplatesService } from '../message-templates/service';
import { announceQueued, requeueFailed } from '../../delivery/state';
import type { EventBus } from '../../realtime/events';
import type { notificationsService } from '../notifications/service';
import { csvHeader, csvRecords } from '../products/csv';
import type { Key, ListSource } from '../../app/paging';
import { toConversation, toMessage, toMessages, windowOpen, type Conversation } from './mapper';
import {
  conversationsRepository,
  type ConversationFilter,
  type ConversationOrder,
  type ConversationRow,
} from './repository';

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
  unread: query.unread,
  replyWindow: query.replyWindow,
  deal: query.deal,
});

export const WINDOW_CLOSED = 'The 24-hour reply window has closed: send an approved template instead';
const NOT_TAKEN_OVER = 'Enable admin takeover before sending messages';
export const WAITING_NEEDS_STATUS = 'order=waiting lists hand-offs only: add status=admin_required';

export function conversationsService(
  db: Kysely<DB>,
  deps: {
    events: EventBus;
    now: () => Date;
    outboxChanged: () => void;
    templates: ReturnType<typeof messageTemplatesService>;
    /** A conversation handled (staff replied, or handed it back to the bot) has its notifications read. */
    notifications?: Pick<ReturnType<typeof notificationsService>, 'markConversationRead'>;
  },
) {
  const repo = conversationsRepository(db, deps.now);
  const handled = async (id: number) => {
    await deps.notifications?.markConversationRead(id);
  };

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
    listSource(
      name: 'conversations' | 'search',
      filter: ConversationFilter,
      order: ConversationOrder = 'recent',
    ): ListSource {
      const only = filterOf(filter);
      // Only hand-offs have a waiting time to order by.
      if (order === 'waiting' && only.status !== 'admin_required') throw unprocessable(WAITING_NEEDS_STATUS);
      return {
        // A cursor of one order is refused by the other.
        scope: `${name}:${JSON.stringify(only)}${order === 'recent' ? '' : `:${order}`}`,
        page: (after, limit, withTotal) => repo.page(only, after, limit, withTotal, order),
        count: () => repo.count(only),
      };
    },
    get: async (id: number) => toConversation(await existing(id)),
    /** Mapped in JavaScript: the reference for messagesSource's JSON. */
    messages: async (id: number) => {
      await existing(id);
      return toMessages(await repo.messages(id));
    },
    /** A conversation's messages (404 when there is no such conversation): pages from the newest back, the whole list oldest first. */
    async messagesSource(id: number): Promise<ListSource> {
      await existing(id);
      return {
        scope: `messages:${id}`,
        page: (after, limit, withTotal) => repo.messagesPage(id, after, limit, withTotal),
        whole: (after, limit) => repo.messagesOldestFirst(id, after, limit),
        reversePages: true,
        count: () => repo.messageCount(id),
      };
    },

    async setStatus(id: number, status: Conversation['status']) {
      const row = await repo.setStatus(id, status);
      if (!row) throw notFound();
      deps.events.publish({ type: 'conversation_update', data: { id, status } });
      // Handed back to the bot: nothing is left for staff to act on.
      if (status === 'bot_active') await handled(id);
      return toConversation(row);
    },

    /**
     * An admin's reply: stored, queued in the outbox for the customer, announced.
     * Free text only while WhatsApp's 24-hour window is open, and never with
     * a blank left to fill in (422).
     */
    async reply(id: number, content: string) {
      const message = await db.transaction().execute(async (trx) => {
        const tx = conversationsRepository(trx, deps.now);
        const conversation = await tx.find(id);
        if (!conversation) throw notFound();
        if (conversation.status !== 'admin_takeover') throw conflict(NOT_TAKEN_OVER);
        const now = deps.now();
        if (!windowOpen(conversation, now)) throw conflict(WINDOW_CLOSED);
        // The last guard against a quick reply's unfilled blank reaching the customer (after
        // the conversation's state: no text at all can be sent where that refuses it).
        const blanks = unfilledBlanks(content);
        if (blanks.length > 0) throw unprocessable(fillInBefore(blanks));
        const row = await tx.addMessage(id, 'admin', content, 'text', now, 'queued');
        await tx.enqueueOutbox(conversation, content, 'admin_reply', row.id);
        return row;
      });
      deps.events.publish({ type: 'conversation_update', data: { id } });
      deps.outboxChanged();
      await handled(id);
      return toMessage(message);
    },

    /** An approved template, inside or outside the window: only in admin_takeover. */
    async sendTemplate(id: number, templateId: number, variables: string[]) {
      // Read before the transaction: PGlite has one connection, which the transaction holds.
      const template = await deps.templates.find(templateId);
      const message = await db.transaction().execute(async (trx) => {
        const tx = conversationsRepository(trx, deps.now);
        const conversation = await tx.find(id);
        if (!conversation) throw notFound();
        if (conversation.status !== 'admin_takeover') throw conflict(NOT_TAKEN_OVER);
        if (!template) throw new HttpError(422, 'Unknown template');
        const content = fillTemplate(template, variables);
        const row = await tx.addMessage(id, 'admin', content, 'template', deps.now(), 'queued');
        await tx.enqueueOutbox(conversation, content, 'admin_reply', row.id, outboxTemplate(template, variables));
        return row;
      });
      deps.events.publish({ type: 'conversation_update', data: { id } });
      deps.outboxChanged();
      await handled(id);
      return toMessage(message);
    },

    /**
     * A failed message queued once more. The state moves from failed to
     * queued in one statement, so of two retries at once only one goes on.
     */
    async retry(id: number, messageId: number) {
      const message = await db.transaction().execute(async (trx) => {
        const tx = conversationsRepository(trx, deps.now);
        const conversation = await tx.find(id);
        if (!conversation) throw notFound();
        const found = await tx.findMessage(id, messageId);
        if (!found) throw notFound();
        if (found.delivery_status !== 'failed') throw conflict('Only a failed message can be sent again');
        if (found.message_type !== 'template' && !windowOpen(conversation, deps.now())) throw conflict(WINDOW_CLOSED);
        const requeued = await requeueFailed(trx, messageId);
        if (!requeued) throw conflict('Only a failed message can be sent again');
        const row = requeued.message;
        // A message from before the outbox knew its messages: queue it anew.
        if (!requeued.outboxRow)
          await tx.enqueueOutbox(
            conversation,
            row.content,
            row.sender === 'admin' ? 'admin_reply' : 'follow_up',
            row.id,
          );
        return row;
      });
      announceQueued(deps.events, { conversationId: id, messageId });
      deps.outboxChanged();
      return toMessage(message);
    },

    /** Staff opened the conversation. */
    async markRead(id: number) {
      const row = await repo.markRead(id);
      if (!row) throw notFound();
      deps.events.publish({ type: 'conversation_update', data: { id } });
      return toConversation(row);
    },
    /** "Mark as unread". */
    async markUnread(id: number) {
      const row = await repo.markUnread(id);
      if (!row) throw notFound();
      deps.events.publish({ type: 'conversation_update', data: { id } });
      return toConversation(row);
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
