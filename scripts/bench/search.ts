// 10,000 products: keystroke in the search box → filtered table painted, in the app and in the
// baseline (a plain PrimeReact DataTable with its global filter), in the same browser, queries
// alternating between the two so machine load hits both alike.
import type { Browser, Page } from '@playwright/test';
import type { BenchData } from './api';
import { GLOBAL_FILTER_FIELDS } from './baseline/filter-fields';
import { openPage, untilFrame, watchFrames } from './page';

const QUERIES = ['black granite', 'stainless', 'quartz', 'xyz'];

type Screen = { input: string; ready: (query: string) => string };

/**
 * What the app shows once `query` applies: its count line and the first row's name. The
 * expected rows are worked out here, independently of the app's code: a product matches when
 * its name, category, colour or material holds the trimmed query, case aside.
 */
function appScreen(data: BenchData): Screen {
  const total = data.products.length;
  const search = (query: string) => {
    const needle = query.trim().toLowerCase();
    if (!needle) return data.products;
    return data.products.filter((p) =>
      [p.name, p.category, p.color, p.material].some((field) => !!field && field.toLowerCase().includes(needle)),
    );
  };
  return {
    input: '#product-search',
    ready: (query) => {
      const found = search(query);
      const count = query.trim() ? `${found.length} of ${total} products` : `${total} products`;
      const first = found[0]?.name ?? null;
      return `document.querySelector('[data-testid="product-count"]')?.textContent === ${JSON.stringify(count)} &&
        (document.querySelector('.product-table tbody tr .product-name')?.textContent ?? null) === ${JSON.stringify(first)}`;
    },
  };
}

/** PrimeReact's "contains" global filter: any of the fields holds the text, accents and case aside. */
function baselineScreen(data: BenchData): Screen {
  const fold = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLocaleLowerCase();
  return {
    input: '#baseline-search',
    ready: (query) => {
      const needle = fold(query);
      const found =
        query.trim() === ''
          ? data.products
          : data.products.filter((p) =>
              GLOBAL_FILTER_FIELDS.some((f) => {
                const value = (p as Record<string, unknown>)[f];
                return value !== null && value !== undefined && fold(String(value)).includes(needle);
              }),
            );
      const report = found.length ? `1 to ${Math.min(25, found.length)} of ${found.length}` : '0 to 0 of 0';
      const first = found[0]?.name ?? null;
      return `document.querySelector('.p-paginator-current')?.textContent === ${JSON.stringify(report)} &&
        ${first === null ? "!!document.querySelector('.p-datatable-emptymessage')" : `(document.querySelector('.p-datatable-tbody tr td')?.textContent ?? '').includes(${JSON.stringify(first)})`}`;
    },
  };
}

/** Types `query`; per keystroke, ms from its keydown to the frame showing the filtered table. */
async function typeQuery(page: Page, screen: Screen, query: string): Promise<number[]> {
  const input = page.locator(screen.input);
  await input.fill('');
  await untilFrame(page, screen.ready(''));
  const samples: number[] = [];
  for (let i = 1; i <= query.length; i += 1) {
    samples.push(
      await watchFrames(page, screen.ready(query.slice(0, i)), 'input', () =>
        input.press(query[i - 1] === ' ' ? 'Space' : query[i - 1]),
      ),
    );
  }
  return samples;
}

export async function benchSearch(
  browser: Browser,
  data: BenchData,
  urls: { app: string; baseline: string },
  runs: number,
) {
  const ours: number[] = [];
  const base: number[] = [];
  const screens = { app: appScreen(data), baseline: baselineScreen(data) };
  for (let run = 0; run < runs; run += 1) {
    const app = await openPage(browser, data, `${urls.app}/products`);
    const baseline = await openPage(browser, data, urls.baseline);
    try {
      await untilFrame(app.page, screens.app.ready(''));
      await untilFrame(baseline.page, screens.baseline.ready(''));
      // JIT and first renders out of the way.
      await typeQuery(app.page, screens.app, 'warm up');
      await typeQuery(baseline.page, screens.baseline, 'warm up');
      for (const query of QUERIES) {
        ours.push(...(await typeQuery(app.page, screens.app, query)));
        base.push(...(await typeQuery(baseline.page, screens.baseline, query)));
      }
    } finally {
      await app.close();
      await baseline.close();
    }
  }
  return { ours, base };
}
