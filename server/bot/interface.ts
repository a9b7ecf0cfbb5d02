// The bot that answers customers on WhatsApp. Until the catalogue bot lands,
// any module can play it: BOT_MODULE names a module whose default export is
// a Bot (as OUTBOX_SENDER names a sender). Without one, the handoff bot
// (handoff-bot.ts) hands every new conversation to staff, so that no customer
// waits unseen.
//
// The webhook calls onCustomerMessage exactly once for each new message a
// customer sends (a repeated WhatsApp delivery is no new message), and only
// while the conversation is Bot Active: once staff are needed or have taken
// over, the bot stays quiet. The message is stored before the bot is called;
// a bot that throws is logged and loses nothing.
//
// A bot module, for example (bots/echo.ts, run with BOT_MODULE=bots/echo.ts):
//
//   import type { Bot } from '../server/bot/interface';
//
//   const bot: Bot = {
//     name: 'echo',
//     async onCustomerMessage(turn, tools) {
//       if (turn.messageType !== 'text') {
//         await tools.handoff('unclear_request', `${turn.customerName ?? turn.phone} sent: ${turn.content}`);
//         return;
//       }
//       await tools.reply(`Hello ${turn.customerName ?? ''}, you wrote: ${turn.content}`);
//     },
//   };
//   export default bot;
import type { MessageAttachment } from '../db/schema';
import type { NotificationType } from '../realtime/events';

/** One new message from a customer. */
export type BotTurn = {
  conversationId: number;
  /** The stored message's id. */
  messageId: number;
  /** The message in words: the text, a caption, or e.g. "Photo", "Location: Nakuru", "Reacted 👍". */
  content: string;
  /** WhatsApp's type: text, image, document, audio, video, sticker, location, contacts, reaction, interactive, button, unsupported. */
  messageType: string;
  /** What it carries besides words (a picture, a location…); absent for text. */
  attachment?: MessageAttachment;
  /** The customer's WhatsApp profile name, when known. */
  customerName: string | null;
  /** The customer's number, "+" and digits. */
  phone: string;
  /** When the customer sent it. */
  at: Date;
};

/** What a bot can do in a conversation. Each call is stored and shows on the dashboard at once. */
export type BotTools = {
  /**
   * Sends text to the customer through the outbox (stored as a bot message,
   * then delivered). Resolves false, sending nothing, when the conversation
   * is no longer the bot's (staff took it over meanwhile).
   */
  reply(text: string): Promise<boolean>;
  /** Hands the conversation to staff: Admin Required, with a notification of this type saying `message`. */
  handoff(type: NotificationType, message: string): Promise<void>;
  /** The customer looked at (view) or asked about (inquiry) a product. */
  productInterest(product: { id: number; name: string }, kind: 'view' | 'inquiry'): Promise<void>;
  /** The bot offered a price, in this round of bargaining. */
  offer(price: number, round: number): Promise<void>;
  /** The customer bought. */
  converted(): Promise<void>;
};

export interface Bot {
  readonly name: string;
  onCustomerMessage(turn: BotTurn, tools: BotTools): Promise<void>;
}
