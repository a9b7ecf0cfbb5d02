// The app's routes in one table, for checks that must cover every
// screen: a screen added to the router is covered once it has a row here.
// `ready` names something the screen shows once its data has arrived, so a
// check does not run against a loading state.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type AppRoute = {
  /** What the failure messages call it. */
  name: string;
  path: string;
  /** Signed in before visiting (every route but /login). */
  authenticated: boolean;
};

export const appRoutes: AppRoute[] = [
  { name: 'login', path: '/login', authenticated: false },
  { name: 'dashboard', path: '/', authenticated: true },
  { name: 'products', path: '/products', authenticated: true },
  { name: 'product create', path: '/products/new', authenticated: true },
  { name: 'product edit', path: '/products/edit/1', authenticated: true },
  { name: 'conversations', path: '/conversations', authenticated: true },
  // 101 is an id of openapi.yaml's conversation examples.
  { name: 'conversation detail', path: '/conversations/101', authenticated: true },
  // Beyond the spec: orders (3 is an id of openapi.yaml's order examples).
  { name: 'orders', path: '/orders', authenticated: true },
  { name: 'order detail', path: '/orders/3', authenticated: true },
  { name: 'notifications', path: '/notifications', authenticated: true },
  { name: 'analytics', path: '/analytics', authenticated: true },
  { name: 'settings', path: '/settings', authenticated: true },
  { name: 'not found', path: '/no-such-page', authenticated: true },
];

/** Waits until the screen has settled: no request in flight, no loading text or spinner left. */
export async function waitForScreen(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('#root > *').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.pi-spin, .p-skeleton') && !/^\s*Loading/m.test(document.body.innerText),
    undefined,
    { timeout: 10_000 },
  );
}

type Operation = { responses?: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }> };

/**
 * A predicate over request URLs: GET calls whose 200 answer has an example
 * named `example` in openapi.yaml (so `Prefer: example=<name>` is valid for
 * exactly those, and a call added to the contract with one is included).
 */
export function callsWithExample(example: string): (url: URL) => boolean {
  const doc = parse(readFileSync('openapi.yaml', 'utf8')) as { paths: Record<string, { get?: Operation }> };
  const patterns = Object.entries(doc.paths)
    .filter(([, item]) =>
      Object.values(item.get?.responses?.['200']?.content ?? {}).some((media) => media.examples?.[example]),
    )
    .map(([path]) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`));
  return (url) => patterns.some((pattern) => pattern.test(url.pathname));
}
