import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function summaryRepository(db: Kysely<DB>) {
  return {
    /**
     * Every count in one statement (one snapshot). A conversation is active
     * with a message in the 24 hours before `now`: the analytics overview's
     * rule for its activeConversations (an index range). The conversations'
     * total and those needing attention are the counts per status that the
     * triggers of migration 008 keep, not a scan of every conversation.
     */
    counts: async (now: Date) => {
      const since24h = new Date(now.getTime() - 86_400_000);
      const result = await sql<{
        totalProducts: number;
        activeProducts: number;
        totalConversations: number;
        activeConversations: number;
        conversationsNeedingAttention: number;
        unreadNotifications: number;
      }>`
        select p.total as "totalProducts", p.active as "activeProducts",
               c.total as "totalConversations", a.active as "activeConversations",
               c.attention as "conversationsNeedingAttention", n.unread as "unreadNotifications"
        from (select count(*)::int as total, (count(*) filter (where is_active))::int as active from products) p,
             (select coalesce(sum(n), 0)::int as total,
                     coalesce(sum(n) filter (where status = 'admin_required'), 0)::int as attention
              from conversation_counts) c,
             (select count(*)::int as active from conversations where last_message_at >= ${since24h}) a,
             (select count(*)::int as unread from notifications where not is_read) n`.execute(db);
      return result.rows[0];
    },
  };
}
