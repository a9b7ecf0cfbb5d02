import { describe, expect, it } from 'vitest';
import { createAjv, dereference, loadOpenApi } from '../contract';
import {
  DEMO_PRODUCTS,
  conversations,
  createFaker,
  handoffCase,
  kenyanName,
  kenyanPhone,
  messages,
  notificationMessage,
  products,
  quoteLine,
} from '../demo-data';
import { NOTIFICATION_TYPES, PRODUCT_CATEGORIES, SINK_MATERIALS, STONE_COLORS } from '../generated/enums';

const doc = loadOpenApi();
const validator = (name: string) =>
  createAjv().compile(dereference(doc, { $ref: `#/components/schemas/${name}` }) as object);

describe('demo data', () => {
  it('products, conversations and messages match the contract', () => {
    const faker = createFaker(7);
    const product = validator('Product');
    const conversation = validator('Conversation');
    const message = validator('Message');
    for (const item of products(faker, 200)) expect(product(item), JSON.stringify(product.errors)).toBe(true);
    for (const item of conversations(faker, 100))
      expect(conversation(item), JSON.stringify(conversation.errors)).toBe(true);
    for (const item of messages(faker, 30)) expect(message(item), JSON.stringify(message.errors)).toBe(true);
  });

  it('is the same for the same seed', () => {
    expect(products(createFaker(3), 20)).toEqual(products(createFaker(3), 20));
  });

  it('has Kenyan names and numbers and a notification text for every type', () => {
    const faker = createFaker(1);
    expect(kenyanPhone(faker)).toMatch(/^\+2547\d{8}$/);
    expect(kenyanName(faker)).toMatch(/^\S+ \S+$/);
    for (const type of NOTIFICATION_TYPES) {
      expect(notificationMessage(faker, type, { phone: '+254700000001' })).toContain('+254700000001');
      // A known name replaces the number.
      const named = notificationMessage(faker, type, { phone: '+254700000001', name: 'Omondi Were' });
      expect(named).toContain('Omondi Were');
      expect(named).not.toContain('+254700000001');
    }
  });

  it('quotes the customer of an unclear request on one line, and their words match the case', () => {
    const faker = createFaker(2);
    for (let i = 0; i < 20; i++) {
      const { ask, message } = handoffCase(faker, 'unclear_request', { phone: '+254700000001', name: 'Omondi Were' });
      expect(message).toBe(`Unclear request from Omondi Were: "${quoteLine(ask)}"`);
    }
    const { ask, message } = handoffCase(faker, 'product_not_found', { phone: '+254700000001', name: null });
    expect(message).toMatch(/^Customer \+254700000001 asked for (.+), which is not in the catalogue$/);
    expect(ask).toContain(/asked for (.+), which/.exec(message)![1]);
  });

  it('shortens a quote to its first line and a bounded length', () => {
    expect(quoteLine('  Hello\nsecond line')).toBe('Hello');
    expect(quoteLine('a'.repeat(130))).toBe(`${'a'.repeat(119)}…`);
    expect(Array.from(quoteLine('é'.repeat(200), 10))).toHaveLength(10);
  });

  it('the catalogue uses the contract enums, with ending prices above starting prices', () => {
    for (const product of DEMO_PRODUCTS) {
      expect(PRODUCT_CATEGORIES).toContain(product.category);
      if (product.category === 'sink') expect(SINK_MATERIALS).toContain(product.material);
      else expect(STONE_COLORS).toContain(product.color);
      expect(product.endingPrice).toBeGreaterThanOrEqual(product.startingPrice);
    }
  });
});
