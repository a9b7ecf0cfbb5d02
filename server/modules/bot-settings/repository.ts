import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function botSettingsRepository(db: Kysely<DB>) {
  return {
    /** The saved settings' JSON, or undefined before staff first save. */
    async find(): Promise<unknown> {
      const row = await db.selectFrom('bot_settings').select('settings').where('id', '=', 1).executeTakeFirst();
      return row?.settings;
    },
    save: (settings: unknown, at: Date) =>
      db
        .insertInto('bot_settings')
        .values({ id: 1, settings: JSON.stringify(settings), updated_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ settings: JSON.stringify(settings), updated_at: at }))
        .execute(),
    /** Which of these product ids exist (active or not). */
    existingProducts: async (ids: number[]) =>
      ids.length === 0
        ? new Set<number>()
        : new Set((await db.selectFrom('products').select('id').where('id', 'in', ids).execute()).map((row) => row.id)),
  };
}
