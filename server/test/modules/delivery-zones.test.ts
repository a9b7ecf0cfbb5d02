// Settings → Delivery: zones (unique names whatever their case or accents,
// fees kept in cents), pickup, the answers to bad input (4xx, nothing stored
// lost), and the lookup the chatbot uses to find a zone in a message.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie: server.cookie } });
const list = async () => (await call('GET', '/api/delivery-zones')).json();
const zones = () => server.app.services.deliveryZones;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await sql`truncate delivery_zones, delivery_pickup restart identity cascade`.execute(server.database.db);
});

const THIKA = { name: 'Thika', places: ['Thika town', 'Makongeni'], fee: 4500, leadDays: 2 };

describe('delivery zones', () => {
  it('starts with no zone and pickup off', async () => {
    const answer = await call('GET', '/api/delivery-zones');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ zones: [], pickup: { enabled: false, location: '', leadDays: 0 } });
  });

  it('adds, lists by name, changes and deletes a zone; the fee keeps its cents', async () => {
    const created = await call('POST', '/api/delivery-zones', THIKA);
    expect(created.statusCode).toBe(201);
    const thika = created.json();
    expect(thika).toEqual({ id: expect.any(Number), ...THIKA });
    await call('POST', '/api/delivery-zones', { name: 'Embakasi', fee: 2000.55, leadDays: 0 });
    expect(
      (await list()).zones.map((z: { name: string; fee: number; places: string[] }) => [z.name, z.fee, z.places]),
    ).toEqual([
      ['Embakasi', 2000.55, []],
      ['Thika', 4500, ['Thika town', 'Makongeni']],
    ]);

    const updated = await call('PATCH', `/api/delivery-zones/${thika.id}`, { fee: 4800, leadDays: 3 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...thika, fee: 4800, leadDays: 3 });

    expect((await call('DELETE', `/api/delivery-zones/${thika.id}`)).statusCode).toBe(204);
    expect((await list()).zones.map((z: { name: string }) => z.name)).toEqual(['Embakasi']);
  });

  it('refuses a second zone with the same name, whatever its case or accents (409), and keeps the first', async () => {
    await call('POST', '/api/delivery-zones', THIKA);
    const again = await call('POST', '/api/delivery-zones', { ...THIKA, name: '  THÍKA ', fee: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There is already a delivery zone named "Thika"');
    const other = (await call('POST', '/api/delivery-zones', { name: 'Ruiru', fee: 3000, leadDays: 1 })).json();
    const renamed = await call('PATCH', `/api/delivery-zones/${other.id}`, { name: 'thika' });
    expect(renamed.statusCode).toBe(409);
    expect((await list()).zones).toEqual([
      { id: other.id, name: 'Ruiru', places: [], fee: 3000, leadDays: 1 },
      { id: expect.any(Number), ...THIKA },
    ]);
  });

  it('answers bad input with 4xx and a plain message, and loses nothing stored', async () => {
    const thika = (await call('POST', '/api/delivery-zones', THIKA)).json();
    const bad: object[] = [
      { ...THIKA, name: 'Nakuru', fee: -1 },
      { ...THIKA, name: 'Nakuru', fee: 1_000_001 },
      { ...THIKA, name: 'Nakuru', fee: 10.555 },
      { ...THIKA, name: 'Nakuru', leadDays: 61 },
      { ...THIKA, name: 'Nakuru', leadDays: 1.5 },
      { ...THIKA, name: '' },
      { ...THIKA, name: '   ' },
      { ...THIKA, name: '!!!' },
      { ...THIKA, name: 'x'.repeat(61) },
      { ...THIKA, name: 'Nakuru', places: Array.from({ length: 31 }, (_, i) => `Place ${i}`) },
      { ...THIKA, name: 'Nakuru', places: [''] },
      { ...THIKA, name: 'Nakuru', places: ['y'.repeat(61)] },
      { name: 'Nakuru', fee: 100 },
      { ...THIKA, name: 'Nakuru', colour: 'red' },
    ];
    for (const body of bad) {
      const answer = await call('POST', '/api/delivery-zones', body);
      expect([400, 422], JSON.stringify(body)).toContain(answer.statusCode);
      expect(typeof answer.json().message).toBe('string');
    }
    for (const body of [{}, { fee: -5 }, { name: '' }, { fee: 1.001 }, { places: [''] }]) {
      const answer = await call('PATCH', `/api/delivery-zones/${thika.id}`, body);
      expect([400, 422], JSON.stringify(body)).toContain(answer.statusCode);
    }
    expect((await list()).zones).toEqual([thika]);
  });

  it('keeps at most 200 zones (409 after that)', async () => {
    await server.database.db
      .insertInto('delivery_zones')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          name: `Zone ${i}`,
          name_key: `zone ${i}`,
          places: '[]',
          fee_cents: 100,
          lead_days: 1,
        })),
      )
      .execute();
    const full = await call('POST', '/api/delivery-zones', THIKA);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('You can keep up to 200 delivery zones: delete one first');
    expect((await list()).zones).toHaveLength(200);
  });

  it('answers 404 for an unknown zone and 400 for an id that is not one', async () => {
    expect((await call('PATCH', '/api/delivery-zones/999', { fee: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/delivery-zones/999')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/delivery-zones/abc')).statusCode).toBe(400);
  });

  it('keeps each place once, trimmed, and not the zone name again', async () => {
    const zone = (
      await call('POST', '/api/delivery-zones', {
        name: 'Kitengela',
        places: [' Kitengela ', 'Isinya', 'ISINYA', 'Kitengela  town'],
        fee: 3500,
        leadDays: 2,
      })
    ).json();
    expect(zone.places).toEqual(['Isinya', 'Kitengela town']);
  });
});

describe('pickup', () => {
  it('saves and reads pickup; needs a place to collect while on', async () => {
    const saved = await call('PUT', '/api/delivery-pickup', {
      enabled: true,
      location: 'Our yard on Mombasa Road, Nairobi',
      leadDays: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ enabled: true, location: 'Our yard on Mombasa Road, Nairobi', leadDays: 1 });
    const refused = await call('PUT', '/api/delivery-pickup', { enabled: true, location: '  ', leadDays: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/collect/);
    expect((await call('PUT', '/api/delivery-pickup', { enabled: true, location: 'x', leadDays: 61 })).statusCode).toBe(
      422,
    );
    expect((await list()).pickup).toEqual({
      enabled: true,
      location: 'Our yard on Mombasa Road, Nairobi',
      leadDays: 1,
    });
    const off = await call('PUT', '/api/delivery-pickup', { enabled: false, location: '', leadDays: 0 });
    expect(off.json()).toEqual({ enabled: false, location: '', leadDays: 0 });
  });
});

describe('findZoneFor, the chatbot’s lookup', () => {
  beforeEach(async () => {
    for (const zone of [
      THIKA,
      { name: 'Nakuru', places: ['Lanet'], fee: 9500, leadDays: 3 },
      { name: 'Kitengela', fee: 3500, leadDays: 2 },
      { name: 'Nairobi CBD', places: ['Town'], fee: 1500, leadDays: 1 },
      { name: 'Murang’a', fee: 6000, leadDays: 2 },
    ])
      await call('POST', '/api/delivery-zones', zone);
  });

  it('finds a zone by its name or a place, as whole words, whatever the case or accents', async () => {
    const found = async (text: string) => (await zones().findZoneFor(text))?.name ?? null;
    expect(await found('mnadeliver Nakuru?')).toBe('Nakuru');
    expect(await found('how much is transport to Thika')).toBe('Thika');
    expect(await found('tuletee KITENGELA')).toBe('Kitengela');
    expect(await found('deliver to makongeni pls')).toBe('Thika');
    expect(await found('Lanet, nakurú side')).toBe('Nakuru');
    expect(await found('can you bring it to nairobi cbd')).toBe('Nairobi CBD');
    expect(await found('Muranga? no: murang a')).toBe('Murang’a');
    expect(await found('Nakurus')).toBeNull();
    expect(await found('deliver to Kisumu')).toBeNull();
    expect(await found('')).toBeNull();
  });

  it('gives the fee in cents and the lead days; zoneById the same, null when unknown', async () => {
    const zone = await zones().findZoneFor('Nakuru');
    expect(zone).toEqual({ id: expect.any(Number), name: 'Nakuru', feeCents: 950000, leadDays: 3 });
    expect(await zones().zoneById(zone!.id)).toEqual(zone);
    expect(await zones().zoneById(99999)).toBeNull();
  });
});
