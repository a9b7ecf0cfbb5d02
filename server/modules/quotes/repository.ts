// The SQL of quotes: a quote's revision with its lines, read together.
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { DB, OutboxDocument, OutboxTemplate, QuoteLinesTable, QuotesTable } from '../../db/schema';
import { keyAt, type Key } from '../../app/paging';

export type QuoteRow = Selectable<QuotesTable> & {
  customer_name: string | null;
  customer_address: string;
  /** The order an accepted quote became (the orders module's, one per quote), else null. */
  order_id: number | null;
};
export type QuoteLineRow = Selectable<QuoteLinesTable>;
export type QuoteWithLines = QuoteRow & { lines: QuoteLineRow[] };
/** What the list filters on: the stored status, or a sent quote by whether it is still valid. */
export type StatusFilter = 'draft' | 'sent' | 'accepted' | 'expired' | 'cancelled' | 'superseded';

type Db = Kysely<DB> | Transaction<DB>;

const CENTS = ['subtotal_cents', 'delivery_fee_cents', 'discount_cents', 'total_cents', 'deposit_cents'] as const;
/** The cents columns as text (see replaceLines). */
function centsAsText<T extends Partial<Record<(typeof CENTS)[number], unknown>>>(values: T): T {
  const copy: Record<string, unknown> = { ...values };
  for (const column of CENTS) if (copy[column] !== undefined) copy[column] = String(copy[column]);
  return copy as T;
}

/** A status as read at `now`: a sent quote past valid_until is expired, one before it sent. */
const filtered = (status: StatusFilter | undefined, now: Date): RawBuilder<boolean> =>
  status === undefined
    ? sql<boolean>`true`
    : status === 'expired'
      ? sql<boolean>`quotes.status = 'sent' and quotes.valid_until <= ${now}`
      : status === 'sent'
        ? sql<boolean>`quotes.status = 'sent' and quotes.valid_until > ${now}`
        : sql<boolean>`quotes.status = ${status}`;

export function quotesRepository(db: Db) {
  const base = () =>
    db
      .selectFrom('quotes')
      .innerJoin('conversations', 'conversations.id', 'quotes.conversation_id')
      .selectAll('quotes')
      .select(['conversations.customer_name', 'conversations.customer_address'])
      // Through the unique index orders_quote.
      .select(sql<number | null>`(select o.id from orders o where o.quote_id = quotes.id)`.as('order_id'));

  async function withLines(rows: QuoteRow[]): Promise<QuoteWithLines[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .selectFrom('quote_lines')
      .selectAll()
      .where(
        'quote_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('quote_id')
      .orderBy('position')
      .execute();
    const byQuote = new Map<number, QuoteLineRow[]>();
    for (const line of lines) byQuote.set(line.quote_id, [...(byQuote.get(line.quote_id) ?? []), line]);
    return rows.map((row) => ({ ...row, lines: byQuote.get(row.id) ?? [] }));
  }

  return {
    withLines,
    async find(id: number, forUpdate = false): Promise<QuoteWithLines | undefined> {
      let query = base().where('quotes.id', '=', id);
      if (forUpdate) query = query.forUpdate('quotes');
      const row = await query.executeTakeFirst();
      return row ? (await withLines([row]))[0] : undefined;
    },
    async forConversation(conversationId: number): Promise<QuoteWithLines[]> {
      const rows = await base()
        .where('quotes.conversation_id', '=', conversationId)
        .orderBy('quotes.created_at', 'desc')
        .orderBy('quotes.id', 'desc')
        .execute();
      return withLines(rows);
    },
    /** The newest sent quote of a conversation still valid at `now`. */
    async openSent(conversationId: number, now: Date): Promise<QuoteWithLines | undefined> {
      const row = await base()
        .where('quotes.conversation_id', '=', conversationId)
        .where('quotes.status', '=', 'sent')
        .where('quotes.valid_until', '>', now)
        .orderBy('quotes.sent_at', 'desc')
        .orderBy('quotes.id', 'desc')
        .forUpdate('quotes')
        .executeTakeFirst();
      return row ? (await withLines([row]))[0] : undefined;
    },
    /** A page of every quote, newest first, each with its key (see paging.ts). */
    async page(status: StatusFilter | undefined, now: Date, after: Key | undefined, limit: number) {
      let query = base()
        .select(keyAt('quotes.created_at').as('at'))
        .where(filtered(status, now))
        .orderBy('quotes.created_at', 'desc')
        .orderBy('quotes.id', 'desc')
        .limit(limit);
      // As paging.ts's beyond(), with the id named: the join has two.
      if (after)
        query = query.where(
          sql<boolean>`(quotes.created_at, quotes.id) < (${after.at}::timestamptz, ${after.id}::int)`,
        );
      const rows = await query.execute();
      const full = await withLines(rows);
      return full.map((row, i) => ({ row, at: rows[i].at, id: rows[i].id }));
    },
    async count(status: StatusFilter | undefined, now: Date): Promise<number> {
      const { n } = await db
        .selectFrom('quotes')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(filtered(status, now))
        .executeTakeFirstOrThrow();
      return n;
    },
    async nextNumber(): Promise<string> {
      const { value } = await sql<{ value: string }>`select nextval('quote_number_seq')::text as value`
        .execute(db)
        .then((r) => r.rows[0]);
      return value;
    },
    insert: (values: Insertable<QuotesTable>): Promise<{ id: number }> =>
      db.insertInto('quotes').values(centsAsText(values)).returning('id').executeTakeFirstOrThrow(),
    async replaceLines(quoteId: number, lines: Omit<Insertable<QuoteLinesTable>, 'quote_id' | 'position'>[]) {
      await db.deleteFrom('quote_lines').where('quote_id', '=', quoteId).execute();
      await db
        .insertInto('quote_lines')
        .values(
          lines.map((line, i) => ({
            ...line,
            // Cents go to PostgreSQL as text: every driver takes it for a bigint, whatever its size.
            unit_price_cents: String(line.unit_price_cents),
            installation_cents: String(line.installation_cents),
            line_total_cents: String(line.line_total_cents),
            quote_id: quoteId,
            position: i + 1,
          })),
        )
        .execute();
    },
    update: (id: number, values: Updateable<QuotesTable>) =>
      db.updateTable('quotes').set(centsAsText(values)).where('id', '=', id).execute(),
    enqueueDocument: (
      conversation: { id: number; channel: string; customer_address: string },
      content: string,
      messageId: number,
      document: OutboxDocument,
      template: OutboxTemplate | null,
    ) =>
      db
        .insertInto('outbox')
        .values({
          conversation_id: conversation.id,
          channel: conversation.channel,
          to_address: conversation.customer_address,
          content,
          kind: 'admin_reply',
          message_id: messageId,
          template: template && JSON.stringify(template),
          document: JSON.stringify(document),
        })
        .execute(),
  };
}
