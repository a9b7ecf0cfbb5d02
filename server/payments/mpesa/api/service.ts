// The payments API behind /api/payments and /api/orders/{id}/payment-requests:
// M-Pesa payments listed (all, one order's, or the unmatched ones), an
// unmatched payment put on an order or dismissed by staff, and payment
// requests (STK pushes) sent for an order and settled by their callback.
//
// Orders are reached through the port the services hand over (OrdersPort:
// server/modules/orders/paid-by-reference.ts paymentsOnOrder), so a payment
// is recorded by the orders service's recordPayment only: once per receipt,
// never above the balance. The only SQL on orders here reads an order's
// number for the list.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../../app/errors';
import { beyond, keyAt, type JsonRow, type Key, type ListSource } from '../../../app/paging';
import type { components } from '../../../app/openapi/types';
import { darajaMsisdn, DarajaError, DarajaInputError, type DarajaClient } from '../daraja-client';

type Payment = components['schemas']['Payment'];
type PaymentRequest = components['schemas']['PaymentRequest'];

/** The words a 404 says on a server without M-Pesa. */
export const PAYMENTS_NOT_OFFERED = 'M-Pesa payments are not set up on this server';

/** The order side, handed over by the services (paymentsOnOrder). */
export type OrdersPort = {
  find(
    orderId: number,
  ): Promise<{ id: number; number: string; status: string; balanceCents: number; customerPhone: string } | undefined>;
  /** Throws the orders service's HttpError in words (400 over the balance, 409 cancelled or duplicate, 404). */
  record(
    orderId: number,
    payment: { amountCents: number; receipt: string; receivedAt?: Date },
    by: string,
  ): Promise<void>;
};

/** payment_updated (asyncapi.yaml). */
export type AnnouncePayment = (data: { paymentId: number; orderId?: number; status?: 'succeeded' | 'failed' }) => void;

export type PaymentRequestsOptions = {
  client: Pick<DarajaClient, 'stkPush'>;
  /** Where Safaricom posts the push's result: PUBLIC_ORIGIN + /webhooks/mpesa/<token>/stk. */
  callbackUrl: string;
};

const NOTE_MAX = 500;

/** The payments list's rows as API JSON, built by the database. */
const paymentJson = sql<string>`json_build_object(
  'id', p.id,
  'channel', case p.kind when 'stk' then 'stk' else 'paybill' end,
  'status', p.status,
  'amount', case when p.amount_cents is null then null else (p.amount_cents::numeric / 100) end,
  'reference', p.receipt,
  'accountReference', coalesce(p.bill_ref, (select o.number from orders o join mpesa_stk_requests r on r.order_id = o.id
    where r.checkout_request_id = p.checkout_request_id)),
  'payerName', p.payer_name,
  'orderId', p.order_id,
  'orderNumber', (select o.number from orders o where o.id = p.order_id),
  'reason', case when p.reason = '' then null else left(p.reason, 500) end,
  'dismissed', p.dismissed,
  'note', p.note,
  'handledBy', p.handled_by,
  'receivedAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
)::text`;

type Filter = { unmatched?: boolean; orderId?: number };

/** The whole list's count, as a subquery of the page's own statement. */
const countOf = (filter: Filter) =>
  sql<number>`(select count(*)::int from mpesa_payments c where ${
    filter.unmatched ? sql`c.status = 'succeeded' and c.order_id is null and not c.dismissed` : sql`true`
  } and ${filter.orderId !== undefined ? sql`c.order_id = ${filter.orderId}` : sql`true`})`;

export function mpesaPaymentsApi(options: {
  db: Kysely<DB>;
  orders: OrdersPort;
  announce: AnnouncePayment;
  now: () => Date;
  /** Without it (no public address for the callback) the payment requests are not offered. */
  requests?: PaymentRequestsOptions;
}) {
  const { db, orders, announce } = options;

  const filtered = (filter: Filter) =>
    db
      .selectFrom('mpesa_payments as p')
      .$if(filter.unmatched === true, (query) =>
        query.where('p.status', '=', 'succeeded').where('p.order_id', 'is', null).where('p.dismissed', '=', false),
      )
      .$if(filter.orderId !== undefined, (query) => query.where('p.order_id', '=', filter.orderId!));

  async function page(filter: Filter, after: Key | undefined, limit: number, withTotal = false): Promise<JsonRow[]> {
    const rows = await filtered(filter)
      .select(['p.id', keyAt('p.created_at').as('at'), paymentJson.as('json')])
      .$if(withTotal, (query) => query.select(countOf(filter).as('total')))
      .$if(after !== undefined, (query) => query.where(beyond('p.created_at', after!, '<')))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const { total, ...rest } = row as typeof row & { total?: number };
      return { at: rest.at, id: rest.id, json: rest.json, ...(withTotal && { total }) };
    });
  }

  async function payment(id: number): Promise<Payment> {
    const row = await db
      .selectFrom('mpesa_payments as p')
      .select(paymentJson.as('json'))
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return JSON.parse(row.json) as Payment;
  }

  const requestJson = (row: RequestRow): PaymentRequest => ({
    id: row.id,
    orderId: row.order_id,
    amount: row.amount_cents / 100,
    phone: row.phone,
    status: row.status,
    reason: row.reason,
    receipt: row.receipt,
    requestedAt: new Date(row.requested_at).toISOString(),
    settledAt: row.settled_at ? new Date(row.settled_at).toISOString() : null,
  });

  return {
    /** The list (GET /api/payments): newest first, filtered. */
    listSource(filter: Filter): ListSource {
      const only: Filter = { unmatched: filter.unmatched === true || undefined, orderId: filter.orderId };
      return {
        scope: `mpesa-payments:${JSON.stringify(only)}`,
        page: (after, limit, withTotal) => page(only, after, limit, withTotal),
        count: async () => (await db.selectNoFrom(countOf(only).as('n')).executeTakeFirstOrThrow()).n,
      };
    },

    /** An unmatched payment recorded on the order staff name, with their note. */
    async match(id: number, input: { orderId: number; note: string }, by: string): Promise<Payment> {
      const note = input.note.trim().slice(0, NOTE_MAX);
      if (!note) throw badRequest('Say why this payment is this order’s');
      const current = await db.selectFrom('mpesa_payments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound();
      if (current.status === 'failed') throw conflict('This payment failed: there is no money to put on an order');
      if (current.order_id !== null) {
        const number = (await orders.find(current.order_id))?.number ?? String(current.order_id);
        throw conflict(`This payment is already on order ${number}`);
      }
      if (current.dismissed) throw conflict('This payment was dismissed as not the shop’s');
      const order = await orders.find(input.orderId);
      if (!order) throw new HttpError(404, `Order ${input.orderId} does not exist`);
      // Recorded first, through the orders service (once per receipt); an amount above the
      // balance is a conflict with this order, not a bad request.
      try {
        await orders.record(
          order.id,
          {
            amountCents: current.amount_cents!,
            receipt: current.receipt!,
            receivedAt: current.transaction_at ?? undefined,
          },
          by,
        );
      } catch (error) {
        if (error instanceof HttpError && error.status === 400) throw conflict(error.message);
        throw error;
      }
      await db
        .updateTable('mpesa_payments')
        .set({ order_id: order.id, reason: null, note, handled_by: by })
        .where('id', '=', id)
        .where('order_id', 'is', null)
        .execute();
      announce({ paymentId: id, orderId: order.id, status: 'succeeded' });
      return payment(id);
    },

    /** Not the shop's: out of the unmatched ones, with staff's note. */
    async dismiss(id: number, input: { note: string }, by: string): Promise<Payment> {
      const note = input.note.trim().slice(0, NOTE_MAX);
      if (!note) throw badRequest('Say why this payment is not the shop’s');
      const row = await db.selectFrom('mpesa_payments').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      if (row.status === 'failed') throw conflict('This payment failed: there is nothing to dismiss');
      if (row.order_id !== null) {
        const number = (await orders.find(row.order_id))?.number ?? String(row.order_id);
        throw conflict(`This payment is on order ${number}: it cannot be dismissed`);
      }
      if (row.dismissed) throw conflict('This payment was dismissed already');
      // Only while still on no order and not dismissed: a match meanwhile wins.
      const changed = await db
        .updateTable('mpesa_payments')
        .set({ dismissed: true, note, handled_by: by })
        .where('id', '=', id)
        .where('order_id', 'is', null)
        .where('dismissed', '=', false)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw conflict('This payment was matched or dismissed meanwhile');
      announce({ paymentId: id, status: 'succeeded' });
      return payment(id);
    },

    /** Payment requests are offered: M-Pesa is configured with a public callback address. */
    requestsOffered: options.requests !== undefined,

    /** An order's payment requests, newest first. */
    async requestsOf(orderId: number): Promise<PaymentRequest[]> {
      if (!(await orders.find(orderId))) throw notFound();
      const rows = await db
        .selectFrom('mpesa_stk_requests')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('requested_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1000)
        .execute();
      return rows.map(requestJson);
    },

    /**
     * Sends the push and stores it, with M-Pesa's CheckoutRequestID, before answering: the
     * callback that follows finds its order by that id.
     */
    async request(orderId: number, input: { amount: number; phone?: string }, by: string): Promise<PaymentRequest> {
      const push = options.requests;
      if (!push) throw new HttpError(404, PAYMENTS_NOT_OFFERED);
      const order = await orders.find(orderId);
      if (!order) throw notFound();
      if (order.status === 'cancelled')
        throw conflict(`Order ${order.number} is cancelled: no payment can be requested`);
      if (order.balanceCents <= 0) throw conflict(`Order ${order.number} is fully paid: there is nothing to request`);
      const cents = input.amount * 100;
      if (cents > order.balanceCents)
        throw badRequest(
          `KES ${input.amount.toLocaleString('en-KE')} is more than the balance of KES ${(order.balanceCents / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
        );
      const phoneText = input.phone?.trim() || order.customerPhone;
      const phone = darajaMsisdn(phoneText);
      if (!phone) throw badRequest(`The phone number ${phoneText.slice(0, 20)} is not a Safaricom number`);
      let accepted;
      try {
        accepted = await push.client.stkPush({
          phone,
          amount: input.amount,
          accountReference: order.number.slice(0, 12),
          description: `Order ${order.number}`.slice(0, 13),
          callbackUrl: push.callbackUrl,
        });
      } catch (error) {
        if (error instanceof DarajaInputError) throw badRequest(error.message);
        // The client's words never carry a secret (daraja-client.ts).
        if (error instanceof DarajaError)
          throw conflict(
            error.message.startsWith('M-Pesa') ? error.message : `M-Pesa refused the request: ${error.message}`,
          );
        throw error;
      }
      const row = await db
        .insertInto('mpesa_stk_requests')
        .values({
          order_id: order.id,
          amount_cents: cents,
          phone,
          checkout_request_id: accepted.CheckoutRequestID,
          merchant_request_id: accepted.MerchantRequestID ?? null,
          requested_at: options.now(),
          requested_by: by,
        })
        // Daraja gives each push its own CheckoutRequestID; one it gave before (a replayed answer)
        // names another push's payment, so it is refused in words rather than failing the insert.
        .onConflict((oc) => oc.column('checkout_request_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw conflict('M-Pesa answered with the id of an earlier payment request: ask for the payment again');
      return requestJson(row);
    },
  };
}

type RequestRow = {
  id: number;
  order_id: number;
  amount_cents: number;
  phone: string;
  status: 'pending' | 'paid' | 'failed';
  reason: string | null;
  receipt: string | null;
  requested_at: Date | string;
  settled_at: Date | null;
};

export type MpesaPaymentsApi = ReturnType<typeof mpesaPaymentsApi>;
