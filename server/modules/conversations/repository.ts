import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { ConversationsTable, DB, DeliveryStatus, MessageAttachment, OutboxTemplate } from '../../db/schema';
import { beyond, keyAt, type JsonRow, type Key } from '../../app/paging';
import { messageLanguage } from '../../bot/catalogue/understand';
import { WHATSAPP_CHANNEL } from '../../db/channel-names';
import { ATTACHMENT_NUMBERS, ATTACHMENT_TEXT_LIMITS } from './attachment-fields';

export type ConversationRow = Selectable<ConversationsTable>;
/** A conversation's channel when none is named: every conversation before channels was WhatsApp's (migration 024). */
export const DEFAULT_CHANNEL = WHATSAPP_CHANNEL;
export type ConversationFilter = {
  startDate?: string;
  endDate?: string;
  customerPhone?: string;
  status?: string;
  productMentioned?: string;
  /** Beyond the spec: only conversations with (true) or without (false) unread customer messages. */
  unread?: boolean;
  /** Beyond the spec: the 24-hour reply window is open, closes within 2 hours, or has closed. */
  replyWindow?: 'open' | 'closing' | 'closed';
  /** Beyond the spec: only conversations holding (true) or not holding (false) an agreed deal. */
  deal?: boolean;
};

/**
 * The orders of the list (beyond the spec: openapi.yaml's ConversationOrder).
 * recent: most recent activity first (conversations_status_last_message_at
 * and the table's own). waiting: the longest-waiting hand-offs first, only
 * with status admin_required, whose conversations all have a handoff_at
 * (migration 021's trigger), read from the partial index conversations_waiting.
 */
export type ConversationOrder = 'recent' | 'waiting';
const ORDERS = {
  recent: { column: 'last_message_at', direction: 'desc', past: '<' },
  waiting: { column: 'handoff_at', direction: 'asc', past: '>' },
} as const satisfies Record<ConversationOrder, { column: string; direction: 'asc' | 'desc'; past: '<' | '>' }>;

/** Searches with fewer digits than this read the trigram index; longer ones the phone suffixes (migration 008). */
const PHONE_SUFFIX_MIN = 4;

/** WhatsApp's customer service window: free text is accepted this long after the customer's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A window "closing" has at most this long left. */
export const CLOSING_MS = 2 * 60 * 60 * 1000;

/** A timestamptz as JSON's date-time text, the way Date.toISOString writes it. */
export const isoUtc = (column: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A conversation as the contract's Conversation, in JSON built by PostgreSQL (mapper.ts is the reference). */
const conversationJson = sql<string>`json_build_object(
  'id', id, 'customerName', customer_name, 'whatsappPhoneNumber', customer_address, 'status', status,
  'lastMessageAt', ${isoUtc(sql.ref('last_message_at'))}, 'createdAt', ${isoUtc(sql.ref('created_at'))},
  'messageCount', message_count, 'productsMentioned', products_mentioned, 'currentProductId', current_product_id,
  'currentOfferPrice', current_offer_price, 'bargainingRound', bargaining_round,
  'unreadCount', unread_count,
  'replyWindowClosesAt', ${isoUtc(sql`(last_customer_message_at + interval '24 hours')`)},
  'lastMessagePreview', last_message_preview, 'lastCustomerMessagePreview', last_customer_message_preview,
  'handoffReason', handoff_reason, 'handoffAt', ${isoUtc(sql.ref('handoff_at'))},
  'handoffCustomerText', handoff_customer_text,
  'customerLanguage', customer_language,
  'deal', case when deal_product_name is null then null else json_build_object(
    'productId', deal_product_id, 'productName', deal_product_name, 'unitPrice', deal_unit_price,
    'quantity', deal_quantity, 'deliveryTown', deal_delivery_town, 'pickup', coalesce(deal_pickup, false),
    'agreedBy', deal_agreed_by, 'agreedAt', ${isoUtc(sql.ref('deal_agreed_at'))}
  ) end
)::text`;

/**
 * A message's attachment as the contract's MessageAttachment, in
 * JSON built by PostgreSQL (mapper.ts toAttachment is the reference; the
 * fields and limits are attachment-fields.ts's). A reaction's message is
 * found by its channel's id through the unique index messages_channel_external_id
 * (one probe per reaction, none for other messages), in the same conversation;
 * the outer row is `messages`, unaliased, as messagesFrom selects it.
 */
const textField = (field: string, max: number) =>
  sql`${sql.lit(field)}, case when jsonb_typeof(attachment->${sql.lit(field)}) = 'string'
    then left(attachment->>${sql.lit(field)}, ${sql.lit(max)}) end`;
const attachmentJson = sql`jsonb_strip_nulls(jsonb_build_object(
  'kind', attachment->'kind',
  'state', case when jsonb_typeof(attachment->'state') = 'string' then attachment->'state' end,
  'url', case when attachment->>'state' = 'ready'
    then '/api/conversations/' || conversation_id || '/messages/' || id || '/attachment' end,
  ${sql.join(
    Object.entries(ATTACHMENT_TEXT_LIMITS).map(([field, max]) =>
      field === 'name'
        ? sql`'name', case when attachment->>'kind' = 'contacts'
            then left(array_to_string(array(
              select contact #>> '{}' from jsonb_array_elements(
                case when jsonb_typeof(attachment->'names') = 'array' then attachment->'names' else '[]'::jsonb end
              ) with ordinality as contacts(contact, n)
              where jsonb_typeof(contact) = 'string' order by n), ', '), ${sql.lit(max)})
            when jsonb_typeof(attachment->'name') = 'string' then left(attachment->>'name', ${sql.lit(max)}) end`
        : textField(field, max),
    ),
  )},
  ${sql.join(
    ATTACHMENT_NUMBERS.map(
      (field) =>
        sql`${sql.lit(field)}, case when jsonb_typeof(attachment->${sql.lit(field)}) = 'number' then attachment->${sql.lit(field)} end`,
    ),
  )}
)) || case when attachment->>'kind' = 'reaction' then jsonb_build_object('reactsToMessageId', (
  select reacted.id from messages reacted
  where reacted.channel = (select c.channel from conversations c where c.id = messages.conversation_id)
    and reacted.external_id = messages.attachment->>'reactsTo'
    and reacted.conversation_id = messages.conversation_id
)) else '{}'::jsonb end`;

/**
 * A message as the contract's Message, in JSON built by PostgreSQL (mapper.ts is the reference).
 * A quote's message is always one sent through the outbox (it has a delivery state), so its
 * quoteId is built with the delivery fields rather than joined on to every message's JSON.
 */
const messageJson = sql<string>`(jsonb_build_object(
  'id', id, 'sender', sender, 'content', content, 'timestamp', ${isoUtc(sql.ref('timestamp'))}, 'messageType', message_type
) || case when delivery_status is null then '{}'::jsonb
     when quote_id is null then jsonb_build_object('deliveryStatus', delivery_status, 'failureReason', failure_reason)
     else jsonb_build_object('deliveryStatus', delivery_status, 'failureReason', failure_reason, 'quoteId', quote_id) end
  || case when jsonb_typeof(attachment) is distinct from 'object' then '{}'::jsonb
     else jsonb_build_object('attachment', ${attachmentJson}) end)::text`;

/** The mentions' version (migration 015): the sum of its shards, as text. */
const MENTIONS_VERSION = sql<string>`(select sum(v)::text from mention_versions)`;

type Remembered = { version: string; total: number };
const REMEMBERED_PATTERNS = 256;
const rememberedByDatabase = new WeakMap<object, Map<string, Remembered>>();

/**
 * Product searches' counts with the mentions' version they were read at, per
 * database object (a transaction, which may see its own uncommitted writes,
 * keeps its own): a few hundred recent patterns, the oldest forgotten first.
 */
function rememberedCounts(database: object) {
  let counts = rememberedByDatabase.get(database);
  if (!counts) rememberedByDatabase.set(database, (counts = new Map()));
  return {
    get: (pattern: string) => counts.get(pattern),
    set(pattern: string, known: Remembered) {
      counts.delete(pattern);
      counts.set(pattern, known);
      if (counts.size > REMEMBERED_PATTERNS) counts.delete(counts.keys().next().value!);
    },
  };
}

export function conversationsRepository(db: Kysely<DB> | Transaction<DB>, now: () => Date = () => new Date()) {
  /**
   * The conversations matching every given filter. Each filter has an index
   * (migrations 001 and 003): last_message_at for the dates, status with
   * last_message_at, and trigram indexes for the contains-searches.
   */
  const remembered = rememberedCounts(db);
  const productOnly = (filter: ConversationFilter) =>
    filter.productMentioned !== undefined &&
    Object.entries(filter).every(([name, value]) => name === 'productMentioned' || value === undefined);

  /** Staff type numbers as they know them: "0722…" is "+254722…". */
  function phonePatterns(typed: string) {
    const digits = typed.replace(/\D/g, '');
    const patterns = [digits || typed];
    if (digits.startsWith('0')) patterns.push(`254${digits.slice(1)}`);
    return { digits, patterns };
  }

  /**
   * The conversations whose number holds one of the digit strings: a number
   * holds them when one of its suffixes starts with them (migration 008), a
   * range of the suffixes' primary key, ':' being the character after '9'.
   */
  const suffixMatches = (patterns: string[]) =>
    sql`select conversation_id from conversation_phone_suffixes where ${sql.join(
      patterns.map((p) => sql`(suffix >= ${p} and suffix < ${`${p}:`})`),
      sql` or `,
    )}`;

  function filtered(filter: ConversationFilter) {
    let query = db.selectFrom('conversations');
    if (filter.startDate) query = query.where('last_message_at', '>=', new Date(filter.startDate));
    if (filter.endDate) query = query.where('last_message_at', '<=', new Date(filter.endDate));
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.customerPhone) {
      const { digits, patterns } = phonePatterns(filter.customerPhone);
      if (digits.length >= PHONE_SUFFIX_MIN) query = query.where(sql<boolean>`id in (${suffixMatches(patterns)})`);
      else
        query = query.where((eb) => eb.or(patterns.map((p) => eb('customer_address', 'like', `%${likeEscape(p)}%`))));
    }
    if (filter.productMentioned) {
      const pattern = `%${likeEscape(filter.productMentioned)}%`;
      // The names joined in one text, a newline between two and lowered
      // (products_folded, indexed by trigrams; migrations 003, 006 and 012),
      // contain the text whenever one name does: lower(text) LIKE
      // lower(pattern) finds what ILIKE finds, without lowering every row it
      // checks. A text without a newline found there lies inside one name, so
      // that is exact; only a text holding a newline (which could span two
      // names) is checked name by name as well.
      query = query.where('products_folded', 'like', sql<string>`lower(${pattern})`);
      if (filter.productMentioned.includes('\n'))
        query = query.where(
          sql<boolean>`exists (select 1 from unnest(products_mentioned) as p(name) where p.name ilike ${pattern})`,
        );
    }
    if (filter.unread !== undefined)
      // true reads the partial index conversations_unread (migration 007).
      query = filter.unread ? query.where('unread_count', '>', 0) : query.where('unread_count', '=', 0);
    if (filter.deal !== undefined)
      // true reads the partial index conversations_deal (migration 029).
      query = filter.deal ? query.where('deal_agreed_at', 'is not', null) : query.where('deal_agreed_at', 'is', null);
    if (filter.replyWindow) {
      const opensAfter = new Date(now().getTime() - REPLY_WINDOW_MS);
      if (filter.replyWindow === 'open') query = query.where('last_customer_message_at', '>', opensAfter);
      else if (filter.replyWindow === 'closing')
        query = query
          .where('last_customer_message_at', '>', opensAfter)
          .where('last_customer_message_at', '<=', new Date(opensAfter.getTime() + CLOSING_MS));
      else
        query = query.where((eb) =>
          eb.or([eb('last_customer_message_at', 'is', null), eb('last_customer_message_at', '<=', opensAfter)]),
        );
    }
    return query;
  }

  /**
   * How many conversations match, as one expression (a page's `total`, and
   * count). The whole list and a status alone are read from the counts per
   * status that the triggers of migration 008 keep (a few rows, exact); a
   * product alone from the names mentioned; other filters are counted by
   * their indexes.
   */
  function countOf(filter: ConversationFilter): RawBuilder<number> {
    const given = Object.entries(filter).filter(([, value]) => value !== undefined);
    if (given.every(([name]) => name === 'status'))
      return sql<number>`(select coalesce(sum(n), 0)::int from conversation_counts
        ${filter.status ? sql`where status = ${filter.status}` : sql``})`;
    if (given.length === 1 && filter.customerPhone) {
      // A number alone is counted from the suffixes' primary key, without
      // visiting the conversations it names (a number appears once per
      // suffix, hence distinct).
      const { digits, patterns } = phonePatterns(filter.customerPhone);
      if (digits.length >= PHONE_SUFFIX_MIN)
        return sql<number>`(select count(distinct conversation_id)::int from (${suffixMatches(patterns)}) as matched)`;
    }
    if (given.length === 1 && filter.productMentioned) {
      // The conversations that mention a name containing the text, from the
      // mentions' primary key (migration 008) instead of rechecking each
      // conversation the trigram index returns.
      const pattern = `%${likeEscape(filter.productMentioned)}%`;
      const counted = sql<number>`(select count(distinct conversation_id)::int
        from conversation_mentions
        where name = any(array(select name from mentioned_names where folded like lower(${pattern}))))`;
      // A count remembered with the mentions' version is answered again while
      // that version holds (migration 015); else counted (PostgreSQL runs a
      // CASE's subquery only when its branch is taken).
      const known = remembered.get(pattern);
      return known
        ? sql<number>`(case when ${MENTIONS_VERSION} = ${known.version} then ${known.total}::int else ${counted} end)`
        : counted;
    }
    return sql<number>`${filtered(filter).select(sql<number>`count(*)::int`.as('n'))}`;
  }

  /** In the order's keys (ORDERS), from after `after`. */
  const ordered = (filter: ConversationFilter, order: ConversationOrder, after: Key | undefined, limit: number) => {
    const { column, direction, past } = ORDERS[order];
    return filtered(filter)
      .$if(after !== undefined, (query) => query.where(beyond(column, after!, past)))
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(limit);
  };
  /** Most recent activity first, from after `after`. */
  const recentFirst = (filter: ConversationFilter, after: Key | undefined, limit: number) =>
    ordered(filter, 'recent', after, limit);

  const messageCountOf = (conversationId: number) =>
    sql<number>`(select count(*)::int from messages where conversation_id = ${conversationId})`;

  /** A conversation's messages, newest first ('<') or oldest first ('>'), from after `after`. */
  const messagesFrom = (
    conversationId: number,
    direction: '<' | '>',
    after: Key | undefined,
    limit: number,
    withTotal = false,
  ) => {
    const order = direction === '<' ? 'desc' : 'asc';
    return db
      .selectFrom('messages')
      .select([messageJson.as('json'), keyAt('timestamp').as('at'), 'id'])
      .$if(withTotal, (query) => query.select(messageCountOf(conversationId).as('total')))
      .where('conversation_id', '=', conversationId)
      .$if(after !== undefined, (query) => query.where(beyond('timestamp', after!, direction)))
      .orderBy('timestamp', order)
      .orderBy('id', order)
      .limit(limit)
      .execute();
  };

  /**
   * The conversation moves with a message added: its activity time, count
   * and last message's preview; a customer's message also opens the reply
   * window again and, while the conversation is handed over or taken over
   * (a person has it, not the bot), counts as unread until staff open it. The
   * cards' previews (migration 009's message_preview, the same text as its
   * back-fill) move with it: the last message's always, as last_message_at
   * does (unless `late` messages may arrive: then only when it is the
   * newest); the customer's unless an older message arrives late. A message
   * that is not `activity` (an automated follow-up) is only counted: the
   * conversation keeps its place and time in the list, and its preview.
   */
  const messageAdded = (
    conversationId: number,
    customer: boolean,
    content: string,
    at: Date,
    late = false,
    activity = true,
  ) =>
    db
      .updateTable('conversations')
      .set((eb) => ({
        ...(!activity
          ? {}
          : late
            ? {
                last_message_at: sql<Date>`greatest(last_message_at, ${at}::timestamptz)`,
                last_message_preview: sql<string | null>`case when last_message_at <= ${at}::timestamptz
                then message_preview(${content}) else last_message_preview end`,
              }
            : { last_message_at: at, last_message_preview: sql<string | null>`message_preview(${content})` }),
        message_count: eb('message_count', '+', 1),
        ...(customer && {
          // Unread only while a person has the conversation: the bot answers the others.
          unread_count: sql<number>`unread_count + (status in ('admin_required', 'admin_takeover'))::int`,
          last_customer_message_at: sql<Date>`greatest(last_customer_message_at, ${at}::timestamptz)`,
          last_customer_message_preview: sql<string | null>`case
            when last_customer_message_at is null or last_customer_message_at <= ${at}::timestamptz
            then message_preview(${content}) else last_customer_message_preview end`,
        }),
      }))
      .where('id', '=', conversationId)
      .execute();

  return {
    /** Mapped in JavaScript by mapper.ts: the reference the database's JSON is checked against. */
    list: (filter: ConversationFilter = {}) =>
      filtered(filter).selectAll().orderBy('last_message_at', 'desc').orderBy('id', 'desc').execute(),
    /**
     * Up to `limit` conversations after `after`, each as API JSON built by
     * PostgreSQL: for thousands of rows several times faster than handing
     * each row to JavaScript and serializing it again.
     */
    async page(
      filter: ConversationFilter,
      after: Key | undefined,
      limit: number,
      withTotal = false,
      order: ConversationOrder = 'recent',
    ): Promise<JsonRow[]> {
      const { column, direction } = ORDERS[order];
      // A product search's count is remembered with the version it was read at.
      const remember = withTotal && productOnly(filter);
      // The JSON is built for the page's rows only: a search whose matches
      // are sorted (a phone number's, a rare product's) would otherwise
      // build it for every match before the limit.
      const rows = await db
        .selectFrom(ordered(filter, order, after, limit).selectAll().as('page'))
        .select([conversationJson.as('json'), keyAt(column).as('at'), 'id'])
        .$if(withTotal, (query) => query.select(countOf(filter).as('total')))
        .$if(remember, (query) => query.select(MENTIONS_VERSION.as('mentions_version')))
        .orderBy(column, direction)
        .orderBy('id', direction)
        .execute();
      const first = rows[0] as (JsonRow & { mentions_version?: string }) | undefined;
      if (remember && first?.total !== undefined && first.mentions_version !== undefined)
        remembered.set(`%${likeEscape(filter.productMentioned!)}%`, {
          version: first.mentions_version,
          total: first.total,
        });
      return rows;
    },
    /** The same rows, whole (for the CSV export). */
    rows: (filter: ConversationFilter, after: Key | undefined, limit: number) =>
      recentFirst(filter, after, limit).selectAll().select(keyAt('last_message_at').as('at')).execute(),
    /** How many conversations match (countOf). */
    count: async (filter: ConversationFilter) =>
      (await db.selectNoFrom(countOf(filter).as('n')).executeTakeFirstOrThrow()).n,
    find: (id: number) => db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst(),
    /**
     * Staff set the status. admin_required from another status is a hand-off
     * of their own (staff_marked, from now); one already waiting keeps its
     * reason and time. Back to the bot, the hand-off is forgotten; taken
     * over, it stays (Conversation Info still says why). In SET, a column
     * names the row before the update.
     */
    setStatus: (id: number, status: string) =>
      db
        .updateTable('conversations')
        .set({
          status,
          ...(status === 'admin_required'
            ? {
                handoff_reason: sql<string>`case when status = 'admin_required' then handoff_reason else 'staff_marked' end`,
                handoff_at: sql<Date>`case when status = 'admin_required' then handoff_at else ${now()}::timestamptz end`,
                handoff_customer_text: sql<
                  string | null
                >`case when status = 'admin_required' then handoff_customer_text end`,
              }
            : status === 'bot_active'
              ? { handoff_reason: null, handoff_at: null, handoff_customer_text: null }
              : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    /** Mapped in JavaScript by mapper.ts: the reference for messagesPage's JSON. */
    messages: (conversationId: number) =>
      db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('timestamp')
        .orderBy('id')
        .execute(),
    /** Pages of messages go from the newest to older ones (index messages_conversation, read backwards). */
    messagesPage: (conversationId: number, after: Key | undefined, limit: number, withTotal = false) =>
      messagesFrom(conversationId, '<', after, limit, withTotal),
    /** The whole list is oldest first. */
    messagesOldestFirst: (conversationId: number, after: Key | undefined, limit: number) =>
      messagesFrom(conversationId, '>', after, limit),
    messageCount: async (conversationId: number) =>
      (await db.selectNoFrom(messageCountOf(conversationId).as('n')).executeTakeFirstOrThrow()).n,
    /**
     * Adds a message and moves the conversation with it (messageAdded).
     * `deliveryStatus`: for a message that goes out through the outbox ('queued').
     * `activity: false`: an automated message that leaves the conversation's place in the list.
     */
    async addMessage(
      conversationId: number,
      sender: string,
      content: string,
      messageType: string,
      at: Date,
      deliveryStatus: DeliveryStatus | null = null,
      { activity = true, quoteId = null }: { activity?: boolean; quoteId?: number | null } = {},
    ) {
      const message = await db
        .insertInto('messages')
        .values({
          conversation_id: conversationId,
          sender,
          content,
          message_type: messageType,
          timestamp: at,
          delivery_status: deliveryStatus,
          quote_id: quoteId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await messageAdded(conversationId, sender === 'customer', content, at, false, activity);
      return message;
    },
    /**
     * A customer's message from WhatsApp, stored once: a repeated delivery
     * of the same WhatsApp id (even at the same moment, in another
     * transaction) inserts nothing and gives undefined, and the conversation
     * is moved only by the one that inserted (as addMessage moves it). A
     * message that arrives late (WhatsApp retries for days) does not move
     * the conversation's activity time or previews back.
     */
    async addCustomerMessageOnce(
      conversationId: number,
      message: {
        channel: string;
        externalId: string;
        content: string;
        type: string;
        attachment: MessageAttachment | null;
        at: Date;
      },
    ) {
      const row = await db
        .insertInto('messages')
        .values({
          conversation_id: conversationId,
          sender: 'customer',
          content: message.content,
          message_type: message.type,
          timestamp: message.at,
          channel: message.channel,
          external_id: message.externalId,
          attachment: message.attachment && JSON.stringify(message.attachment),
        })
        .onConflict((oc) => oc.columns(['channel', 'external_id']).where('external_id', 'is not', null).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row) await messageAdded(conversationId, true, message.content, message.at, true);
      return row;
    },
    /** A message to the customer, queued for the conversation's channel. */
    enqueueOutbox: (
      conversation: { id: number; channel: string; customer_address: string },
      content: string,
      kind: 'admin_reply' | 'follow_up' | 'bot_reply',
      messageId: number,
      template: OutboxTemplate | null = null,
    ) =>
      db
        .insertInto('outbox')
        .values({
          conversation_id: conversation.id,
          channel: conversation.channel,
          to_address: conversation.customer_address,
          content,
          kind,
          message_id: messageId,
          template: template && JSON.stringify(template),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    /** Staff opened it: nothing unread. */
    markRead: (id: number) =>
      db.updateTable('conversations').set({ unread_count: 0 }).where('id', '=', id).returningAll().executeTakeFirst(),
    /** "Mark as unread": at least the last customer message counts as unread again. */
    markUnread: (id: number) =>
      db
        .updateTable('conversations')
        .set({ unread_count: sql<number>`greatest(unread_count, 1)` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    findMessage: (conversationId: number, messageId: number) =>
      db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('id', '=', messageId)
        .executeTakeFirst(),
  };
}

/** Writes done by the customer and bot side (the chatbot backend, or the simulator). */
export function inboundRepository(db: Kysely<DB>) {
  return {
    /**
     * Until the transaction ends, no other transaction works on this number's
     * conversation: two webhook deliveries from a new number at once open
     * one conversation, not two. (A key of its own: the two-integer advisory
     * locks never meet migrate.ts's one-bigint lock.)
     */
    /** One customer's messages are stored one at a time (two first messages at once open one conversation). */
    lockCustomer: (channel: string, address: string) =>
      sql`select pg_advisory_xact_lock(31, hashtext(${`${channel}\n${address}`}))`.execute(db),
    /** The customer's WhatsApp profile name, when it is new. */
    setCustomerName: (id: number, name: string) =>
      db
        .updateTable('conversations')
        .set({ customer_name: name })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('customer_name', 'is', null), eb('customer_name', '!=', name)]))
        .executeTakeFirst(),
    /**
     * The customer's language after a message with these words, read as the
     * catalogue bot reads it (a message in neither language keeps the one
     * before); set whoever has the conversation, so that staff who took it
     * over still see it.
     */
    async setCustomerLanguage(id: number, text: string) {
      const row = await db
        .selectFrom('conversations')
        .select('customer_language')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return;
      const previous =
        row.customer_language === 'en' || row.customer_language === 'sw' ? row.customer_language : undefined;
      const language = messageLanguage(text, previous);
      if (language !== row.customer_language)
        await db.updateTable('conversations').set({ customer_language: language }).where('id', '=', id).execute();
    },
    /** The customer's latest conversation on the channel (conversations_channel_address, migration 024). */
    findByAddress: (channel: string, address: string) =>
      db
        .selectFrom('conversations')
        .selectAll()
        .where('channel', '=', channel)
        .where('customer_address', '=', address)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    create: (values: {
      channel: string;
      customer_name: string | null;
      customer_address: string;
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
    /**
     * What the bot's turn starts from: who has the conversation, its product,
     * offer, round and whether the customer bought, and what the bot kept
     * last time (null before it kept anything). Undefined when it is gone.
     */
    botContext: (conversationId: number) =>
      db
        .selectFrom('conversations as c')
        .leftJoin('bot_memory as m', 'm.conversation_id', 'c.id')
        .select([
          'c.status',
          'c.current_product_id',
          'c.current_offer_price',
          'c.bargaining_round',
          'c.converted',
          'm.memory',
        ])
        .where('c.id', '=', conversationId)
        .executeTakeFirst(),
    /** Keeps the bot's memory of a conversation (JSON text), replacing what it kept before. */
    remember: (conversationId: number, json: string, at: Date) =>
      db
        .insertInto('bot_memory')
        .values({ conversation_id: conversationId, memory: json, updated_at: at })
        .onConflict((oc) => oc.column('conversation_id').doUpdateSet({ memory: json, updated_at: at }))
        .execute(),
  };
}
