// Quotes: priced offers made from a conversation, sent to the customer as a
// PDF on WhatsApp, accepted by the customer's yes or by staff. The server
// computes every amount, in whole cents (money.ts). A quote is changed only as
// a draft; once sent, it is revised: a new draft with the same number and the
// next revision, the old one superseded. A sent quote past its validity reads
// as expired (on read, with the services' clock: no job has to run).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB, OutboxTemplate } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../app/errors';
import type { ListSource } from '../../app/paging';
import type { EventBus } from '../../realtime/events';
import type { BusinessService } from '../business/service';
import { windowOpen } from '../conversations/mapper';
import { conversationsRepository } from '../conversations/repository';
import { fillTemplate, outboxTemplate, placeholders, type messageTemplatesService } from '../message-templates/service';
import { sniffImage, UPLOADS_PREFIX } from '../products/images';
import type { AcceptedBy, DeliveryZoneLookup, OnQuoteAccepted } from './accepted';
import { statusAt, toAcceptedQuote, toQuote, validityEnd, type Quote } from './mapper';
import { quoteAmounts, quoteNumber, toCents } from './money';
import { formatDay, kes, quotePdf, quotePdfName } from './pdf';
import { quotesRepository, type QuoteWithLines, type StatusFilter } from './repository';

type QuoteInput = components['schemas']['QuoteInput'];
type QuoteUpdate = components['schemas']['QuoteUpdate'];
type LineInput = QuoteInput['lines'][number];

/** The approved template a quote goes as outside the 24-hour window: its header is a document. */
export const QUOTE_TEMPLATE = 'quote_document';
export const EDIT_SENT = 'Revise the quote to change it';
export const WINDOW_CLOSED_NO_TEMPLATE =
  "The customer's 24-hour window is closed and no approved template can carry a document: ask them to write first";

/** A customer's plain yes to a quote (English, Swahili, Sheng), the whole message. */
const YES = /^\s*(yes|yes please|accept|i accept|sawa|ndio|ndiyo|poa|deal|nimekubali|tuma)\s*[.!👍✅]*\s*$/iu;
export const isPlainYes = (text: string) => YES.test(text.normalize('NFKC'));

export type QuotesDeps = {
  events: EventBus;
  now: () => Date;
  business: BusinessService;
  templates: ReturnType<typeof messageTemplatesService>;
  outboxChanged: () => void;
  /** Where uploaded files are kept (DATA_DIR/uploads): the logo is read there, sent PDFs are written there. */
  uploadsDir: string;
  /** PUBLIC_ORIGIN: the channel fetches a sent PDF from it. */
  publicOrigin?: string;
  /** The delivery zone's town, fee and lead time; null for an unknown id. */
  deliveryZone: DeliveryZoneLookup;
  /** Called once per accepted quote (staff's or the customer's yes). */
  onAccepted: OnQuoteAccepted;
  /** The server's logger: a failing onAccepted is logged. */
  log?: { error(fields: Record<string, unknown>, message: string): void };
};

export function quotesService(db: Kysely<DB>, given: QuotesDeps) {
  const deps = { ...given };
  const repo = quotesRepository(db);
  const announce = (quote: { id: number; conversation_id: number }, status: Quote['status']) =>
    deps.events.publish({
      type: 'quote_updated',
      data: { quoteId: quote.id, conversationId: quote.conversation_id, status },
    });

  async function load(id: number, tx = repo, forUpdate = false): Promise<QuoteWithLines> {
    const row = await tx.find(id, forUpdate);
    if (!row) throw notFound();
    return row;
  }

  /** The lines priced: the given price, else the deal's for the deal's product, else the starting price. */
  async function priceLines(
    trx: Kysely<DB>,
    lines: LineInput[],
    deal: { productId: number | null; unitPrice: string | number | null },
  ) {
    const ids = [...new Set(lines.map((line) => line.productId))];
    const products = await trx
      .selectFrom('products')
      .select(['id', 'name', 'starting_price', 'installation_price_per_slab'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(products.map((p) => [p.id, p]));
    return lines.map((line, i) => {
      const product = byId.get(line.productId);
      if (!product) throw badRequest(`Product ${line.productId} does not exist`);
      const unitPriceCents =
        line.unitPrice !== undefined
          ? toCents(line.unitPrice, `Line ${i + 1}'s unit price`)
          : deal.productId === product.id && deal.unitPrice !== null
            ? toCents(Number(deal.unitPrice), 'The deal price')
            : toCents(Number(product.starting_price), 'The starting price');
      const installationCents =
        line.withInstallation && product.installation_price_per_slab !== null
          ? toCents(Number(product.installation_price_per_slab), 'The installation price')
          : 0n;
      return {
        product_id: product.id,
        description: Array.from(product.name).slice(0, 200).join(''),
        quantity: line.quantity,
        unitPriceCents,
        installationCents,
      };
    });
  }

  type Settings = {
    lines: LineInput[];
    deliveryZoneId: number | null;
    pickup: boolean;
    discount: number;
    depositPercent: number;
    validityDays: number;
    note: string;
  };

  /** Every amount and every column of a quote's settings, checked. */
  async function priced(trx: Kysely<DB>, conversationId: number, settings: Settings) {
    const conversation = await trx
      .selectFrom('conversations')
      .select(['id', 'deal_product_id', 'deal_unit_price'])
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (!conversation) throw notFound();
    if (settings.pickup && settings.deliveryZoneId !== null) throw badRequest('A pickup quote has no delivery zone');
    let deliveryFeeCents = 0n;
    let deliveryTown: string | null = null;
    if (settings.deliveryZoneId !== null) {
      const zone = await deps.deliveryZone(settings.deliveryZoneId, trx);
      if (!zone) throw badRequest('Unknown delivery zone');
      if (!Number.isSafeInteger(zone.feeCents) || zone.feeCents < 0) throw badRequest('Unknown delivery zone');
      deliveryFeeCents = BigInt(zone.feeCents);
      deliveryTown = Array.from(zone.name).slice(0, 200).join('');
    }
    const lines = await priceLines(trx, settings.lines, {
      productId: conversation.deal_product_id,
      unitPrice: conversation.deal_unit_price,
    });
    const discountCents = toCents(settings.discount, 'The discount');
    const amounts = quoteAmounts(
      lines.map((l) => ({
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        installationCents: l.installationCents,
      })),
      deliveryFeeCents,
      discountCents,
      settings.depositPercent,
    );
    return {
      lines: lines.map((line, i) => ({
        product_id: line.product_id,
        description: line.description,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        installation_cents: line.installationCents,
        line_total_cents: amounts.lineTotals[i],
      })),
      columns: {
        subtotal_cents: amounts.subtotal,
        delivery_zone_id: settings.deliveryZoneId,
        delivery_town: deliveryTown,
        delivery_fee_cents: deliveryFeeCents,
        pickup: settings.pickup,
        discount_cents: discountCents,
        total_cents: amounts.total,
        deposit_percent: settings.depositPercent,
        deposit_cents: amounts.deposit,
        validity_days: settings.validityDays,
        note: settings.note.trim(),
      },
    };
  }

  /** A stored quote's settings as an input (lines keep their stored prices). */
  const settingsOf = (row: QuoteWithLines): Settings => ({
    lines: row.lines
      .filter((line) => line.product_id !== null)
      .map((line) => ({
        productId: line.product_id!,
        quantity: line.quantity,
        unitPrice: Number(line.unit_price_cents) / 100,
        withInstallation: Number(line.installation_cents) > 0,
      })),
    deliveryZoneId: row.delivery_zone_id,
    pickup: row.pickup,
    discount: Number(row.discount_cents) / 100,
    depositPercent: row.deposit_percent,
    validityDays: row.validity_days,
    note: row.note,
  });

  async function logoOf(url: string | null) {
    if (!url?.startsWith(UPLOADS_PREFIX)) return null;
    const bytes = await readFile(join(deps.uploadsDir, basename(url))).catch(() => null);
    const type = bytes && sniffImage(bytes);
    return bytes && type ? { bytes, mime: type.mime } : null;
  }

  async function pdfOf(quote: Quote) {
    const business = await deps.business.current();
    return quotePdf({ quote, business, logo: await logoOf(business.logoUrl) });
  }

  /** Marks a sent, valid quote accepted (once) and hands it on. */
  async function accept(row: QuoteWithLines, by: AcceptedBy, trx: Kysely<DB>) {
    const at = deps.now();
    const status = statusAt(row, at);
    if (status === 'expired') throw conflict('The quote has expired: revise it and send it again');
    if (status !== 'sent') throw conflict('Only a sent quote can be accepted');
    const updated = await trx
      .updateTable('quotes')
      .set({ status: 'accepted', accepted_at: at, accepted_by: by.kind === 'staff' ? by.username : 'customer' })
      .where('id', '=', row.id)
      .where('status', '=', 'sent')
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw conflict('Only a sent quote can be accepted');
    return at;
  }

  /**
   * Once the acceptance is stored (outside its transaction: the hook may use
   * the database itself). A failing hook is logged; the quote stays accepted
   * and the answer is the accepted quote.
   */
  async function afterAccepted(id: number, by: AcceptedBy): Promise<Quote> {
    const row = await load(id);
    announce(row, 'accepted');
    try {
      await deps.onAccepted(toAcceptedQuote(row), by);
    } catch (error) {
      deps.log?.error({ err: error, quoteId: id }, 'what follows an accepted quote failed (the quote stays accepted)');
    }
    return toQuote(row, deps.now());
  }

  return {
    /** Replaces the delivery-zone lookup or the acceptance hook (tests; a module wired after start). */
    use(hooks: Partial<Pick<QuotesDeps, 'deliveryZone' | 'onAccepted'>>) {
      if (hooks.deliveryZone) deps.deliveryZone = hooks.deliveryZone;
      if (hooks.onAccepted) deps.onAccepted = hooks.onAccepted;
    },

    async listForConversation(conversationId: number): Promise<Quote[]> {
      const conversation = await db
        .selectFrom('conversations')
        .select('id')
        .where('id', '=', conversationId)
        .executeTakeFirst();
      if (!conversation) throw notFound();
      const now = deps.now();
      return (await repo.forConversation(conversationId)).map((row) => toQuote(row, now));
    },

    /** Every quote (or those in one state), paged or whole (see paging.ts). */
    listSource(status: StatusFilter | undefined): ListSource {
      const now = deps.now();
      return {
        scope: `quotes:${status ?? ''}`,
        page: async (after, limit) =>
          (await repo.page(status, now, after, limit)).map(({ row, at, id }) => ({
            at,
            id,
            json: JSON.stringify(toQuote(row, now)),
          })),
        count: () => repo.count(status, now),
      };
    },

    get: async (id: number) => toQuote(await load(id), deps.now()),

    /**
     * A deal the customer completed with the bot (the product, how many, and delivery to a zone
     * or pickup) gets its quote at once: made from the deal and sent, while the bot still has the
     * conversation and no quote of it is in draft, sent or accepted. Undefined when there is
     * nothing to do.
     */
    async fromDeal(conversationId: number): Promise<Quote | undefined> {
      const deal = await db
        .selectFrom('conversations')
        .select(['deal_product_id', 'deal_unit_price', 'deal_quantity', 'deal_delivery_zone_id', 'deal_pickup'])
        .where('id', '=', conversationId)
        .where('status', '=', 'bot_active')
        .where('deal_product_id', 'is not', null)
        .where('deal_quantity', 'is not', null)
        .where((eb) => eb.or([eb('deal_pickup', '=', true), eb('deal_delivery_zone_id', 'is not', null)]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('quotes')
                .select('id')
                .where('quotes.conversation_id', '=', conversationId)
                .where('quotes.status', 'in', ['draft', 'sent', 'accepted']),
            ),
          ),
        )
        .executeTakeFirst();
      if (!deal || deal.deal_product_id === null || deal.deal_quantity === null || deal.deal_unit_price === null)
        return undefined;
      const draft = await this.create(conversationId, {
        lines: [
          { productId: deal.deal_product_id, quantity: deal.deal_quantity, unitPrice: Number(deal.deal_unit_price) },
        ],
        pickup: deal.deal_pickup === true,
        deliveryZoneId: deal.deal_pickup ? null : deal.deal_delivery_zone_id,
      });
      return this.send(draft.id);
    },

    async create(conversationId: number, input: QuoteInput): Promise<Quote> {
      const profile = await deps.business.current();
      const id = await db.transaction().execute(async (trx) => {
        const settings: Settings = {
          lines: input.lines,
          deliveryZoneId: input.deliveryZoneId ?? null,
          pickup: input.pickup ?? false,
          discount: input.discount ?? 0,
          depositPercent: input.depositPercent ?? profile.quoteDepositPercent,
          validityDays: input.validityDays ?? profile.quoteValidityDays,
          note: input.note ?? '',
        };
        const { lines, columns } = await priced(trx, conversationId, settings);
        const tx = quotesRepository(trx);
        // From the sequence: two quotes made at once never share a number, and none is given out twice.
        const number = quoteNumber(await tx.nextNumber());
        const { id } = await tx.insert({
          ...columns,
          number,
          revision: 1,
          conversation_id: conversationId,
          status: 'draft',
          created_at: deps.now(),
        });
        await tx.replaceLines(id, lines);
        return id;
      });
      const row = await load(id);
      announce(row, 'draft');
      return toQuote(row, deps.now());
    },

    async update(id: number, input: QuoteUpdate): Promise<Quote> {
      await db.transaction().execute(async (trx) => {
        const tx = quotesRepository(trx);
        const row = await load(id, tx, true);
        if (row.status !== 'draft') throw conflict(EDIT_SENT);
        const before = settingsOf(row);
        const settings: Settings = {
          lines: input.lines ?? before.lines,
          // Pickup chosen without a zone named: the zone goes.
          deliveryZoneId:
            input.deliveryZoneId !== undefined
              ? input.deliveryZoneId
              : input.pickup === true
                ? null
                : before.deliveryZoneId,
          pickup: input.pickup ?? before.pickup,
          discount: input.discount ?? before.discount,
          depositPercent: input.depositPercent ?? before.depositPercent,
          validityDays: input.validityDays ?? before.validityDays,
          note: input.note ?? before.note,
        };
        // Lines whose product was deleted cannot be priced again: they are dropped only when lines are sent.
        if (settings.lines.length === 0) throw badRequest('A quote needs at least one line');
        const { lines, columns } = await priced(trx, row.conversation_id, settings);
        await tx.update(id, columns);
        await tx.replaceLines(id, lines);
      });
      const row = await load(id);
      announce(row, 'draft');
      return toQuote(row, deps.now());
    },

    /** A sent or expired quote → a new draft (same number, next revision); the old one is superseded. */
    async revise(id: number): Promise<Quote> {
      const newId = await db.transaction().execute(async (trx) => {
        const tx = quotesRepository(trx);
        const row = await load(id, tx, true);
        const status = statusAt(row, deps.now());
        if (status !== 'sent' && status !== 'expired') throw conflict('Only a sent or expired quote can be revised');
        const latest = await trx
          .selectFrom('quotes')
          .select((eb) => eb.fn.max('revision').as('revision'))
          .where('number', '=', row.number)
          .executeTakeFirstOrThrow();
        await tx.update(id, { status: 'superseded' });
        const { id: newId } = await tx.insert({
          number: row.number,
          revision: Number(latest.revision) + 1,
          conversation_id: row.conversation_id,
          status: 'draft',
          subtotal_cents: row.subtotal_cents,
          delivery_zone_id: row.delivery_zone_id,
          delivery_town: row.delivery_town,
          delivery_fee_cents: row.delivery_fee_cents,
          pickup: row.pickup,
          discount_cents: row.discount_cents,
          total_cents: row.total_cents,
          deposit_percent: row.deposit_percent,
          deposit_cents: row.deposit_cents,
          validity_days: row.validity_days,
          note: row.note,
          created_at: deps.now(),
        });
        await tx.replaceLines(
          newId,
          row.lines.map((line) => ({
            product_id: line.product_id,
            description: line.description,
            quantity: line.quantity,
            unit_price_cents: line.unit_price_cents,
            installation_cents: line.installation_cents,
            line_total_cents: line.line_total_cents,
          })),
        );
        return newId;
      });
      const old = await load(id);
      announce(old, 'superseded');
      const row = await load(newId);
      announce(row, 'draft');
      return toQuote(row, deps.now());
    },

    async cancel(id: number): Promise<Quote> {
      const row = await load(id);
      const status = statusAt(row, deps.now());
      if (status === 'accepted') throw conflict('An accepted quote cannot be cancelled');
      if (status === 'cancelled' || status === 'superseded') throw conflict(`The quote is already ${status}`);
      const updated = await db
        .updateTable('quotes')
        .set({ status: 'cancelled' })
        .where('id', '=', id)
        .where('status', 'in', ['draft', 'sent'])
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw conflict('The quote changed meanwhile: reload it');
      announce(row, 'cancelled');
      return toQuote(await load(id), deps.now());
    },

    /** Staff record the customer's yes. */
    async accept(id: number, username: string): Promise<Quote> {
      await db
        .transaction()
        .execute(async (trx) => accept(await load(id, quotesRepository(trx), true), { kind: 'staff', username }, trx));
      return afterAccepted(id, { kind: 'staff', username });
    },

    /**
     * The customer's message, before the bot answers it: a plain yes while the
     * conversation has a sent, valid quote accepts the newest one. True when it did.
     */
    async customerReplied(conversationId: number, text: string): Promise<boolean> {
      if (!isPlainYes(text)) return false;
      const id = await db.transaction().execute(async (trx) => {
        const row = await quotesRepository(trx).openSent(conversationId, deps.now());
        if (!row) return undefined;
        await accept(row, { kind: 'customer' }, trx);
        return row.id;
      });
      if (id === undefined) return false;
      await afterAccepted(id, { kind: 'customer' });
      return true;
    },

    async pdf(id: number): Promise<{ bytes: Buffer; filename: string }> {
      const quote = toQuote(await load(id), deps.now());
      return { bytes: await pdfOf(quote), filename: quotePdfName(quote) };
    },

    /**
     * A draft to the customer: its PDF (valid from now) written under an
     * unguessable name the channel fetches, and a staff message with the
     * caption queued in the outbox with the document. Outside the 24-hour
     * window, as the approved template `quote_document` (a document header)
     * when there is one, else 409.
     */
    async send(id: number): Promise<Quote> {
      const row = await load(id);
      if (row.status !== 'draft') throw conflict('Only a draft can be sent');
      const conversations = conversationsRepository(db, deps.now);
      const conversation = await conversations.find(row.conversation_id);
      if (!conversation) throw notFound();
      const at = deps.now();
      const validUntil = validityEnd(at, row.validity_days);
      const sentView = toQuote({ ...row, status: 'sent', sent_at: at, valid_until: validUntil }, at);
      // In the customer's language (the bot's reading of their messages): Swahili and Sheng get Swahili.
      const caption =
        conversation.customer_language === 'sw'
          ? `Nukuu ${row.number} – jumla ${kes(sentView.total)}, inatumika hadi ${formatDay(sentView.validUntil)}. Jibu NDIO kukubali.`
          : `Quotation ${row.number} – total ${kes(sentView.total)}, valid until ${formatDay(sentView.validUntil)}. Reply YES to accept.`;
      let template: OutboxTemplate | null = null;
      if (!windowOpen(conversation, at)) {
        const found = await deps.templates.byName(
          QUOTE_TEMPLATE,
          conversation.customer_language === 'sw' ? 'sw' : 'en',
        );
        if (!found) throw conflict(WINDOW_CLOSED_NO_TEMPLATE);
        const values = [
          row.customer_name ?? 'there',
          row.number,
          kes(sentView.total),
          formatDay(sentView.validUntil),
        ].slice(0, placeholders(found.body, found.parameterFormat ?? 'positional').length);
        fillTemplate(found, values);
        template = outboxTemplate(found, values);
      }
      const bytes = await pdfOf(sentView);
      await mkdir(deps.uploadsDir, { recursive: true });
      const name = `${randomUUID()}.pdf`;
      await writeFile(join(deps.uploadsDir, name), bytes);
      const path = `${UPLOADS_PREFIX}${name}`;
      const document = {
        url: deps.publicOrigin ? new URL(path, deps.publicOrigin).href : path,
        filename: quotePdfName(row),
        caption,
      };
      try {
        await db.transaction().execute(async (trx) => {
          const tx = quotesRepository(trx);
          const locked = await load(id, tx, true);
          if (locked.status !== 'draft') throw conflict('Only a draft can be sent');
          await tx.update(id, { status: 'sent', sent_at: at, valid_until: validUntil });
          const message = await conversationsRepository(trx, deps.now).addMessage(
            row.conversation_id,
            'admin',
            caption,
            template ? 'template' : 'text',
            at,
            'queued',
            { quoteId: id },
          );
          await tx.enqueueDocument(conversation, caption, message.id, document, template);
        });
      } catch (error) {
        await unlink(join(deps.uploadsDir, name)).catch(() => {});
        throw error;
      }
      deps.events.publish({ type: 'conversation_update', data: { id: row.conversation_id } });
      deps.outboxChanged();
      announce(row, 'sent');
      return toQuote(await load(id), deps.now());
    },
  };
}
