// `npx tsx scripts/bench-message-panel.ts [count…]`: how the conversation detail
// screen copes with long conversations (default 100, 1,000, 5,000 and 20,000 messages).
//
// The production build (vite build + preview) in Chromium; page.route answers
// /api/* with one conversation and `count` messages, and a routed WebSocket
// sends conversation_update events. Per count, at full speed and with the CPU
// slowed 4x (a modest laptop):
//   * open: navigation until the newest message is on screen, scrolled to the
//     bottom (and the part of it after the messages response arrived: parsing,
//     the contract check, rendering);
//   * bubbles in the DOM (the panel renders a window of the newest messages);
//   * earlier: scrolled to the top, until the next window of earlier messages is in;
//   * new message: conversation_update → refetch → the new message on screen.
// Figures include the measuring itself (a CDP round trip, up to one frame).
// Browser: CHROMIUM_PATH, else Playwright's own Chromium if installed, else
// /usr/bin/chromium. Prints figures only; nothing here asserts a time.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/support/browser';
import { chromium, type Page, type WebSocketRoute } from '@playwright/test';
import type { Conversation } from '../src/api/generated/model/conversation';
import type { Message } from '../src/api/generated/model/message';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const counts = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg)).map(Number);
const COUNTS = counts.length > 0 ? counts : [100, 1_000, 5_000, 20_000];

const conversation: Conversation = {
  id: 102,
  customerName: 'Brian Otieno',
  whatsappPhoneNumber: '+254722418390',
  status: 'admin_takeover',
  lastMessageAt: '2026-11-22T08:14:05.000Z',
  createdAt: '2026-11-19T10:40:00.000Z',
  messageCount: 0,
  productsMentioned: ['Absolute Black Granite'],
  currentProductId: null,
  currentOfferPrice: 9800,
  bargainingRound: 2,
};

const senders = ['customer', 'bot', 'admin'] as const;
function messages(count: number): Message[] {
  const start = Date.parse('2026-01-01T08:00:00.000Z');
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    sender: senders[i % 3],
    // Lengths vary so bubbles wrap over one to several lines.
    content: `Message ${i + 1}: ${'Do you have black granite for a kitchen top? '.repeat(1 + (i % 5))}`.trim(),
    timestamp: new Date(start + i * 60_000).toISOString(),
    messageType: 'text',
  }));
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

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


async function startApp(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  process.env.PORT = String(port);
  process.env.API_TARGET = '';
  const vite = await import('vite');
  const configFile = join(root, 'vite.config.ts');
  const outDir = await mkdtemp(join(tmpdir(), 'bench-message-panel-'));
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

/** Resolves in the first frame where `predicate` holds; returns ms since `since` (page clock). */
const frameWhen = (page: Page, predicate: string, since: number) =>
  page.evaluate(
    ({ predicate, since }) =>
      new Promise<number>((resolve) => {
        const test = new Function(`return (${predicate})`) as () => boolean;
        const check = () => requestAnimationFrame(() => (test() ? resolve(performance.now() - since) : check()));
        check();
      }),
    { predicate, since },
  );

const atBottom = `(() => { const el = document.querySelector('.message-scroller'); return !!el && el.scrollHeight - el.scrollTop - el.clientHeight <= 1; })()`;
const lastContentIs = (text: string) =>
  `(document.querySelector('.message-scroller .message:last-child .message-content')?.textContent ?? '').startsWith(${JSON.stringify(text)})`;
const bubbleCount = `document.querySelectorAll('.message-scroller .message').length`;

async function benchCount(url: string, count: number, rate: number) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('console', (message) => message.type() === 'error' && console.error(`   [page] ${message.text().slice(0, 300)}`));
    await page.addInitScript('window.__name = (fn) => fn');
    let list = messages(count);
    let socket: WebSocketRoute | undefined;
    await page.routeWebSocket(/\/ws$/, (ws) => void (socket = ws));
    await page.route((u) => u.pathname.startsWith('/api/'), (route) => {
      const path = new URL(route.request().url()).pathname;
      const json = (data: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(data) });
      if (path === '/api/auth/me') return json({ id: 1, username: 'admin' });
      if (path === '/api/notifications/unread') return json([]);
      if (path === '/api/conversations/102') return json({ ...conversation, messageCount: list.length });
      if (path === '/api/conversations/102/messages') return json(list);
      return json({ message: 'not used by the benchmark' }, 404);
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });

    // Open: from navigation start (page clock 0) to the newest message shown at the bottom.
    await page.goto(`${url}/conversations/102`);
    const open = await frameWhen(page, `${lastContentIs(`Message ${count}:`)} && ${atBottom}`, 0);
    const rendered = (await page.evaluate(bubbleCount)) as number;
    // When the messages response had arrived: what comes after is parsing, the contract check and rendering.
    const arrived = await page.evaluate(
      () => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.endsWith('/api/conversations/102/messages'))?.responseEnd ?? NaN,
    );

    // Earlier: scroll to the top, until more bubbles are in.
    const before = rendered;
    const t0 = await page.evaluate(() => {
      const start = performance.now();
      document.querySelector('.message-scroller')!.scrollTop = 0;
      return start;
    });
    const earlier = before < count ? await frameWhen(page, `${bubbleCount} > ${before}`, t0) : NaN;

    // New message: back at the bottom, an update brings message count + 1.
    await page.evaluate(() => {
      const el = document.querySelector('.message-scroller')!;
      el.scrollTop = el.scrollHeight;
    });
    list = [...list, { id: count + 1, sender: 'customer', content: `Message ${count + 1}: delivered?`, timestamp: new Date().toISOString(), messageType: 'text' }];
    await page.waitForFunction(() => true);
    const t1 = await page.evaluate(() => performance.now());
    socket!.send(JSON.stringify({ type: 'conversation_update', data: { id: 102 } }));
    const fresh = await frameWhen(page, `${lastContentIs(`Message ${count + 1}:`)} && ${atBottom}`, t1);

    console.log(
      `   ${count.toLocaleString('en').padStart(6)} messages, CPU x${rate}: open ${ms(open).padStart(7)} (${ms(open - arrived).padStart(6)} after the response) · ${String(rendered).padStart(3)} bubbles in the DOM · ` +
        `earlier window ${Number.isNaN(earlier) ? '   n/a' : ms(earlier).padStart(6)} · new message ${ms(fresh).padStart(6)}`,
    );
  } finally {
    await browser.close();
  }
}

console.log('Conversation detail, production build in Chromium (messages served by page.route):');
const app = await startApp();
try {
  for (const rate of [1, 4]) for (const count of COUNTS) await benchCount(app.url, count, rate);
} finally {
  await app.close();
}
