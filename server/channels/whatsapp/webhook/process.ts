// What a webhook delivery does: every change of field "messages" of every
// entry; each customer message stored once (by its WhatsApp id) in the
// number's conversation and handed to the bot, both by customerMessage
// (server/modules/conversations/inbound.ts); each status applied to the
// message we sent (statuses.ts); errors logged.
//
// Everything here may run again for the same delivery (a retry after a
// failure halfway, or Meta delivering it twice): a message already stored is
// not stored, announced or given to the bot again, and statuses only move
// forward.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, MessageAttachment, MessageFailure } from '../../../db/schema';
import type { CustomerMessages } from '../../../modules/conversations/inbound';
import type { EventBus } from '../../../realtime/events';
import { WHATSAPP_CHANNEL } from '../../../db/channel-names';
import { applyStatus, type StatusOptions } from '../statuses';
import type { InboundMessage, InboundStatus, WebhookDelivery, WhatsAppError } from './payload';

export type MediaAttachment = Extract<MessageAttachment, { mediaId: string }>;

export type ProcessorOptions = {
  db: Kysely<DB>;
  events: EventBus;
  /** Stores each customer message and queues the bot's turn on it (services.customers). */
  customers: Pick<CustomerMessages, 'customerMessage' | 'idle'>;
  log: FastifyBaseLogger;
  /** A new message's media is to be fetched (server/channels/whatsapp/media queues the download). */
  onMediaPending?: (messageId: number, attachment: MediaAttachment) => void | Promise<void>;
  /** A message we sent failed (statuses.ts). */
  onStatusFailed?: StatusOptions['onFailed'];
  /** The services' clock: the time of a message or status that came without one. Default: the time of day. */
  now?: () => Date;
};

/** "16505551234" (WhatsApp's wa_id) → "+16505551234", the form conversations keep. */
export const phoneOf = (waId: string) => `+${waId.replace(/\D/g, '')}`;

/** WhatsApp's timestamps are seconds, as text; a missing or unreadable one is now. */
const timeOf = (seconds: string | undefined, now: Date) => {
  const value = Number(seconds);
  return seconds && Number.isFinite(value) && value > 0 ? new Date(value * 1000) : now;
};

const failureOf = (error: WhatsAppError | undefined): MessageFailure | null =>
  error
    ? {
        code: typeof error.code === 'number' ? error.code : null,
        title: error.title ?? error.message ?? null,
        details: error.error_data?.details ?? null,
      }
    : null;

const MEDIA_WORDS = { image: 'Photo', video: 'Video', audio: 'Audio', sticker: 'Sticker', document: 'Document' };
const MEDIA_TYPES = Object.keys(MEDIA_WORDS) as (keyof typeof MEDIA_WORDS)[];
const isMediaType = (type: string): type is keyof typeof MEDIA_WORDS => (MEDIA_TYPES as string[]).includes(type);
const words = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/**
 * A WhatsApp message as the dashboard keeps it: its type, a line of plain
 * words (the list's preview and a dashboard that knows only the spec read
 * it) and what it carries besides.
 */
export function describeMessage(message: InboundMessage): {
  messageType: string;
  content: string;
  attachment: MessageAttachment | null;
} {
  const type = message.type;
  const unsupported = (line?: string) => ({
    messageType: 'unsupported',
    content: line ?? `Unsupported message (${type})`,
    attachment: { kind: 'unsupported', type } as MessageAttachment,
  });
  if (type === 'text') {
    const body = message.text?.body;
    return body ? { messageType: 'text', content: body, attachment: null } : unsupported();
  }
  if (isMediaType(type)) {
    const media = message[type];
    if (!media || !words(media.id)) return unsupported();
    const caption = words(media.caption);
    const filename = words(media.filename);
    const label =
      type === 'document'
        ? `Document: ${filename ?? 'file'}`
        : type === 'audio' && media.voice
          ? 'Voice message'
          : MEDIA_WORDS[type];
    return {
      messageType: type,
      content: caption ?? label,
      attachment: {
        kind: type,
        mediaId: media.id,
        state: 'pending',
        ...(media.mime_type && { mimeType: media.mime_type }),
        ...(media.sha256 && { sha256: media.sha256 }),
        ...(filename && { filename }),
        ...(caption && { caption }),
      },
    };
  }
  if (type === 'location') {
    const { latitude, longitude, name, address } = message.location ?? {};
    if (typeof latitude !== 'number' || typeof longitude !== 'number') return unsupported();
    return {
      messageType: 'location',
      content: `Location: ${words(name) ?? words(address) ?? `${latitude}, ${longitude}`}`,
      attachment: {
        kind: 'location',
        latitude,
        longitude,
        ...(words(name) && { name: words(name) }),
        ...(words(address) && { address: words(address) }),
      },
    };
  }
  if (type === 'contacts') {
    const names = (message.contacts ?? []).map(
      (c) =>
        words(c.name?.formatted_name) ??
        ([c.name?.first_name, c.name?.last_name].filter(Boolean).join(' ').trim() || 'A contact'),
    );
    return {
      messageType: 'contacts',
      content: names.length === 1 ? `Contact: ${names[0]}` : `Contacts: ${names.join(', ') || 'none'}`,
      attachment: { kind: 'contacts', names },
    };
  }
  if (type === 'reaction') {
    const reactsTo = words(message.reaction?.message_id);
    if (!reactsTo) return unsupported();
    // An empty emoji: the customer took their reaction back.
    const emoji = message.reaction?.emoji ?? '';
    return {
      messageType: 'reaction',
      content: emoji ? `Reacted ${emoji}` : 'Removed a reaction',
      attachment: { kind: 'reaction', emoji, reactsTo },
    };
  }
  if (type === 'interactive') {
    const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
    const title = words(reply?.title);
    if (!title) return unsupported();
    return {
      messageType: 'interactive',
      content: title,
      attachment: { kind: 'interactive', title, ...(words(reply?.id) && { id: reply!.id }) },
    };
  }
  if (type === 'button') {
    const title = words(message.button?.text);
    if (!title) return unsupported();
    return {
      messageType: 'button',
      content: title,
      attachment: { kind: 'button', title, ...(words(message.button?.payload) && { id: message.button!.payload }) },
    };
  }
  // "system" (the customer changed number…) says what happened in words of its own.
  if (type === 'system' && words(message.system?.body)) return unsupported(words(message.system?.body));
  return unsupported();
}

export function webhookProcessor(options: ProcessorOptions) {
  const { db, events, customers, log } = options;
  const clock = options.now ?? (() => new Date());
  async function customerMessage(message: InboundMessage, names: Map<string, string>, now: Date) {
    const { messageType, content, attachment } = describeMessage(message);
    const received = await customers.customerMessage(
      {
        channel: WHATSAPP_CHANNEL,
        address: phoneOf(message.from),
        name: names.get(message.from) ?? null,
        externalId: message.id,
        type: messageType,
        content,
        attachment,
        at: timeOf(message.timestamp, now),
      },
      {
        async stored(messageId) {
          if (attachment && 'mediaId' in attachment && options.onMediaPending)
            try {
              await options.onMediaPending(messageId, attachment);
            } catch (error) {
              // The attachment stays pending; the media worker finds pending attachments without a job at start.
              log.error({ err: error, messageId }, 'queueing a media download failed');
            }
        },
      },
    );
    // Already stored by an earlier delivery: nothing more to do.
    if (!received) return false;
    // Queued behind the conversation's earlier turns; the delivery does not wait for the bot.
    void received.turn;
    return true;
  }

  async function status(item: InboundStatus, now: Date) {
    const failure = item.status === 'failed' ? failureOf(item.errors?.[0]) : null;
    return applyStatus(
      db,
      events,
      { whatsappMessageId: item.id, status: item.status, at: timeOf(item.timestamp, now), failure },
      { onFailed: options.onStatusFailed, log },
    );
  }

  return {
    /** Processes one delivery; throws when something could not be stored (the caller retries it all). */
    async process(delivery: WebhookDelivery, eventId: string) {
      const now = clock();
      const counts = { messages: 0, repeated: 0, statuses: 0, held: 0, skipped: 0, other: 0 };
      for (const { field, value } of delivery.changes) {
        if (field !== 'messages') {
          // Subscribed fields this server does not use (account updates, templates' reviews…).
          counts.other++;
          continue;
        }
        counts.skipped += value.skipped;
        if (value.errors.length > 0)
          log.warn(
            { eventId, errors: value.errors.map((e) => ({ code: e.code, title: e.title })) },
            'WhatsApp reported errors in a webhook',
          );
        const names = new Map<string, string>();
        for (const contact of value.contacts) {
          const name = words(contact.profile?.name);
          // customerName holds at most 200 characters (openapi.yaml); cut between characters, not inside one.
          if (contact.wa_id && name) names.set(contact.wa_id, Array.from(name).slice(0, 200).join(''));
        }
        for (const message of value.messages) {
          if (await customerMessage(message, names, now)) counts.messages++;
          else counts.repeated++;
        }
        for (const item of value.statuses) {
          if ((await status(item, now)) === 'held') counts.held++;
          counts.statuses++;
        }
      }
      if (counts.skipped > 0) log.warn({ eventId, skipped: counts.skipped }, 'webhook items that could not be read');
      log.debug({ eventId, ...counts }, 'webhook processed');
    },
    /** Resolves when every bot turn queued so far has ended. */
    idle: () => customers.idle(),
  };
}
