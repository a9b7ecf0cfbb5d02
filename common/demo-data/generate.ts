// Random demo data from a faker instance the caller owns: seed it to get the
// same data on every run. Names and numbers are Kenyan (+2547…), prices KES;
// products, conversations and messages match the contract's schemas.
import type { Faker } from '@faker-js/faker';
import {
  BOWL_CONFIGURATIONS,
  CONVERSATION_STATUSES,
  MESSAGE_SENDERS,
  SINK_MATERIALS,
  type NotificationType,
} from '../generated/enums';
import type { components } from '../generated/openapi-types';
import {
  DEMO_IMAGES,
  FIRST_NAMES,
  SINK_BRANDS,
  SINK_STYLES,
  STONE_CATEGORIES,
  STONE_FINISHES,
  STONES,
  SURNAMES,
  TOWNS,
} from './catalogue';

type Schemas = components['schemas'];
export type Product = Schemas['Product'];
export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];

/** A Kenyan mobile number in international form: +2547XXXXXXXX. */
export const kenyanPhone = (faker: Faker): string => `+2547${faker.string.numeric(8)}`;

export const kenyanName = (faker: Faker): string =>
  `${faker.helpers.arrayElement(FIRST_NAMES)} ${faker.helpers.arrayElement(SURNAMES)}`;

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** A product name as customers mention it, e.g. "Galaxy Black Granite" or "Blanco Double Bowl Sink". */
export function productName(faker: Faker): string {
  if (faker.datatype.boolean({ probability: 0.7 })) {
    const category = faker.helpers.arrayElement(STONE_CATEGORIES);
    const [stone] = faker.helpers.arrayElement(STONES[category]);
    return `${stone} ${capitalise(category)}`;
  }
  return `${faker.helpers.arrayElement(SINK_BRANDS)} ${faker.helpers.arrayElement(BOWL_CONFIGURATIONS)} Sink`;
}

/** What customers ask for that the shop does not sell. */
const NOT_STOCKED = [
  'a copper farmhouse sink',
  'a black undermount sink with a 1.5 bowl',
  'travertine floor tiles',
  'an onyx vanity top',
] as const;

/** Who a hand-off is about: the customer's number, and their name when they gave one. */
export type HandoffCustomer = { phone: string; name?: string | null };

/** A customer's words quoted on one line: the first line, at most `max` characters (the last then '…'). */
export function quoteLine(text: string, max = 120): string {
  const line = text.trimStart().split('\n', 1)[0].trim();
  const chars = Array.from(line);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/**
 * A case the bot hands to a human: what the customer writes (`ask`) and the
 * notification's text (`message`), which names the customer when the name is
 * known ("Brian Otieno asks …", else "Customer +2547… asks …") and quotes them
 * where the type alone does not say what they wanted (an unclear request).
 */
export function handoffCase(
  faker: Faker,
  type: NotificationType = 'delivery_inquiry',
  customer: HandoffCustomer = { phone: kenyanPhone(faker) },
): { ask: string; message: string } {
  const name = customer.name?.trim();
  const who = name || `Customer ${customer.phone}`;
  switch (type) {
    case 'delivery_inquiry': {
      const product = productName(faker);
      const town = faker.helpers.arrayElement(TOWNS);
      const slabs = faker.number.int({ min: 1, max: 8 });
      const amount = `${slabs} ${slabs === 1 ? 'slab' : 'slabs'} of ${product}`;
      return faker.helpers.arrayElement([
        {
          ask: `Do you deliver to ${town}? I need ${amount}.`,
          message: `${who} asks about delivery to ${town} for ${amount}`,
        },
        {
          ask: `Can your fundis install ${product} in ${town}?`,
          message: `${who} asks whether installation of ${product} in ${town} is possible`,
        },
      ]);
    }
    case 'payment_inquiry': {
      const product = productName(faker);
      return faker.helpers.arrayElement([
        {
          ask: `Can I pay a deposit for ${product} by M-Pesa and the rest on delivery?`,
          message: `${who} wants to pay a deposit for ${product} by M-Pesa and the balance on delivery`,
        },
        {
          ask: `Please send a proforma invoice for ${product}.`,
          message: `${who} asks for a proforma invoice for ${product}`,
        },
        {
          ask: `Can I pay for ${product} in instalments?`,
          message: `${who} asks whether ${product} can be paid in instalments`,
        },
      ]);
    }
    case 'product_not_found': {
      const wanted = faker.helpers.arrayElement(NOT_STOCKED);
      return { ask: `Do you have ${wanted}?`, message: `${who} asked for ${wanted}, which is not in the catalogue` };
    }
    case 'unclear_request': {
      const ask = faker.helpers.arrayElement(UNCLEAR);
      return { ask, message: `Unclear request from ${name || customer.phone}: "${quoteLine(ask)}"` };
    }
    case 'deal_accepted': {
      // Not a hand-over: the customer agreed a price with the bot.
      const product = productName(faker);
      const price = faker.number.int({ min: 60, max: 200 }) * 100;
      return {
        ask: faker.helpers.arrayElement(['Sawa, deal', 'Deal, I will take it', 'Poa, nitachukua']),
        message: `${who} accepted ${product} at KES ${price.toLocaleString('en-US')}`,
      };
    }
  }
}

/** What customers write that the bot cannot place. */
const UNCLEAR = [
  'Ile kitu ya jana, bado iko?',
  'The one from the picture, same size as before?',
  'Hello, my fundi says 2.4 by 60, is that ok for the corner?',
  'Sawa, tuongee kesho about the other one',
] as const;

/** The text the bot writes when it hands a case of `type` to a human (see handoffCase). */
export const notificationMessage = (
  faker: Faker,
  type: NotificationType = 'delivery_inquiry',
  customer?: HandoffCustomer,
): string => handoffCase(faker, type, customer).message;

const cents = (amount: number): number => Math.round(amount * 100) / 100;

/** A KES amount: mostly round to `step`, sometimes with cents (two decimals at most). */
function kes(faker: Faker, min: number, max: number, step = 50): number {
  const amount = faker.number.int({ min: Math.ceil(min / step), max: Math.floor(max / step) }) * step;
  if (!faker.datatype.boolean({ probability: 0.1 })) return amount;
  return cents(amount + faker.number.int({ min: 1, max: 99 }) / 100);
}

function product(faker: Faker, id: number): Product {
  const category = faker.helpers.weightedArrayElement<Product['category']>([
    { weight: 4, value: 'granite' },
    { weight: 2, value: 'marble' },
    { weight: 2, value: 'quartz' },
    { weight: 3, value: 'sink' },
  ]);
  const stock = faker.helpers.weightedArrayElement([
    { weight: 1, value: 0 },
    { weight: 6, value: faker.number.int({ min: 1, max: 40 }) },
  ]);
  const isActive = faker.datatype.boolean({ probability: 0.9 });
  const base = { id, stock, isActive, productImageUrl: null as string | null, installationImageUrls: [] as string[] };

  if (category === 'sink') {
    const brand = faker.helpers.arrayElement(SINK_BRANDS);
    const material = faker.helpers.arrayElement(SINK_MATERIALS);
    const bowl = faker.helpers.arrayElement(BOWL_CONFIGURATIONS);
    const style = faker.helpers.arrayElement(SINK_STYLES);
    const startingPrice = kes(faker, 9_000, 60_000);
    return {
      ...base,
      name: `${brand} ${material} ${bowl} ${style} Sink`,
      category,
      dimensions: `${faker.number.int({ min: 45, max: 120 }) * 10} x ${faker.number.int({ min: 40, max: 55 }) * 10} x ${faker.number.int({ min: 16, max: 26 }) * 10}`,
      description: faker.datatype.boolean({ probability: 0.6 })
        ? `${material} ${bowl.toLowerCase()} sink, ${style.toLowerCase()}, with waste kit${faker.datatype.boolean() ? ' and drainer' : ''}.`
        : null,
      startingPrice,
      endingPrice: cents(startingPrice + kes(faker, 0, 15_000)),
      color: null,
      installationPricePerSlab: null,
      material,
      bowlConfiguration: bowl,
      productImageUrl: faker.datatype.boolean({ probability: 0.3 })
        ? faker.helpers.arrayElement(DEMO_IMAGES.sink)
        : null,
    };
  }

  const [stone, color] = faker.helpers.arrayElement(STONES[category]);
  const finish = faker.helpers.arrayElement(STONE_FINISHES);
  const thickness = faker.helpers.arrayElement([20, 20, 20, 30]);
  const startingPrice = kes(faker, category === 'granite' ? 6_000 : 10_000, category === 'granite' ? 16_000 : 26_000);
  return {
    ...base,
    name: `${stone} ${capitalise(category)} ${finish} ${thickness} mm`,
    category,
    dimensions: `${faker.number.int({ min: 26, max: 33 }) * 100} x ${faker.number.int({ min: 14, max: 20 }) * 100} x ${thickness}`,
    description: faker.datatype.boolean({ probability: 0.6 })
      ? `${finish} ${stone.toLowerCase()} ${category}, ${thickness} mm, for kitchen tops, vanities and stairs.`
      : null,
    startingPrice,
    endingPrice: cents(startingPrice + kes(faker, 500, 8_000)),
    color,
    installationPricePerSlab: faker.datatype.boolean({ probability: 0.8 }) ? kes(faker, 1_500, 4_500, 100) : null,
    material: null,
    bowlConfiguration: null,
    productImageUrl: faker.datatype.boolean({ probability: 0.4 })
      ? faker.helpers.arrayElement(DEMO_IMAGES[category])
      : null,
    installationImageUrls: faker.datatype.boolean({ probability: 0.2 })
      ? faker.helpers.arrayElements([...DEMO_IMAGES.installations], { min: 1, max: 2 })
      : [],
  };
}

const PRODUCT_KEYS: ReadonlyArray<keyof Product> = [
  'id',
  'name',
  'category',
  'dimensions',
  'description',
  'startingPrice',
  'endingPrice',
  'color',
  'installationPricePerSlab',
  'material',
  'bowlConfiguration',
  'stock',
  'isActive',
  'productImageUrl',
  'installationImageUrls',
];

/** Keys in the order of the contract (and of its examples), for readable JSON. */
const inSchemaOrder = (item: Product): Product =>
  Object.fromEntries(PRODUCT_KEYS.filter((key) => key in item).map((key) => [key, item[key]])) as Product;

/** `n` products matching the contract's Product schema, ids 1..n; repeated names get a lot number. */
export function products(faker: Faker, n: number): Product[] {
  const names = new Map<string, number>();
  const out: Product[] = [];
  for (let id = 1; id <= n; id += 1) {
    const item = inSchemaOrder(product(faker, id));
    const seen = names.get(item.name) ?? 0;
    names.set(item.name, seen + 1);
    if (seen > 0) item.name = `${item.name} (Lot ${String(seen + 1).padStart(3, '0')})`;
    out.push(item);
  }
  return out;
}

/** `n` conversations matching the contract's Conversation schema, ids 1..n, newest first, the newest a little before `now`. */
export function conversations(
  faker: Faker,
  n: number,
  now: number = Date.parse('2026-11-23T09:00:00Z'),
): Conversation[] {
  return Array.from({ length: n }, (_, i) => {
    const last = now - i * 7 * 60_000 - faker.number.int({ min: 0, max: 6 * 60_000 });
    return {
      id: i + 1,
      customerName: faker.datatype.boolean({ probability: 0.85 }) ? kenyanName(faker) : null,
      whatsappPhoneNumber: kenyanPhone(faker),
      status: faker.helpers.weightedArrayElement([
        { weight: 6, value: CONVERSATION_STATUSES[0] },
        { weight: 1, value: CONVERSATION_STATUSES[1] },
        { weight: 1, value: CONVERSATION_STATUSES[2] },
      ]),
      lastMessageAt: new Date(last).toISOString(),
      createdAt: new Date(last - faker.number.int({ min: 1, max: 30 }) * 86_400_000).toISOString(),
      messageCount: faker.number.int({ min: 1, max: 80 }),
      productsMentioned: faker.helpers.arrayElements(
        ['Absolute Black Granite', 'Carrara White Marble', 'Calacatta Gold Quartz', 'Franke Double Bowl Sink'],
        { min: 0, max: 2 },
      ),
    };
  });
}

/** `n` messages of one conversation, oldest first, a minute apart from `start`; lengths vary so bubbles wrap. */
export function messages(faker: Faker, n: number, start: number = Date.parse('2026-01-01T08:00:00.000Z')): Message[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    sender: MESSAGE_SENDERS[i % MESSAGE_SENDERS.length],
    content: `Message ${i + 1}: ${faker.lorem.sentences({ min: 1, max: 4 })}`,
    timestamp: new Date(start + i * 60_000).toISOString(),
    messageType: 'text',
  }));
}
