// The bot BOT_MODULE=handoff selects: it answers nothing itself and hands
// the conversation to staff (Admin Required for the reason bot_off, with an
// unclear_request notification quoting what the customer wrote), so no customer waits
// unseen. It is called only while the conversation is Bot Active, so a
// customer who goes on writing while staff are needed raises no second
// notification; a conversation staff hand back to the bot is handed over
// again at the customer's next message.
import type { Bot, BotTurn } from './interface';
import { clip, oneLine } from '../app/text';

const QUOTE_MAX = 140;

/** The notification's words: who wrote what. */
export const handoffMessage = (turn: BotTurn) =>
  `${turn.customerName ?? turn.phone} wrote on WhatsApp and is waiting for a reply: "${clip(oneLine(turn.content), QUOTE_MAX)}"`;

export const handoffBot: Bot = {
  name: 'handoff (BOT_MODULE=handoff: every new conversation goes to staff)',
  async onCustomerMessage(turn, tools) {
    await tools.handoff('unclear_request', handoffMessage(turn), 'bot_off');
  },
};
