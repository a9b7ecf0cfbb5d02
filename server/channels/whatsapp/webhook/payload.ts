// What a webhook delivery holds, as this server reads it: the parts it uses
// (messages, statuses, contacts, errors of `messages` changes). The worker
// checks a delivery against Meta's schema first (inbound-schema.ts
// validateWebhookPayload); this reading is checked again on its own, so that
// processing never trips on a missing field whatever the schema lets
// through. Anything else Meta adds is ignored; a message or status this
// server cannot read is skipped (and counted), the rest still processed.
//
// Shapes: Meta's webhook payloads (business-messaging-api_v23.0.yaml, the
// examples of POST /whatsapp/webhooks and StatusMessageValue).

export type WhatsAppError = { code?: number; title?: string; message?: string; error_data?: { details?: string } };

type Media = {
  id: string;
  mime_type?: string;
  sha256?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
};

export type InboundMessage = {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  text?: { body?: string };
  image?: Media;
  video?: Media;
  audio?: Media;
  sticker?: Media;
  document?: Media;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string; first_name?: string; last_name?: string } }[];
  reaction?: { message_id?: string; emoji?: string };
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string };
  };
  button?: { text?: string; payload?: string };
  system?: { body?: string };
  errors?: WhatsAppError[];
};

export type InboundStatus = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp?: string;
  errors?: WhatsAppError[];
};

export type ChangeValue = {
  contacts: { wa_id?: string; profile?: { name?: string } }[];
  messages: InboundMessage[];
  statuses: InboundStatus[];
  errors: WhatsAppError[];
  /** Items left out because they could not be read. */
  skipped: number;
};

export type WebhookDelivery = { changes: { field: string; value: ChangeValue }[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** The delivery's changes, or why it is not a WhatsApp Business Account webhook. */
export function readDelivery(body: unknown): { ok: true; value: WebhookDelivery } | { ok: false; error: string } {
  if (!isObject(body)) return { ok: false, error: 'the body is not a JSON object' };
  if (body.object !== 'whatsapp_business_account')
    return { ok: false, error: 'object is not "whatsapp_business_account"' };
  if (!Array.isArray(body.entry)) return { ok: false, error: 'entry is not an array' };
  const changes: WebhookDelivery['changes'] = [];
  for (const entry of body.entry) {
    if (!isObject(entry) || !Array.isArray(entry.changes)) return { ok: false, error: 'an entry has no changes' };
    for (const change of entry.changes) {
      if (!isObject(change) || typeof change.field !== 'string' || !isObject(change.value))
        return { ok: false, error: 'a change has no field or value' };
      changes.push({ field: change.field, value: readValue(change.value) });
    }
  }
  return { ok: true, value: { changes } };
}

function readValue(value: Record<string, unknown>): ChangeValue {
  let skipped = 0;
  const messages = list(value.messages).filter((m): m is InboundMessage => {
    // A customer's WhatsApp id is their number: 7 to 15 digits, as the dashboard's contract requires
    // of whatsappPhoneNumber (anything else would be a conversation no screen could show).
    const ok = isObject(m) && text(m.from) && /^\+?\d{7,15}$/.test(m.from) && text(m.id) && text(m.type);
    if (!ok) skipped++;
    return ok;
  });
  const statuses = list(value.statuses).filter((s): s is InboundStatus => {
    const ok = isObject(s) && text(s.id) && typeof s.status === 'string' && STATUSES.has(s.status);
    if (!ok) skipped++;
    return ok;
  });
  return {
    contacts: list(value.contacts).filter(isObject) as ChangeValue['contacts'],
    messages,
    statuses,
    errors: list(value.errors).filter(isObject) as WhatsAppError[],
    skipped,
  };
}
