// Conditional requests (openapi.yaml, "Conditional requests"): a strong ETag
// on the lists, the details and the summary, 304 for an If-None-Match that
// names it, a new ETag once the answer changes; and compression (brotli,
// gzip) when Accept-Encoding asks for it, of the JSON lists and the CSV
// exports, identity otherwise.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
type Answer = { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> };
const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> =>
  server.app.inject({ method, url, headers: { cookie: server.cookie, ...headers } });

let conversation: number;
let product: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // Enough products for a list over the compression threshold (1 KiB).
  for (let i = 0; i < 30; i++) {
    const row = await db
      .insertInto('products')
      .values({
        name: `Kashmir White Granite ${i}`,
        category: 'granite',
        starting_price: 9000 + i,
        ending_price: 12000 + i,
        color: 'White',
        stock: i,
        is_active: true,
        installation_image_urls: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    product = row.id;
  }
  const inbound = server.app.services.inbound;
  conversation = await inbound.customerMessage('+254722418390', 'Brian Otieno', 'Black granite please');
  await inbound.botMessage(conversation, 'Karibu!');
  for (let i = 0; i < 5; i++) await inbound.handoff(conversation, 'delivery_inquiry', `Delivery question ${i}`);
});
afterAll(() => server.close());
afterEach(() => {
  const violations = server.app.contractViolations.splice(0);
  expect(violations).toEqual([]);
});

const STRONG = /^"[A-Za-z0-9_-]{10,}"$/;

describe('ETag', () => {
  it('is a strong validator; If-None-Match naming it answers 304 without a body', async () => {
    const urls = [
      '/api/products',
      '/api/products?limit=5',
      `/api/products/${product}`,
      '/api/conversations',
      '/api/conversations/search?status=admin_required',
      `/api/conversations/${conversation}`,
      `/api/conversations/${conversation}/messages`,
      `/api/conversations/${conversation}/messages?limit=1`,
      '/api/notifications?limit=2',
      '/api/notifications/unread',
      '/api/summary',
    ];
    for (const url of urls) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const tag = String(first.headers.etag);
      expect(tag, url).toMatch(STRONG);
      expect(first.headers['cache-control']).toBe('no-store');
      expect((await get(url)).headers.etag, `${url}: the same answer has the same tag`).toBe(tag);
      for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, `"a",W/${tag} , "b"`, '*']) {
        const again = await get(url, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, `${url} If-None-Match: ${ifNoneMatch}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(tag);
        expect(again.headers['content-type']).toBeUndefined();
        expect(again.headers['content-length']).toBeUndefined();
        expect(again.headers['cache-control']).toBe('no-store');
      }
      for (const ifNoneMatch of ['"other"', tag.slice(0, -2) + '"', 'W/"other"']) {
        const fresh = await get(url, { 'if-none-match': ifNoneMatch });
        expect(fresh.statusCode, `${url} If-None-Match: ${ifNoneMatch}`).toBe(200);
        expect(fresh.body).toBe(first.body);
      }
    }
  });

  it('answers HEAD with the same validator and 304', async () => {
    const tag = String((await get('/api/summary')).headers.etag);
    const head = await get('/api/summary', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(tag);
    for (const encoding of ['', 'br']) {
      const notModified = await get('/api/summary', { 'if-none-match': tag, 'accept-encoding': encoding }, 'HEAD');
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers.etag).toBe(tag);
    }
  });

  it('changes when the answer changes: 200 with a new ETag', async () => {
    const watched = ['/api/products', `/api/products/${product}`, `/api/conversations/${conversation}`, '/api/summary'];
    const before = new Map<string, string>();
    for (const url of watched) before.set(url, String((await get(url)).headers.etag));
    await server.database.db.updateTable('products').set({ stock: 99 }).where('id', '=', product).execute();
    await server.app.services.conversations.setStatus(conversation, 'admin_takeover');
    for (const url of watched) {
      const answer = await get(url, { 'if-none-match': before.get(url)! });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers.etag, url).toMatch(STRONG);
      expect(answer.headers.etag, url).not.toBe(before.get(url));
      expect((await get(url, { 'if-none-match': String(answer.headers.etag) })).statusCode).toBe(304);
    }
  });

  it("changes with a page's total and next link even when its items do not", async () => {
    const first = await get('/api/notifications?limit=2');
    const second = await get(/^<([^>]+)>/.exec(String(first.headers.link))![1]);
    const tag = String(second.headers.etag);
    // A new notification goes to the top: the second page's items stay, its total does not.
    await server.app.services.notifications.create(conversation, 'payment_inquiry', 'New');
    const again = await get(/^<([^>]+)>/.exec(String(first.headers.link))![1], { 'if-none-match': tag });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(second.body);
    expect(Number(again.headers['x-total-count'])).toBe(Number(second.headers['x-total-count']) + 1);
    expect(again.headers.etag).not.toBe(tag);
  });

  it('is not sent where the contract states none', async () => {
    for (const url of ['/api/auth/me', '/api/analytics/overview', '/api/follow-ups/settings']) {
      const answer = await get(url, { 'if-none-match': '*' });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers.etag, url).toBeUndefined();
    }
    // Nor on errors.
    const missing = await get('/api/products/999999', { 'if-none-match': '*' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('compression', () => {
  const decode = (answer: Answer) => {
    const encoding = answer.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(answer.rawPayload).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(answer.rawPayload).toString('utf8');
    return answer.rawPayload.toString('utf8');
  };

  it('compresses a JSON list and a CSV export with brotli or gzip when asked, the ETag unchanged', async () => {
    for (const url of ['/api/products', '/api/products/export', '/api/conversations/export']) {
      const identity = await get(url);
      expect(identity.statusCode).toBe(200);
      expect(identity.headers['content-encoding'], url).toBeUndefined();
      if (url === '/api/products') expect(identity.body.length).toBeGreaterThan(1024);
      for (const [asked, expected] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
        ['br;q=0.1, gzip', 'gzip'],
        ['identity', undefined],
        ['', undefined],
      ] as const) {
        const answer = await get(url, { 'accept-encoding': asked });
        expect(answer.statusCode, `${url} ${asked}`).toBe(200);
        expect(answer.headers['content-encoding'], `${url} Accept-Encoding: ${asked}`).toBe(expected);
        expect(decode(answer), `${url} ${asked}`).toBe(identity.body);
        expect(answer.headers.etag).toBe(identity.headers.etag);
        if (expected) expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      }
    }
    const tag = String((await get('/api/products')).headers.etag);
    const notModified = await get('/api/products', { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.rawPayload.length).toBe(0);
  });

  /** The window a brotli stream declares in its first bits (RFC 7932, section 9.1), as log2 of its size. */
  const brotliWindowBits = (stream: Buffer) => {
    const bits = stream[0];
    if ((bits & 1) === 0) return 16;
    const n = (bits >> 1) & 7;
    if (n !== 0) return 17 + n;
    const m = (bits >> 4) & 7;
    return m === 0 ? 17 : m === 1 ? NaN : 8 + m;
  };

  it("compresses with brotli's 256 KB window, not its 4 MB default (memory during long exports)", async () => {
    for (const url of ['/api/conversations/export', '/api/products/export']) {
      const answer = await get(url, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(brotliWindowBits(answer.rawPayload), url).toBe(18);
    }
  });
});
