// What a stored callback means, done once however often it comes: a row in
// mpesa_payments per STK push (CheckoutRequestID) and per receipt (an STK's
// MpesaReceiptNumber, a C2B's TransID), inserted with `on conflict do
// nothing`, so that a second copy, even at the same moment, finds the first.
// A successful C2B confirmation is then matched to an order through the port
// the services hand over (recordPayment): the order's payments are unique per
// (method, reference), so a match repeated after a crash or by a concurrent
// copy counts once and answers the same order.
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { HttpError } from '../../../app/errors';
import type { AnnouncePayment, OrdersPort } from '../api/service';
import { amountCents, nairobiTime, readC2bTransaction, readStkCallback } from './payload';

/** A successful M-Pesa payment to record on the order its account number names (method mpesa). */
export type MpesaPaymentToRecord = {
  /** What the customer typed as account number: an order's number (SO00042) or its quote's (Q00042). */
  accountReference: string;
  amountCents: number;
  /** The M-Pesa receipt (TransID): the payment's reference on the order. */
  receipt: string;
  receivedAt?: Date;
};

/** The port: the order the payment was recorded on (now or before), or why none, in words. */
export type RecordMpesaPayment = (
  payment: MpesaPaymentToRecord,
) => Promise<{ orderId: number } | { orderId: null; reason: string }>;

/** Our words for STK result codes (contract: StkResultCode); others keep Safaricom's text. */
export const STK_REASONS: Readonly<Record<number, string>> = {
  1: 'insufficient funds',
  1001: "another M-Pesa transaction of the customer's was in progress",
  1019: 'timed out: the request expired before the customer answered',
  1025: 'the prompt could not be sent to the phone',
  1032: 'cancelled by the customer',
  1037: 'phone unreachable, or the customer did not answer in time',
  2001: 'wrong PIN',
};

/** Why a payment request was not paid, as the dashboard shows it (PaymentRequest.reason). */
export const REQUEST_REASONS: Readonly<Record<number, string>> = {
  1: 'Insufficient funds',
  1001: 'Another M-Pesa payment of the customer’s was in progress',
  1019: 'Timed out',
  1025: 'The prompt could not be sent to the phone',
  1032: 'Cancelled by the customer',
  1037: 'Phone unreachable',
  2001: 'Wrong PIN',
};

/** A callback that can never be processed: kept with this reason, not retried. */
export class UnreadableCallback extends Error {}

const NO_STK_REQUEST = 'paid by STK push, but no push of ours is recorded to name its order';

export function callbackProcessor(options: {
  db: Kysely<DB>;
  recordPayment: RecordMpesaPayment;
  /** MPESA_SHORTCODE: a confirmation for another shortcode is kept, unmatched. */
  shortcode?: string;
  /** A paid push's order, named by its payment request (mpesa_stk_requests): recorded through this port. */
  orders?: OrdersPort;
  /** payment_updated, once a callback is processed. */
  announce?: AnnouncePayment;
  now?: () => Date;
}) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const announce: AnnouncePayment = options.announce ?? (() => {});

  /**
   * The push's payment request, when one of ours names it: a paid push is recorded on its
   * order (once: the orders service knows the receipt) and the request settles paid, or
   * failed with the reason in words. Repeated, it finds the work done.
   */
  async function settleRequest(payment: {
    id: number;
    status: 'succeeded' | 'failed';
    checkout_request_id: string | null;
    receipt: string | null;
    amount_cents: number | null;
    order_id: number | null;
    transaction_at: Date | null;
    result_code: number;
    result_desc: string;
  }): Promise<number | undefined> {
    if (payment.checkout_request_id === null) return undefined;
    const request = await db
      .selectFrom('mpesa_stk_requests')
      .selectAll()
      .where('checkout_request_id', '=', payment.checkout_request_id)
      .executeTakeFirst();
    if (!request) return undefined;
    if (payment.status === 'succeeded' && payment.order_id === null && options.orders) {
      let reason: string | null = null;
      try {
        await options.orders.record(
          request.order_id,
          {
            amountCents: payment.amount_cents!,
            receipt: payment.receipt!,
            receivedAt: payment.transaction_at ?? undefined,
          },
          'M-Pesa',
        );
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        reason = error.message.slice(0, 500);
      }
      await db
        .updateTable('mpesa_payments')
        .set(reason === null ? { order_id: request.order_id, reason: null } : { reason })
        .where('id', '=', payment.id)
        .where('order_id', 'is', null)
        .execute();
    }
    await db
      .updateTable('mpesa_stk_requests')
      .set(
        payment.status === 'succeeded'
          ? { status: 'paid', receipt: payment.receipt, reason: null, settled_at: now() }
          : {
              status: 'failed',
              reason: (REQUEST_REASONS[payment.result_code] ?? `Not paid: ${payment.result_desc}`).slice(0, 500),
              settled_at: now(),
            },
      )
      .where('id', '=', request.id)
      .where('status', '=', 'pending')
      .execute();
    return request.order_id;
  }

  async function stk(callbackId: string, body: unknown) {
    const read = readStkCallback(body);
    if (!read.ok) throw new UnreadableCallback(read.error);
    const callback = read.value.Body.stkCallback;
    const items = new Map((callback.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]));
    const paid = callback.ResultCode === 0;
    const receipt = items.get('MpesaReceiptNumber');
    const amount = items.get('Amount');
    const cents = amount === undefined ? undefined : amountCents(amount);
    if (paid && (typeof receipt !== 'string' || receipt.trim() === '' || !cents))
      throw new UnreadableCallback('a paid STK callback without its amount or receipt');
    const date = items.get('TransactionDate');
    await db
      .insertInto('mpesa_payments')
      .values({
        kind: 'stk',
        status: paid ? 'succeeded' : 'failed',
        checkout_request_id: callback.CheckoutRequestID,
        receipt: paid ? (receipt as string).trim().toUpperCase() : null,
        amount_cents: paid ? cents! : null,
        result_code: callback.ResultCode,
        result_desc: callback.ResultDesc.slice(0, 500),
        transaction_at: date === undefined ? null : (nairobiTime(date) ?? null),
        callback_id: callbackId,
        reason: paid ? NO_STK_REQUEST : (STK_REASONS[callback.ResultCode] ?? `not paid: ${callback.ResultDesc}`),
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    // This copy's row or the first copy's.
    const row = await db
      .selectFrom('mpesa_payments')
      .select([
        'id',
        'status',
        'checkout_request_id',
        'receipt',
        'amount_cents',
        'order_id',
        'transaction_at',
        'result_code',
        'result_desc',
      ])
      .where('checkout_request_id', '=', callback.CheckoutRequestID)
      .executeTakeFirst();
    if (!row) return;
    const orderId = await settleRequest(row);
    announce({ paymentId: row.id, ...(orderId === undefined ? {} : { orderId }), status: row.status });
  }

  async function c2bConfirmation(callbackId: string, body: unknown) {
    const read = readC2bTransaction(body);
    if (!read.ok) throw new UnreadableCallback(read.error);
    const transaction = read.value;
    const cents = amountCents(transaction.TransAmount);
    if (!cents) throw new UnreadableCallback('a C2B confirmation of KES 0');
    const receipt = transaction.TransID;
    const billRef = (transaction.BillRefNumber ?? '').trim();
    const at = nairobiTime(transaction.TransTime);
    const otherShortcode =
      options.shortcode !== undefined && transaction.BusinessShortCode !== options.shortcode
        ? `paid to shortcode ${transaction.BusinessShortCode}, not ours (${options.shortcode})`
        : null;
    const payer = [transaction.FirstName, transaction.MiddleName, transaction.LastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ');
    await db
      .insertInto('mpesa_payments')
      .values({
        kind: 'c2b',
        status: 'succeeded',
        receipt,
        amount_cents: cents,
        result_code: 0,
        result_desc: transaction.TransactionType.slice(0, 100),
        bill_ref: billRef.slice(0, 100),
        payer_name: payer ? payer.slice(0, 200) : null,
        transaction_at: at ?? null,
        callback_id: callbackId,
        reason: otherShortcode,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    // This copy's row or the first copy's: matched once, unless matched (or refused) already.
    const row = await db
      .selectFrom('mpesa_payments')
      .select(['id', 'kind', 'order_id', 'reason', 'amount_cents'])
      .where('receipt', '=', receipt)
      .executeTakeFirstOrThrow();
    if (row.kind !== 'c2b' || row.order_id !== null || row.reason !== null) return;
    const outcome = await options.recordPayment({
      accountReference: billRef,
      amountCents: row.amount_cents!,
      receipt,
      receivedAt: at,
    });
    await db
      .updateTable('mpesa_payments')
      .set(
        outcome.orderId === null
          ? { reason: outcome.reason.slice(0, 500) }
          : { order_id: outcome.orderId, reason: null },
      )
      .where('id', '=', row.id)
      .where('order_id', 'is', null)
      .execute();
    announce({
      paymentId: row.id,
      ...(outcome.orderId === null ? {} : { orderId: outcome.orderId }),
      status: 'succeeded',
    });
  }

  return {
    /** Processes one stored callback; throws UnreadableCallback for one never to retry. */
    async process(callback: { id: string; kind: 'stk' | 'c2b_confirmation'; body: string }) {
      let body: unknown;
      try {
        body = JSON.parse(callback.body);
      } catch {
        throw new UnreadableCallback('not JSON');
      }
      if (callback.kind === 'stk') await stk(callback.id, body);
      else await c2bConfirmation(callback.id, body);
    },
  };
}
