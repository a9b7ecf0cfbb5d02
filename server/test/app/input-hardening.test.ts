// Bad input is refused with a plain 4xx ErrorResponse: never a 500, never a
// database's own words, and nothing already stored is lost on the way.
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { neutralizeFormula } from '../../modules/products/csv';
import { multipart, PNG, startTestServer, type TestServer } from '../helpers';

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
type Answer = { statusCode: number; body: string; json: () => any; headers: Record<string, unknown> };

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'TRACE',
  url: string,
  payload?: object,
): Promise<Answer> => server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });

const send = async (method: 'POST' | 'PATCH', url: string, form: FormData): Promise<Answer> => {
  const body = await multipart(form);
  return server.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: server.cookie } });
};

/** A multipart body written by hand, for what FormData cannot express. */
const raw = (method: 'POST' | 'PATCH', url: string, body: string | Buffer, boundary = 'b'): Promise<Answer> =>
  server.app.inject({
    method,
    url,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: server.cookie },
  });

const HEADER =
  'Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs';

const importCsv = (csv: string) => {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  return send('POST', '/api/products/import', form);
};

function stoneForm(name: string): FormData {
  const form = new FormData();
  form.set('name', name);
  form.set('category', 'granite');
  form.set('startingPrice', '100');
  form.set('endingPrice', '200');
  return form;
}

const productNames = async (): Promise<string[]> =>
  (await call('GET', '/api/products')).json().map((p: { name: string }) => p.name);
const storedFiles = () => readdirSync(join(server.dataDir, 'uploads')).sort();
/** An ErrorResponse carrying a message and nothing a framework or database adds. */
const plainError = (res: Answer) => {
  const body = res.json();
  expect(Object.keys(body).filter((key) => key !== 'message' && key !== 'error')).toEqual([]);
  expect(body.message).toEqual(expect.any(String));
  return body as { message: string; error?: string };
};

describe('uploads', () => {
  it('refuses a file part the product form does not define, and stores nothing', async () => {
    const files = storedFiles();
    const form = stoneForm('Extra Part Granite');
    form.set('productImage', new Blob([PNG], { type: 'image/png' }), 'slab.png');
    form.append('padding', new Blob([Buffer.alloc(600 * 1024)]), 'padding.bin');
    const created = await send('POST', '/api/products', form);
    expect(created.statusCode).toBe(422);
    expect(plainError(created).message).toContain('padding');
    expect(await productNames()).not.toContain('Extra Part Granite');
    expect(storedFiles()).toEqual(files);

    const product = (await send('POST', '/api/products', stoneForm('Edited Granite'))).json();
    const edit = new FormData();
    edit.set('name', 'Renamed By Extra Part');
    edit.append('padding', new Blob([Buffer.alloc(1024)]), 'padding.bin');
    expect((await send('PATCH', `/api/products/${product.id}`, edit)).statusCode).toBe(422);
    expect((await call('GET', `/api/products/${product.id}`)).json().name).toBe('Edited Granite');

    const importForm = new FormData();
    importForm.set('file', new Blob([`${HEADER}\nquartz,Imported With Extra,,1 x 1,1,2,,,,`]), 'p.csv');
    importForm.append('padding', new Blob([Buffer.alloc(1024)]), 'padding.bin');
    const imported = await send('POST', '/api/products/import', importForm);
    expect(imported.statusCode).toBe(422);
    expect(await productNames()).not.toContain('Imported With Extra');
  });

  it('answers a refused upload at once over HTTP, and the connection stays usable', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const form = stoneForm('Over The Wire Granite');
    form.append('padding', new Blob([Buffer.alloc(8 * 1024 * 1024)]), 'padding.bin');
    const res = await fetch(`${base}/api/products`, { method: 'POST', body: form, headers: { cookie: server.cookie } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toContain('padding');
    const after = await fetch(`${base}/api/products`, { headers: { cookie: server.cookie } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { name: string }[]).map((p) => p.name)).not.toContain('Over The Wire Granite');
  });

  it('refuses a text field sent as a file part (a sent isActive=false is never lost) and a file field that is not an image', async () => {
    const form = stoneForm('Inactive Granite');
    form.set('isActive', new Blob(['false'], { type: 'text/plain' }), 'isActive.txt');
    const res = await send('POST', '/api/products', form);
    expect(res.statusCode).toBe(422);
    expect(plainError(res).message).toContain('isActive');
    expect(await productNames()).not.toContain('Inactive Granite');

    // A part without a filename is still the file: its bytes are not an image.
    const asText = stoneForm('Image As Text Granite');
    asText.set('productImage', 'https://example.com/slab.png');
    const notImage = await send('POST', '/api/products', asText);
    expect(notImage.statusCode).toBe(400);
    expect(plainError(notImage).message).toContain('PNG, JPEG, WebP or GIF');
    expect(await productNames()).not.toContain('Image As Text Granite');

    // As text, the same field is read as sent.
    const ok = stoneForm('Inactive Granite');
    ok.set('isActive', 'false');
    const created = await send('POST', '/api/products', ok);
    expect(created.statusCode).toBe(201);
    expect(created.json().isActive).toBe(false);
  });

  it('keeps an uploaded image that another product still points at (delete, replace, clear)', async () => {
    const form = stoneForm('Image Owner Granite');
    form.set('productImage', new Blob([PNG], { type: 'image/png' }), 'slab.png');
    const owner = (await send('POST', '/api/products', form)).json();
    const image: string = owner.productImageUrl;
    expect(image).toMatch(/^\/uploads\//);
    const served = async () => (await server.app.inject({ url: image })).statusCode;

    // A CSV row points at the owner's file; deleting that imported product keeps the file.
    expect(
      (await importCsv(`${HEADER}\ngranite,Borrowed Image Granite,,1 x 1,1,2,,,${image},${image}`)).json(),
    ).toMatchObject({ imported: 1, failed: 0 });
    const borrower = (await call('GET', '/api/products'))
      .json()
      .find((p: { name: string }) => p.name === 'Borrowed Image Granite');
    expect((await call('DELETE', `/api/products/${borrower.id}`)).statusCode).toBe(204);
    expect(await served()).toBe(200);

    // The other way round: a second product shares the file; the owner replaces, then clears its image.
    await importCsv(`${HEADER}\ngranite,Sharing Granite,,1 x 1,1,2,,,${image},`);
    const replace = new FormData();
    replace.set('productImage', new Blob([PNG], { type: 'image/png' }), 'new.png');
    const replaced = (await send('PATCH', `/api/products/${owner.id}`, replace)).json();
    expect(replaced.productImageUrl).not.toBe(image);
    expect(await served()).toBe(200);
    const sharing = (await call('GET', '/api/products'))
      .json()
      .find((p: { name: string }) => p.name === 'Sharing Granite');
    const clear = new FormData();
    clear.set('productImage', '');
    expect((await send('PATCH', `/api/products/${sharing.id}`, clear)).json().productImageUrl).toBeNull();
    // Now no product refers to it: the file goes.
    expect(await served()).toBe(404);
    // The owner's new image was not touched by any of this.
    expect((await server.app.inject({ url: replaced.productImageUrl })).statusCode).toBe(200);
  });

  it("imports image URLs only as http(s) or this server's /uploads/ files; other schemes fail their row", async () => {
    const csv = [
      HEADER,
      'granite,Script Image,,1 x 1,1,2,,,javascript:alert(document.cookie),',
      'granite,Data Image,,1 x 1,1,2,,,,"https://example.com/a.jpg;data:image/svg+xml;base64,PHN2Zz4="',
      'granite,Escaping Upload,,1 x 1,1,2,,,/uploads/../openapi.yaml,',
      'granite,Fine Image,,1 x 1,1,2,,,https://example.com/a.jpg,http://example.com/b.jpg',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ imported: 1, failed: 3 });
    expect(result.errors).toEqual([
      expect.stringMatching(/^Row 2: .*http/),
      expect.stringMatching(/^Row 3: .*http/),
      expect.stringMatching(/^Row 4: .*http/),
    ]);
    const names = await productNames();
    expect(names).toContain('Fine Image');
    expect(names).not.toContain('Script Image');
    expect(names).not.toContain('Data Image');
  });
});

describe('CSV export', () => {
  it('neutralizes a formula whose first non-blank character is =, + , - or @ (phone numbers stay usable)', async () => {
    expect(neutralizeFormula(' =1+1')).toBe("' =1+1");
    expect(neutralizeFormula('\n=1+1')).toBe("'\n=1+1");
    expect(neutralizeFormula('\r\t @SUM(A1)')).toBe("'\r\t @SUM(A1)");
    expect(neutralizeFormula(' +1+1')).toBe("' +1+1");
    expect(neutralizeFormula('+254712345678')).toBe('+254712345678');
    expect(neutralizeFormula(' +254712345678')).toBe("' +254712345678");
    expect(neutralizeFormula('+254712345678+1')).toBe("'+254712345678+1");
    expect(neutralizeFormula('Absolute Black = best')).toBe('Absolute Black = best');

    const form = stoneForm(' =HYPERLINK("http://evil.example","x")');
    form.set('description', '\n=1+1');
    expect((await send('POST', '/api/products', form)).statusCode).toBe(201);
    const products = parse((await call('GET', '/api/products/export')).body) as string[][];
    const row = products.find((cells) => cells[1].includes('HYPERLINK'))!;
    expect(row[1]).toBe(`' =HYPERLINK("http://evil.example","x")`);
    // A form's text travels with CRLF line breaks.
    expect(row[7]).toMatch(/^'\r?\n=1\+1$/);

    await server.app.services.inbound.customerMessage('+254700111222', ' =cmd|calc', 'Hello');
    const conversations = parse((await call('GET', '/api/conversations/export')).body) as string[][];
    const conversation = conversations.find((cells) => cells[1] === '+254700111222')!;
    expect(conversation[0]).toBe("' =cmd|calc");
  });
});

describe('bad input is a plain 4xx', () => {
  it('refuses NUL characters in sign-in, search, JSON bodies and product forms with a plain message', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ad\u0000min', password: 'whatever-password' },
    });
    expect(login.statusCode).toBe(422);
    expect(plainError(login).message).toMatch(/NUL/);
    for (const query of ['productMentioned=%00', 'customerPhone=0722%00']) {
      const search = await call('GET', `/api/conversations/search?${query}`);
      expect(search.statusCode, query).toBe(422);
      expect(plainError(search).message).toMatch(/NUL/);
    }
    const settings = await call('PATCH', '/api/follow-ups/settings', {
      enabled: true,
      hoursUntilFollowUp: 24,
      followUpMessage: 'Hi\u0000there',
    });
    expect(settings.statusCode).toBe(422);
    const product = await send('POST', '/api/products', stoneForm('Nul\u0000Granite'));
    expect(product.statusCode).toBe(422);
    expect(plainError(product).message).toMatch(/NUL/);
  });

  it('refuses text that begins with a byte-order mark, which the embedded database would not give back as saved', async () => {
    const before = (await call('GET', '/api/follow-ups/settings')).json();
    const settings = await call('PATCH', '/api/follow-ups/settings', {
      enabled: false,
      hoursUntilFollowUp: 1,
      followUpMessage: '\uFEFFHello',
    });
    expect(settings.statusCode).toBe(422);
    expect(plainError(settings).message).toMatch(/byte-order mark/);
    expect((await call('GET', '/api/follow-ups/settings')).json()).toEqual(before);
    const product = await send('POST', '/api/products', stoneForm('\uFEFF'));
    expect(product.statusCode).toBe(422);
    // Inside the text it is an ordinary character, kept as sent.
    const inside = await call('PATCH', '/api/follow-ups/settings', { ...before, followUpMessage: 'Hello\uFEFFthere' });
    expect(inside.statusCode).toBe(200);
    expect((await call('GET', '/api/follow-ups/settings')).json().followUpMessage).toBe('Hello\uFEFFthere');
  });

  it("reports a CSV row holding a NUL character as that row's error, in plain words", async () => {
    const res = await importCsv(
      `${HEADER}\ngranite,Nul\u0000Row,,1 x 1,1,2,,,,\nquartz,Clean Row After Nul,,1 x 1,1,2,,,,`,
    );
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ imported: 1, failed: 1 });
    expect(result.errors).toEqual([expect.stringMatching(/^Row 2: .*NUL/)]);
    expect(result.errors[0]).not.toMatch(/UTF8|encoding|byte sequence/i);
  });

  it('answers 400 "Invalid id" for ids beyond the database\'s integer range or longer than 100 characters', async () => {
    for (const id of ['2147483648', '99999999999999999999', '1'.repeat(101)]) {
      const res = await call('GET', `/api/products/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(plainError(res).message).toMatch(/^Invalid id/);
    }
    expect((await call('GET', '/api/products/2147483647')).statusCode).toBe(404);
    const bad = await call('GET', '/api/products/%zz');
    expect(bad.statusCode).toBe(400);
    plainError(bad);
  });

  it("refuses a stock beyond the database's integer range, or not written in digits, with 422", async () => {
    for (const stock of ['2147483648', '0x10', '1e3', ' 5']) {
      const form = stoneForm(`Stock ${stock} Granite`);
      form.set('stock', stock);
      const res = await send('POST', '/api/products', form);
      expect(res.statusCode, stock).toBe(422);
      plainError(res);
    }
    const product = (await send('POST', '/api/products', stoneForm('Stocked Granite'))).json();
    const edit = new FormData();
    edit.set('stock', '9999999999');
    expect((await send('PATCH', `/api/products/${product.id}`, edit)).statusCode).toBe(422);
    const max = new FormData();
    max.set('stock', '2147483647');
    expect((await send('PATCH', `/api/products/${product.id}`, max)).json().stock).toBe(2147483647);
  });

  it('refuses a search date the server cannot represent with 422', async () => {
    const res = await call('GET', '/api/conversations/search?startDate=2026-12-31T23:59:60Z');
    expect(res.statusCode).toBe(422);
    plainError(res);
  });

  it('accepts a CSV file of at most 2 MB, the limit the contract and the dashboard state', async () => {
    const row = `\ngranite,Big File Row,,1 x 1,1,2,,`;
    // One row whose description pads the file to exactly `bytes` bytes.
    const fill = (bytes: number) => `${HEADER}${row}${'x'.repeat(bytes - HEADER.length - row.length - 2)},,`;
    const over = await importCsv(fill(2 * 1024 * 1024 + 1));
    expect(over.statusCode).toBe(400);
    expect(plainError(over).error).toMatch(/2 MB/);
    // At the limit the file is read (its one row fails on its own merits).
    const at = await importCsv(fill(2 * 1024 * 1024));
    expect(at.statusCode).toBe(200);
    expect(at.json()).toMatchObject({ imported: 0, failed: 1 });
  });

  it('validates JSON bodies as sent: no type coercion', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ['admin'], password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(422);
    expect(login.cookies).toEqual([]);
    const before = (await call('GET', '/api/follow-ups/settings')).json();
    for (const body of [
      { enabled: true, hoursUntilFollowUp: 24, followUpMessage: false },
      { enabled: 0, hoursUntilFollowUp: 24, followUpMessage: 'Hello' },
      { enabled: null, hoursUntilFollowUp: 24, followUpMessage: 'Hello' },
      { enabled: true, hoursUntilFollowUp: '24', followUpMessage: 'Hello' },
    ]) {
      const res = await call('PATCH', '/api/follow-ups/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      plainError(res);
    }
    expect((await call('GET', '/api/follow-ups/settings')).json()).toEqual(before);
    // Query strings are text by nature and still read as numbers.
    expect((await call('GET', '/api/analytics/timeline?days=7')).json()).toHaveLength(7);
  });

  it('answers a malformed multipart body with 400 on create, edit and import', async () => {
    const product = (await send('POST', '/api/products', stoneForm('Malformed Target Granite'))).json();
    const bodies = ['--b\r\n\r\nvalue\r\n--b', '--b\r\n\r\n', 'not multipart at all'];
    for (const body of bodies) {
      for (const [method, url] of [
        ['POST', '/api/products'],
        ['PATCH', `/api/products/${product.id}`],
        ['POST', '/api/products/import'],
      ] as const) {
        const res = await raw(method, url, body);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
        plainError(res);
      }
    }
    const noBoundary = await server.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data', cookie: server.cookie },
    });
    expect(noBoundary.statusCode).toBe(400);
    plainError(noBoundary);

    // A well-formed form with one part that has no headers: that part would be dropped unread.
    const field = (name: string, value: string) =>
      `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const fields =
      field('name', 'Headerless Part Granite') +
      field('category', 'granite') +
      field('startingPrice', '1') +
      field('endingPrice', '2');
    for (const body of [
      `--b\r\n\r\norphan\r\n${fields}--b--\r\n`,
      `${fields}--b\r\n\r\norphan\r\n--b--\r\n`,
      `${fields}--b\r\nContent-Type: text/plain\r\n\r\norphan\r\n--b--\r\n`,
    ]) {
      const res = await raw('POST', '/api/products', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(plainError(res).message).toMatch(/Content-Disposition/);
    }
    expect(await productNames()).not.toContain('Headerless Part Granite');
    // The same form without the stray part is taken.
    expect((await raw('POST', '/api/products', `${fields}--b--\r\n`)).statusCode).toBe(201);
  });

  it('imports a file part sent without a filename, and refuses a second file with 422', async () => {
    const withoutName = new FormData();
    withoutName.set('file', `${HEADER}\nquartz,Nameless Upload Quartz,,1 x 1,1,2,,,,`);
    const res = await send('POST', '/api/products/import', withoutName);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, failed: 0 });

    const two = new FormData();
    two.append('file', new Blob([`${HEADER}\nquartz,First Of Two,,1 x 1,1,2,,,,`]), 'a.csv');
    two.append('file', new Blob([`${HEADER}\nquartz,Second Of Two,,1 x 1,1,2,,,,`]), 'b.csv');
    const refused = await send('POST', '/api/products/import', two);
    expect(refused.statusCode).toBe(422);
    expect(plainError(refused).message).toMatch(/one/i);
    const names = await productNames();
    expect(names).not.toContain('First Of Two');
    expect(names).not.toContain('Second Of Two');
  });

  it('answers 405 with Allow for a method a contract path does not declare', async () => {
    const put = await call('PUT', '/api/products');
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST');
    plainError(put);
    const trace = await call('TRACE', '/api/products/1');
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    // A concrete path is matched before /api/products/{id}, which takes PATCH and DELETE.
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, '/api/products/export');
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
    // No session is needed to learn which methods a path takes.
    const anonymous = await server.app.inject({ method: 'DELETE', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(405);
    expect(anonymous.headers.allow).toBe('GET, HEAD');
    expect((await call('GET', '/api/nothing-here')).statusCode).toBe(404);
  });

  it('answers framework refusals (header too large, body too large, wrong media type) with an ErrorResponse', async () => {
    const tooLarge = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(tooLarge.statusCode).toBe(400);
    plainError(tooLarge);
    const xml = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(422);
    plainError(xml);

    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/api/auth/me', headers: { 'x-big': 'a'.repeat(64 * 1024) } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
  });
});
