// The customer and bot side, played through the server's own services:
// customers write in, the bot answers, products are viewed and asked about,
// prices are bargained, and some conversations are handed to a human with a
// notification of each type. Used by the demo seed, `npm run simulate` and
// the end-to-end tests' handoff trigger.
import { faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { GREETING, customerQuestion, kenyanName, handoffCase, kenyanPhone, priceAnswer } from '../common/demo-data';
import { NOTIFICATION_TYPES } from '../common/generated/enums';
import type { Services } from './services';

export function createSimulator(db: Kysely<DB>, services: Services) {
  const inbound = services.inbound;
  const products = () =>
    db
      .selectFrom('products')
      .select(['id', 'name', 'category', 'starting_price', 'ending_price'])
      .where('is_active', '=', true)
      .execute();
  let nextType = 0;

  /** One customer turn and the bot's answer a few seconds later. */
  async function exchange(at?: Date, known?: { phone: string; name: string | null }) {
    const phone = known?.phone ?? kenyanPhone(faker);
    const name = known ? known.name : faker.datatype.boolean(0.85) ? kenyanName(faker) : null;
    const list = await products();
    const product = list.length > 0 ? faker.helpers.arrayElement(list) : undefined;
    const ask = product ? customerQuestion(faker, product.name) : 'Hello, what do you sell?';
    const id = await inbound.customerMessage(phone, name, ask, at);
    const botAt = at ? new Date(at.getTime() + faker.number.int({ min: 2, max: 40 }) * 1000) : undefined;
    if (product) {
      await inbound.productInterest(id, product, 'view', at);
      if (faker.datatype.boolean(0.5)) await inbound.productInterest(id, product, 'inquiry', at);
      await inbound.botMessage(
        id,
        priceAnswer(product.name, Number(product.starting_price), Number(product.ending_price), product.category),
        botAt,
      );
      if (faker.datatype.boolean(0.3))
        await inbound.offer(
          id,
          Math.round(Number(product.starting_price) * 0.95),
          faker.number.int({ min: 1, max: 3 }),
        );
      if (faker.datatype.boolean(0.15)) await inbound.converted(id);
    } else {
      await inbound.botMessage(id, GREETING, botAt);
    }
    return { id, phone, name };
  }

  /**
   * A conversation the bot hands to a human, cycling through the notification
   * types: the customer writes what the case is about, and the notification
   * names them (by number when they gave no name) and quotes them where the
   * type does not say what they wanted.
   */
  async function handoff(at?: Date) {
    const { id, phone, name } = await exchange(at);
    const type = NOTIFICATION_TYPES[nextType++ % NOTIFICATION_TYPES.length];
    const { ask, message } = handoffCase(faker, type, { phone, name });
    const askedAt = at && new Date(at.getTime() + faker.number.int({ min: 45, max: 300 }) * 1000);
    await inbound.customerMessage(phone, name, ask, askedAt);
    return inbound.handoff(id, type, message);
  }

  return {
    exchange,
    handoff,
    /** Random activity at about `perMinute` events a minute until stopped. */
    start(perMinute: number, log: (line: string) => void = () => {}) {
      let stopped = false;
      const tick = async () => {
        if (stopped) return;
        try {
          if (faker.datatype.boolean(0.25)) {
            const n = await handoff();
            log(`handoff: ${n.type} (conversation ${n.conversationId})`);
          } else {
            const c = await exchange();
            log(`customer and bot exchanged messages (conversation ${c.id})`);
          }
        } catch (error) {
          log(`simulation step failed: ${(error as Error).message}`);
        }
        if (!stopped) timer = setTimeout(tick, (60_000 / perMinute) * (0.5 + Math.random()));
      };
      let timer = setTimeout(tick, 60_000 / perMinute);
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    },
  };
}
