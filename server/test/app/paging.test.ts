// Paged lists (openapi.yaml, "Paging"): limit and cursor, the next page's
// Link, X-Total-Count; pages keyed on the list's order, so a row inserted
// between two page requests is neither repeated nor skipped; cursors of
// another list, other filters or altered are refused. Also the whole lists
// and CSV exports of a few thousand rows (streamed in batches) and the
// summary's counts.
import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS } from '../../../common/product-csv-columns';
import { neutralizeFormula } from '../../modules/products/csv';
import { TEST_NOW, startTestServer, type TestServer } from '../helpers';

let server: TestServer;
type Answer = { statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown };
const get = (url: string, headers: Record<string, string> = {}): Promise<Answer> =>
  server.app.inject({ method: 'GET', url, headers: { cookie: server.cookie, ...headers } });

type Item = { id: number };
const ids = (items: unknown) => (items as Item[]).map((item) => item.id);

/** The next page's URL from a Link header, or undefined. */
function nextOf(answer: Answer): string | undefined {
  const link = answer.headers.link;
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  expect(match, `Link: ${String(link)}`).not.toBeNull();
  return match![1];
}

/** Every page of a list from `url` (which names a limit), following the Link headers. */
async function walk(url: string) {
  const pages: { items: Item[]; answer: Answer; url: string }[] = [];
  for (let at: string | undefined = url; at !== undefined;) {
    const answer = await get(at);
    expect(answer.statusCode, `${at}: ${answer.body}`).toBe(200);
    pages.push({ items: answer.json() as Item[], answer, url: at });
    at = nextOf(answer);
    expect(pages.length).toBeLessThan(1000);
  }
  return pages;
}

// Seeded rows are in the past month, so that what the tests add now is the newest.
const base = TEST_NOW.getTime() - 30 * 86_400_000;
const at = (minutes: number) => new Date(base + minutes * 60_000);
const conversationIds: number[] = [];
/** A conversation with many messages (the message pages' subject). */
let chatty: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // Products: some created at the same instant, so that the id decides their order.
  for (let i = 0; i < 23; i++)
    await db
      .insertInto('products')
      .values({
        name: `Granite ${i}`,
        category: i % 4 === 3 ? 'sink' : 'granite',
        starting_price: 1000 + i,
        ending_price: 2000 + i,
        stock: i,
        is_active: i % 3 !== 0,
        installation_image_urls: [],
        created_at: at(Math.floor(i / 3)),
      })
      .execute();
  // Conversations: statuses, phones and products mentioned to filter on, activity times with ties.
  const statuses = ['bot_active', 'admin_required', 'admin_takeover'];
  for (let i = 0; i < 31; i++) {
    const row = await db
      .insertInto('conversations')
      .values({
        customer_name: i % 5 === 0 ? null : `Customer ${i}`,
        customer_address: i % 4 === 0 ? `+254722${String(100000 + i)}` : `+254733${String(100000 + i)}`,
        status: statuses[i % 3],
        created_at: at(i),
        last_message_at: at(100 + Math.floor(i / 2)),
        products_mentioned: i % 2 === 0 ? ['Black Granite', `Sink ${i}`] : [`Marble ${i}`],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    conversationIds.push(row.id);
  }
  chatty = conversationIds[0];
  // Its customer wrote within the last 24 hours: the reply window is open for the admin replies below.
  await db
    .updateTable('conversations')
    .set({ last_customer_message_at: server.clock.now })
    .where('id', '=', chatty)
    .execute();
  // Messages: some at the same instant.
  for (let i = 0; i < 45; i++)
    await db
      .insertInto('messages')
      .values({
        conversation_id: chatty,
        sender: ['customer', 'bot', 'admin'][i % 3],
        content: `Message ${i}`,
        message_type: 'text',
        timestamp: at(200 + Math.floor(i / 2)),
      })
      .execute();
  await db
    .insertInto('messages')
    .values({
      conversation_id: conversationIds[1],
      sender: 'customer',
      content: 'Hello',
      message_type: 'text',
      timestamp: at(150),
    })
    .execute();
  // Notifications: one in three unread.
  for (let i = 0; i < 26; i++)
    await db
      .insertInto('notifications')
      .values({
        type: 'delivery_inquiry',
        message: `Notification ${i}`,
        conversation_id: conversationIds[i % conversationIds.length],
        is_read: i % 3 !== 0,
        created_at: at(300 + Math.floor(i / 4)),
      })
      .execute();
});
afterAll(() => server.close());
afterEach(() => {
  const violations = server.app.contractViolations.splice(0);
  expect(violations).toEqual([]);
});

const count = async (query: string) =>
  Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(server.database.db)).rows[0].n);

/** Each list, its unpaged URL, and how many rows the database holds for it. */
const LISTS = [
  { url: '/api/products', rows: 'select count(*) as n from products' },
  { url: '/api/conversations', rows: 'select count(*) as n from conversations' },
  { url: '/api/conversations/search', rows: 'select count(*) as n from conversations' },
  {
    url: '/api/conversations/search?status=admin_required',
    rows: "select count(*) as n from conversations where status = 'admin_required'",
  },
  {
    url: '/api/conversations/search?customerPhone=0722',
    rows: "select count(*) as n from conversations where customer_address like '%254722%'",
  },
  {
    url: '/api/conversations/search?productMentioned=black%20GRANITE',
    rows: "select count(*) as n from conversations where 'Black Granite' = any(products_mentioned)",
  },
  {
    url: `/api/conversations/search?startDate=${encodeURIComponent(at(105).toISOString())}&endDate=${encodeURIComponent(at(110).toISOString())}`,
    rows: `select count(*) as n from conversations where last_message_at between '${at(105).toISOString()}' and '${at(110).toISOString()}'`,
  },
  {
    url: '/api/conversations/search?status=bot_active&productMentioned=granite&customerPhone=%2B254722',
    rows: "select count(*) as n from conversations where status = 'bot_active' and 'Black Granite' = any(products_mentioned) and customer_address like '%+254722%'",
  },
  { url: '/api/notifications', rows: 'select count(*) as n from notifications' },
  { url: '/api/notifications/unread', rows: 'select count(*) as n from notifications where not is_read' },
  {
    url: () => `/api/conversations/${chatty}/messages`,
    rows: () => `select count(*) as n from messages where conversation_id = ${chatty}`,
  },
] as const;

const urlOf = (list: (typeof LISTS)[number]) => (typeof list.url === 'function' ? list.url() : list.url);
const rowsOf = (list: (typeof LISTS)[number]) => (typeof list.rows === 'function' ? list.rows() : list.rows);
const withLimit = (url: string, limit: number) => `${url}${url.includes('?') ? '&' : '?'}limit=${limit}`;

describe('paged lists', () => {
  it('answer first, middle and last pages whose union is the whole list, without duplicates, with X-Total-Count', async () => {
    for (const list of LISTS) {
      const url = urlOf(list);
      const total = await count(rowsOf(list));
      const whole = await get(url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['x-total-count'], url).toBe(String(total));
      expect(whole.headers.link).toBeUndefined();
      const everything = ids(whole.json());
      expect(everything, url).toHaveLength(total);
      if (total === 0) throw new Error(`${url}: the seed gives this list no rows`);

      for (const limit of [1, 4, 200]) {
        const pages = await walk(withLimit(url, limit));
        expect(pages).toHaveLength(Math.max(1, Math.ceil(total / limit)));
        for (const [i, page] of pages.entries()) {
          const last = i === pages.length - 1;
          expect(page.items.length, `${page.url}`).toBe(last ? total - limit * i : limit);
          expect(page.answer.headers['x-total-count']).toBe(String(total));
          expect(page.answer.headers.link === undefined).toBe(last);
        }
        const union = pages.flatMap((page) => ids(page.items));
        expect(new Set(union).size).toBe(union.length);
        if (url.includes('/messages')) {
          // Pages go from the newest back; each page is oldest first.
          expect(pages.flatMap((page) => ids(page.items).reverse())).toEqual([...everything].reverse());
        } else expect(union, url).toEqual(everything);
      }
    }
  });

  it('keep the filters and the limit in the next link, and the items are the unpaged ones', async () => {
    const url =
      '/api/conversations/search?status=bot_active&customerPhone=%2B254&productMentioned=black%20granite&startDate=2026-01-01T00%3A00%3A00.000Z';
    const first = await get(`${url}&limit=2`);
    const next = new URL(nextOf(first)!, 'http://server');
    expect(next.pathname).toBe('/api/conversations/search');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      status: 'bot_active',
      customerPhone: '+254',
      productMentioned: 'black granite',
      startDate: '2026-01-01T00:00:00.000Z',
      limit: '2',
      cursor: expect.stringMatching(/^[A-Za-z0-9_-]{1,400}$/),
    });
    const pages = await walk(`${url}&limit=2`);
    expect(pages.flatMap((page) => page.items)).toEqual((await get(url)).json());
    const messages = await get(`/api/conversations/${chatty}/messages?limit=10`);
    expect(nextOf(messages)).toMatch(new RegExp(`^/api/conversations/${chatty}/messages\\?limit=10&cursor=[\\w-]+$`));
  });

  it('answer the latest messages oldest first, and the next page holds the ones before them', async () => {
    const all = (await get(`/api/conversations/${chatty}/messages`)).json() as { id: number; timestamp: string }[];
    const first = await get(`/api/conversations/${chatty}/messages?limit=10`);
    expect(first.json()).toEqual(all.slice(-10));
    const second = await get(nextOf(first)!);
    expect(second.json()).toEqual(all.slice(-20, -10));
    const times = (second.json() as { timestamp: string }[]).map((m) => m.timestamp);
    expect([...times].sort()).toEqual(times);
    expect((await get(`/api/conversations/999999/messages?limit=10`)).statusCode).toBe(404);
  });

  it('neither lose nor repeat a row inserted between two page requests', async () => {
    const db = server.database.db;
    const services = server.app.services;
    const cases = [
      {
        url: '/api/conversations?limit=5',
        whole: '/api/conversations',
        // A customer writes in: a new conversation at the top.
        insert: async () => services.inbound.customerMessage('+254799000001', 'New Customer', 'Hello'),
      },
      {
        url: '/api/notifications?limit=5',
        whole: '/api/notifications',
        insert: async () => (await services.notifications.create(conversationIds[2], 'unclear_request', 'New')).id,
      },
      {
        url: '/api/notifications/unread?limit=3',
        whole: '/api/notifications/unread',
        insert: async () => (await services.notifications.create(conversationIds[3], 'payment_inquiry', 'New')).id,
      },
      {
        url: '/api/products?limit=5',
        whole: '/api/products',
        insert: async () =>
          (
            await db
              .insertInto('products')
              .values({
                name: 'New',
                category: 'quartz',
                starting_price: 1,
                ending_price: 2,
                stock: 0,
                is_active: true,
                installation_image_urls: [],
                // The clock's now, not the database's default (the machine's date): newer than the seeded rows.
                created_at: server.clock.now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      },
      {
        url: () => `/api/conversations/${chatty}/messages?limit=5`,
        whole: () => `/api/conversations/${chatty}/messages`,
        insert: async () => (
          await services.conversations.setStatus(chatty, 'admin_takeover'),
          (await services.conversations.reply(chatty, 'A new message')).id
        ),
      },
    ];
    for (const test of cases) {
      const url = typeof test.url === 'function' ? test.url() : test.url;
      const wholeUrl = typeof test.whole === 'function' ? test.whole() : test.whole;
      const before = ids((await get(wholeUrl)).json());
      const first = await get(url);
      const inserted = await test.insert();
      const rest = await walk(nextOf(first)!);
      const union = [...ids(first.json()), ...rest.flatMap((page) => ids(page.items))];
      expect(new Set(union).size, url).toBe(union.length);
      // Every row there was is on some page, once; the new one (at the top) comes with the next first page.
      expect(
        [...union].sort((a, b) => a - b),
        url,
      ).toEqual([...before].sort((a, b) => a - b));
      expect(union).not.toContain(inserted);
      expect(ids((await get(url)).json())).toContain(inserted);
    }
    // A row inserted further down the order (an older notification) is on a later page, once.
    const first = await get('/api/notifications?limit=4');
    const older = await db
      .insertInto('notifications')
      .values({ type: 'delivery_inquiry', message: 'Late', conversation_id: chatty, created_at: at(-1000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rest = (await walk(nextOf(first)!)).flatMap((page) => ids(page.items));
    expect(rest.filter((id) => id === older.id)).toHaveLength(1);
    expect(new Set([...ids(first.json()), ...rest]).size).toBe(ids(first.json()).length + rest.length);
  });

  it('refuse a cursor of another list, other filters, altered or made up with 400', async () => {
    const invalid = { message: 'Invalid cursor: request the first page again' };
    const cursorOf = async (url: string) =>
      new URL(nextOf(await get(url))!, 'http://server').searchParams.get('cursor')!;
    const products = await cursorOf('/api/products?limit=2');
    const notifications = await cursorOf('/api/notifications?limit=2');
    const adminRequired = await cursorOf('/api/conversations/search?status=admin_required&limit=2');
    const conversations = await cursorOf('/api/conversations?limit=2');
    const messages = await cursorOf(`/api/conversations/${chatty}/messages?limit=2`);
    // The cursor works where it was given.
    expect((await get(`/api/products?limit=2&cursor=${products}`)).statusCode).toBe(200);
    const altered = (cursor: string, at: number) =>
      cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
    const refused = [
      `/api/notifications?limit=2&cursor=${products}`,
      `/api/notifications/unread?limit=2&cursor=${notifications}`,
      `/api/conversations/search?status=bot_active&limit=2&cursor=${adminRequired}`,
      `/api/conversations/search?limit=2&cursor=${adminRequired}`,
      `/api/conversations/search?limit=2&cursor=${conversations}`,
      `/api/conversations/${conversationIds[1]}/messages?limit=2&cursor=${messages}`,
      `/api/products?limit=2&cursor=${altered(products, 10)}`,
      `/api/products?limit=2&cursor=${altered(products, products.length - 3)}`,
      `/api/products?limit=2&cursor=${products.slice(0, -4)}`,
      `/api/products?limit=2&cursor=${Buffer.from('{"k":["2026-11-01T00:00:00.000000Z",5],"s":"x"}').toString('base64url')}`,
      `/api/products?limit=2&cursor=${Buffer.from('[1,2]').toString('base64url')}`,
      `/api/products?limit=2&cursor=bm90IGpzb24`,
      `/api/products?limit=2&cursor=A`,
    ];
    for (const url of refused) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toEqual(invalid);
    }
  });

  it('refuse a limit outside 1 to 200 and a cursor that breaks its pattern with 422', async () => {
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=-1',
      'limit=1.5',
      'limit=ten',
      'limit=5&cursor=a%2Bb',
      'limit=5&cursor=',
    ]) {
      for (const path of ['/api/products', '/api/conversations', '/api/notifications/unread']) {
        const answer = await get(`${path}?${query}`);
        expect(answer.statusCode, `${path}?${query}`).toBe(422);
        expect(answer.json()).toEqual({ message: expect.stringMatching(/^Invalid request/) });
      }
    }
  });
});

describe('summary', () => {
  it('counts the rows', async () => {
    const now = server.clock.now;
    await server.app.services.inbound.customerMessage('+254711000002', 'Active Customer', 'Hello', now);
    const since = new Date(now.getTime() - 86_400_000).toISOString();
    const answer = await get('/api/summary');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      totalProducts: await count('select count(*) as n from products'),
      activeProducts: await count('select count(*) as n from products where is_active'),
      totalConversations: await count('select count(*) as n from conversations'),
      activeConversations: await count(`select count(*) as n from conversations where last_message_at >= '${since}'`),
      conversationsNeedingAttention: await count(
        "select count(*) as n from conversations where status = 'admin_required'",
      ),
      unreadNotifications: await count('select count(*) as n from notifications where not is_read'),
      // No deal, quote or order here: the sales counters are all nothing (server/test/modules/sales.test.ts has them).
      sales: { dealsAwaitingQuote: 0, ordersToDeliverThisWeek: 0, balanceOutstanding: 0 },
    });
    // Active: a message in the 24 hours before the services' clock.
    const summary = answer.json() as Record<string, number>;
    expect(summary.activeConversations).toBeGreaterThan(0);
    expect(summary.activeConversations).toBeLessThan(summary.totalConversations);
    expect(summary.totalProducts).toBeGreaterThan(summary.activeProducts);
  });
});

describe('whole lists and exports of a few thousand rows', () => {
  // A server of its own: answers this long are streamed (the test server's
  // response check reads the stream whole before checking it).
  let big: TestServer;
  beforeAll(async () => {
    big = await startTestServer();
    await big.database.exec(`
      insert into products (name, category, starting_price, ending_price, color, description, stock, is_active, installation_image_urls, created_at)
      select case when g % 97 = 0 then '=HYPERLINK("x")' when g % 89 = 0 then 'Slab, "quoted"' else 'Product ' || g end,
             case when g % 4 = 0 then 'sink' else 'granite' end, 1000 + g, 2000 + g, 'Black',
             case when g % 50 = 0 then E'two\\nlines' else null end, g % 7, g % 5 <> 0,
             case when g % 3 = 0 then array['https://example.com/' || g || '.jpg'] else '{}' end,
             timestamptz '2026-01-01' + (g / 3) * interval '1 minute'
      from generate_series(1, 2600) g;
      insert into conversations (customer_name, customer_address, status, last_message_at, created_at, message_count, products_mentioned, current_offer_price)
      select case when g % 10 = 0 then null when g % 113 = 0 then '@SUM(A1)' else 'Customer ' || g end,
             '+2547' || lpad(g::text, 8, '0'), (array['bot_active','admin_required','admin_takeover'])[1 + g % 3],
             timestamptz '2026-01-01' + (g / 2) * interval '1 minute' + (g % 7) * interval '1 microsecond',
             timestamptz '2025-12-01' + g * interval '1 minute', g % 9,
             case when g % 2 = 0 then array['Black Granite', '-Minus'] else '{}' end,
             case when g % 11 = 0 then 9800.5 else null end
      from generate_series(1, 3100) g;
      insert into messages (conversation_id, sender, content, timestamp)
      select (select min(id) from conversations), 'customer', 'Message ' || g, timestamptz '2026-01-01' + (g / 4) * interval '1 second'
      from generate_series(1, 2500) g;
      insert into notifications (type, message, conversation_id, is_read, created_at)
      select 'unclear_request', 'Notification ' || g, (select min(id) from conversations), g % 4 <> 0,
             timestamptz '2026-01-01' + (g / 3) * interval '1 minute'
      from generate_series(1, 2200) g;
    `);
  });
  afterAll(() => big?.close());
  const bigGet = (url: string, headers: Record<string, string> = {}) =>
    big.app.inject({ method: 'GET', url, headers: { cookie: big.cookie, ...headers } });

  it('answer the whole list, streamed in batches, as the mapper does', async () => {
    const services = big.app.services;
    const checks: [string, unknown[]][] = [
      ['/api/products', await services.products.list()],
      ['/api/conversations', await services.conversations.list()],
      [
        '/api/conversations/search?status=admin_required',
        await services.conversations.list({ status: 'admin_required' }),
      ],
      ['/api/notifications', await services.notifications.list()],
      ['/api/notifications/unread', await services.notifications.unread()],
    ];
    const chattyBig = Number(
      (await sql<{ id: number }>`select min(id) as id from conversations`.execute(big.database.db)).rows[0].id,
    );
    checks.push([`/api/conversations/${chattyBig}/messages`, await services.conversations.messages(chattyBig)]);
    for (const [url, mapped] of checks) {
      const answer = await bigGet(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json(), url).toEqual(mapped);
      expect(answer.headers['x-total-count'], url).toBe(String(mapped.length));
      // Streamed lists carry no ETag; the catalogue is kept as one text (see the products service) and does.
      if (mapped.length > 1000 && url !== '/api/products') expect(answer.headers.etag, url).toBeUndefined();
      if (url === '/api/products') expect(answer.headers.etag, url).toMatch(/^"/);
    }
    // Paged, the same rows.
    const pages = [];
    for (let url: string | undefined = '/api/conversations?limit=200'; url;) {
      const answer = await bigGet(url);
      pages.push(...(answer.json() as unknown[]));
      url = /^<([^>]+)>/.exec(String(answer.headers.link ?? ''))?.[1];
    }
    expect(pages).toEqual(checks[1][1]);
  });

  it('export the same CSV as before, formula-like cells neutralized', async () => {
    const csv = (header: readonly string[], rows: (string | number | null)[][]) =>
      stringify(
        [header as string[], ...rows.map((cells) => cells.map((c) => neutralizeFormula(c === null ? '' : String(c))))],
        {
          record_delimiter: '\n',
        },
      );
    const products = await big.app.services.products.list();
    const productsCsv = await bigGet('/api/products/export');
    expect(productsCsv.statusCode).toBe(200);
    expect(productsCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(productsCsv.headers['content-disposition']).toMatch(
      /^attachment; filename="products-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(productsCsv.body).toBe(
      csv(
        [...PRODUCT_CSV_COLUMNS, 'Stock', 'Active'],
        products.map((p) => [
          p.category,
          p.name,
          p.category === 'sink' ? (p.material ?? null) : (p.color ?? null),
          p.dimensions ?? null,
          p.startingPrice,
          p.endingPrice,
          p.installationPricePerSlab ?? null,
          p.description ?? null,
          p.productImageUrl ?? null,
          p.installationImageUrls.join(';'),
          p.stock,
          p.isActive ? 'yes' : 'no',
        ]),
      ),
    );
    expect(productsCsv.body).toContain(`'=HYPERLINK(""x"")`);

    const filters: Record<string, string>[] = [{}, { status: 'admin_takeover' }, { productMentioned: 'black' }];
    for (const filter of filters) {
      const conversations = await big.app.services.conversations.list(filter);
      const answer = await bigGet(`/api/conversations/export?${new URLSearchParams(filter)}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(
        csv(
          ['Customer Name', 'Phone Number', 'Status', 'Messages', 'Products Mentioned', 'Started', 'Last Message'],
          conversations.map((c) => [
            c.customerName ?? null,
            c.whatsappPhoneNumber,
            c.status,
            c.messageCount ?? 0,
            c.productsMentioned.join('; '),
            c.createdAt,
            c.lastMessageAt,
          ]),
        ),
      );
      expect(answer.body.split('\n')).toHaveLength(conversations.length + 2);
    }
    expect((await bigGet('/api/conversations/export')).body).toContain("'@SUM(A1)");
    expect((await bigGet('/api/conversations/export?customerPhone=999999999999')).body).toBe(
      'Customer Name,Phone Number,Status,Messages,Products Mentioned,Started,Last Message\n',
    );
  });

  it('lets other requests in between the batches of a streamed answer', async () => {
    // Both start together: the summary's one short query is answered while the long list is still being read.
    const order: string[] = [];
    await Promise.all([
      bigGet('/api/conversations').then(() => order.push('list')),
      new Promise((resolve) => setTimeout(resolve, 5))
        .then(() => bigGet('/api/summary'))
        .then(() => order.push('summary')),
    ]);
    expect(order).toEqual(['summary', 'list']);
  });
});
