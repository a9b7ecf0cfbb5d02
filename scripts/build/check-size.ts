// Bundle-size budgets per route over dist/ (run after `vite build --manifest`). A route's JS is
// the entry chunk plus everything its lazy modules import statically, walked through Vite's
// build manifest. Exits 1 when a budget is broken or chart.js is reachable outside /analytics.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; name?: string };
const dist = 'dist';
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const SHELL = 'src/app/shell-route.tsx';
// The budgets are the routes' figures once dialogs, menus and the like loaded on first use
// (111.5 KB and 159.4 KB), plus about 2 KB: a feature that adds to a first screen has to earn
// its bytes, or load them when it is used.
const routes: Record<string, { modules: string[]; budgetKb?: number }> = {
  '/login': { modules: ['src/features/auth/login-page.tsx'], budgetKb: 113.5 },
  '/': { modules: [SHELL, 'src/features/dashboard/dashboard-page.tsx'], budgetKb: 161.5 },
  '/products': { modules: [SHELL, 'src/features/products/products-page.tsx'] },
  '/conversations': { modules: [SHELL, 'src/features/conversations/conversations-page.tsx'] },
  '/analytics': { modules: [SHELL, 'src/features/analytics/analytics-page.tsx'] },
};

function collect(key: string, seen: Set<string>) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
const gzipBytes = (key: string) => gzipSync(readFileSync(join(dist, manifest[key].file))).length;
const hasChartJs = (key: string) => /chart\.js|chart\.esm|node_modules\/chart/.test(key) || /Chart\.register|chartjs/.test(readFileSync(join(dist, manifest[key].file), 'utf8'));

let failed = false;
for (const [route, { modules, budgetKb }] of Object.entries(routes)) {
  const keys = new Set<string>();
  collect(entryKey, keys);
  for (const module of modules) collect(module, keys);
  const kb = [...keys].reduce((sum, key) => sum + gzipBytes(key), 0) / 1024;
  const chart = [...keys].some(hasChartJs);
  const over = budgetKb !== undefined && kb > budgetKb;
  const chartWrong = chart && route !== '/analytics';
  failed ||= over || chartWrong;
  console.log(
    `${route.padEnd(15)} ${kb.toFixed(1).padStart(7)} KB gzip` +
      (budgetKb ? `  budget ${budgetKb} KB  ${over ? 'OVER' : 'PASS'}` : '') +
      (chartWrong ? '  chart.js reachable: FAIL' : ''),
  );
}
process.exit(failed ? 1 : 0);
