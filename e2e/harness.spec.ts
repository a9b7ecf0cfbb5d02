// Tests of the e2e harness itself (mocks, proxy, fixtures), independent of the
// app's screens: each runs on a bare page served at the app's origin.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createRealtimeControl } from '../mocks/realtime-events';
import { e2ePorts, httpUrl } from '../common/dev/ports';
import { detectContractViolation, expect, test } from './fixtures/test';

/**
 * A document at the app's origin without app code: one of the mock images
 * (same-origin fetch and /ws work from it). Not a route.fulfill'ed page:
 * Chromium's local-network-access checks block a socket to 127.0.0.1 from a
 * document that did not itself come from a loopback address.
 */
async function openBlankPage(page: Page): Promise<void> {
  const response = await page.goto('/uploads/products/franke-double-bowl.svg');
  expect(response?.status()).toBe(200);
}

type FetchResult = { status: number; headers: Record<string, string>; body: unknown };

/** fetch from inside the page (so the guard sees the response, as for app requests). */
function pageFetch(
  page: Page,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<FetchResult> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        credentials: 'include',
        headers: { ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body };
    },
    { path, init },
  );
}

test.describe('HTTP mock through the Vite proxy', () => {
  test('serves the contract example with the session cookie and 401 without it', async ({
    page,
    signIn,
    allowFailedRequest,
  }) => {
    await openBlankPage(page);

    allowFailedRequest('/api/products', 401);
    const anonymous = await pageFetch(page, '/api/products');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Not authenticated' });

    const cookie = await signIn();
    expect(cookie.name).toBe('sid');
    expect(cookie.httpOnly).toBe(true);

    const products = await pageFetch(page, '/api/products');
    expect(products.status).toBe(200);
    expect(products.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 1, name: 'Absolute Black Granite' })]),
    );
    expect((products.body as unknown[]).length).toBe(13);
  });

  test.describe('signed in', () => {
    test.use({ authenticated: true });

    test('mockPrefer picks a named example or an error status', async ({ page, mockPrefer }) => {
      await mockPrefer('**/api/products', 'example=empty');
      await mockPrefer('**/api/conversations', 'code=500');
      await openBlankPage(page);

      expect((await pageFetch(page, '/api/products')).body).toEqual([]);
      // The failed request a Prefer code asks for is expected: no guard error.
      const failed = await pageFetch(page, '/api/conversations');
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ message: 'Something went wrong on our side' });
      // Other routes keep the default example.
      expect((await pageFetch(page, '/api/auth/me')).body).toEqual({ id: 1, username: 'admin' });
    });

    test('the last mockPrefer for a URL wins, and method filters apply', async ({ page, mockPrefer }) => {
      await mockPrefer('**/api/notifications', 'example=populated');
      await mockPrefer('**/api/notifications', 'example=allRead');
      await mockPrefer('**/api/conversations/102', 'code=404', { method: 'PATCH' });
      await openBlankPage(page);

      expect((await pageFetch(page, '/api/notifications')).body).toHaveLength(2);
      expect((await pageFetch(page, '/api/conversations/102')).status).toBe(200);
      const patched = await pageFetch(page, '/api/conversations/102', {
        method: 'PATCH',
        json: { status: 'admin_takeover' },
      });
      expect(patched.status).toBe(404);
    });

    test('every image the contract examples name is served from mocks/uploads', async ({ page }) => {
      const contract = readFileSync('openapi.yaml', 'utf8');
      const paths = [...new Set(contract.match(/\/uploads\/[\w./-]+\.svg/g) ?? [])];
      expect(paths.length).toBeGreaterThan(5);
      for (const path of paths) {
        const response = await page.request.get(path);
        expect(response.status(), path).toBe(200);
        expect(response.headers()['content-type'], path).toBe('image/svg+xml');
      }
      // And they render in a page without errors.
      await openBlankPage(page);
      const loaded = await page.evaluate(
        (srcs) =>
          Promise.all(
            srcs.map(
              (src) =>
                new Promise<boolean>((resolve) => {
                  const img = new Image();
                  img.onload = () => resolve(img.naturalWidth > 0);
                  img.onerror = () => resolve(false);
                  img.src = src;
                }),
            ),
          ),
        paths,
      );
      expect(loaded.every(Boolean)).toBe(true);
    });
  });
});

test.describe('realtime mock', () => {
  test('a socket opened at /ws receives pushed events, raw frames and a drop', async ({ page, realtime }) => {
    await openBlankPage(page);
    await page.evaluate(() => {
      const w = window as unknown as { frames_: string[]; closed_: number | null };
      w.frames_ = [];
      w.closed_ = null;
      const socket = new WebSocket(`ws://${location.host}/ws`);
      socket.onmessage = (event) => w.frames_.push(String(event.data));
      socket.onclose = (event) => (w.closed_ = event.code);
    });
    const frames = () => page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);

    const sent = await realtime.push('notification', { message: 'Customer asks about delivery to Nakuru' });
    expect(sent.data).toMatchObject({
      type: 'delivery_inquiry',
      conversationId: 102,
      message: 'Customer asks about delivery to Nakuru',
    });
    await expect.poll(frames).toHaveLength(1);
    expect(JSON.parse((await frames())[0])).toEqual(sent);

    await realtime.push('conversation_update', { id: 104, status: 'admin_required' });
    await expect.poll(frames).toHaveLength(2);
    expect(JSON.parse((await frames())[1])).toEqual({
      type: 'conversation_update',
      data: { id: 104, status: 'admin_required' },
    });

    // Another test's tag reaches nobody here.
    const other = createRealtimeControl(httpUrl(e2ePorts().realtime), 'some-other-test');
    expect((await other.push('conversation_update', { id: 101 })).delivered).toBe(0);

    expect(await realtime.raw('this is not JSON {')).toBe(1);
    await expect.poll(frames).toHaveLength(3);
    expect((await frames())[2]).toBe('this is not JSON {');

    expect(await realtime.drop()).toBe(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { closed_: number | null }).closed_)).toBe(1006);
    expect((await realtime.status()).clients).toBe(0);
  });

  test('the mock refuses events outside asyncapi.yaml', async ({ realtime }) => {
    const pushLoose = realtime.push as (
      type: string,
      data: unknown,
      options: { waitForClient: boolean; exact?: boolean },
    ) => Promise<unknown>;
    await expect(pushLoose('notification', { type: 'price_inquiry' }, { waitForClient: false })).rejects.toThrow(
      /422.*type/s,
    );
    // exact: no defaults, so the required data.message is missing.
    await expect(pushLoose('notification', { id: 5 }, { waitForClient: false, exact: true })).rejects.toThrow(
      /422.*message/s,
    );
    await expect(pushLoose('conversation_update', { id: 1.5 }, { waitForClient: false })).rejects.toThrow(/integer/);
    await expect(pushLoose('order_created', {}, { waitForClient: false })).rejects.toThrow(/422/);
  });

  test('the mock sends exactly what it is given with exact, unknown fields included (the contract allows them)', async ({
    realtime,
  }) => {
    const minimal = await realtime.push(
      'notification',
      { message: 'Delivery to Nakuru?' },
      { waitForClient: false, exact: true },
    );
    expect(minimal).toEqual({ type: 'notification', data: { message: 'Delivery to Nakuru?' } });
    const extra = await realtime.push(
      'notification',
      { message: 'Deposit?', priority: 'high' },
      { waitForClient: false, exact: true },
    );
    expect(extra.data).toEqual({ message: 'Deposit?', priority: 'high' });
    const filled = await realtime.push('notification', { message: 'Filled in' }, { waitForClient: false });
    expect(filled.data).toMatchObject({ message: 'Filled in', type: 'delivery_inquiry', conversationId: 102 });
  });
});

test.describe('guard', () => {
  test.use({ authenticated: true });

  test('detects a request that breaks the contract (sl-violations)', async ({
    page,
    guard,
    expectContractViolation,
  }) => {
    expectContractViolation('/api/conversations/102');
    await openBlankPage(page);

    const response = await pageFetch(page, '/api/conversations/102', { method: 'PATCH', json: { status: 'closed' } });
    expect(response.status).toBe(422);
    expect(response.headers['sl-violations']).toContain('status');

    const [violation] = await guard.violations();
    expect(violation).toContain('PATCH http://127.0.0.1');
    expect(violation).toContain('/api/conversations/102 → 422');
    expect(violation).toContain('sl-violations:');
    expect(violation).toContain('must be equal to one of the allowed values');
  });

  test('detects Prism error documents; a missing session cookie is not a violation', () => {
    const base = { method: 'GET', url: 'http://127.0.0.1:5183/api/products/abc', status: 422 };
    const invalid = detectContractViolation({
      ...base,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify({
        type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
        title: 'Invalid request',
        detail: 'Your request is not valid',
        validation: [{ location: ['path', 'id'], code: 'type', message: 'Request path parameter id must be integer' }],
      }),
    });
    expect(invalid).toContain('UNPROCESSABLE_ENTITY');
    expect(invalid).toContain('path.id: Request path parameter id must be integer');

    const unknownPath = detectContractViolation({
      ...base,
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify({
        type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
        title: 'Route not resolved',
      }),
    });
    expect(unknownPath).toContain('NO_PATH_MATCHED_ERROR');

    const unauthenticated = detectContractViolation({
      ...base,
      status: 401,
      headers: {
        'content-type': 'application/json',
        'sl-violations':
          '[{"location":["request"],"severity":"Error","code":401,"message":"Invalid security scheme used"}]',
      },
    });
    expect(unauthenticated).toBeNull();
    expect(
      detectContractViolation({
        ...base,
        status: 404,
        headers: { 'content-type': 'application/json' },
        body: '{"message":"Not found"}',
      }),
    ).toBeNull();
  });

  test('lets a declared console error through', async ({ page, expectConsoleError }) => {
    expectConsoleError(/declared problem/);
    await openBlankPage(page);
    await page.evaluate(() => console.error('a declared problem'));
  });

  // The guard's verdict is guard.problems(): each test provokes one problem,
  // checks the text a failure would show, then resets so it passes.
  test('flags a request that breaks the contract, with the violation text', async ({
    page,
    guard,
    allowFailedRequest,
  }) => {
    allowFailedRequest('/api/conversations/102'); // only the contract check may object
    await openBlankPage(page);
    await pageFetch(page, '/api/conversations/102', { method: 'PATCH', json: { status: 'closed' } });

    const [problem, ...others] = await guard.problems();
    expect(others).toEqual([]);
    expect(problem).toContain('the UI broke the contract');
    expect(problem).toMatch(/PATCH http:\/\/127\.0\.0\.1:\d+\/api\/conversations\/102 → 422/);
    expect(problem).toContain('sl-violations: [{"location":["request","body","status"]');
    await guard.reset();
  });

  test('flags a call to an endpoint the contract does not have', async ({ page, guard, allowFailedRequest }) => {
    allowFailedRequest('/api/customers');
    await openBlankPage(page);
    await pageFetch(page, '/api/customers');

    expect(await guard.problems()).toEqual([expect.stringContaining('NO_PATH_MATCHED_ERROR')]);
    await guard.reset();
  });

  test('flags an uncaught page error', async ({ page, guard }) => {
    await openBlankPage(page);
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom from the page');
      });
    });
    await thrown;

    expect(await guard.problems()).toEqual([
      expect.stringMatching(/^uncaught error in the page:\n.*boom from the page/),
    ]);
    await guard.reset();
  });

  test('flags undeclared console errors and failed requests, and expected errors that never came', async ({
    page,
    guard,
  }) => {
    guard.expectConsoleError('this never happens');
    await openBlankPage(page);
    await page.evaluate(() => console.error('nobody declared this'));
    await pageFetch(page, '/api/products/99', { headers: { Prefer: 'code=404' } });
    expect(await guard.problems()).toEqual([
      expect.stringContaining('unexpected console error: nobody declared this'),
      expect.stringMatching(
        /unexpected console error: Failed to load resource.*404[\s\S]*allowFailedRequest\('\/api\/products\/99'\)/,
      ),
      "expected console error 'this never happens' never appeared",
    ]);
    await guard.reset();
  });

  test('fails the test when a problem is left (the fixture teardown throws)', async ({ page, allowFailedRequest }) => {
    test.fail(true, 'the guard must fail this test: PATCH status "closed" is not in the contract');
    allowFailedRequest('/api/conversations/102');
    await openBlankPage(page);
    await pageFetch(page, '/api/conversations/102', { method: 'PATCH', json: { status: 'closed' } });
    // Failure artifacts of an SVG document take ~5 s to capture; of a blank page, none.
    await page.goto('about:blank');
  });
});
