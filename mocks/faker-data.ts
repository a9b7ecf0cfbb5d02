// Realistic fake data for the mocks and benchmarks: Kenyan customers, stone
// slabs and sinks priced in KES. Pass a seed to get the same data every run.
import { Faker, en } from '@faker-js/faker';
import type { components } from '../src/api/generated/openapi-types';

type Schemas = components['schemas'];
export type Product = Schemas['Product'];
export type NotificationType = Schemas['NotificationType'];

/** A Faker instance; with a seed its output is the same on every run. */
export function createFaker(seed?: number): Faker {
  const faker = new Faker({ locale: [en] });
  if (seed !== undefined) faker.seed(seed);
  return faker;
}

const defaultFaker = createFaker();

const FIRST_NAMES = [
  'Wanjiru', 'Brian', 'Achieng', 'Peter', 'Faith', 'Kevin', 'Grace', 'Samuel', 'Mercy', 'James',
  'Halima', 'Joyce', 'Otieno', 'Njeri', 'Kiprop', 'Akinyi', 'Mwangi', 'Chebet', 'Wafula', 'Amina',
];
const LAST_NAMES = [
  'Kamau', 'Otieno', 'Odhiambo', 'Mwangi', 'Njeri', 'Kiprop', 'Akinyi', 'Kariuki', 'Chebet', 'Mutua',
  'Hassan', 'Wambui', 'Ochieng', 'Kimani', 'Njoroge', 'Mutiso', 'Barasa', 'Korir', 'Nyambura', 'Omondi',
];
const TOWNS = ['Nairobi', 'Nakuru', 'Mombasa', 'Kisumu', 'Eldoret', 'Thika', 'Nyeri', 'Machakos', 'Naivasha', 'Kitengela'];

type StoneCategory = 'granite' | 'marble' | 'quartz';
const STONES: Record<StoneCategory, Array<[name: string, color: Schemas['StoneColor']]>> = {
  granite: [
    ['Absolute Black', 'Black'], ['Galaxy Black', 'Black'], ['Kashmir White', 'White'], ['Tan Brown', 'Brown'],
    ['Steel Grey', 'Grey'], ['Ubatuba', 'Green'], ['Blue Pearl', 'Blue'], ['Imperial Red', 'Red'],
    ['Colonial Gold', 'Gold'], ['Viscont White', 'White'], ['Baltic Brown', 'Brown'], ['Silver Cloud', 'Silver'],
  ],
  marble: [
    ['Carrara White', 'White'], ['Emperador Dark', 'Brown'], ['Crema Marfil', 'Beige'], ['Nero Marquina', 'Black'],
    ['Calacatta Oro', 'Gold'], ['Verde Guatemala', 'Green'], ['Rosso Levanto', 'Red'], ['Statuario', 'White'],
  ],
  quartz: [
    ['Calacatta Gold', 'Gold'], ['Pure White', 'White'], ['Concrete Grey', 'Grey'], ['Sparkling Black', 'Black'],
    ['Arctic White', 'White'], ['Sahara Beige', 'Beige'], ['Terrazzo Multicolor', 'Multicolor'], ['Silver Mist', 'Silver'],
  ],
};
const STONE_FINISHES = ['Polished', 'Honed', 'Leathered', 'Flamed'];
const SINK_BRANDS = ['Franke', 'Blanco', 'Reginox', 'Kohler', 'Teka', 'Elkay', 'Carysil', 'Schock'];
const SINK_MATERIALS: Schemas['SinkMaterial'][] = ['Stainless Steel', 'Granite Composite', 'Ceramic', 'Quartz', 'Cast Iron', 'Fireclay'];
const BOWLS: Schemas['BowlConfiguration'][] = ['Single Bowl', 'Double Bowl', 'Triple Bowl', '1.5 Bowl'];
const SINK_STYLES = ['Undermount', 'Top-mount', 'Farmhouse', 'Inset', 'Drainer'];

/** Images that exist under mocks/uploads (served at /uploads in mock mode). */
export const UPLOADED_IMAGES = {
  granite: ['/uploads/products/absolute-black-granite.svg', '/uploads/products/galaxy-black-granite.svg', '/uploads/products/kashmir-white-granite.svg'],
  marble: ['/uploads/products/carrara-white-marble.svg'],
  quartz: ['/uploads/products/calacatta-gold-quartz.svg'],
  sink: ['/uploads/products/franke-double-bowl.svg'],
  installations: [
    '/uploads/installations/absolute-black-kitchen-1.svg',
    '/uploads/installations/absolute-black-kitchen-2.svg',
    '/uploads/installations/carrara-bathroom-1.svg',
  ],
} as const;

/** A Kenyan mobile number in international form: +2547XXXXXXXX. */
export function fakeKenyanPhone(faker: Faker = defaultFaker): string {
  return `+2547${faker.string.numeric(8)}`;
}

export function fakeCustomerName(faker: Faker = defaultFaker): string {
  return `${faker.helpers.arrayElement(FIRST_NAMES)} ${faker.helpers.arrayElement(LAST_NAMES)}`;
}

/** A product name as customers mention it, e.g. "Galaxy Black Granite" or "Blanco Double Bowl Sink". */
export function fakeProductName(faker: Faker = defaultFaker): string {
  if (faker.datatype.boolean({ probability: 0.7 })) {
    const category = faker.helpers.arrayElement<StoneCategory>(['granite', 'marble', 'quartz']);
    const [stone] = faker.helpers.arrayElement(STONES[category]);
    return `${stone} ${capitalise(category)}`;
  }
  return `${faker.helpers.arrayElement(SINK_BRANDS)} ${faker.helpers.arrayElement(BOWLS)} Sink`;
}

export const NOTIFICATION_TYPES: readonly NotificationType[] = [
  'product_not_found',
  'delivery_inquiry',
  'payment_inquiry',
  'unclear_request',
];

/** The text the bot writes when it hands a case to a human. */
export function fakeNotificationMessage(type: NotificationType = 'delivery_inquiry', faker: Faker = defaultFaker): string {
  const product = fakeProductName(faker);
  const phone = fakeKenyanPhone(faker);
  switch (type) {
    case 'delivery_inquiry': {
      const slabs = faker.number.int({ min: 1, max: 8 });
      return faker.helpers.arrayElement([
        `Customer ${phone} asks about delivery to ${faker.helpers.arrayElement(TOWNS)} for ${slabs} ${slabs === 1 ? 'slab' : 'slabs'} of ${product}`,
        `Customer ${phone} asks whether installation of ${product} in ${faker.helpers.arrayElement(TOWNS)} is possible`,
      ]);
    }
    case 'payment_inquiry':
      return faker.helpers.arrayElement([
        `Customer ${phone} wants to pay a deposit for ${product} by M-Pesa and the balance on delivery`,
        `Customer ${phone} asks for a proforma invoice for ${product}`,
      ]);
    case 'product_not_found':
      return `Customer ${phone} asked for ${product}, which is not in the catalogue`;
    case 'unclear_request':
      return `Unclear request from ${phone}`;
  }
}

/** `n` products matching the contract's Product schema, ids 1..n. */
export function fakeProducts(n: number, options: { seed?: number } = {}): Product[] {
  const faker = options.seed === undefined ? defaultFaker : createFaker(options.seed);
  const names = new Map<string, number>();
  const products: Product[] = [];
  for (let id = 1; id <= n; id += 1) {
    const product = inSchemaOrder(fakeProduct(id, faker));
    // Names repeat in a large catalogue; a real shop would tell lots apart.
    const seen = names.get(product.name) ?? 0;
    names.set(product.name, seen + 1);
    if (seen > 0) product.name = `${product.name} (Lot ${String(seen + 1).padStart(3, '0')})`;
    products.push(product);
  }
  return products;
}

function fakeProduct(id: number, faker: Faker): Product {
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
  const base = {
    id,
    stock,
    isActive,
    productImageUrl: null as string | null,
    installationImageUrls: [] as string[],
  };

  if (category === 'sink') {
    const brand = faker.helpers.arrayElement(SINK_BRANDS);
    const material = faker.helpers.arrayElement(SINK_MATERIALS);
    const bowl = faker.helpers.arrayElement(BOWLS);
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
      productImageUrl: faker.datatype.boolean({ probability: 0.3 }) ? faker.helpers.arrayElement(UPLOADED_IMAGES.sink) : null,
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
    productImageUrl: faker.datatype.boolean({ probability: 0.4 }) ? faker.helpers.arrayElement(UPLOADED_IMAGES[category]) : null,
    installationImageUrls: faker.datatype.boolean({ probability: 0.2 })
      ? faker.helpers.arrayElements(UPLOADED_IMAGES.installations, { min: 1, max: 2 })
      : [],
  };
}

const PRODUCT_KEYS: ReadonlyArray<keyof Product> = [
  'id', 'name', 'category', 'dimensions', 'description', 'startingPrice', 'endingPrice', 'color',
  'installationPricePerSlab', 'material', 'bowlConfiguration', 'stock', 'isActive', 'productImageUrl', 'installationImageUrls',
];

/** Keys in the order of the contract (and of its examples), for readable JSON. */
function inSchemaOrder(product: Product): Product {
  return Object.fromEntries(PRODUCT_KEYS.filter((key) => key in product).map((key) => [key, product[key]])) as Product;
}

/** A KES amount: mostly round hundreds, sometimes with cents (two decimals at most). */
function kes(faker: Faker, min: number, max: number, step = 50): number {
  const amount = faker.number.int({ min: Math.ceil(min / step), max: Math.floor(max / step) }) * step;
  if (!faker.datatype.boolean({ probability: 0.1 })) return amount;
  return cents(amount + faker.number.int({ min: 1, max: 99 }) / 100);
}

const cents = (amount: number): number => Math.round(amount * 100) / 100;

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];
const STATUSES: Conversation['status'][] = ['bot_active', 'admin_required', 'admin_takeover'];

/** `n` conversations matching the contract's Conversation schema, ids 1..n, newest first. */
export function fakeConversations(n: number, options: { seed?: number } = {}): Conversation[] {
  const faker = options.seed === undefined ? defaultFaker : createFaker(options.seed);
  const now = Date.parse('2026-11-23T09:00:00Z');
  return Array.from({ length: n }, (_, i) => {
    const last = now - i * 7 * 60_000 - faker.number.int({ min: 0, max: 6 * 60_000 });
    return {
      id: i + 1,
      customerName: faker.datatype.boolean({ probability: 0.85 }) ? fakeCustomerName(faker) : null,
      whatsappPhoneNumber: fakeKenyanPhone(faker),
      status: faker.helpers.weightedArrayElement([
        { weight: 6, value: STATUSES[0] },
        { weight: 1, value: STATUSES[1] },
        { weight: 1, value: STATUSES[2] },
      ]),
      lastMessageAt: new Date(last).toISOString(),
      createdAt: new Date(last - faker.number.int({ min: 1, max: 30 }) * 86_400_000).toISOString(),
      messageCount: faker.number.int({ min: 1, max: 80 }),
      productsMentioned: faker.helpers.arrayElements(['Absolute Black Granite', 'Carrara White Marble', 'Calacatta Gold Quartz', 'Franke Double Bowl Sink'], { min: 0, max: 2 }),
    };
  });
}

/** `n` messages of one conversation, oldest first, a minute apart; lengths vary so bubbles wrap. */
export function fakeMessages(n: number, options: { seed?: number } = {}): Message[] {
  const faker = options.seed === undefined ? defaultFaker : createFaker(options.seed);
  const start = Date.parse('2026-01-01T08:00:00.000Z');
  const senders: Message['sender'][] = ['customer', 'bot', 'admin'];
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    sender: senders[i % 3],
    content: `Message ${i + 1}: ${faker.lorem.sentences({ min: 1, max: 4 })}`,
    timestamp: new Date(start + i * 60_000).toISOString(),
    messageType: 'text',
  }));
}
