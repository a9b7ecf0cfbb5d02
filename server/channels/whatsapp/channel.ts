// WhatsApp as a channel: a thin adapter over server/channels/whatsapp, where its code
// stays (the webhook, the Cloud sender, statuses, media, templates). Its
// sender is the Cloud API's when WhatsApp is configured, or the stand-in the
// server was given (the simulated WhatsApp in development, OUTBOX_SENDER);
// its routes are the webhook, served only when WhatsApp is configured. The
// 24-hour reply window is WhatsApp's rule: this channel declares it
// (replyWindowMs) and the outbox closes a window only for a channel that does.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { REPLY_WINDOW_MS } from '../../modules/conversations/repository';
import type { OutboxSender } from '../../delivery/outbox/sender';
import { WHATSAPP_CHANNEL } from '../../db/channel-names';
import { whatsappWebhook, type WhatsAppWebhookOptions } from './webhook/routes';
import type { Channel, ChannelRouteOptions } from '../channel';

export function whatsappChannel(options: { sender?: OutboxSender; webhook?: WhatsAppWebhookOptions }): Channel {
  const { webhook } = options;
  return {
    name: WHATSAPP_CHANNEL,
    send: options.sender,
    // WhatsApp's rule: free text only within 24 hours of the customer's last message (131047 after).
    replyWindowMs: REPLY_WINDOW_MS,
    routes: webhook
      ? (fp<ChannelRouteOptions>(async (app, { db }) => {
          await app.register(whatsappWebhook, { ...webhook, db });
        }) as FastifyPluginAsync<ChannelRouteOptions>)
      : undefined,
  };
}
