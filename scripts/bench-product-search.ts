// `npx tsx scripts/bench-product-search.ts [count] [--no-dev]`: how fast the product
// search stays with a large catalogue (default 10,000 products, fixed seed).
//
// 1. The filter alone (src/features/products/search.ts) in Node.
// 2. The real screen in Chromium, production build (vite build + preview):
//    page.route answers /api/* with the fake catalogue, and each keystroke
//    typed into 'Search products...' is timed from its keydown to the first
//    frame after the table shows the new result (count line and first row
//    checked), at full speed and with the CPU slowed 4x (a modest laptop).
// 3. The same on the dev server, React's development build (skip with --no-dev).
// The browser figures include the measuring itself: a CDP round trip and up
// to one frame (~20 ms at full speed).
//
// Browser: CHROMIUM_PATH, else Playwright's own Chromium if installed, else
// /usr/bin/chromium. Prints figures only; nothing here asserts a time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/support/browser';
import { chromium, type Page } from '@playwright/test';
import { fakeProducts } from '../mocks/faker-data';
import type { Product } from '../src/api/generated/model/product';
import { createProductSearch, normalizeQuery } from '../src/features/products/search';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10_000);
const SEED = 4;
const QUERIES = ['black granite', 'stainless', 'quartz', 'xyz'];

const products: Product[] = fakeProducts(COUNT, { seed: SEED });

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
};
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;

function benchFilter() {
  console.log(`\n1. Filter in Node: ${COUNT.toLocaleString('en')} products (fakeProducts seed ${SEED})`);
  const t0 = performance.now();
  let search = createProductSearch(products);
  for (let i = 0; i < 9; i += 1) search = createProductSearch(products);
  console.log(`   building the search index: ${ms((performance.now() - t0) / 10)} (once per product list)`);
  for (const query of QUERIES) {
    const samples: number[] = [];
    for (let round = 0; round < 50; round += 1) {
      for (let i = 1; i <= query.length; i += 1) {
        const start = performance.now();
        search(query.slice(0, i));
        samples.push(performance.now() - start);
      }
    }
    const { median, p95 } = stats(samples);
    console.log(`   '${query}' (${search(query).length} matches), per keystroke: median ${ms(median)}, p95 ${ms(p95)}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}


/** What the screen must show once `query` has been applied: the count line and the first row. */
function expectedScreen(query: string) {
  const found = createProductSearch(products)(query);
  const count = normalizeQuery(query) ? `${found.length} of ${COUNT} products` : `${COUNT} products`;
  return { count, first: found[0]?.name ?? null };
}

type Keystroke = { echo: number; table: number };

/** Types `query` into the search box; per keystroke, ms from keydown to the frame showing the character, and to the frame showing the new table. */
async function typeQuery(page: Page, query: string): Promise<Keystroke[]> {
  const input = page.getByPlaceholder('Search products...');
  await input.fill('');
  await page.waitForFunction((text) => document.querySelector('[data-testid="product-count"]')?.textContent === text, `${COUNT} products`);
  const samples: Keystroke[] = [];
  for (let i = 1; i <= query.length; i += 1) {
    const expected = { ...expectedScreen(query.slice(0, i)), typed: query.slice(0, i) };
    await input.press(query[i - 1] === ' ' ? 'Space' : query[i - 1]);
    const sample = await page.evaluate(
      ({ count, first, typed }) =>
        new Promise<{ echo: number; table: number }>((resolve) => {
          const w = window as unknown as { __keydownAt: number };
          let echo = -1;
          const input = document.querySelector<HTMLInputElement>('#product-search')!;
          const tableShown = () =>
            document.querySelector('[data-testid="product-count"]')?.textContent === count &&
            (document.querySelector('.product-table tbody tr .product-name')?.textContent ?? null) === first;
          // A change is seen in the frame after the DOM shows it.
          const check = () =>
            requestAnimationFrame(() => {
              const now = performance.now() - w.__keydownAt;
              if (echo < 0 && input.value === typed) echo = now;
              if (echo >= 0 && tableShown()) resolve({ echo, table: now });
              else check();
            });
          check();
        }),
      expected,
    );
    samples.push(sample);
  }
  return samples;
}

/** The app as users get it (vite build, served by vite preview) or as developers run it (vite dev, React's development build). */
async function startApp(mode: 'production' | 'development'): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  process.env.PORT = String(port);
  process.env.API_TARGET = '';
  const vite = await import('vite');
  const configFile = join(root, 'vite.config.ts');
  if (mode === 'development') {
    const server = await vite.createServer({ root, configFile, logLevel: 'error', server: { port, hmr: false } });
    await server.listen();
    return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
  }
  const outDir = await mkdtemp(join(tmpdir(), 'bench-product-search-'));
  await vite.build({ root, configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await vite.preview({ root, configFile, logLevel: 'error', build: { outDir }, preview: { port } });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

async function benchBrowser(mode: 'production' | 'development') {
  const app = await startApp(mode);
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (message) => message.type() === 'error' && console.error(`   [page] ${message.text().slice(0, 300)}`));
    const body = JSON.stringify(products);
    // tsx (esbuild keepNames) wraps named functions in __name(): give evaluated code one.
    await page.addInitScript('window.__name = (fn) => fn');
    await page.routeWebSocket(/\/ws$/, () => {}); // a silent socket: no realtime events
    await page.route((url) => url.pathname.startsWith('/api/'), (route) => {
      const path = new URL(route.request().url()).pathname;
      const json = (data: string, status = 200) => route.fulfill({ status, contentType: 'application/json', body: data });
      if (path === '/api/auth/me') return json(JSON.stringify({ id: 1, username: 'admin' }));
      if (path === '/api/products') return json(body);
      if (path === '/api/notifications/unread') return json('[]');
      return json(JSON.stringify({ message: 'not used by the benchmark' }), 404);
    });

    console.log(`\n${mode === 'production' ? 2 : 3}. The /products screen in Chromium, ${mode} build (${COUNT.toLocaleString('en')} products served by page.route)`);
    const loadStart = performance.now();
    await page.goto(`${app.url}/products`);
    await page.waitForFunction((text) => document.querySelector('[data-testid="product-count"]')?.textContent === text, `${COUNT} products`, { timeout: 120_000 });
    console.log(`   first visit until the table shows (incl. the contract check of the 10,000-product response): ${ms(performance.now() - loadStart)}`);
    console.log(`   rows in the DOM: ${await page.locator('.product-table tbody tr').count()} (one page)`);
    await page.evaluate(() => {
      const w = window as unknown as { __keydownAt: number };
      document.addEventListener('keydown', () => (w.__keydownAt = performance.now()), { capture: true });
    });

    const cdp = await page.context().newCDPSession(page);
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await typeQuery(page, 'warm up'); // JIT and first renders out of the way
      const all: Keystroke[] = [];
      for (const query of QUERIES) {
        const samples = await typeQuery(page, query);
        all.push(...samples);
        const table = stats(samples.map((s) => s.table));
        console.log(`   CPU x${rate} '${query}': keydown → table updated, median ${ms(table.median)}, max ${ms(table.max)} per keystroke`);
      }
      const echo = stats(all.map((s) => s.echo));
      const table = stats(all.map((s) => s.table));
      console.log(`   CPU x${rate} all ${all.length} keystrokes: keydown → character shown: median ${ms(echo.median)}, max ${ms(echo.max)}`);
      console.log(`   CPU x${rate} all ${all.length} keystrokes: keydown → table updated:   median ${ms(table.median)}, p95 ${ms(table.p95)}, max ${ms(table.max)}`);
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

benchFilter();
await benchBrowser('production');
if (!process.argv.includes('--no-dev')) await benchBrowser('development');
