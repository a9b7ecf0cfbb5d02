// Browser-side measuring: a fresh page per run with the bench API, and "first frame painted
// where X holds", timed on the page's own clock from the user's input or a given moment.
import type { Browser, Page } from '@playwright/test';
import { DEFERRED_LOAD_MS } from '../../src/lib/lazy/load-once';
import { serveApi, type BenchData, type ServedApi } from './api';

export type BenchPage = {
  page: Page;
  api: ServedApi;
  close: () => Promise<void>;
  /** Resolves once no script has loaded for a while, and not before the app's deferred downloads are due. */
  scriptsSettled: () => Promise<void>;
};

// The frame watch armed by `watchFrames`, run by the page itself; a watch for the user's input
// starts at the keydown or click (the listeners are added first, so they run before the app's).
const FRAME_WATCH = `
  window.__name = (fn) => fn;
  // Each predicate compiled once: a new Function per check would leave compiled code behind and
  // show up in the heap figures as growth the app does not cause.
  const predicates = new Map();
  const compile = (source) => {
    if (!predicates.has(source)) predicates.set(source, new Function('return (' + source + ')'));
    return predicates.get(source);
  };
  const startWatch = (from) => {
    const watch = window.__watch;
    if (!watch || watch.started) return;
    watch.started = true;
    const check = () =>
      requestAnimationFrame(() => {
        const now = performance.now();
        if (watch.test()) {
          // This frame paints the change: the figure ends once its rendering work (style,
          // layout, paint) is done, in the first task after it.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => watch.resolve(performance.now() - from);
          channel.port2.postMessage(null);
        } else if (now - from > watch.timeout) watch.reject(new Error('not seen within ' + watch.timeout + ' ms: ' + watch.source));
        else check();
      });
    check();
  };
  window.__armWatch = (source, timeout, startNow) => {
    const watch = { source, timeout, test: compile(source), started: false };
    watch.done = new Promise((resolve, reject) => Object.assign(watch, { resolve, reject }));
    watch.done.catch(() => undefined);
    window.__watch = watch;
    if (startNow) startWatch(performance.now());
  };
  const onInput = () => startWatch(performance.now());
  addEventListener('keydown', onInput, { capture: true });
  addEventListener('click', onInput, { capture: true });
`;

export async function openPage(browser: Browser, data: BenchData, url?: string): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`   [page] ${message.text().slice(0, 300)}`);
  });
  await page.addInitScript(FRAME_WATCH);
  const api = await serveApi(page, data);
  const openedAt = Date.now();
  let lastScriptAt = openedAt;
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') lastScriptAt = Date.now();
  });
  const scriptsSettled = async () => {
    // Code the app defers (DEFERRED_LOAD_MS, then when idle) has come once that delay is past
    // and no script has arrived for 1.5 s.
    while (Date.now() - openedAt < DEFERRED_LOAD_MS + 1_500 || Date.now() - lastScriptAt < 1_500)
      await page.waitForTimeout(250);
  };
  if (url) await page.goto(url);
  return { page, api, close: () => context.close(), scriptsSettled };
}

/**
 * Ms from a moment to the end of the first frame painted with `predicate` holding (checked in
 * each animation frame, timed after that frame's rendering work), watched by the page itself:
 * `from: 'input'` is the next keydown or click `act` causes, `'now'` is just before `act` runs.
 * Playwright's round trips and the test runner's own work are not in the figure, as they would
 * be if the watch started after `act` returned.
 */
export async function watchFrames(
  page: Page,
  predicate: string,
  from: 'input' | 'now',
  act: () => Promise<unknown>,
  timeout = 60_000,
): Promise<number> {
  type Watcher = {
    __armWatch: (source: string, timeout: number, startNow: boolean) => void;
    __watch: { done: Promise<number> };
  };
  await page.evaluate(([source, ms, now]) => (window as unknown as Watcher).__armWatch(source, ms, now), [
    predicate,
    timeout,
    from === 'now',
  ] as const);
  await act();
  return page.evaluate(() => (window as unknown as Watcher).__watch.done);
}

/** Resolves once a frame has painted with `predicate` (an expression) holding. */
export async function untilFrame(page: Page, predicate: string, timeout = 60_000): Promise<void> {
  await watchFrames(page, predicate, 'now', async () => undefined, timeout);
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
const TIMELINE =
  /^(Performance\w*Timing|LargestContentfulPaint|InteractionContentfulPaint|TaskAttributionTiming|blink::ScriptTimingInfo|blink::NetworkResourcesData)/;

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
