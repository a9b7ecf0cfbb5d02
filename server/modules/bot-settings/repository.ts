import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** An id the products table can hold: an integer from 1 to 2147483647 (PostgreSQL's integer). */
const isProductId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2147483647;

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
    /**
     * Which of these product ids exist (active or not). Only ids in the
     * products.id column's range are asked for: PostgreSQL refuses a query
     * that compares that integer column with a larger number (22003, out of
     * range) instead of matching nothing.
     */
    existingProducts: async (ids: number[]) => {
      const possible = ids.filter(isProductId);
      return possible.length === 0
        ? new Set<number>()
        : new Set(
            (await db.selectFrom('products').select('id').where('id', 'in', possible).execute()).map((row) => row.id),
          );
    },
  };
}
