// Node-only. The callbacks Safaricom posts (STK results, C2B validations and confirmations), built from
// the named examples of our Daraja contract (server/payments/mpesa/contract/daraja.yaml, `webhooks`)
// with the fields a test or a developer changes. Used by `npm run mock:mpesa-callback` and the tests.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

import { MPESA_CONTRACT_FILE } from './prism-mock';

type Json = Record<string, unknown>;
type Example = { summary?: string; value: Json };

export type MpesaWebhook = 'stkCallback' | 'c2bValidation' | 'c2bConfirmation';

/** The named request examples of one of the contract's webhooks. */
export function callbackExamples(webhook: MpesaWebhook): Record<string, Example> {
  const doc = parse(readFileSync(MPESA_CONTRACT_FILE, 'utf8')) as {
    webhooks: Record<
      string,
      { post: { requestBody: { content: Record<string, { examples: Record<string, Example> }> } } }
    >;
  };
  return doc.webhooks[webhook].post.requestBody.content['application/json'].examples;
}

/** STK result codes that have a named example, by code. */
export function stkResultExamples(): Map<number, Example> {
  const byCode = new Map<number, Example>();
  for (const example of Object.values(callbackExamples('stkCallback'))) {
    const code = (example.value.Body as { stkCallback: { ResultCode: number } }).stkCallback.ResultCode;
    byCode.set(code, example);
  }
  return byCode;
}

export type StkCallbackOptions = {
  /** One of the codes with an example (0, 1, 1001, 1019, 1032, 1037, 2001). Default 0. */
  resultCode?: number;
  checkoutRequestId?: string;
  merchantRequestId?: string;
  /** With 0: the amount paid (shillings). */
  amount?: number;
  /** With 0: the M-Pesa receipt. */
  receipt?: string;
  /** With 0: the payer's number (254…). */
  phone?: string;
};

/** An STK callback as Safaricom posts it, from the contract's example for the result code. */
export function stkCallbackPayload(options: StkCallbackOptions = {}): Json {
  const code = options.resultCode ?? 0;
  const example = stkResultExamples().get(code);
  if (!example)
    throw new Error(
      `no STK example for result code ${code}: the contract has ${[...stkResultExamples().keys()].join(', ')}`,
    );
  const value = structuredClone(example.value);
  const callback = (value.Body as { stkCallback: Json }).stkCallback;
  if (options.checkoutRequestId) callback.CheckoutRequestID = options.checkoutRequestId;
  if (options.merchantRequestId) callback.MerchantRequestID = options.merchantRequestId;
  const items = (callback.CallbackMetadata as { Item: { Name: string; Value?: unknown }[] } | undefined)?.Item;
  const set = (name: string, to: unknown) => {
    const item = items?.find((entry) => entry.Name === name);
    if (item && to !== undefined) item.Value = to;
  };
  set('Amount', options.amount);
  set('MpesaReceiptNumber', options.receipt);
  set('PhoneNumber', options.phone === undefined ? undefined : Number(options.phone));
  return value;
}

export type C2bOptions = {
  /** The contract's example: paybill (default) or, for a confirmation, till. */
  example?: string;
  transId?: string;
  billRefNumber?: string;
  /** Shillings; written as Safaricom does ("20700.00"). */
  amount?: number;
  shortcode?: string;
};

/** A C2B validation or confirmation as Safaricom posts it, from the contract's example. */
export function c2bPayload(webhook: 'c2bValidation' | 'c2bConfirmation', options: C2bOptions = {}): Json {
  const examples = callbackExamples(webhook);
  const name = options.example ?? 'paybill';
  const example = examples[name];
  if (!example)
    throw new Error(`no ${webhook} example "${name}": the contract has ${Object.keys(examples).join(', ')}`);
  const value = structuredClone(example.value);
  if (options.transId) value.TransID = options.transId;
  if (options.billRefNumber !== undefined) value.BillRefNumber = options.billRefNumber;
  if (options.amount !== undefined) value.TransAmount = options.amount.toFixed(2);
  if (options.shortcode) value.BusinessShortCode = options.shortcode;
  return value;
}

/** Posts a callback as Safaricom does: JSON, no signature, no credentials. */
export async function postCallback(url: string, body: unknown): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.text() };
}
