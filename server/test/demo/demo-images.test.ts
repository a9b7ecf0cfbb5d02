// The demo catalogue's pictures: valid PNGs (read here by a decoder of the
// test's own), the same bytes for the same product, a stone in its colour,
// and a seeded database whose products point at files that are there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS, type DemoProduct } from '../../../common/demo-data';
import { installationImages, productImage } from '../../demo/images';
import { sniffImage } from '../../modules/products/images';
import { seedDemo } from '../../demo/seed';
import { startTestServer, type TestServer } from '../helpers';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// CRC-32 bit by bit, not by table: a second opinion on the encoder's.
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

type Png = { width: number; height: number; rgb: Uint8Array; chunks: string[] };

/** Reads an 8-bit RGB PNG, checking every chunk's CRC and undoing the row filters. */
function readPng(bytes: Buffer): Png {
  expect(bytes.subarray(0, 8)).toEqual(SIGNATURE);
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  let at = 8;
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    chunks.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      // 8 bits, RGB, deflate, standard filters, no interlace
      expect([...data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  expect(at).toBe(bytes.length);
  expect(chunks[0]).toBe('IHDR');
  expect(chunks.at(-1)).toBe('IEND');
  const stride = width * 3;
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(height * (1 + stride));
  const rgb = new Uint8Array(width * height * 3);
  const filters = new Set<number>();
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    filters.add(filter);
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= 3 ? rgb[y * stride + i - 3] : 0;
      const b = y > 0 ? rgb[(y - 1) * stride + i] : 0;
      const c = i >= 3 && y > 0 ? rgb[(y - 1) * stride + i - 3] : 0;
      rgb[y * stride + i] = (x + predict(filter, a, b, c)) & 0xff;
    }
  }
  for (const filter of filters) expect(filter).toBeLessThanOrEqual(4);
  return { width, height, rgb, chunks };
}

/** What a PNG row filter adds back: from the left (a), above (b) and above left (c). */
function predict(filter: number, a: number, b: number, c: number): number {
  switch (filter) {
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4: {
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    default:
      return 0;
  }
}

/** Mean red, green and blue, and the mean brightness (Rec. 709 luma). */
function mean({ rgb }: Png): { r: number; g: number; b: number; luma: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    r += rgb[i];
    g += rgb[i + 1];
    b += rgb[i + 2];
  }
  const n = rgb.length / 3;
  return { r: r / n, g: g / n, b: b / n, luma: (0.2126 * r + 0.7152 * g + 0.0722 * b) / n };
}

const byName = (name: string): DemoProduct => DEMO_PRODUCTS.find((p) => p.name === name)!;

describe('demo pictures', () => {
  const pictures = new Map<string, { image: Buffer; installations: Buffer[] }>();
  beforeAll(() => {
    for (const p of DEMO_PRODUCTS)
      pictures.set(p.name, { image: productImage(p), installations: installationImages(p) });
  });
  const decoded = (name: string) => readPng(pictures.get(name)!.image);

  it('are valid PNGs of the expected sizes, small enough to serve', () => {
    for (const [name, { image, installations }] of pictures) {
      const png = readPng(image);
      expect([png.width, png.height], name).toEqual([480, 360]);
      expect(image.length, name).toBeLessThan(256 * 1024);
      for (const bytes of installations) {
        const scene = readPng(bytes);
        expect([scene.width, scene.height], name).toEqual([640, 400]);
        expect(bytes.length, name).toBeLessThan(256 * 1024);
      }
    }
  });

  it('are the same bytes for the same product, and differ between products', () => {
    for (const name of ['Galaxy Black Granite', 'Carrara White Marble', 'Franke Stainless Steel Double Bowl Sink']) {
      const p = byName(name);
      expect(productImage({ ...p })).toEqual(pictures.get(name)!.image);
      expect(installationImages({ ...p })).toEqual(pictures.get(name)!.installations);
    }
    const images = [...pictures.values()].map(({ image }) => image.toString('base64'));
    expect(new Set(images).size).toBe(DEMO_PRODUCTS.length);
    const scenes = [...pictures.values()].flatMap(({ installations }) =>
      installations.map((b) => b.toString('base64')),
    );
    expect(new Set(scenes).size).toBe(scenes.length);
    // Two black granites differ in their pixels, not only somewhere in the bytes.
    const a = decoded('Absolute Black Granite').rgb;
    const b = decoded('Galaxy Black Granite').rgb;
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 24) differing++;
    expect(differing / a.length).toBeGreaterThan(0.05);
  });

  it('show a stone in its colour family', () => {
    expect(mean(decoded('Absolute Black Granite')).luma).toBeLessThan(45);
    expect(mean(decoded('Galaxy Black Granite')).luma).toBeLessThan(80);
    expect(mean(decoded('Kashmir White Granite')).luma).toBeGreaterThan(170);
    expect(mean(decoded('Carrara White Marble')).luma).toBeGreaterThan(200);
    expect(mean(decoded('Pure White Quartz')).luma).toBeGreaterThan(225);
    const calacatta = mean(decoded('Calacatta Gold Quartz'));
    expect(calacatta.luma).toBeGreaterThan(200);
    expect(calacatta.r).toBeGreaterThan(calacatta.b); // warm: the gold
    for (const name of ['Tan Brown Granite', 'Emperador Dark Marble']) {
      const brown = mean(decoded(name));
      expect(brown.luma, name).toBeLessThan(110);
      expect(brown.r, name).toBeGreaterThan(brown.g + 15);
      expect(brown.g, name).toBeGreaterThan(brown.b);
    }
    const grey = mean(decoded('Concrete Grey Quartz'));
    expect(grey.luma).toBeGreaterThan(100);
    expect(grey.luma).toBeLessThan(190);
    expect(Math.max(grey.r, grey.g, grey.b) - Math.min(grey.r, grey.g, grey.b)).toBeLessThan(8);
    // A granite composite sink is dark, a fireclay one white (both on the same light counter).
    expect(mean(decoded('Blanco Silgranit Single Bowl Sink')).luma).toBeLessThan(
      mean(decoded('Fireclay Farmhouse Sink')).luma - 60,
    );
  });

  it('have one or two installation pictures per stone and none per sink', () => {
    for (const p of DEMO_PRODUCTS) {
      const count = pictures.get(p.name)!.installations.length;
      if (p.category === 'sink') expect(count, p.name).toBe(0);
      else expect([1, 2], p.name).toContain(count);
    }
  });
});

describe('a seeded demo database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('gives every product a stored PNG, and every stone its installation pictures', async () => {
    expect(await seedDemo(server.database.db, server.app.services, { conversations: 2 })).toBe(true);
    const uploads = join(server.dataDir, 'uploads');
    const stored = (url: string) => {
      expect(url).toMatch(/^\/uploads\/[\w-]+\.png$/);
      const file = join(uploads, basename(url));
      expect(existsSync(file), url).toBe(true);
      expect(sniffImage(readFileSync(file))).toEqual({ ext: 'png', mime: 'image/png' });
    };
    const res = await server.app.inject({ method: 'GET', url: '/api/products', headers: { cookie: server.cookie } });
    expect(res.statusCode).toBe(200);
    const products = res.json() as {
      name: string;
      category: string;
      productImageUrl: string | null;
      installationImageUrls: string[];
    }[];
    expect(products).toHaveLength(DEMO_PRODUCTS.length);
    for (const product of products) {
      stored(product.productImageUrl!);
      if (product.category === 'sink') expect(product.installationImageUrls, product.name).toEqual([]);
      else expect(product.installationImageUrls.length, product.name).toBeGreaterThan(0);
      product.installationImageUrls.forEach(stored);
    }
    // Served as any upload is.
    const image = await server.app.inject({ method: 'GET', url: products[0].productImageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // A second run finds the database seeded and draws nothing more.
    const files = readdirSync(uploads).length;
    expect(await seedDemo(server.database.db, server.app.services)).toBe(false);
    expect(readdirSync(uploads)).toHaveLength(files);
    expect(server.app.contractViolations.splice(0)).toEqual([]);
  });
});
