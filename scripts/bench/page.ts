// Browser-side measuring: a fresh page per run with the bench API, "first frame where X holds"
// on the page's own clock, and the moments the user's input and socket frames arrive.
import type { Browser, Page } from '@playwright/test';
import { serveApi, type BenchData, type ServedApi } from './api';

export type BenchPage = { page: Page; api: ServedApi; close: () => Promise<void> };

// The page records when the user's last keydown or click arrived (the listeners are added
// first, so they run before the app's own).
const RECORDER = `
  window.__name = (fn) => fn;
  addEventListener('keydown', () => (window.__inputAt = performance.now()), { capture: true });
  addEventListener('click', () => (window.__inputAt = performance.now()), { capture: true });
`;

export async function openPage(browser: Browser, data: BenchData, url?: string): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`   [page] ${message.text().slice(0, 300)}`);
  });
  await page.addInitScript(RECORDER);
  const api = await serveApi(page, data);
  if (url) await page.goto(url);
  return { page, api, close: () => context.close() };
}

/**
 * Resolves in the first animation frame where `predicate` (an expression) holds, with the ms since
 * `since`: a page-clock number, or '__inputAt' (the user's last keydown or click).
 */
export function frameWhen(page: Page, predicate: string, since: number | '__inputAt', timeout = 60_000): Promise<number> {
  return page.evaluate(
    ({ predicate, since, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const test = new Function(`return (${predicate})`) as () => boolean;
        const started = performance.now();
        const check = () =>
          requestAnimationFrame(() => {
            const now = performance.now();
            const from = typeof since === 'number' ? since : ((window as unknown as Record<string, number>)[since] ?? NaN);
            if (test()) resolve(now - from);
            else if (now - started > timeout) reject(new Error(`not seen within ${timeout} ms: ${predicate}`));
            else check();
          });
        check();
      }),
    { predicate, since, timeout },
  );
}

/** Nothing loading on the screen: no spinner, skeleton or "Loading" text in main. */
export const settled = `(!!document.querySelector('main') && !document.querySelector('.pi-spin, .p-skeleton') && !/Loading/.test(document.querySelector('main').innerText))`;

/** The JS heap in use after a full garbage collection (bytes). */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** The browser's own performance-timeline records (resource, paint and long-frame timings). */
const TIMELINE = /^(Performance\w*Timing|LargestContentfulPaint|InteractionContentfulPaint|TaskAttributionTiming|blink::ScriptTimingInfo|blink::NetworkResourcesData)/;

/**
 * The heap the app's own data and DOM hold, after a full garbage collection: a heap snapshot's
 * nodes without compiled code (V8 keeps optimising hot functions, so code grows for a while
 * in any page that runs) and without the browser's performance-timeline records.
 */
export async function heapObjectsAfterGc(page: Page): Promise<number> {
  await heapAfterGc(page);
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (event) => void chunks.push(event.chunk));
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const types = snapshot.snapshot.meta.node_types[0];
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    if (type === 'code') continue;
    if (type === 'native' && TIMELINE.test(snapshot.strings[snapshot.nodes[i + nameAt]])) continue;
    total += snapshot.nodes[i + sizeAt];
  }
  return total;
}
