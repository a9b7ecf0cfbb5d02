// What a channel is (README.md): the way customers write to the shop and
// read its answers — WhatsApp, the simulator, any other added later. A
// channel turns what its side sends into calls of the ports it is given, and
// sends what the outbox hands it.
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, MessageFailure } from '../db/schema';
import type { InboundMessage, ReceivedMessage } from '../modules/conversations/inbound';
import type { OutboxSender } from '../delivery/outbox/sender';

/**
 * The inbound port: every channel's customer messages come in here. Stored
 * once per (channel, externalId) — undefined for a repeat — under a lock per
 * customer (channel + address), then handed to the bot's runner.
 */
export type InboundPort = {
  customerMessage(
    message: InboundMessage,
    hooks?: { stored?: (messageId: number) => Promise<void> },
  ): Promise<ReceivedMessage | undefined>;
};

/** Where a message the channel sent got to, named by the id the channel gave it (SendResult.externalId). */
export type StatusReport = {
  channel: string;
  externalId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** For a failure: why, in words staff can act on. */
  reason?: string;
  /** For a failure: the channel's own code, title and details. */
  failure?: MessageFailure;
};

/**
 * The delivery port: a channel's status reports, moved through the one
 * delivery state machine (server/delivery/state.ts advance) and announced as
 * message_status. 'unknown': no message of the channel has that id (yet).
 */
export type DeliveryPort = {
  report(report: StatusReport): Promise<'applied' | 'ignored' | 'unknown'>;
};

/** What a channel's routes are registered with: the database, for a channel's own tables (WhatsApp's whatsapp_events). */
export type ChannelRouteOptions = { db: Kysely<DB> };

/** What a channel is given when it starts. */
export type ChannelPorts = { inbound: InboundPort; delivery: DeliveryPort };

export interface Channel {
  /** conversations.channel, outbox.channel and messages.channel of its customers: fixed once data exists. */
  readonly name: string;
  /**
   * What the outbox calls for a message to one of the channel's customers
   * (server/delivery/outbox/sender.ts). Absent: the channel cannot send now, and its
   * rows wait in the outbox.
   */
  readonly send?: OutboxSender;
  /**
   * The channel's reply window, when it has one (WhatsApp's 24 hours): a
   * refusal that says it closed (PermanentDeliveryError closeWindow) ends the
   * conversation's window now. Without one, such a refusal closes nothing.
   */
  readonly replyWindowMs?: number;
  /** HTTP routes the channel serves (a webhook), registered on the app. */
  readonly routes?: FastifyPluginAsync<ChannelRouteOptions>;
  /** Called once the app is listening, with the ports; what it starts, stop ends. */
  start?(ports: ChannelPorts): void | Promise<void>;
  stop?(): void | Promise<void>;
}
