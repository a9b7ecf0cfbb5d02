// What the product and import forms take that the contract once left unsaid:
// file parts without a filename (RFC 7578 makes it optional), extra text parts
// on the import form, and stock / isActive sent empty. openapi.yaml,
// ProductCreateForm, ProductUpdateForm and ProductImportForm.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PNG, startTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  const violations = server.app.contractViolations.splice(0);
  expect(violations).toEqual([]);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of JSON bodies
type Answer = { statusCode: number; body: string; json: () => any };

/** One multipart part as written: a text field, or a file with or without a filename. */
type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

const BOUNDARY = 'form-boundary-7MA4YWxk';

function body(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'latin1'));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const send = (method: 'POST' | 'PATCH', url: string, parts: Part[]): Promise<Answer> =>
  server.app.inject({
    method,
    url,
    payload: body(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie: server.cookie },
  });

const get = (url: string): Promise<Answer> => server.app.inject({ url, headers: { cookie: server.cookie } });

/** A refusal the contract documents: 4xx with an ErrorResponse holding a plain message. */
function refusal(res: Answer, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  const { message } = res.json() as { message: string };
  expect(typeof message).toBe('string');
  expect(message).not.toMatch(/\n|\bat \S+:\d+|FST_|busboy/);
  return message;
}

const stone = (name: string): Part[] => [
  { name: 'name', value: name },
  { name: 'category', value: 'granite' },
  { name: 'startingPrice', value: '100' },
  { name: 'endingPrice', value: '200' },
];

const productNames = async () => (await get('/api/products')).json().map((p: { name: string }) => p.name) as string[];

const HEADER =
  'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs';
const csvFile = (name: string): Part => ({
  name: 'file',
  value: `${HEADER}\r\nquartz,${name},,1 x 1,1,2,,,,\r\n`,
  filename: 'products.csv',
  type: 'text/csv',
});

describe('an image part without a filename', () => {
  it('is taken as the image on create and on update, its type read from its bytes', async () => {
    const created = await send('POST', '/api/products', [
      ...stone('Nameless Image Granite'),
      { name: 'productImage', value: PNG, type: 'image/png' },
      { name: 'installationImages', value: PNG },
      { name: 'installationImages', value: PNG, type: 'application/octet-stream' },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product.productImageUrl).toMatch(/^\/uploads\/[\w-]+\.png$/);
    expect(product.installationImageUrls).toHaveLength(2);
    const image = await server.app.inject({ url: product.productImageUrl });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const updated = await send('PATCH', `/api/products/${product.id}`, [{ name: 'productImage', value: PNG }]);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().productImageUrl).toMatch(/^\/uploads\/[\w-]+\.png$/);
    expect(updated.json().productImageUrl).not.toBe(product.productImageUrl);
  });

  it('is refused with 400 when its bytes are not an image, as one with a filename is; nothing is stored', async () => {
    for (const type of [undefined, 'image/png', 'text/plain']) {
      const res = await send('POST', '/api/products', [
        ...stone('Not An Image Granite'),
        { name: 'productImage', value: 'https://example.com/slab.png', ...(type ? { type } : {}) },
      ]);
      expect(refusal(res, 400)).toContain('PNG, JPEG, WebP or GIF');
    }
    expect(await productNames()).not.toContain('Not An Image Granite');
  });

  it('sent empty removes the image on update and is left out on create', async () => {
    const created = await send('POST', '/api/products', [
      ...stone('Empty Image Part Granite'),
      { name: 'productImage', value: '' },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().productImageUrl).toBeNull();
    const id = created.json().id;
    await send('PATCH', `/api/products/${id}`, [{ name: 'productImage', value: PNG, filename: 'a.png' }]);
    const cleared = await send('PATCH', `/api/products/${id}`, [{ name: 'productImage', value: '' }]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().productImageUrl).toBeNull();
  });

  it('still makes a text field sent with a filename a refused file part', async () => {
    const res = await send('POST', '/api/products', [
      ...stone('Name As File Granite').filter((part) => part.name !== 'endingPrice'),
      { name: 'endingPrice', value: '200', filename: 'price.txt', type: 'text/plain' },
    ]);
    expect(refusal(res, 422)).toContain('endingPrice');
    expect(await productNames()).not.toContain('Name As File Granite');
  });
});

describe('the import form', () => {
  const extras = (count: number, value = 'x'): Part[] =>
    Array.from({ length: count }, (_, i) => ({ name: `note${i}`, value }));

  it('ignores other text parts, up to 20 parts in all (the file included)', async () => {
    const res = await send('POST', '/api/products/import', [
      ...extras(10),
      csvFile('Extra Fields Quartz'),
      ...extras(9),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, failed: 0 });
  });

  it('ignores what the other parts hold: a NUL, 100 KB of text', async () => {
    const res = await send('POST', '/api/products/import', [
      { name: 'nul', value: 'a\u0000b' },
      { name: 'big', value: 'y'.repeat(100 * 1024) },
      csvFile('Hostile Extras Quartz'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, failed: 0 });
  });

  it('refuses a form of more than 20 parts with 422 and imports nothing', async () => {
    for (const parts of [
      [csvFile('Too Many Parts Quartz'), ...extras(20)],
      [...extras(20), csvFile('Too Many Parts Quartz')],
    ]) {
      const res = await send('POST', '/api/products/import', parts);
      expect(refusal(res, 422)).toMatch(/too many fields: send at most 20 parts/);
    }
    expect(await productNames()).not.toContain('Too Many Parts Quartz');
  });

  it('takes the file without a filename, read as a file (its size limit, not a text field’s)', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => `quartz,Long Import ${i},,1 x 1,1,2,,${'d'.repeat(1000)},,`);
    const csv = `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(64 * 1024);
    const res = await send('POST', '/api/products/import', [{ name: 'file', value: csv }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 80, failed: 0 });
  });
});

describe('stock and isActive sent empty', () => {
  it('are refused with 422 on create, as on update; left out they take their defaults', async () => {
    for (const field of ['isActive', 'stock']) {
      const res = await send('POST', '/api/products', [...stone(`Empty ${field} Granite`), { name: field, value: '' }]);
      expect(refusal(res, 422)).toContain(`form/${field}`);
      expect(await productNames()).not.toContain(`Empty ${field} Granite`);
    }
    const defaults = await send('POST', '/api/products', stone('Defaults Granite'));
    expect(defaults.statusCode).toBe(201);
    expect(defaults.json()).toMatchObject({ isActive: true, stock: 0 });
  });

  it('are refused with 422 on update and nothing changes', async () => {
    const created = await send('POST', '/api/products', [
      ...stone('Kept Status Granite'),
      { name: 'isActive', value: 'false' },
      { name: 'stock', value: '7' },
    ]);
    const id = created.json().id;
    for (const field of ['isActive', 'stock']) {
      const res = await send('PATCH', `/api/products/${id}`, [
        { name: 'dimensions', value: '1 x 2' },
        { name: field, value: '' },
      ]);
      expect(refusal(res, 422)).toContain(`form/${field}`);
    }
    expect((await get(`/api/products/${id}`)).json()).toMatchObject({ isActive: false, stock: 7, dimensions: null });
  });

  it('are like every field that cannot be cleared: name sent empty to an update is 422 too', async () => {
    const id = (await send('POST', '/api/products', stone('Named Granite'))).json().id;
    for (const field of ['name', 'category', 'startingPrice', 'endingPrice']) {
      const res = await send('PATCH', `/api/products/${id}`, [{ name: field, value: '' }]);
      expect(refusal(res, 422)).toBe(`Invalid request: form/${field} cannot be empty`);
    }
    // An optional field sent empty is read as left out on create and cleared on update.
    const created = await send('POST', '/api/products', [
      ...stone('Optional Empty Granite'),
      { name: 'color', value: '' },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().color).toBeNull();
    const cleared = await send('PATCH', `/api/products/${id}`, [{ name: 'color', value: '' }]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ name: 'Named Granite', color: null });
  });
});
