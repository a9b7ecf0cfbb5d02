import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { ConversationsTable, DB } from '../../db/schema';

export type ConversationRow = Selectable<ConversationsTable>;
export type ConversationFilter = {
  startDate?: string;
  endDate?: string;
  customerPhone?: string;
  status?: string;
  productMentioned?: string;
};

/** A timestamptz as JSON's date-time text, the way Date.toISOString writes it. */
export const isoUtc = (column: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function conversationsRepository(db: Kysely<DB> | Transaction<DB>) {
  function filtered(filter: ConversationFilter) {
    let query = db.selectFrom('conversations').selectAll();
    if (filter.startDate) query = query.where('last_message_at', '>=', new Date(filter.startDate));
    if (filter.endDate) query = query.where('last_message_at', '<=', new Date(filter.endDate));
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.customerPhone) {
      // Staff type numbers as they know them: "0722…" is "+254722…".
      const digits = filter.customerPhone.replace(/\D/g, '');
      const patterns = [digits || filter.customerPhone];
      if (digits.startsWith('0')) patterns.push(`254${digits.slice(1)}`);
      query = query.where((eb) =>
        eb.or(patterns.map((p) => eb('whatsapp_phone_number', 'like', `%${likeEscape(p)}%`))),
      );
    }
    if (filter.productMentioned) {
      const pattern = `%${likeEscape(filter.productMentioned)}%`;
      query = query.where(
        sql<boolean>`exists (select 1 from unnest(products_mentioned) as p(name) where p.name ilike ${pattern})`,
      );
    }
    return query;
  }

  return {
    list: (filter: ConversationFilter = {}) =>
      filtered(filter).orderBy('last_message_at', 'desc').orderBy('id', 'desc').execute(),
    /**
     * The same list as API JSON, built by PostgreSQL in one text value: for
     * thousands of rows this is several times faster than handing each row
     * to JavaScript and serializing it again. mapper.ts is the reference
     * shape; a test keeps the two equal.
     */
    listJson: async (filter: ConversationFilter = {}) =>
      (
        await db
          .selectFrom(filtered(filter).as('c'))
          .select(
            sql<string>`coalesce(json_agg(json_build_object(
              'id', c.id, 'customerName', c.customer_name, 'whatsappPhoneNumber', c.whatsapp_phone_number, 'status', c.status,
              'lastMessageAt', ${isoUtc(sql.ref('c.last_message_at'))}, 'createdAt', ${isoUtc(sql.ref('c.created_at'))},
              'messageCount', c.message_count, 'productsMentioned', c.products_mentioned, 'currentProductId', c.current_product_id,
              'currentOfferPrice', c.current_offer_price, 'bargainingRound', c.bargaining_round
            ) order by c.last_message_at desc, c.id desc), '[]')::text`.as('json'),
          )
          .executeTakeFirstOrThrow()
      ).json,
    find: (id: number) => db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst(),
    setStatus: (id: number, status: string) =>
      db.updateTable('conversations').set({ status }).where('id', '=', id).returningAll().executeTakeFirst(),
    messages: (conversationId: number) =>
      db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('timestamp')
        .orderBy('id')
        .execute(),
    /** Adds a message and moves the conversation's activity time with it. */
    async addMessage(conversationId: number, sender: string, content: string, messageType: string, at: Date) {
      const message = await db
        .insertInto('messages')
        .values({ conversation_id: conversationId, sender, content, message_type: messageType, timestamp: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await db
        .updateTable('conversations')
        .set((eb) => ({ last_message_at: at, message_count: eb('message_count', '+', 1) }))
        .where('id', '=', conversationId)
        .execute();
      return message;
    },
    enqueueOutbox: (conversationId: number, toPhone: string, content: string, kind: 'admin_reply' | 'follow_up') =>
      db
        .insertInto('outbox')
        .values({ conversation_id: conversationId, to_phone: toPhone, content, kind })
        .returning('id')
        .executeTakeFirstOrThrow(),
  };
}

/** Writes done by the customer and bot side (the chatbot backend, or the simulator). */
export function inboundRepository(db: Kysely<DB>) {
  return {
    findByPhone: (phone: string) =>
      db
        .selectFrom('conversations')
        .selectAll()
        .where('whatsapp_phone_number', '=', phone)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    create: (values: {
      customer_name: string | null;
      whatsapp_phone_number: string;
      created_at: Date;
      last_message_at: Date;
      status?: string;
    }) => db.insertInto('conversations').values(values).returningAll().executeTakeFirstOrThrow(),
    update: (
      id: number,
      values: Partial<{
        status: string;
        products_mentioned: string[];
        current_product_id: number | null;
        current_offer_price: number | null;
        bargaining_round: number | null;
        converted: boolean;
      }>,
    ) => db.updateTable('conversations').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    productEvent: (productId: number, conversationId: number | null, kind: 'view' | 'inquiry', at: Date) =>
      db
        .insertInto('product_events')
        .values({ product_id: productId, conversation_id: conversationId, kind, created_at: at })
        .execute(),
  };
}
