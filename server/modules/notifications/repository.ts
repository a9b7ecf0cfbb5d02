import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function notificationsRepository(db: Kysely<DB>) {
  const base = () => db.selectFrom('notifications').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  return {
    list: () => base().execute(),
    unread: () => base().where('is_read', '=', false).execute(),
    markRead: (id: number) =>
      db.updateTable('notifications').set({ is_read: true }).where('id', '=', id).returningAll().executeTakeFirst(),
    markAllRead: async () =>
      Number(
        (await db.updateTable('notifications').set({ is_read: true }).where('is_read', '=', false).executeTakeFirst())
          .numUpdatedRows,
      ),
    insert: (values: { type: string; message: string; conversation_id: number; created_at: Date }) =>
      db.insertInto('notifications').values(values).returningAll().executeTakeFirstOrThrow(),
  };
}
