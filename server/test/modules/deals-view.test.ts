// The Deals view (openapi.yaml DealFilter): search deal=true lists the
// conversations where the customer agreed a price, deal=false the others,
// counted in X-Total-Count and paged like every search.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../helpers';

let server: TestServer;
const db = () => server.database.db;
type Answer = { statusCode: number; json: () => any; headers: Record<string, unknown> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of JSON bodies
const get = (url: string): Promise<Answer> =>
  server.app.inject({ method: 'GET', url, headers: { cookie: server.cookie } });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.clock.now = new Date(TEST_NOW);
  await sql`truncate messages, product_events, notifications, outbox, conversations, products restart identity cascade`.execute(
    db(),
  );
});
afterEach(() => {
  expect(server.app.contractViolations.splice(0)).toEqual([]);
});

const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);

async function conversation(name: string, phone: string, minutes: number) {
  const written = await server.app.services.inbound.customerText(phone, name, 'Bei ya Tan Brown?', at(minutes));
  return written.conversationId;
}

describe('search deal=true: the Deals view', () => {
  it('lists only the conversations holding a deal, with their deal, counted and paged', async () => {
    const product = await db()
      .insertInto('products')
      .values({
        name: 'Tan Brown Granite',
        category: 'granite',
        starting_price: 7800,
        ending_price: 7000,
        stock: 5,
        is_active: true,
        installation_image_urls: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await conversation(`Customer ${i}`, `+25471100000${i}`, i));
    const agreed = [ids[1], ids[3], ids[4]];
    for (const id of agreed)
      await server.app.services.inbound.converted(
        id,
        { product: { id: product.id, name: 'Tan Brown Granite' }, unitPrice: 7050, quantity: 3 },
        at(10),
      );

    const deals = await get('/api/conversations/search?deal=true&limit=2');
    expect(deals.statusCode).toBe(200);
    expect(deals.headers['x-total-count']).toBe('3');
    const first = deals.json();
    // Most recent activity first: the last two that agreed.
    expect(first.map((c: { id: number }) => c.id)).toEqual([ids[4], ids[3]]);
    expect(first[0].deal).toMatchObject({ productName: 'Tan Brown Granite', unitPrice: 7050, quantity: 3 });
    const next = String(deals.headers.link).match(/<([^>]+)>; rel="next"/)?.[1];
    expect(next).toBeDefined();
    const rest = (await get(next!)).json();
    expect(rest.map((c: { id: number }) => c.id)).toEqual([ids[1]]);

    const others = await get('/api/conversations/search?deal=false');
    expect(
      others
        .json()
        .map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([ids[0], ids[2]].sort());
    expect(others.json().every((c: { deal: unknown }) => c.deal === null)).toBe(true);

    // With another filter: a phone that agreed, and one that did not.
    expect((await get('/api/conversations/search?deal=true&customerPhone=711000003')).json()).toHaveLength(1);
    expect((await get('/api/conversations/search?deal=true&customerPhone=711000002')).json()).toHaveLength(0);
  });

  it('refuses a value that is not true or false with a 422 in words', async () => {
    const answer = await get('/api/conversations/search?deal=maybe');
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toMatch(/deal/);
  });
});
