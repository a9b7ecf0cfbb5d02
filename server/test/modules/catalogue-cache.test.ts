// The whole catalogue (GET /api/products without a limit) is kept as one JSON
// text between changes: every way of changing products must show at once.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../../modules/products/routes';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.database.exec(`
    insert into products (name, category, starting_price, ending_price)
    select 'Slab ' || g, 'granite', 1000, 2000 from generate_series(1, 1500) as g`);
});
afterAll(async () => server?.close());

const names = async () => {
  const answer = await server.app.inject({ method: 'GET', url: '/api/products', headers: { cookie: server.cookie } });
  expect(answer.statusCode).toBe(200);
  const products = answer.json<{ id: number; name: string }[]>();
  expect(answer.headers['x-total-count']).toBe(String(products.length));
  return products;
};

describe('the whole catalogue', () => {
  it('is the same answer twice while nothing changes, longer than one batch', async () => {
    const first = await names();
    expect(first).toHaveLength(1500);
    expect(await names()).toEqual(first);
  });

  it('shows a product created, renamed or deleted through the API at once', async () => {
    const form = new FormData();
    form.set('name', 'Cached Quartz');
    form.set('category', 'quartz');
    form.set('startingPrice', '100');
    form.set('endingPrice', '200');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: server.cookie },
      payload: form,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await names())[0]).toMatchObject({ id, name: 'Cached Quartz' });

    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: { cookie: server.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    const after = await names();
    expect(after).toHaveLength(1500);
    expect(after.some((product) => product.id === id)).toBe(false);
  });

  it('shows a change made straight in the database (another instance, a script) at once', async () => {
    await names();
    await server.database.exec(`update products set name = 'Renamed in SQL' where name = 'Slab 7'`);
    expect((await names()).some((product) => product.name === 'Renamed in SQL')).toBe(true);
    await server.database.exec(`delete from products where name = 'Slab 8'`);
    expect(await names()).toHaveLength(1499);
  });
});

describe('the whole catalogue compressed', () => {
  const get = (encoding?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { cookie: server.cookie, ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
    });

  it('is the same catalogue in brotli, gzip or plain, whichever the browser takes, and follows a change', async () => {
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['x-total-count']).toBe(plain.headers['x-total-count']);

    await server.database.exec(`update products set name = 'Renamed while compressed' where name = 'Slab 9'`);
    const again = await get('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toContain('Renamed while compressed');
  });

  it('takes the coding the browser prefers and never one it refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.1, gzip')).toBe('gzip');
  });
});
