// What a WhatsApp webhook body must hold before the server reads it. The schema is derived from
// Meta's own webhook schemas (scripts/whatsapp/trim.ts → generated/webhook-payload.schema.json,
// bundled into the server): strict on what is read (every message's from, id, timestamp and type and
// its type's own fields; every status's id, status, timestamp and recipient_id), lenient where Meta
// adds things (unknown fields, message types not described yet, changes of other fields).
import type { ErrorObject } from 'ajv/dist/2020.js';

import { createAjv } from '../../../common/contract';
import type { components } from './generated/cloud-api';
import schema from './generated/webhook-payload.schema.json';

type Schemas = components['schemas'];

/** A customer's message as Meta describes it (`type` tells which). A type Meta adds later passes
 *  validation on its common fields (from, id, timestamp, type) though this type does not list it:
 *  handle it in a `default` branch. */
export type InboundMessage = Schemas['IncomingMessage'] | Schemas['SystemMessage'];
export type MessageStatus = Schemas['Statuses'];
export type ContactProfile = Schemas['ContactProfile'];

/** What one change carries when its `field` is `messages`. */
export type WebhookChangeValue = {
  messaging_product?: string;
  metadata?: Schemas['Metadata'];
  contacts?: ContactProfile[];
  messages?: InboundMessage[];
  statuses?: MessageStatus[];
  errors?: Schemas['StatusError'][];
  [other: string]: unknown;
};

export type WebhookPayload = {
  object: 'whatsapp_business_account';
  entry: { id: string; changes: { field: string; value: WebhookChangeValue }[] }[];
};

export type WebhookValidation = { ok: true; value: WebhookPayload } | { ok: false; error: string };

// Compiled once, at start-up (the schema is bundled: no file is read at run time).
const validate = createAjv({ allErrors: true }).compile(schema as Record<string, unknown>);

/** The first few problems in words: where (a JSON pointer into the body) and what. */
function describe(errors: ErrorObject[]): string {
  const lines: string[] = [];
  for (const error of errors) {
    // `if` failures only say which branch applied; the branch's own error says what is wrong.
    if (error.keyword === 'if') continue;
    const where = error.instancePath || 'the body';
    let what = error.message ?? 'is invalid';
    if (error.keyword === 'enum') what += ` (${(error.params.allowedValues as unknown[]).join(', ')})`;
    const line = `${where} ${what}`;
    if (!lines.includes(line)) lines.push(line);
    if (lines.length === 3) break;
  }
  return lines.length > 0 ? lines.join('; ') : 'the body is not a WhatsApp webhook payload';
}

/** Checks a parsed webhook body; the error names the first problems found. */
export function validateWebhookPayload(body: unknown): WebhookValidation {
  if (validate(body)) return { ok: true, value: body as WebhookPayload };
  return { ok: false, error: describe(validate.errors ?? []) };
}
