// Beyond the spec: the follow-up dry run (GET /api/follow-ups/due),
// the windowed top products in the analytics (the staff's first-response
// time: staff-first-response.test.ts), and the CSV round trip of stock and status.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseProductsCsv } from '../../modules/products/csv';
import { multipart, startTestServer, type TestServer } from '../helpers';

const HOUR = 3_600_000;
let server: TestServer;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await sql`truncate messages, product_events, notifications, outbox, conversations restart identity cascade`.execute(
    db(),
  );
});

/** A conversation whose customer last wrote `hoursAgo` hours ago (nothing after). */
const quietCustomer = (phone: string, hoursAgo: number) =>
  server.app.services.inbound.customerMessage(
    phone,
    null,
    'Hi',
    new Date(server.clock.now.getTime() - hoursAgo * HOUR),
  );

describe('GET /api/follow-ups/due', () => {
  it('counts the customers a check would message, and the check then messages exactly those', async () => {
    await call('PATCH', '/api/follow-ups/settings', {
      enabled: true,
      hoursUntilFollowUp: 2,
      followUpMessage: 'Still there?',
    });
    await quietCustomer('+254711000001', 3);
    await quietCustomer('+254711000002', 30);
    await quietCustomer('+254711000003', 1); // not quiet long enough
    expect((await call('GET', '/api/follow-ups/due')).json()).toEqual({ count: 2 });
    expect((await call('POST', '/api/follow-ups/check')).json()).toMatchObject({ count: 2 });
    expect((await call('GET', '/api/follow-ups/due')).json()).toEqual({ count: 0 });
  });

  it('leaves out customers past the 24-hour window when there is no follow-up template', async () => {
    await call('PATCH', '/api/follow-ups/settings', {
      enabled: true,
      hoursUntilFollowUp: 2,
      followUpMessage: 'Still there?',
    });
    await quietCustomer('+254711000001', 3);
    await quietCustomer('+254711000002', 30);
    await db()
      .updateTable('message_templates')
      .set({ name: 'renamed_reminder' })
      .where('name', '=', 'follow_up_reminder')
      .execute();
    try {
      expect((await call('GET', '/api/follow-ups/due')).json()).toEqual({ count: 1 });
      expect((await call('POST', '/api/follow-ups/check')).json()).toMatchObject({ count: 1 });
    } finally {
      await db()
        .updateTable('message_templates')
        .set({ name: 'follow_up_reminder' })
        .where('name', '=', 'renamed_reminder')
        .execute();
    }
  });

  it('answers 0 while follow-ups are off', async () => {
    await quietCustomer('+254711000001', 30);
    await call('PATCH', '/api/follow-ups/settings', { enabled: false, hoursUntilFollowUp: 2, followUpMessage: 'x' });
    expect((await call('GET', '/api/follow-ups/due')).json()).toEqual({ count: 0 });
    await call('PATCH', '/api/follow-ups/settings', { enabled: true, hoursUntilFollowUp: 24, followUpMessage: 'x' });
  });
});

describe('analytics beyond the spec', () => {
  it('narrows the top products to the last `days` days when asked, and echoes them', async () => {
    const product = (name: string) =>
      db()
        .insertInto('products')
        .values({
          name,
          category: 'granite',
          starting_price: 1,
          ending_price: 2,
          stock: 0,
          is_active: true,
          installation_image_urls: [],
        })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
    const first = await product('Windowed Granite A');
    const second = await product('Windowed Granite B');
    const now = server.clock.now.getTime();
    await db()
      .insertInto('product_events')
      .values([
        { product_id: first.id, kind: 'view', created_at: new Date(now - 20 * 24 * HOUR) },
        { product_id: first.id, kind: 'view', created_at: new Date(now - 20 * 24 * HOUR) },
        { product_id: second.id, kind: 'view', created_at: new Date(now - HOUR) },
      ])
      .execute();
    const all = (await call('GET', '/api/analytics/products')).json();
    expect(all.days).toBeUndefined();
    expect(all.mostViewed).toEqual([
      { productId: first.id, productName: first.name, viewCount: 2 },
      { productId: second.id, productName: second.name, viewCount: 1 },
    ]);
    const week = (await call('GET', '/api/analytics/products?days=7')).json();
    expect(week).toEqual({
      days: 7,
      mostViewed: [{ productId: second.id, productName: second.name, viewCount: 1 }],
      mostInquired: [],
    });
    expect((await call('GET', '/api/analytics/products?days=0')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('CSV stock and status', () => {
  const header =
    'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs';
  const upload = async (csv: string) => {
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    const { payload, headers } = await multipart(form);
    return server.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload,
      headers: { ...headers, cookie: server.cookie },
    });
  };
  const stored = (name: string) =>
    db().selectFrom('products').select(['stock', 'is_active']).where('name', '=', name).executeTakeFirstOrThrow();

  it('an export imported again keeps stock and status; a file in the spec columns leaves them as they are', async () => {
    await upload(`${header},Stock,Active\nsink,Round Trip Sink,Ceramic,1 x 1,10,20,,,,,7,no\n`);
    expect(await stored('Round Trip Sink')).toEqual({ stock: 7, is_active: false });
    const exported = (await call('GET', '/api/products/export')).body;
    const line = exported.split('\n').find((l) => l.includes('Round Trip Sink'))!;
    expect(line.endsWith(',7,no')).toBe(true);
    await db()
      .updateTable('products')
      .set({ stock: 0, is_active: true })
      .where('name', '=', 'Round Trip Sink')
      .execute();
    expect((await upload(`${exported.split('\n')[0]}\n${line}\n`)).json()).toMatchObject({ updated: 1, failed: 0 });
    expect(await stored('Round Trip Sink')).toEqual({ stock: 7, is_active: false });
    // The spec's columns only: updated, stock and status untouched; a new product gets stock 0, active.
    await upload(`${header}\nsink,Round Trip Sink,Ceramic,1 x 1,11,20,,,,\nsink,Fresh Sink,Ceramic,1 x 1,10,20,,,,\n`);
    expect(await stored('Round Trip Sink')).toEqual({ stock: 7, is_active: false });
    expect(await stored('Fresh Sink')).toEqual({ stock: 0, is_active: true });
  });

  it('fails a row with a bad Stock or Active value, with a plain message', () => {
    const rows = parseProductsCsv(
      [
        `${header},Stock,Active`,
        'sink,A,Ceramic,1 x 1,1,2,,,,,-3,yes',
        'sink,B,Ceramic,1 x 1,1,2,,,,,2.5,',
        'sink,C,Ceramic,1 x 1,1,2,,,,,4,maybe',
        'sink,D,Ceramic,1 x 1,1,2,,,,,,TRUE',
      ].join('\n'),
    );
    expect(rows.map((r) => r.error ?? r.product!.isActive)).toEqual([
      'Row 2: Stock must be a whole number from 0 ("-3")',
      'Row 3: Stock must be a whole number from 0 ("2.5")',
      'Row 4: Active must be yes or no ("maybe")',
      true,
    ]);
    expect(rows[3].product!.stock).toBeNull();
  });
});
