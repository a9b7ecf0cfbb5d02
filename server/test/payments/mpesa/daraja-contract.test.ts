// Our Daraja contract: every named example (the callbacks Safaricom posts, and the requests and answers
// of the operations) validates against its own schema with the project's JSON Schema validator, the
// callbacks cover the result codes the payments code will handle, and the payloads the callback poster
// builds from them still validate after their fields are changed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { createAjv, dereference } from '../../../../common/contract';
import { c2bPayload, stkCallbackPayload, stkResultExamples } from '../../../../common/mpesa/callback-payloads';
import { MPESA_CONTRACT_FILE } from '../../../../common/mpesa/prism-mock';

type Json = Record<string, unknown>;
type Media = { schema: Json; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Json>;
};

const doc = parse(readFileSync(MPESA_CONTRACT_FILE, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
};
const ajv = createAjv();
const validator = (schema: Json) => ajv.compile(dereference(doc, schema) as Json);

/** What a `$ref` points at (dereference() would drop the examples, which describe and do not constrain). */
function refTarget(node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce<Json>((at, key) => at[key] as Json, doc as unknown as Json);
}

/** Every named example of an operation: [where, schema, value]. */
function examplesOf(operation: Operation): [string, Json, unknown][] {
  const media = (where: string, content: Record<string, Media> | undefined) =>
    Object.values(content ?? {}).flatMap((entry) =>
      Object.entries(entry.examples ?? {}).map(
        ([name, example]) =>
          [`${operation.operationId} ${where} ${name}`, entry.schema, example.value] as [string, Json, unknown],
      ),
    );
  return [
    ...media('request', operation.requestBody?.content),
    ...Object.entries(operation.responses).flatMap(([status, response]) =>
      media(status, (refTarget(response) as { content?: Record<string, Media> }).content),
    ),
  ];
}

const webhookExamples = Object.values(doc.webhooks).flatMap(({ post }) => examplesOf(post));
const operationExamples = Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap(examplesOf));

describe('the contract’s examples', () => {
  it.each(webhookExamples)('callback %s validates', (_where, schema, value) => {
    const validate = validator(schema);
    expect(validate(value), ajv.errorsText(validate.errors)).toBe(true);
  });

  it.each(operationExamples)('%s validates', (_where, schema, value) => {
    const validate = validator(schema);
    expect(validate(value), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('name an STK callback for each result code the payments code must tell apart', () => {
    expect([...stkResultExamples().keys()].sort((a, b) => a - b)).toEqual([0, 1, 1001, 1019, 1032, 1037, 2001]);
    // Only a paid push carries its metadata.
    for (const [code, example] of stkResultExamples()) {
      const callback = (example.value.Body as { stkCallback: Json }).stkCallback;
      expect('CallbackMetadata' in callback, String(code)).toBe(code === 0);
    }
  });

  it('type C2B’s MSISDN as text, not as a phone number (Safaricom sends a hash)', () => {
    const schema = dereference(doc, { $ref: '#/components/schemas/C2bTransaction' }) as {
      properties: Record<string, Json>;
    };
    expect(schema.properties.MSISDN).toMatchObject({ type: 'string' });
    expect(schema.properties.MSISDN.pattern).toBeUndefined();
  });
});

describe('the callback poster’s payloads', () => {
  const stkSchema = validator({ $ref: '#/components/schemas/StkCallback' });
  const c2bSchema = validator({ $ref: '#/components/schemas/C2bTransaction' });

  it('an STK result with the given code, checkout id, amount and receipt', () => {
    const paid = stkCallbackPayload({
      checkoutRequestId: 'ws_CO_99',
      amount: 15_000,
      receipt: 'UAF0000001',
      phone: '254798765432',
    });
    expect(stkSchema(paid), ajv.errorsText(stkSchema.errors)).toBe(true);
    const callback = (paid.Body as { stkCallback: Json }).stkCallback;
    expect(callback).toMatchObject({ CheckoutRequestID: 'ws_CO_99', ResultCode: 0 });
    expect((callback.CallbackMetadata as { Item: unknown[] }).Item).toEqual(
      expect.arrayContaining([
        { Name: 'Amount', Value: 15_000 },
        { Name: 'MpesaReceiptNumber', Value: 'UAF0000001' },
        { Name: 'PhoneNumber', Value: 254798765432 },
      ]),
    );
    const cancelled = stkCallbackPayload({ resultCode: 1032, checkoutRequestId: 'ws_CO_99' });
    expect(stkSchema(cancelled)).toBe(true);
    expect(() => stkCallbackPayload({ resultCode: 42 })).toThrow(/no STK example for result code 42/);
  });

  it('a C2B confirmation or validation with the given receipt, account and amount', () => {
    const confirmation = c2bPayload('c2bConfirmation', { transId: 'UAF1111111', billRefNumber: 'Q-7', amount: 999 });
    expect(c2bSchema(confirmation), ajv.errorsText(c2bSchema.errors)).toBe(true);
    expect(confirmation).toMatchObject({ TransID: 'UAF1111111', BillRefNumber: 'Q-7', TransAmount: '999.00' });
    expect(c2bSchema(c2bPayload('c2bConfirmation', { example: 'till' }))).toBe(true);
    expect(c2bSchema(c2bPayload('c2bValidation'))).toBe(true);
  });
});
