// Demo orders for a first run (server/demo/seed.ts): a dozen orders on the demo
// conversations, in every state, some paid in part or in full, so that the
// Orders screens have something to show. They name no real quote: their quote
// ids start at 900001, far from any the quotes module gives out.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { OrderStatus } from './mapper';
import type { ordersService } from './service';

const DEMO_QUOTE_IDS = 900_000;
const TOWNS = ['Nairobi', 'Kiambu', 'Thika', 'Nakuru', 'Mombasa', 'Machakos'];
/** Each order's way so far: its status and how much of the total is paid (0, the deposit, all). */
const PLAN: { status: OrderStatus; paid: 'none' | 'deposit' | 'all'; pickup?: boolean }[] = [
  { status: 'confirmed', paid: 'none' },
  { status: 'confirmed', paid: 'deposit' },
  { status: 'scheduled', paid: 'deposit' },
  { status: 'scheduled', paid: 'none' },
  { status: 'out_for_delivery', paid: 'deposit' },
  { status: 'out_for_delivery', paid: 'all' },
  { status: 'delivered', paid: 'all' },
  { status: 'delivered', paid: 'deposit' },
  { status: 'delivered', paid: 'all', pickup: true },
  { status: 'cancelled', paid: 'none' },
  { status: 'confirmed', paid: 'none', pickup: true },
  { status: 'scheduled', paid: 'all' },
];
const WAY: OrderStatus[] = ['confirmed', 'scheduled', 'out_for_delivery', 'delivered'];

export async function seedDemoOrders(
  db: Kysely<DB>,
  orders: ReturnType<typeof ordersService>,
  now: Date,
): Promise<number> {
  const conversations = await db.selectFrom('conversations').select('id').orderBy('id').limit(PLAN.length).execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'starting_price', 'ending_price', 'installation_price_per_slab', 'category'])
    .orderBy('id')
    .execute();
  if (products.length === 0) return 0;
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  let made = 0;
  for (const [i, conversation] of conversations.entries()) {
    const plan = PLAN[i];
    const product = products[(i * 7) % products.length];
    const quantity = product.category === 'sink' ? 1 : 2 + (i % 3);
    const unit = Math.round(((Number(product.starting_price) + Number(product.ending_price)) / 2) * 100);
    const installation =
      product.installation_price_per_slab === null ? 0 : Math.round(Number(product.installation_price_per_slab) * 100);
    const lineTotal = (unit + installation) * quantity;
    const deliveryFee = plan.pickup ? 0 : 150_000 + (i % 4) * 100_000;
    const total = lineTotal + deliveryFee;
    const deposit = Math.round(total * 0.3);
    const { id } = await orders.createFromQuote(
      {
        quoteId: DEMO_QUOTE_IDS + i + 1,
        quoteNumber: `Q${String(DEMO_QUOTE_IDS + i + 1)}`,
        conversationId: conversation.id,
        lines: [
          {
            productId: product.id,
            description: product.name,
            quantity,
            unitPriceCents: unit,
            installationCents: installation,
            lineTotalCents: lineTotal,
          },
        ],
        deliveryZoneId: null,
        deliveryTown: plan.pickup ? null : TOWNS[i % TOWNS.length],
        pickup: Boolean(plan.pickup),
        deliveryFeeCents: deliveryFee,
        discountCents: 0,
        totalCents: total,
        depositCents: deposit,
      },
      { kind: 'customer' },
    );
    if (plan.status !== 'confirmed' && plan.status !== 'cancelled' && !plan.pickup)
      await orders.update(
        id,
        {
          deliveryDate: day(plan.status === 'delivered' ? -3 - i : i % 6),
          deliveryAddress: `Plot ${10 + i}, ${TOWNS[i % TOWNS.length]}`,
        },
        'admin',
      );
    if (plan.paid !== 'none')
      await orders.recordPayment(
        id,
        { amount: deposit / 100, method: 'mpesa', reference: `QD${String(i + 1).padStart(2, '0')}DEMO${i * 37}` },
        'admin',
      );
    if (plan.paid === 'all' && total > deposit)
      await orders.recordPayment(
        id,
        { amount: (total - deposit) / 100, method: i % 2 ? 'bank' : 'cash', reference: `DEMO-${i + 1}` },
        'admin',
      );
    if (plan.status === 'cancelled') await orders.changeStatus(id, 'cancelled', false, 'admin');
    else
      for (const status of WAY.slice(1, WAY.indexOf(plan.status) + 1))
        await orders.changeStatus(id, status, false, 'admin');
    made++;
  }
  return made;
}
