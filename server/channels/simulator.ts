// The simulator as a channel: the customers server/demo/simulate.ts plays (and
// the demo seed's) write through the inbound port like any channel's, each
// message with an id of its own, and the bot's replies to them are stored,
// not sent. What staff write to them goes out through the sender the server
// was given (the simulated WhatsApp in development, so every delivery state
// shows; nothing in production without one), as before channels.
import type { OutboxSender } from '../delivery/outbox/sender';
import { SIMULATOR_CHANNEL } from '../demo/simulate';
import type { Channel } from './channel';

export const simulatorChannel = (options: { sender?: OutboxSender }): Channel => ({
  name: SIMULATOR_CHANNEL,
  send: options.sender,
});
