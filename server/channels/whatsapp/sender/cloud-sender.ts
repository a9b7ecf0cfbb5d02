// The outbox's WhatsApp Cloud API sender: each message is one POST
// /{Version}/{Phone-Number-ID}/messages through the client typed by Meta's
// contract (server/channels/whatsapp/graph-client.ts), so a request shape Meta's
// schema does not allow fails to compile.
//
// - Admin replies and follow-ups go as `text` (with a link preview when they
//   hold a link).
// - Approved templates go as `template`, by name and language code, with the
//   values as the body's text parameters (named ones carry their name).
// - A product card — the text the dashboard's product picker writes, whose
//   line "Picture: <url>" links the product's picture — goes as an `image`
//   fetched by WhatsApp from that address, the other lines as its caption.
//   A relative picture (/uploads/…) or one on a development host is placed
//   on `publicOrigin` (PUBLIC_ORIGIN): WhatsApp fetches it from the internet.
//   Without a public address, or for a picture WhatsApp cannot show (only
//   JPEG and PNG), the card goes as text with its link.
// - A message with a document (a quote's PDF) goes as `document`, fetched by
//   WhatsApp from its link, with its file name and the caption; with a
//   template, as the template's document header.
//
// The answer: messages[0].id is the WhatsApp message id the webhook's
// statuses name; a 200 without it is a failure (tried again). Errors are
// classified by graph-errors.ts. The access token is only ever in the
// Authorization header: never in a URL, an error or a log line.
import { createGraphClient } from '../graph-client';
import { PermanentDeliveryError, type OutboxSender, type OutgoingMessage } from '../../../delivery/outbox/sender';
import { classifyGraphError, classifyNetworkError, noMessageId } from './graph-errors';

export type CloudSenderOptions = {
  /** WHATSAPP_GRAPH_URL: Meta's https://graph.facebook.com, or a mock's. */
  graphUrl: string;
  /** WHATSAPP_ACCESS_TOKEN. */
  accessToken: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the number messages are sent from. */
  phoneNumberId: string;
  /** The Graph API version (default v23.0, the contract's). */
  version?: string;
  /** PUBLIC_ORIGIN: where WhatsApp fetches product pictures from; without it a card goes as text. */
  publicOrigin?: string;
  /** Tests put a mock in between (e.g. to pick Prism's examples). */
  fetch?: (request: Request) => Promise<Response>;
  /** A send that has no answer after this long is abandoned and tried again (default 20 s). */
  timeoutMs?: number;
};

/** What WhatsApp's largest caption holds. */
const CAPTION_MAX = 1024;
/** A host only the machine itself reaches: WhatsApp cannot fetch from it. */
const LOCAL_HOST =
  /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2})$/i;
/** The picture types WhatsApp sends as an image. */
const IMAGE_PATH = /\.(jpe?g|png)$/i;
const PICTURE_LINE = /^Picture:\s*(\S+)\s*$/;

/**
 * A product card's picture as WhatsApp can fetch it, and the card's other
 * lines as the caption; undefined when the text is not a card with exactly
 * one picture line, or the picture cannot be sent as an image.
 */
export function productCardImage(
  content: string,
  publicOrigin: string | undefined,
): { link: string; caption: string } | undefined {
  const lines = content.split('\n');
  const at = lines.flatMap((line, i) => (PICTURE_LINE.test(line.trim()) ? [i] : []));
  if (at.length !== 1) return undefined;
  const raw = PICTURE_LINE.exec(lines[at[0]].trim())![1];
  let url: URL;
  try {
    url = new URL(raw, publicOrigin);
    if (publicOrigin && LOCAL_HOST.test(url.hostname)) url = new URL(`${url.pathname}${url.search}`, publicOrigin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (LOCAL_HOST.test(url.hostname) || url.username || url.password || !IMAGE_PATH.test(url.pathname)) return undefined;
  const caption = lines
    .filter((_, i) => i !== at[0])
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (caption.length > CAPTION_MAX) return undefined;
  return { link: url.href, caption };
}

/**
 * A card's text without a picture line the customer could not open: a
 * relative link with no PUBLIC_ORIGIN, or a development or private address
 * (127.0.0.1, localhost, 192.168.…). A link the customer can open is kept.
 */
export function withoutUnreachablePicture(content: string, publicOrigin: string | undefined): string {
  const lines = content.split('\n');
  const kept = lines.filter((line) => {
    const match = PICTURE_LINE.exec(line.trim());
    if (!match) return true;
    try {
      const url = new URL(match[1], publicOrigin);
      return !LOCAL_HOST.test(url.hostname);
    } catch {
      return false;
    }
  });
  return kept.length === lines.length ? content : kept.join('\n').trim();
}

/**
 * A document's address as WhatsApp can fetch it: a relative one (/uploads/…)
 * or one on a development host placed on `publicOrigin`. Without a public
 * address the message cannot go: it fails with a reason staff can act on.
 */
function documentLink(url: string, publicOrigin: string | undefined): string {
  let link: URL;
  try {
    link = new URL(url, publicOrigin);
    if (publicOrigin && LOCAL_HOST.test(link.hostname)) link = new URL(`${link.pathname}${link.search}`, publicOrigin);
  } catch {
    link = new URL('http://127.0.0.1/');
  }
  if (LOCAL_HOST.test(link.hostname))
    throw new PermanentDeliveryError(
      'WhatsApp cannot fetch the document from this server: set PUBLIC_ORIGIN to its public address',
    );
  return link.href;
}

/** The body of POST …/messages for one outbox message (Meta's `Message` schema). */
export function messageRequest(message: OutgoingMessage, publicOrigin?: string) {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to } as const;
  const template = message.template;
  const document = message.document && { ...message.document, url: documentLink(message.document.url, publicOrigin) };
  if (template) {
    const names = template.parameterNames;
    const header = document && {
      type: 'header' as const,
      parameters: [{ type: 'document' as const, document: { link: document.url, filename: document.filename } }],
    };
    const body = template.variables.length > 0 && {
      type: 'body' as const,
      parameters: template.variables.map((text, i) => ({
        type: 'text' as const,
        text,
        ...(names?.[i] && { parameter_name: names[i] }),
      })),
    };
    const components = [...(header ? [header] : []), ...(body ? [body] : [])];
    return {
      ...base,
      type: 'template' as const,
      template: {
        name: template.name,
        language: { code: template.language },
        ...(components.length > 0 && { components }),
      },
    };
  }
  if (document)
    return {
      ...base,
      type: 'document' as const,
      document: {
        link: document.url,
        filename: document.filename,
        ...(document.caption && { caption: document.caption.slice(0, CAPTION_MAX) }),
      },
    };
  const card = productCardImage(message.content, publicOrigin);
  if (card)
    return {
      ...base,
      type: 'image' as const,
      image: { link: card.link, ...(card.caption && { caption: card.caption }) },
    };
  const body = withoutUnreachablePicture(message.content, publicOrigin);
  return {
    ...base,
    type: 'text' as const,
    text: { body, preview_url: /https?:\/\/\S/.test(body) },
  };
}

export function cloudSender(options: CloudSenderOptions): OutboxSender {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const client = createGraphClient({
    graphUrl: options.graphUrl,
    accessToken: options.accessToken,
    version: options.version,
    fetch: options.fetch,
  });
  const version = client.version;
  return {
    name: `WhatsApp Cloud API (phone number id ${options.phoneNumberId})`,
    async send(message) {
      let answer;
      try {
        answer = await client.POST('/{Version}/{Phone-Number-ID}/messages', {
          params: { path: { Version: version, 'Phone-Number-ID': options.phoneNumberId } },
          body: messageRequest(message, options.publicOrigin),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw classifyNetworkError(error, options.accessToken);
      }
      const { data, error, response } = answer;
      if (!response.ok || error !== undefined) throw classifyGraphError(response.status, error, options.accessToken);
      const id = (data as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
      if (typeof id !== 'string' || id.length === 0) throw noMessageId();
      return { externalId: id };
    },
  };
}
