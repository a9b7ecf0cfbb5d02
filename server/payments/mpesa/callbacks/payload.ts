// The callbacks' bodies, checked against the Daraja contract's shapes
// (contract/daraja.yaml, webhooks stkCallback, c2bValidation and
// c2bConfirmation) by hand: what the route refuses with a 400, and what the
// worker reads back from the stored text. Unknown fields are allowed, as the
// contract allows them in what Safaricom sends.
import type { components } from '../generated/daraja';

export type StkCallback = components['schemas']['StkCallback'];
export type C2bTransaction = components['schemas']['C2bTransaction'];

type Read<T> = { ok: true; value: T } | { ok: false; error: string };

const TIMESTAMP = /^20[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])([01][0-9]|2[0-3])[0-5][0-9][0-5][0-9]$/;
const TRANS_ID = /^[A-Z0-9]{10}$/;
const AMOUNT = /^[0-9]{1,9}(\.[0-9]{1,2})?$/;
const SHORTCODE = /^[0-9]{5,7}$/;
const ITEM_NAMES = new Set(['Amount', 'MpesaReceiptNumber', 'Balance', 'TransactionDate', 'PhoneNumber']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An STK callback (Body.stkCallback), or what is wrong with it in words. */
export function readStkCallback(body: unknown): Read<StkCallback> {
  const callback = isObject(body) && isObject(body.Body) ? body.Body.stkCallback : undefined;
  if (!isObject(callback)) return { ok: false, error: 'not an STK callback: Body.stkCallback is missing' };
  const { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc, CallbackMetadata } = callback;
  if (typeof MerchantRequestID !== 'string') return { ok: false, error: 'MerchantRequestID is missing' };
  if (typeof CheckoutRequestID !== 'string' || CheckoutRequestID.length < 1 || CheckoutRequestID.length > 64)
    return { ok: false, error: 'CheckoutRequestID is missing or longer than 64 characters' };
  if (!Number.isInteger(ResultCode) || (ResultCode as number) < 0 || (ResultCode as number) > 99999)
    return { ok: false, error: 'ResultCode is not a whole number from 0 to 99999' };
  if (typeof ResultDesc !== 'string') return { ok: false, error: 'ResultDesc is missing' };
  if (CallbackMetadata !== undefined) {
    const items = isObject(CallbackMetadata) ? CallbackMetadata.Item : undefined;
    if (!Array.isArray(items) || items.length > 10)
      return { ok: false, error: 'CallbackMetadata.Item is not a list of at most 10 items' };
    for (const item of items)
      if (
        !isObject(item) ||
        typeof item.Name !== 'string' ||
        !ITEM_NAMES.has(item.Name) ||
        (item.Value !== undefined && typeof item.Value !== 'string' && typeof item.Value !== 'number')
      )
        return { ok: false, error: 'an item of CallbackMetadata is not one the contract names' };
  }
  return { ok: true, value: body as StkCallback };
}

/** A C2B validation or confirmation, or what is wrong with it in words. */
export function readC2bTransaction(body: unknown): Read<C2bTransaction> {
  if (!isObject(body)) return { ok: false, error: 'not a C2B transaction: the body is not an object' };
  if (typeof body.TransactionType !== 'string') return { ok: false, error: 'TransactionType is missing' };
  if (typeof body.TransID !== 'string' || !TRANS_ID.test(body.TransID))
    return { ok: false, error: 'TransID is not 10 capital letters or digits' };
  if (typeof body.TransTime !== 'string' || !TIMESTAMP.test(body.TransTime))
    return { ok: false, error: 'TransTime is not yyyyMMddHHmmss' };
  if (typeof body.TransAmount !== 'string' || !AMOUNT.test(body.TransAmount))
    return { ok: false, error: 'TransAmount is not an amount like "20700.00"' };
  if (typeof body.BusinessShortCode !== 'string' || !SHORTCODE.test(body.BusinessShortCode))
    return { ok: false, error: 'BusinessShortCode is not 5 to 7 digits' };
  if (body.BillRefNumber !== undefined && (typeof body.BillRefNumber !== 'string' || body.BillRefNumber.length > 100))
    return { ok: false, error: 'BillRefNumber is not a text of at most 100 characters' };
  for (const name of [
    'InvoiceNumber',
    'OrgAccountBalance',
    'ThirdPartyTransID',
    'MSISDN',
    'FirstName',
    'MiddleName',
    'LastName',
  ])
    if (body[name] !== undefined && typeof body[name] !== 'string')
      return { ok: false, error: `${name} is not a text` };
  return { ok: true, value: body as C2bTransaction };
}

/** Shillings as Safaricom writes them ("20700.00", or a number in an STK callback) in cents. */
export function amountCents(amount: string | number): number | undefined {
  const text = typeof amount === 'number' ? String(amount) : amount;
  const match = /^([0-9]{1,9})(?:\.([0-9]{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** yyyyMMddHHmmss in Nairobi time (UTC+3 all year) as an instant; undefined when it is no such time. */
export function nairobiTime(stamp: string | number): Date | undefined {
  const text = String(stamp);
  if (!TIMESTAMP.test(text)) return undefined;
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(text.slice(at, i === 0 ? 4 : at + 2)));
  const at = new Date(Date.UTC(y, mo - 1, d, h - 3, mi, s));
  // 20260231…: a day the month does not have.
  return new Date(at.getTime() + 3 * 3_600_000).getUTCDate() === d ? at : undefined;
}
