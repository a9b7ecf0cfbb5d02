// The figures besides the search: JavaScript per route, the 10,000-conversation list, a
// conversation of 5,000 messages, notification → toast, and the heap over route cycles.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { MESSAGES_CONVERSATION_ID, type BenchData } from './api';
import { heapAfterGc, heapObjectsAfterGc, openPage, settled, untilFrame, watchFrames } from './page';

// ---------------------------------------------------------------------------
// JavaScript actually loaded to render a route

// "Rendered": the screen's own code has run and painted (the login form, a screen's heading);
// its data may still be on the way. Whatever loads later, by design after the first paint (the
// contract check, the socket message parser, chart.js with the timeline), is in "after idle".
const heading = `!!document.querySelector('main h1')`;
export const ROUTES: Array<{ path: string; ready: string }> = [
  { path: '/login', ready: `!!document.querySelector('#username')` },
  { path: '/', ready: heading },
  { path: '/products', ready: heading },
  { path: '/conversations', ready: heading },
  { path: '/analytics', ready: heading },
];

const CHART_JS = /Chart\.register|chartjs/;

/** Script files the page fetched (by the page's resource timing), as of now; with their gzip sizes from dist. */
async function scriptsLoaded(page: Page, outDir: string, until?: number) {
  const names = await page.evaluate(
    (until) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter(
          (entry) =>
            new URL(entry.name).pathname.endsWith('.js') && (until === undefined || entry.responseEnd <= until),
        )
        .map((entry) => new URL(entry.name).pathname),
    until,
  );
  const files = [...new Set(names)].map((path) => readFileSync(join(outDir, path)));
  return {
    gzip: files.reduce((sum, file) => sum + gzipSync(file).length, 0),
    files: files.length,
    chart: files.some((file) => CHART_JS.test(file.toString('utf8'))),
  };
}

export async function benchJsPerRoute(
  browser: Browser,
  data: BenchData,
  app: { url: string; outDir: string },
  runs: number,
) {
  const results: Record<string, { render: number[]; idle: number[]; files: number; chart: boolean }> = {};
  for (const route of ROUTES) {
    const entry = (results[route.path] = {
      render: [] as number[],
      idle: [] as number[],
      files: 0,
      chart: false as boolean,
    });
    for (let run = 0; run < runs; run += 1) {
      const { page, close, scriptsSettled } = await openPage(browser, data);
      try {
        // The page watches from its first moment, frame by frame, for the screen to show: the
        // moment is not missed when everything is done before page.goto returns.
        await page.addInitScript((ready) => {
          const shown = new Function(`return (${ready})`) as () => boolean;
          const w = window as unknown as { __readyAt?: number };
          const check = () => requestAnimationFrame(() => (shown() ? (w.__readyAt = performance.now()) : check()));
          check();
        }, route.ready);
        await page.goto(app.url + route.path);
        const readyAt = await page.waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt);
        const renderedAt = (await readyAt.jsonValue()) as number;
        const render = await scriptsLoaded(page, app.outDir, renderedAt);
        await untilFrame(page, settled);
        await scriptsSettled();
        const idle = await scriptsLoaded(page, app.outDir);
        entry.render.push(render.gzip);
        entry.idle.push(idle.gzip);
        entry.files = render.files;
        entry.chart ||= idle.chart;
      } finally {
        await close();
      }
    }
  }
  return results;
}

// ---------------------------------------------------------------------------
// 10,000 conversations: the list opened, then a status filter applied

const cards = `document.querySelectorAll('.conversation-list > li').length`;

export async function benchConversations(browser: Browser, data: BenchData, url: string, runs: number) {
  const open: number[] = [];
  const filter: number[] = [];
  const required = data.conversations.filter((c) => c.status === 'admin_required').length;
  for (let run = 0; run < runs; run += 1) {
    const { page, close } = await openPage(browser, data, `${url}/`);
    try {
      await untilFrame(page, settled);
      const list = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Conversations' });
      open.push(
        await watchFrames(page, `${cards} === ${Math.min(100, data.conversations.length)} && ${settled}`, 'input', () =>
          list.click(),
        ),
      );
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.locator('.p-dropdown:has(#filter-status)').click();
      filter.push(
        await watchFrames(
          page,
          `document.querySelector('[data-testid="result-count"]')?.textContent === '${required} ${required === 1 ? 'result' : 'results'}' && ${cards} === ${Math.min(100, required)}`,
          'input',
          () => page.getByRole('option', { name: 'Admin Required' }).click(),
        ),
      );
    } finally {
      await close();
    }
  }
  return { open, filter, required };
}

// ---------------------------------------------------------------------------
// A conversation of 5,000 messages: opened from the list → newest message painted at the bottom

const atBottom = `(() => { const el = document.querySelector('.message-scroller'); return !!el && el.scrollHeight - el.scrollTop - el.clientHeight <= 1; })()`;
const lastMessageIs = (n: number) =>
  `(document.querySelector('.message-scroller .message:last-child .message-content')?.textContent ?? '').startsWith('Message ${n}:')`;

export async function benchMessages(browser: Browser, data: BenchData, url: string, runs: number) {
  const open: number[] = [];
  const bubbles: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { page, close } = await openPage(browser, data, `${url}/conversations`);
    try {
      await untilFrame(page, `${cards} > 0 && ${settled}`);
      const card = page.locator(`a[href="/conversations/${MESSAGES_CONVERSATION_ID}"]`);
      open.push(
        await watchFrames(page, `${lastMessageIs(data.messages.length)} && ${atBottom}`, 'input', () => card.click()),
      );
      bubbles.push(await page.evaluate(() => document.querySelectorAll('.message-scroller .message').length));
    } finally {
      await close();
    }
  }
  return { open, bubbles };
}

// ---------------------------------------------------------------------------
// A notification sent on the socket → its toast on screen

export async function benchToast(browser: Browser, data: BenchData, url: string, runs: number, perRun = 5) {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { page, api, close } = await openPage(browser, data, `${url}/`);
    try {
      await untilFrame(page, settled);
      for (let wait = 0; !api.socket() && wait < 50; wait += 1) await page.waitForTimeout(100);
      for (let i = 0; i < perRun; i += 1) {
        const message = `Customer +254700000${run}${i} asks about delivery to Nakuru`;
        const toast = `[...document.querySelectorAll('.toast-description')].some((el) => el.textContent === ${JSON.stringify(message)})`;
        const socket = api.socket();
        if (!socket) throw new Error('the app opened no socket');
        // From just before the frame is sent (the page's clock) to the toast painted.
        samples.push(
          await watchFrames(page, toast, 'now', async () =>
            socket.send(JSON.stringify({ type: 'notification', data: { message } })),
          ),
        );
        await page.waitForTimeout(200);
      }
    } finally {
      await close();
    }
  }
  return samples;
}

// ---------------------------------------------------------------------------
// JS heap after 50 cycles through every route vs after the first

const NAV = ['Dashboard', 'Products', 'Conversations', 'Notifications', 'Analytics', 'Settings'];

async function cycle(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of NAV) {
    await nav.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await untilFrame(page, settled);
    if (name === 'Conversations') {
      await page.locator(`a[href="/conversations/${MESSAGES_CONVERSATION_ID}"]`).click();
      await untilFrame(page, `${settled} && !!document.querySelector('.message-scroller .message')`);
    }
  }
}

export async function benchHeap(browser: Browser, data: BenchData, url: string, runs: number, cycles: number) {
  const first = { used: [] as number[], objects: [] as number[] };
  const last = { used: [] as number[], objects: [] as number[] };
  // A middle reading tells warm-up from a leak: V8's compiled code grows fast over the first
  // cycles and then levels off, a leak keeps growing by the same amount every cycle.
  const midAt = Math.max(2, Math.round(cycles / 5));
  const mid = { used: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    const { page, close, scriptsSettled } = await openPage(browser, data, `${url}/`);
    try {
      await untilFrame(page, settled);
      await cycle(page);
      // The app downloads some code a little after start (the production contract check, the
      // socket parser, the login screen): the first reading waits for it, so it is not growth.
      await scriptsSettled();
      first.used.push(await heapAfterGc(page));
      first.objects.push(await heapObjectsAfterGc(page));
      for (let i = 1; i < cycles; i += 1) {
        await cycle(page);
        if (i + 1 === midAt && midAt < cycles) mid.used.push(await heapAfterGc(page));
      }
      last.used.push(await heapAfterGc(page));
      last.objects.push(await heapObjectsAfterGc(page));
    } finally {
      await close();
    }
  }
  return { first, mid, midAt, last };
}
