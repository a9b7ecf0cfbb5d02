import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A conversation due for a follow-up: quiet for longer than `hours`, not
 * followed up since its last message, and the bot's: one handed to staff
 * (admin_required, whose customer was told a person will answer, or
 * admin_takeover) is left to staff, and a customer who accepted a deal is not
 * reminded to complete the order. (status, last_message_at) is indexed.
 */
const isDue = (now: Date, hours: number) => (eb: ExpressionBuilder<DB, 'conversations'>) =>
  eb.and([
    eb('last_message_at', '<', sql<Date>`${now}::timestamptz - make_interval(hours => ${hours}::int)`),
    eb('status', '=', 'bot_active'),
    eb('converted', '=', false),
    eb.or([eb('last_follow_up_at', 'is', null), eb('last_follow_up_at', '<', eb.ref('last_message_at'))]),
  ]);

export function followUpsRepository(db: Kysely<DB>) {
  const dueQuery = (now: Date, hours: number) => db.selectFrom('conversations').where(isDue(now, hours));
  return {
    settings: () => db.selectFrom('follow_up_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    save: (values: {
      enabled: boolean;
      hours_until_follow_up: number;
      follow_up_message: string;
      follow_up_message_sw?: string;
    }) => db.updateTable('follow_up_settings').set(values).where('id', '=', 1).returningAll().executeTakeFirstOrThrow(),
    /**
     * Conversations the bot is handling, without a closed sale, quiet for
     * longer than `hours`, that have not had a follow-up since their last
     * message (a follow-up does not move last_message_at, so last_follow_up_at
     * stays after it until the customer or staff write again).
     */
    due: (now: Date, hours: number) =>
      dueQuery(now, hours)
        .select(['id', 'channel', 'customer_address', 'customer_name', 'last_customer_message_at', 'customer_language'])
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
    /**
     * Marks the conversation followed up at `now` if it is still due (since `due` read it, the
     * customer may have written, or the bot handed it over): whether it was.
     */
    markFollowedUp: async (id: number, now: Date, hours: number) =>
      (
        await db
          .updateTable('conversations')
          .set({ last_follow_up_at: now })
          .where('id', '=', id)
          .where(isDue(now, hours))
          .executeTakeFirst()
      ).numUpdatedRows > 0n,
  };
}
