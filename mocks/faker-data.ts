// The mocks' and benchmarks' fake data, drawn from the shared demo-data
// generator (common/demo-data): Kenyan customers, stone slabs and sinks priced
// in KES. Pass a seed to get the same data every run; without one, one
// unseeded faker instance is shared.
import * as demo from '../common/demo-data';
import { NOTIFICATION_TYPES, type NotificationType } from '../common/generated/enums';

export type { Conversation, Message, Product } from '../common/demo-data';
export { NOTIFICATION_TYPES, type NotificationType };

const shared = demo.createFaker();
const seeded = (seed: number | undefined) => (seed === undefined ? shared : demo.createFaker(seed));

/** The text the bot writes when it hands a case to a human. */
export const fakeNotificationMessage = (type: NotificationType = 'delivery_inquiry'): string =>
  demo.notificationMessage(shared, type);

/** `n` products matching the contract's Product schema, ids 1..n. */
export const fakeProducts = (n: number, options: { seed?: number } = {}): demo.Product[] =>
  demo.products(seeded(options.seed), n);

/** `n` conversations matching the contract's Conversation schema, ids 1..n, newest first. */
export const fakeConversations = (n: number, options: { seed?: number } = {}): demo.Conversation[] =>
  demo.conversations(seeded(options.seed), n);

/** `n` messages of one conversation, oldest first, a minute apart; lengths vary so bubbles wrap. */
export const fakeMessages = (n: number, options: { seed?: number } = {}): demo.Message[] =>
  demo.messages(seeded(options.seed), n);
