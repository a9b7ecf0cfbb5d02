import type { Kysely, Selectable } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB, NotificationsTable } from '../../db/schema';
import { notFound } from '../../app/errors';
import type { EventBus, NotificationType } from '../../realtime/events';
import type { ListSource } from '../../app/paging';
import { notificationsRepository } from './repository';

type Notification = components['schemas']['Notification'];

const toNotification = (row: Selectable<NotificationsTable>): Notification => ({
  id: row.id,
  type: row.type as Notification['type'],
  message: row.message,
  isRead: row.is_read,
  createdAt: row.created_at.toISOString(),
  conversationId: row.conversation_id,
  customerName: row.customer_name,
  customerPhone: row.customer_phone,
  customerQuote: row.customer_quote,
});

export function notificationsService(db: Kysely<DB>, deps: { events: EventBus; now: () => Date }) {
  const repo = notificationsRepository(db);
  return {
    /** Mapped in JavaScript: the reference the database's JSON is checked against. */
    list: async () => (await repo.list()).map(toNotification),
    unread: async () => (await repo.unread()).map(toNotification),
    /** Every notification, or the unread ones, paged or whole, as JSON the database builds (see paging.ts). */
    listSource: (unread: boolean): ListSource => ({
      scope: unread ? 'notifications:unread' : 'notifications',
      page: (after, limit, withTotal) => repo.page(unread, after, limit, withTotal),
      count: () => repo.count(unread),
    }),
    async markRead(id: number) {
      const row = await repo.markRead(id);
      if (!row) throw notFound();
      // Read for every staff member: their lists and badges refetch.
      deps.events.publish({ type: 'conversation_update', data: { id: row.conversation_id, notificationsRead: true } });
      return toNotification(row);
    },
    /**
     * The conversation was handled (a staff reply, a hand-back to the bot): its notifications
     * are read for every staff member, and every dashboard refetches them.
     */
    async markConversationRead(conversationId: number) {
      const updated = await repo.markConversationRead(conversationId);
      if (updated > 0)
        deps.events.publish({ type: 'conversation_update', data: { id: conversationId, notificationsRead: true } });
      return updated;
    },
    markAllRead: async () => ({ updated: await repo.markAllRead() }),
    /** The bot asks for a human: stored and pushed to every dashboard. */
    async create(conversationId: number, type: NotificationType, message: string) {
      const row = await repo.insert({ type, message, conversation_id: conversationId, created_at: deps.now() });
      const notification = toNotification(row);
      deps.events.publish({
        type: 'notification',
        data: { id: row.id, type, message, conversationId, createdAt: notification.createdAt },
      });
      return notification;
    },
  };
}
