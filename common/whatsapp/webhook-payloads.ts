// Node-only. WhatsApp webhook deliveries as Meta sends them, for the mock tool
// (mocks/whatsapp/post-webhook.ts), the server's tests and the e2e suites: a
// customer's message or a delivery status, shaped like the examples in Meta's
// contract (object whatsapp_business_account → entry → changes → value with
// metadata, contacts and messages, or statuses), and signed as Meta signs them:
// X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the raw body, keyed with
// the app secret. It lives in common/ because server tests may import only
// common/ (eslint's boundaries), and they need it as much as the mock does.
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-hub-signature-256';

/** `sha256=` + hex HMAC-SHA256 of the exact bytes sent. */
export function signWebhookBody(body: string | Uint8Array, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * The file the WhatsApp mock serves for every media id (whatsapp-cloud.yaml's downloadMedia example;
 * its retrieveMediaUrl example states this SHA-256, hex, and size). Media in the payloads below carry
 * the same digest (base64, as webhooks do) unless told otherwise, so a download from the mock checks out.
 */
export const MOCK_MEDIA = {
  bytes: 'stone-sinks WhatsApp mock media\n',
  mimeType: 'text/plain',
  get sha256Hex(): string {
    return createHash('sha256').update(this.bytes).digest('hex');
  },
  get sha256Base64(): string {
    return createHash('sha256').update(this.bytes).digest('base64');
  },
};

/** A WhatsApp message id like Meta's (`wamid.` + base64). */
export const fakeWamid = (): string => `wamid.${randomBytes(24).toString('base64')}`;

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

export type BusinessNumber = {
  /** The business's phone number id (value.metadata.phone_number_id). */
  phoneNumberId?: string;
  displayPhoneNumber?: string;
  /** The WhatsApp Business Account id (entry[].id). */
  businessAccountId?: string;
};

const DEFAULT_BUSINESS: Required<BusinessNumber> = {
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '15550783881',
  businessAccountId: '102290129340398',
};

type Media = { id: string; mime_type?: string; sha256?: string; caption?: string; filename?: string };

/** What the customer sent: exactly one of these (text by default). */
export type CustomerContent =
  | { text: string }
  | { image: Media }
  | { video: Media }
  | { audio: Media & { voice?: boolean } }
  | { document: Media }
  | { sticker: Media & { animated?: boolean } }
  | { location: { latitude: number; longitude: number; name?: string; address?: string } }
  | { reaction: { message_id: string; emoji: string } }
  | {
      contacts: {
        name: { formatted_name: string; first_name?: string };
        phones?: { phone: string; wa_id?: string }[];
      }[];
    }
  | { buttonReply: { id: string; title: string } }
  | { listReply: { id: string; title: string; description?: string } }
  | { button: { payload: string; text: string } }
  /** A type Meta marks unsupported (e.g. a poll). */
  | { unsupported: true };

export type CustomerMessageOptions = BusinessNumber &
  CustomerContent & {
    /** The customer's WhatsApp number (wa_id), e.g. 254712345678. */
    from: string;
    /** Their WhatsApp profile name. */
    name?: string;
    /** The message id (default: a new wamid). */
    id?: string;
    /** Unix seconds, as text (default: now). */
    timestamp?: string;
    /** The message replied to (a quoted message, or the one whose button was tapped). */
    context?: { from?: string; id: string };
  };

/** One payload in the delivered shape, around one change value. */
function envelope<Value extends object>(business: BusinessNumber, value: Value) {
  const b = { ...DEFAULT_BUSINESS, ...definedOnly(business) };
  return {
    object: 'whatsapp_business_account' as const,
    entry: [
      {
        id: b.businessAccountId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: b.displayPhoneNumber, phone_number_id: b.phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

function definedOnly(business: BusinessNumber): BusinessNumber {
  return Object.fromEntries(Object.entries(business).filter(([, v]) => v !== undefined)) as BusinessNumber;
}

function content(options: CustomerContent): { type: string; [field: string]: unknown } {
  if ('text' in options) return { type: 'text', text: { body: options.text } };
  if ('image' in options)
    return { type: 'image', image: { mime_type: 'image/jpeg', sha256: MOCK_MEDIA.sha256Base64, ...options.image } };
  if ('video' in options)
    return { type: 'video', video: { mime_type: 'video/mp4', sha256: MOCK_MEDIA.sha256Base64, ...options.video } };
  if ('audio' in options)
    return {
      type: 'audio',
      audio: { mime_type: 'audio/ogg; codecs=opus', sha256: MOCK_MEDIA.sha256Base64, ...options.audio },
    };
  if ('document' in options)
    return {
      type: 'document',
      document: { mime_type: 'application/pdf', sha256: MOCK_MEDIA.sha256Base64, ...options.document },
    };
  if ('sticker' in options)
    return {
      type: 'sticker',
      sticker: { mime_type: 'image/webp', sha256: MOCK_MEDIA.sha256Base64, animated: false, ...options.sticker },
    };
  if ('location' in options) return { type: 'location', location: options.location };
  if ('reaction' in options) return { type: 'reaction', reaction: options.reaction };
  if ('contacts' in options) return { type: 'contacts', contacts: options.contacts };
  if ('buttonReply' in options)
    return { type: 'interactive', interactive: { type: 'button_reply', button_reply: options.buttonReply } };
  if ('listReply' in options)
    return {
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { description: '', ...options.listReply } },
    };
  if ('button' in options) return { type: 'button', button: options.button };
  return {
    type: 'unsupported',
    errors: [
      {
        code: 131051,
        title: 'Message type unknown',
        message: 'Message type unknown',
        error_data: { details: 'Message type is currently not supported.' },
      },
    ],
  };
}

/** A customer's message as Meta delivers it (the shape of the contract's "Text Message" example). */
export function customerMessagePayload(options: CustomerMessageOptions) {
  const { from, name = 'Customer', id = fakeWamid(), timestamp = nowSeconds(), context } = options;
  const body = content(options);
  const needsContext = body.type === 'interactive' || body.type === 'button';
  const businessNumber = options.displayPhoneNumber ?? DEFAULT_BUSINESS.displayPhoneNumber;
  const messageContext =
    context || needsContext
      ? { context: { from: context?.from ?? businessNumber, id: context?.id ?? fakeWamid() } }
      : {};
  return envelope(options, {
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id, timestamp, ...messageContext, ...body }],
  });
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export type StatusOptions = BusinessNumber & {
  /** The WhatsApp message id the status is about (the id the send answered). */
  id: string;
  status: DeliveryStatus;
  /** The customer's number. */
  recipientId: string;
  timestamp?: string;
  /** Why it failed (status failed). */
  error?: { code: number; title: string; message?: string; details?: string };
};

/** A delivery status as Meta delivers it (value.statuses, with conversation and pricing like Meta's). */
export function statusPayload(options: StatusOptions) {
  const { id, status, recipientId, timestamp = nowSeconds(), error } = options;
  const billing =
    status === 'failed'
      ? {}
      : {
          conversation: { id: 'CONVERSATION_ID', origin: { type: 'service' } },
          pricing: { billable: true, pricing_model: 'PMP', category: 'service' },
        };
  const errors = error
    ? {
        errors: [
          {
            code: error.code,
            title: error.title,
            message: error.message ?? error.title,
            error_data: { details: error.details ?? error.title },
            href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
          },
        ],
      }
    : {};
  return envelope(options, {
    statuses: [{ id, status, timestamp, recipient_id: recipientId, ...billing, ...errors }],
  });
}

export type Signing = 'signed' | 'unsigned' | 'bad-signature';

export type PostWebhookOptions = {
  /** The app secret the server checks signatures with (needed unless unsigned). */
  secret?: string;
  signing?: Signing;
  fetch?: typeof fetch;
};

/**
 * POSTs a payload to a server's webhook URL (…/webhooks/whatsapp) the way Meta does: JSON body,
 * signed unless asked not to; a bad signature is a valid-looking one made with the wrong secret.
 */
export async function postWebhook(
  url: string,
  payload: unknown,
  { secret, signing = 'signed', fetch: fetchImpl = fetch }: PostWebhookOptions = {},
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'facebookexternalua',
  };
  if (signing !== 'unsigned') {
    if (signing === 'signed' && !secret) throw new Error('signing a webhook needs the app secret');
    headers[SIGNATURE_HEADER] = signWebhookBody(body, signing === 'signed' ? secret! : `not-${secret ?? 'the-secret'}`);
  }
  const response = await fetchImpl(url, { method: 'POST', headers, body });
  return { status: response.status, body: await response.text() };
}
