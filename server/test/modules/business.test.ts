// The business profile quotes print: its defaults, saving it, its checks, and
// the logo upload (PNG or JPEG by their bytes, at most 1 MB).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart, PNG, startTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(server.app.contractViolations).toEqual([]);
  await server.close();
});

const saved = {
  name: 'Stone & Sinks',
  phone: '+254 712 345 678',
  email: 'sales@stoneandsinks.co.ke',
  address: 'Mombasa Road, Nairobi',
  quoteDepositPercent: 40,
  quoteValidityDays: 10,
};

async function call(method: 'GET' | 'PUT', payload?: unknown) {
  const response = await server.app.inject({
    method,
    url: '/api/business',
    payload: payload as object,
    headers: { cookie: server.cookie },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}

async function upload(bytes: Buffer, filename = 'logo.png', type = 'image/png') {
  const form = new FormData();
  form.set('logo', new Blob([new Uint8Array(bytes)], { type }), filename);
  const body = await multipart(form);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/business/logo',
    payload: body.payload,
    headers: { ...body.headers, cookie: server.cookie },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}

describe('business profile', () => {
  it('answers the defaults until saved, with the name the dashboard shows', async () => {
    expect(await call('GET')).toEqual({
      status: 200,
      body: {
        name: 'Stone & Sinks',
        phone: '',
        email: '',
        address: '',
        logoUrl: null,
        quoteDepositPercent: 50,
        quoteValidityDays: 14,
      },
    });
  });

  it('saves every field and keeps it', async () => {
    expect(await call('PUT', saved)).toEqual({ status: 200, body: { ...saved, logoUrl: null } });
    expect((await call('GET')).body).toEqual({ ...saved, logoUrl: null });
    expect((await call('PUT', { ...saved, email: '', name: 'Granite House' })).body).toMatchObject({
      name: 'Granite House',
      email: '',
    });
  });

  it('refuses what breaks a rule with a plain message and saves nothing', async () => {
    expect(await call('PUT', { ...saved, email: 'not an email' })).toEqual({
      status: 400,
      body: { message: 'Email must be an email address, or empty' },
    });
    expect((await call('PUT', { ...saved, name: '   ' })).status).toBe(400);
    expect((await call('PUT', { ...saved, name: '' })).status).toBe(422);
    expect((await call('PUT', { ...saved, name: 'x'.repeat(81) })).status).toBe(422);
    expect((await call('PUT', { ...saved, quoteDepositPercent: 101 })).status).toBe(422);
    expect((await call('PUT', { ...saved, quoteValidityDays: 0 })).status).toBe(422);
    expect((await call('PUT', { ...saved, quoteValidityDays: 91 })).status).toBe(422);
    expect((await call('PUT', { ...saved, logoUrl: '/uploads/x.png' })).status).toBe(422);
    expect((await call('GET')).body).toMatchObject({ name: 'Stone & Sinks', email: '' });
  });

  it('takes a PNG or JPEG logo by its bytes, serves it, and replaces the one before', async () => {
    const first = await upload(PNG);
    expect(first.status).toBe(200);
    const url = first.body.logoUrl as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await server.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // A JPEG's bytes under a misleading name and type are still a JPEG.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const second = await upload(jpeg, 'logo.gif', 'image/gif');
    expect(second.body.logoUrl).toMatch(/\.jpg$/);
    expect(existsSync(join(server.dataDir, 'uploads', url.slice('/uploads/'.length)))).toBe(false);
    // Saving the profile keeps the logo.
    expect((await call('PUT', saved)).body.logoUrl).toBe(second.body.logoUrl);
  });

  it('refuses a file that is not a PNG or JPEG, an empty one, or one over 1 MB (400)', async () => {
    expect(await upload(Buffer.from('GIF89a' + 'x'.repeat(20)), 'logo.gif', 'image/gif')).toEqual({
      status: 400,
      body: { message: 'The logo must be a PNG or JPEG image' },
    });
    expect(await upload(Buffer.from('%PDF-1.7 not an image'), 'logo.png')).toMatchObject({ status: 400 });
    expect(await upload(Buffer.alloc(0))).toEqual({ status: 400, body: { message: 'Choose a logo image to upload' } });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect(await upload(big)).toEqual({ status: 400, body: { message: 'The logo must be 1 MB or smaller' } });
    expect((await call('GET')).body.logoUrl).toBeNull();
  });
});
