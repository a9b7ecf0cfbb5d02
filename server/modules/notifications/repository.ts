import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { beyond, keyAt, type JsonRow, type Key } from '../../app/paging';

/** A notification as the contract's Notification, in JSON built by PostgreSQL (toNotification is the reference). */
const notificationJson = sql<string>`json_build_object(
  'id', id, 'type', type, 'message', message, 'isRead', is_read,
  'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'conversationId', conversation_id,
  'customerName', customer_name, 'customerPhone', customer_phone, 'customerQuote', customer_quote
)::text`;

/** How many notifications there are, or unread ones: the counts migration 013's triggers keep (a few rows). */
const countOf = (unread: boolean) =>
  sql<number>`(select coalesce(sum(n), 0)::int from notification_counts ${unread ? sql`where not is_read` : sql``})`;

export function notificationsRepository(db: Kysely<DB>) {
  const base = () => db.selectFrom('notifications').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  /**
   * All notifications, or the unread ones: `not is_read`, written as the
   * partial index notifications_unread states it so that the planner uses it.
   */
  const among = (unread: boolean) =>
    db.selectFrom('notifications').$if(unread, (query) => query.where(sql<boolean>`not is_read`));
  return {
    /** Mapped in JavaScript: the reference the database's JSON is checked against. */
    list: () => base().execute(),
    unread: () => base().where('is_read', '=', false).execute(),
    /** Up to `limit` notifications after `after`, newest first. */
    page: (unread: boolean, after: Key | undefined, limit: number, withTotal = false): Promise<JsonRow[]> =>
      among(unread)
        .select([notificationJson.as('json'), keyAt('created_at').as('at'), 'id'])
        .$if(withTotal, (query) => query.select(countOf(unread).as('total')))
        .$if(after !== undefined, (query) => query.where(beyond('created_at', after!, '<')))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    /** From the counts migration 013's triggers keep: a few rows, not every notification. */
    count: async (unread: boolean) => (await db.selectNoFrom(countOf(unread).as('n')).executeTakeFirstOrThrow()).n,
    markRead: (id: number) =>
      db.updateTable('notifications').set({ is_read: true }).where('id', '=', id).returningAll().executeTakeFirst(),
    /** Every unread notification of the conversation, read: how many changed. */
    markConversationRead: async (conversationId: number) =>
      Number(
        (
          await db
            .updateTable('notifications')
            .set({ is_read: true })
            .where('conversation_id', '=', conversationId)
            .where('is_read', '=', false)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
    markAllRead: async () =>
      Number(
        (await db.updateTable('notifications').set({ is_read: true }).where('is_read', '=', false).executeTakeFirst())
          .numUpdatedRows,
      ),
    /** The customer's name, number and last words come from the conversation (migration 009's trigger). */
    insert: (values: { type: string; message: string; conversation_id: number; created_at: Date }) =>
      db.insertInto('notifications').values(values).returningAll().executeTakeFirstOrThrow(),
  };
}
