// The sale in `npm run bench:server`: a year of quotes and orders seeded
// inside the database, and the calls of the Orders screens and a quote's PDF.
//
// Quotes come in blocks of 20 over the conversations, oldest first: two
// numbers are revised once (revision 1 superseded, revision 2 accepted), one
// quote is cancelled, two were sent and left to expire (still open, or one
// still a draft, when recent), and the other 13 were accepted: 15 orders a
// block. At scale 1, 20,000 quotes (18,000 numbers, on one conversation in
// about five and a half) and 15,000 orders. An order's state follows its
// age: the last days' orders are confirmed, scheduled or on their way, older
// ones delivered (and almost all paid) or cancelled; payments and the
// timeline match. Quote numbers are written out ("Q" and 5 digits, as the
// quotes module makes them) and quote_number_seq is set past them.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';

/** Quotes a block: see above. */
const BLOCK = 20;
/** Orders per block of quotes. */
const ACCEPTED_PER_BLOCK = 15;

export type SalesSizes = { quotes: number; orders: number };

/** 20,000 quotes and 15,000 orders at scale 1, in whole blocks. */
export function salesSizes(scale: number): SalesSizes {
  const quotes = Math.max(1, Math.round((20_000 * scale) / BLOCK)) * BLOCK;
  return { quotes, orders: (quotes / BLOCK) * ACCEPTED_PER_BLOCK };
}

/** Runs one seeding statement and prints its time. */
type Step = (name: string, statement: () => Promise<unknown>) => Promise<void>;

/**
 * Seeds the business profile, six delivery zones, the quotes with their
 * lines, and the orders of the accepted ones with their lines, payments and
 * events, one statement a table (the order counters kept by migration 028's
 * triggers as the orders go in). Needs the conversations and products seeded.
 */
export async function seedSales(db: Kysely<DB>, sizes: SalesSizes, staff: string, step: Step): Promise<void> {
  const numbers = (sizes.quotes / BLOCK) * 18;
  await sql`insert into business_profile (name, phone, email, address, quote_deposit_percent, quote_validity_days)
      values ('Bench Stone & Sinks', '+254 700 000 000', 'sales@bench.example', 'Mombasa Road, Nairobi', 50, 14)`.execute(
    db,
  );
  await sql`insert into delivery_zones (name, name_key, fee_cents, lead_days)
      select name, lower(name), fee, lead
      from (values ('Nairobi', 150000, 1), ('Kiambu', 250000, 2), ('Thika', 350000, 2),
                   ('Machakos', 400000, 3), ('Nakuru', 650000, 3), ('Mombasa', 950000, 5)) as z(name, fee, lead)`.execute(
    db,
  );
  const conversations = sql`(select count(*) from conversations)::int`;
  // Block b, position p: numbers b*18 + 1…18, positions 0/1 and 10/11 sharing one (revisions 1 and 2).
  await step(`quotes (${sizes.quotes.toLocaleString('en-US')})`, () =>
    sql`insert into quotes (number, revision, conversation_id, status, subtotal_cents, delivery_zone_id, delivery_town,
          delivery_fee_cents, pickup, discount_cents, total_cents, deposit_percent, deposit_cents, validity_days, note,
          created_at, sent_at, valid_until, accepted_at, accepted_by)
        select 'Q' || lpad(g::text, 5, '0'), revision, c.id, s.status, 0, z.id, z.name, coalesce(z.fee_cents, 0), z.id is null,
               0, 0, 50, 0, 14,
               case when h % 11 = 0 then 'Delivery after 2 pm; call before coming.' else '' end,
               created, sent, sent + interval '14 days',
               case when s.status = 'accepted' then least(now(), sent + (h % 2880) * interval '1 minute') end,
               case when s.status = 'accepted' then case when h % 4 = 0 then ${staff}::text else 'customer' end end
        from (select k, p, revision, g, abs(hashint4(g + 5000011)::bigint) as h,
                     ceil(g::float8 * (${conversations}) / ${numbers}::int)::int as conversation_id
              from generate_series(1, ${sizes.quotes}::int) as k
              cross join lateral (select (k - 1) % ${BLOCK}::int as p, (k - 1) / ${BLOCK}::int as b) pb
              cross join lateral (select case when p in (1, 11) then 2 else 1 end as revision,
                                         b * 18 + case when p <= 1 then 1 when p <= 10 then p when p = 11 then 10 else p - 1 end as g) rg) q
        join conversations c on c.id = q.conversation_id
        left join delivery_zones z on h % 5 <> 0 and z.id = 1 + (h / 5) % 6
        cross join lateral (select least(now(), c.created_at + (h % 180) * interval '1 minute' + (revision - 1) * interval '1 hour') as created) t
        cross join lateral (select case when p in (0, 10) then 'superseded'
                                        when p = 13 then 'cancelled'
                                        when p = 17 and created > now() - interval '7 days' then 'draft'
                                        when p in (5, 17) then 'sent'
                                        else 'accepted' end as status) s
        cross join lateral (select case when s.status <> 'draft' then least(now(), created + interval '5 minutes') end as sent) st
        order by k`.execute(db),
  );
  // 1 to 3 lines: the product talked about, then others; slabs by the few, sinks one or two.
  await step('quote lines', () =>
    sql`insert into quote_lines (quote_id, position, product_id, description, quantity, unit_price_cents,
          installation_cents, line_total_cents)
        select q.id, j, p.id, left(p.name, 200), quantity, unit, installation, quantity * (unit + installation)
        from quotes q
        join conversations c on c.id = q.conversation_id
        cross join lateral generate_series(1, 1 + (abs(hashint4(q.conversation_id)::bigint) % 3)::int) as j
        join products p on p.id = case when j = 1 and c.current_product_id is not null then c.current_product_id
                                       else 1 + abs(hashint4(q.conversation_id * 4 + j)::bigint) % (select count(*) from products)::int end
        cross join lateral (select
          case when p.category = 'sink' then 1 + j % 2 else 1 + abs(hashint4(q.conversation_id + j)::bigint) % 6 end as quantity,
          -- A revision after bargaining: KES 500 off the first line.
          (p.starting_price * 100)::bigint - case when q.revision = 2 and j = 1 then 50000 else 0 end as unit,
          case when j % 2 = 1 and p.installation_price_per_slab is not null
               then (p.installation_price_per_slab * 100)::bigint else 0 end as installation) l`.execute(db),
  );
  // The amounts as the quotes module computes them (money.ts); KES 1,000 off one quote in four.
  await step('quote amounts', () =>
    sql`update quotes q
        set subtotal_cents = l.subtotal, discount_cents = d.discount, total_cents = l.subtotal + q.delivery_fee_cents - d.discount,
            deposit_cents = ((l.subtotal + q.delivery_fee_cents - d.discount) * q.deposit_percent + 50) / 100
        from (select quote_id, sum(line_total_cents)::bigint as subtotal from quote_lines group by quote_id) l
        cross join lateral (select case when abs(hashint4(l.quote_id)::bigint) % 4 = 0 then 100000 else 0 end as discount) d
        where q.id = l.quote_id`.execute(db),
  );
  await sql`select setval('quote_number_seq', ${numbers}::int)`.execute(db);

  // One order per accepted quote, made when it was accepted, in that order.
  await step(`orders (${sizes.orders.toLocaleString('en-US')})`, () =>
    sql`insert into orders (quote_id, quote_number, conversation_id, customer_name, customer_phone, status, payment_status,
          subtotal_cents, delivery_fee_cents, discount_cents, total_cents, deposit_cents, paid_cents, delivery_zone_id,
          delivery_town, delivery_address, delivery_date, pickup, created_at, updated_at)
        select q.id, q.number, q.conversation_id, c.customer_name, c.customer_address, s.status, ps.payment_status,
               q.subtotal_cents, q.delivery_fee_cents, q.discount_cents, q.total_cents, q.deposit_cents,
               case ps.payment_status when 'paid' then q.total_cents when 'deposit_paid' then q.deposit_cents else 0 end,
               q.delivery_zone_id, q.delivery_town,
               case when dd.day is not null then 'Plot ' || (1 + q.id % 200) || ', ' || q.delivery_town end,
               dd.day, q.pickup, q.accepted_at,
               greatest(q.accepted_at, least(now(), coalesce(dd.day + interval '15 hours', q.accepted_at + interval '1 day')))
        from quotes q
        join conversations c on c.id = q.conversation_id
        cross join lateral (select abs(hashint4(q.id + 3000017)::bigint) % 100 as h, now() - q.accepted_at as age) a
        cross join lateral (select case
            when age < interval '2 days' then case when h < 70 then 'confirmed' else 'scheduled' end
            when age < interval '7 days' then case when h < 20 then 'confirmed' when h < 60 then 'scheduled'
                                                   when h < 75 then 'out_for_delivery' else 'delivered' end
            when age < interval '21 days' then case when h < 10 then 'scheduled' when h < 15 then 'out_for_delivery'
                                                    when h < 95 then 'delivered' else 'cancelled' end
            else case when h < 94 then 'delivered' else 'cancelled' end end as status) s
        cross join lateral (select case
            when s.status = 'cancelled' then 'unpaid'
            when s.status = 'confirmed' then case when h2 < 50 then 'unpaid' else 'deposit_paid' end
            when s.status = 'scheduled' then case when h2 < 20 then 'unpaid' else 'deposit_paid' end
            when s.status = 'out_for_delivery' then case when h2 < 60 then 'deposit_paid' else 'paid' end
            else case when h2 < 96 then 'paid' else 'deposit_paid' end end as payment_status
          from (select abs(hashint4(q.id + 4000037)::bigint) % 100 as h2) h2) ps
        cross join lateral (select case when q.pickup or s.status in ('confirmed', 'cancelled') then null
            when s.status = 'delivered' then least(current_date, (q.accepted_at + (2 + h % 4) * interval '1 day')::date)
            else (q.accepted_at + (2 + h % 4) * interval '1 day')::date end as day) dd
        where q.status = 'accepted'
        order by q.accepted_at, q.id`.execute(db),
  );
  await step('order lines', () =>
    sql`insert into order_lines (order_id, position, product_id, description, quantity, unit_price_cents,
          installation_cents, line_total_cents)
        select o.id, l.position - 1, l.product_id, l.description, l.quantity, l.unit_price_cents,
               l.installation_cents, l.line_total_cents
        from orders o join quote_lines l on l.quote_id = o.quote_id`.execute(db),
  );
  // The deposit by M-Pesa when the order was made, the rest when it was delivered (or on its way);
  // one payment in three of a paid order is the whole amount at once. References are unique per method.
  await step('order payments', () =>
    sql`insert into order_payments (order_id, amount_cents, method, reference, received_at, recorded_by)
        select o.id, x.amount, x.method, x.reference, x.received_at, ${staff}::text
        from orders o
        cross join lateral (select abs(hashint4(o.id + 6000029)::bigint) % 3 as h,
                                   least(now(), coalesce(o.delivery_date + interval '14 hours', o.created_at + interval '2 days')) as later) a
        cross join lateral (values
            (1, case when o.payment_status = 'paid' and h = 0 then o.total_cents else o.deposit_cents end, 'mpesa',
             'S' || upper(lpad(to_hex(o.id * 2), 9, '0')), least(now(), o.created_at + interval '10 minutes')),
            (2, o.total_cents - o.deposit_cents, case h when 1 then 'mpesa' else 'cash' end,
             case h when 1 then 'S' || upper(lpad(to_hex(o.id * 2 + 1), 9, '0')) else 'RCPT-' || o.id end, later)
          ) as x(n, amount, method, reference, received_at)
        where o.paid_cents > 0 and (x.n = 1 or (o.payment_status = 'paid' and h <> 0)) and x.amount > 0
        order by o.id, x.n`.execute(db),
  );
  // The timeline: made, each payment, the delivery date set, each step along the way (or cancelled).
  await step('order events', () =>
    sql`insert into order_events (order_id, at, by_name, event, text)
        select order_id, at, by_name, event, text from (
          select o.id as order_id, o.created_at as at, coalesce(q.accepted_by, 'customer') as by_name, 'created' as event,
                 'Order ' || o.number || ' made from quote ' || o.quote_number as text
          from orders o join quotes q on q.id = o.quote_id
          union all
          select p.order_id, p.received_at, p.recorded_by, 'payment_recorded',
                 'KES ' || to_char(p.amount_cents / 100.0, 'FM999,999,990.00') || ' by '
                   || case p.method when 'mpesa' then 'M-Pesa' when 'cash' then 'cash' else 'bank transfer' end
                   || ' (' || p.reference || ')'
          from order_payments p
          union all
          select o.id, least(now(), o.created_at + interval '1 day'), ${staff}::text, 'delivery_scheduled', 'Delivery on ' || to_char(o.delivery_date, 'YYYY-MM-DD')
          from orders o where o.delivery_date is not null
          union all
          select o.id, least(now(), coalesce(o.delivery_date::timestamptz, o.created_at + interval '2 days') + w.after), ${staff}::text,
                 'status_changed', w.text
          from orders o
          join (values (1, interval '-1 day', 'Confirmed → Scheduled'), (2, interval '8 hours', 'Scheduled → Out for delivery'),
                       (3, interval '15 hours', 'Out for delivery → Delivered')) as w(step, after, text)
            on w.step <= case o.status when 'scheduled' then 1 when 'out_for_delivery' then 2 when 'delivered' then 3 else 0 end
          union all
          select o.id, least(now(), o.created_at + interval '3 days'), ${staff}::text, 'status_changed', 'Confirmed → Cancelled'
          from orders o where o.status = 'cancelled'
        ) e
        order by order_id, at`.execute(db),
  );
}
