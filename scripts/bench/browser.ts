// `npm run bench [-- --runs N] [-- --cycles N] [-- --quick]`: the dashboard's performance figures,
// each with its median and spread over several runs, against its budget. It builds the production
// bundle, serves it with vite preview, and drives Chromium; the API and the socket are answered in
// the browser (page.route, routeWebSocket) with the contract's examples and seeded
// @faker-js/faker data: 10,000 products, 10,000 conversations, 5,000 messages in one of them.
// The baseline for the search is a plain PrimeReact DataTable with its global filter
// (scripts/bench/baseline). Figures are printed, never asserted: the machine's load moves them.
// Browser: CHROMIUM_PATH, else Playwright's own Chromium if installed, else /usr/bin/chromium.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/support/browser';
import { benchData } from './api';
import { benchConversations, benchHeap, benchJsPerRoute, benchMessages, benchToast, ROUTES } from './scenarios';
import { benchSearch } from './search';
import { buildAndServe } from './serve';
import { budget, describe, kb, mb, summarize, verdictTable } from './stats';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const quick = args.includes('--quick');
const runs = option('runs', quick ? 1 : 3);
const cycles = option('cycles', quick ? 10 : 50);
const sizes = { products: 10_000, conversations: 10_000, messages: 5_000 };

console.log(
  `Benchmark: production build in Chromium, ${runs} run(s) per figure, seeded fake data (${Object.entries(sizes)
    .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
    .join(', ')})`,
);
const started = Date.now();
const data = benchData(sizes);
const [app, baseline] = [await buildAndServe('app'), await buildAndServe('baseline')];
const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
});

try {
  console.log('\n1. JavaScript loaded to render each route (gzip bytes of the script files fetched, from dist)');
  const js = await benchJsPerRoute(browser, data, app, runs);
  for (const { path } of ROUTES) {
    const { render, idle, files, chart } = js[path];
    console.log(
      `   ${path.padEnd(15)} until rendered ${describe(summarize(render), kb)} in ${files} files; after idle (deferred loads too) ${kb(summarize(idle).median)}; chart.js ${chart ? 'loaded' : 'not loaded'}`,
    );
  }
  console.log(budget('/login JS until rendered', summarize(js['/login'].render).median, 113.5 * 1024, kb));
  console.log(budget('/ JS until rendered', summarize(js['/'].render).median, 161.5 * 1024, kb));
  const chartRoutes = ROUTES.filter(({ path }) => js[path].chart).map(({ path }) => path);
  const chartOk = chartRoutes.every((path) => path === '/analytics');
  console.log(
    budget(
      'chart.js only on /analytics',
      chartOk ? 0 : 1,
      0,
      (v) => (v ? 'elsewhere' : 'yes'),
      chartRoutes.join(', ') || 'nowhere',
    ),
  );

  console.log(
    `\n2. ${sizes.products.toLocaleString('en')} products: keystroke in the search box → filtered table painted (the app vs a plain PrimeReact DataTable with its global filter)`,
  );
  const search = await benchSearch(browser, data, { app: app.url, baseline: baseline.url }, runs);
  const ours = summarize(search.ours);
  const base = summarize(search.base);
  console.log(`   app:      ${describe(ours, undefined, true)} over ${search.ours.length} keystrokes`);
  console.log(`   baseline: ${describe(base, undefined, true)} over ${search.base.length} keystrokes`);
  console.log(
    `   ratio app/baseline: median ${(ours.median / base.median).toFixed(2)}, p95 ${(ours.p95 / base.p95).toFixed(2)}`,
  );
  console.log(budget('search p95', ours.p95, 50, (v) => `${v.toFixed(1)} ms`));
  console.log(budget('search p95 app/baseline', ours.p95 / base.p95, 0.2, (v) => `${v.toFixed(2)}×`));

  console.log(`\n3. ${sizes.conversations.toLocaleString('en')} conversations (click → painted)`);
  const conv = await benchConversations(browser, data, app.url, runs);
  console.log(`   list opened from the sidebar → first 100 cards painted: ${describe(summarize(conv.open))}`);
  console.log(
    `   status filter 'Admin Required' chosen → ${conv.required.toLocaleString('en')} results painted: ${describe(summarize(conv.filter))}`,
  );

  console.log(
    `\n4. A conversation of ${sizes.messages.toLocaleString('en')} messages: card clicked → newest message painted at the bottom`,
  );
  const messages = await benchMessages(browser, data, app.url, runs);
  console.log(
    `   opened: ${describe(summarize(messages.open))}; ${summarize(messages.bubbles).median} bubbles in the page`,
  );
  console.log(
    budget(
      `${sizes.messages.toLocaleString('en')} messages opened`,
      summarize(messages.open).median,
      500,
      (v) => `${v.toFixed(0)} ms`,
    ),
  );

  console.log('\n5. Socket notification sent → its toast painted');
  const toast = summarize(await benchToast(browser, data, app.url, runs));
  console.log(`   ${describe(toast, undefined, true)}`);
  console.log(budget('notification → toast', toast.median, 100, (v) => `${v.toFixed(0)} ms`));

  const heapRuns = Math.max(1, Math.min(runs, 2));
  console.log(
    `\n6. JS heap after garbage collection: after 1 and after ${cycles} cycles through every screen (${heapRuns} run(s))`,
  );
  const heap = await benchHeap(browser, data, app.url, heapRuns, cycles);
  const ratio = (key: 'used' | 'objects') =>
    summarize(heap.first[key].map((first, i) => heap.last[key][i] / first)).median;
  console.log(
    `   JS heap used (all of it): after 1 cycle ${describe(summarize(heap.first.used), mb)}; after ${cycles}: ${describe(summarize(heap.last.used), mb)}; ratio ${ratio('used').toFixed(2)}×`,
  );
  if (heap.mid.used.length) {
    const perCycle = (from: number[], to: number[], n: number) => summarize(from.map((a, i) => (to[i] - a) / n)).median;
    const early = perCycle(heap.first.used, heap.mid.used, heap.midAt - 1);
    const late = perCycle(heap.mid.used, heap.last.used, cycles - heap.midAt);
    console.log(
      `   growth per cycle: ${kb(early)} over cycles 1–${heap.midAt}, ${kb(late)} over cycles ${heap.midAt}–${cycles} (after ${heap.midAt}: ${describe(summarize(heap.mid.used), mb)}); levelling off is warm-up, a steady rate would be a leak`,
    );
  }
  console.log(
    `   of which the app's objects and DOM (heap snapshot without compiled code and the browser's timing records): after 1 ${describe(summarize(heap.first.objects), mb)}; after ${cycles}: ${describe(summarize(heap.last.objects), mb)}`,
  );
  console.log(budget(`app heap after ${cycles} cycles / after 1`, ratio('objects'), 1.1, (v) => `${v.toFixed(2)}×`));
  console.log(budget(`whole JS heap after ${cycles} cycles / after 1`, ratio('used'), 1.1, (v) => `${v.toFixed(2)}×`));
} finally {
  await browser.close();
  await app.close();
  await baseline.close();
}

console.log(`\n${verdictTable()}`);
console.log(
  `\n(${((Date.now() - started) / 1000).toFixed(0)} s; timings depend on this machine and its load, so they are reported here, not asserted in tests)`,
);
