// The channels the server runs, built from its configuration in this one
// place (app.ts calls it unless given a list). A new channel is one folder
// (or file) under server/channels and one line here.
import type { OutboxSender, OutboxSenders } from '../delivery/outbox/sender';
import type { WhatsAppWebhookOptions } from './whatsapp/webhook/routes';
import type { Channel } from './channel';
import { simulatorChannel } from './simulator';
import { whatsappChannel } from './whatsapp/channel';

export type ChannelConfig = {
  /** WhatsApp's sender: the Cloud API's, or a stand-in (main.ts loadSender); none: rows wait in the outbox. */
  sender?: OutboxSender;
  /** WhatsApp's webhook, when WhatsApp is configured. */
  whatsapp?: WhatsAppWebhookOptions;
};

export const configuredChannels = (config: ChannelConfig): Channel[] => [
  whatsappChannel({ sender: config.sender, webhook: config.whatsapp }),
  simulatorChannel({ sender: config.sender }),
];

/** The outbox's registry: each channel's sender by its name. */
export function outboxSenders(channels: readonly Channel[]): OutboxSenders {
  const names = new Set<string>();
  for (const channel of channels) {
    if (names.has(channel.name)) throw new Error(`Two channels are named "${channel.name}"`);
    names.add(channel.name);
  }
  return new Map(
    channels.flatMap(({ name, send, replyWindowMs }) =>
      send ? [[name, { sender: send, ...(replyWindowMs !== undefined && { replyWindowMs }) }] as const] : [],
    ),
  );
}
