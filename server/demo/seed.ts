// Demo data for a first run: the catalogue with its pictures, a month of
// conversations in which customers talk to the catalogue bot (server/demo/simulate.ts:
// it answers a few seconds after each message, bargains, sells, and hands
// some to a human). Only an empty database is seeded, so a restart keeps
// what people did.
import { faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import { DEMO_PRODUCTS } from '../../common/demo-data';
import type { DB } from '../db/schema';
import { installationImages, productImage } from './images';
import { productsRepository } from '../modules/products/repository';
import type { Services } from '../app/services';
import { createSimulator } from './simulate';
import { seedDemoOrders } from '../modules/orders/demo';

const PNG = { ext: 'png', mime: 'image/png' } as const;

export async function seedDemo(
  db: Kysely<DB>,
  services: Services,
  options: { conversations?: number; seed?: number } = {},
): Promise<boolean> {
  const [products, conversations] = await Promise.all([
    db.selectFrom('products').select('id').limit(1).execute(),
    db.selectFrom('conversations').select('id').limit(1).execute(),
  ]);
  if (products.length > 0 || conversations.length > 0) return false;
  faker.seed(options.seed ?? 254);
  const repo = productsRepository(db);
  for (const p of DEMO_PRODUCTS) {
    // The pictures are drawn here from the product itself (demo/images/)
    // and stored like uploaded ones, so they are served, backed up and
    // removed with the product as any other.
    const image = await services.images.save(productImage(p), PNG);
    const installations: string[] = [];
    for (const bytes of installationImages(p)) installations.push(await services.images.save(bytes, PNG));
    await repo.insert({
      name: p.name,
      category: p.category,
      dimensions: p.dimensions,
      description: p.description,
      starting_price: p.startingPrice,
      ending_price: p.endingPrice,
      color: p.color ?? null,
      installation_price_per_slab: p.installationPricePerSlab ?? null,
      material: p.material ?? null,
      bowl_configuration: p.bowlConfiguration ?? null,
      stock: faker.number.int({ min: 0, max: 40 }),
      is_active: faker.datatype.boolean(0.9),
      product_image_url: image,
      installation_image_urls: installations,
    });
  }
  await seedDelivery(services);
  const simulator = createSimulator(db, services);
  const now = services.now().getTime();
  const count = options.conversations ?? 36;
  for (let i = 0; i < count; i++) {
    // A busy shop: the first eight customers wrote within the last 20 hours (their 24-hour reply
    // windows are open), the next four 22 to 24 hours ago (closing soon), the rest over 30 days.
    const [min, max] = i < 8 ? [5 * 60, 20 * 3600] : i < 12 ? [22 * 3600, 23.9 * 3600] : [86_400, 30 * 86_400];
    const at = new Date(now - faker.number.int({ min, max }) * 1000);
    if (i % 6 === 0) await simulator.handoff(at);
    else await simulator.exchange(at);
  }
  // Two conversations an admin has taken over.
  const taken = await db
    .selectFrom('conversations')
    .select('id')
    .where('status', '=', 'bot_active')
    .orderBy('id')
    .limit(2)
    .execute();
  for (const { id } of taken) await services.conversations.setStatus(id, 'admin_takeover');
  // Orders in every state, some paid, on the first conversations.
  await seedDemoOrders(db, services.orders, services.now());
  return true;
}

/** Settings → Delivery: zones from Nairobi outwards, fees rising with the distance, and pickup at the yard. */
const DEMO_ZONES: { name: string; places: string[]; fee: number; leadDays: number }[] = [
  { name: 'Nairobi CBD', places: ['CBD', 'Ngara', 'Upper Hill', 'Kilimani'], fee: 1500, leadDays: 1 },
  { name: 'Westlands', places: ['Parklands', 'Lavington', 'Kileleshwa'], fee: 2000, leadDays: 1 },
  { name: 'Karen', places: ['Langata', 'Hardy', 'Ngong Road'], fee: 2500, leadDays: 1 },
  { name: 'Embakasi', places: ['Utawala', 'Pipeline', 'Syokimau'], fee: 2000, leadDays: 1 },
  { name: 'Kitengela', places: ['Athi River', 'Isinya'], fee: 3500, leadDays: 2 },
  { name: 'Ruiru', places: ['Kahawa', 'Juja'], fee: 3000, leadDays: 2 },
  { name: 'Thika', places: ['Thika town', 'Makongeni'], fee: 4500, leadDays: 2 },
  { name: 'Kiambu', places: ['Kiambu town', 'Ruaka', 'Banana'], fee: 3000, leadDays: 2 },
  { name: 'Machakos', places: ['Machakos town'], fee: 5000, leadDays: 2 },
  { name: 'Naivasha', places: ['Naivasha town'], fee: 7500, leadDays: 3 },
  { name: 'Nakuru', places: ['Nakuru town', 'Lanet', 'Milimani'], fee: 9500, leadDays: 3 },
  { name: 'Eldoret', places: ['Eldoret town'], fee: 14000, leadDays: 4 },
  { name: 'Kisumu', places: ['Kisumu town', 'Milimani Kisumu'], fee: 15000, leadDays: 4 },
  { name: 'Mombasa', places: ['Nyali', 'Bamburi', 'Likoni', 'Mtwapa'], fee: 18000, leadDays: 5 },
];

async function seedDelivery(services: Services) {
  for (const zone of DEMO_ZONES) await services.deliveryZones.create(zone);
  await services.deliveryZones.savePickup({
    enabled: true,
    location: 'Our yard on Mombasa Road, Nairobi (opposite the Ola Energy station)',
    leadDays: 1,
  });
}
