// The requests each page has out: what "the screen has all its data" waits on, as a state.
// Playwright's `networkidle` waits for the network to have been quiet for half a second,
// a duration every call paid (hundreds of times a run) however fast the answers came.
import { expect, type BrowserContext, type Page, type Request } from '@playwright/test';

const pending = new WeakMap<Page, Set<Request>>();
const tracked = new WeakSet<BrowserContext>();

/**
 * The requests a screen's content waits for: its API calls and images. Scripts are left out:
 * a lazily loaded screen shows its loading state until its code is in (waitForScreen waits
 * for that), and a module the browser preloads from its memory cache is announced but
 * never reported finished.
 */
const CONTENT = new Set(['fetch', 'xhr', 'image']);

function pageOf(request: Request): Page | undefined {
  return CONTENT.has(request.resourceType()) ? frameOwner(request) : undefined;
}

function frameOwner(request: Request): Page | undefined {
  try {
    return request.frame().page();
  } catch {
    // A service worker's request belongs to no page.
    return undefined;
  }
}

/** Counts every page's content requests of this context from now on (the e2e fixture calls it first). */
export function trackRequests(context: BrowserContext) {
  tracked.add(context);
  const of = (page: Page) => {
    let set = pending.get(page);
    if (!set) pending.set(page, (set = new Set()));
    return set;
  };
  context.on('request', (request) => {
    if (request.isNavigationRequest() && request.resourceType() === 'document') {
      // A new document: the old one's requests are dropped with it, and the browser does not
      // always report each of them as failed.
      const page = frameOwner(request);
      if (page && request.frame() === page.mainFrame()) of(page).clear();
      return;
    }
    const page = pageOf(request);
    if (page) of(page).add(request);
  });
  const done = (request: Request) => {
    const page = pageOf(request);
    if (page) of(page).delete(request);
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/** The page's requests not yet answered. */
function requestsOut(page: Page): number {
  return pending.get(page)?.size ?? 0;
}

/**
 * Resolves once the page has no request out, and none started over two frames after that (a
 * render that answers data with another call makes it in its effects, before the next paint).
 */
export async function requestsSettled(page: Page, timeout = 10_000) {
  if (!tracked.has(page.context())) {
    // A page of a context the fixture did not make: the browser's own wait.
    await page.waitForLoadState('networkidle');
    return;
  }
  const frames = () =>
    page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  await expect
    .poll(
      async () => {
        if (requestsOut(page) > 0) return requestsOut(page);
        await frames();
        return requestsOut(page);
      },
      {
        message: 'requests still out',
        timeout,
        intervals: [25, 50, 100],
      },
    )
    .toBe(0);
}
