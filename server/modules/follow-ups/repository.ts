import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function followUpsRepository(db: Kysely<DB>) {
  const dueQuery = (now: Date, hours: number) =>
    db
      .selectFrom('conversations')
      .where('last_message_at', '<', sql<Date>`${now}::timestamptz - make_interval(hours => ${hours}::int)`)
      .where('status', '<>', 'admin_takeover')
      .where((eb) =>
        eb.or([eb('last_follow_up_at', 'is', null), eb('last_follow_up_at', '<', eb.ref('last_message_at'))]),
      );
  return {
    settings: () => db.selectFrom('follow_up_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    save: (values: { enabled: boolean; hours_until_follow_up: number; follow_up_message: string }) =>
      db.updateTable('follow_up_settings').set(values).where('id', '=', 1).returningAll().executeTakeFirstOrThrow(),
    /**
     * Conversations quiet for longer than `hours` that have not had a
     * follow-up since their last message. Conversations an admin has taken
     * over are left to the admin.
     */
    due: (now: Date, hours: number) =>
      dueQuery(now, hours)
        .select(['id', 'whatsapp_phone_number', 'customer_name', 'last_customer_message_at'])
        .orderBy('id')
        .execute(),
    /**
     * How many of `due` a check would message: those whose customer wrote,
     * and, when there is no follow-up template, only those whose reply window
     * (since `windowOpenSince`) is still open. One count over the same index
     * range as `due`.
     */
    countDue: async (now: Date, hours: number, windowOpenSince: Date | null) => {
      let query = dueQuery(now, hours).where('last_customer_message_at', 'is not', null);
      if (windowOpenSince) query = query.where('last_customer_message_at', '>', windowOpenSince);
      const row = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    markFollowedUp: (id: number, at: Date) =>
      db.updateTable('conversations').set({ last_follow_up_at: at }).where('id', '=', id).execute(),
  };
}
