// A staff member's day (beyond the spec), against openapi.yaml's examples (Prism) and the realtime mock:
// no dead ends (a disabled control says why, and takeover is one click away), template
// variables filled from the conversation, the product of interest first in the picker with a
// picture link on the page's own origin, hand-offs first on the list, and live changes that
// wait behind "N new" while staff are in the list. Both themes where it is visual, axe clean.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures/test';

test.use({ authenticated: true, timezoneId: 'Africa/Nairobi', locale: 'en-US' });

const themes = ['light', 'dark'] as const;

function recordRequests(page: Page, pathname: string, method = 'GET') {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) seen.push(request);
  });
  return seen;
}

async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('.toast');
  await expect(toast.locator('.toast-title')).toHaveText(title);
  await expect(toast.locator('.toast-description')).toHaveText(description);
}

async function expectAxeClean(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const failures = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${where} · ${v.id}: ${node.target.join(' ')}`));
  expect(failures).toEqual([]);
}

test.describe('no dead ends', () => {
  for (const theme of themes) {
    test(`a closed window, not taken over: the reason, and "Take over to send a template" by keyboard · ${theme}`, async ({
      page,
      mockPrefer,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      // After the example's reply window (closed at 2026-11-21 17:26 UTC), whatever today's date.
      await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
      await mockPrefer('**/api/conversations/109', 'example=windowClosedHandOff', { method: 'GET' });
      const patches = recordRequests(page, '/api/conversations/109', 'PATCH');
      await page.goto('/conversations/109');
      await expect(page.getByRole('heading', { name: 'Samuel Kariuki', level: 1 })).toBeVisible();

      // Waiting for a person: the bot has stopped answering it.
      await expect(
        page.getByText('Only Admin Takeover can send a template; the bot has stopped and a person must answer now.'),
      ).toBeVisible();
      await expect(page.locator('.template-sender .p-dropdown')).toHaveClass(/p-disabled/);
      await expect(page.getByRole('button', { name: 'Send template' })).toBeDisabled();
      await expectAxeClean(page, `closed window, not taken over, ${theme}`);

      const takeOver = page.getByRole('button', { name: 'Take over to send a template' });
      await takeOver.focus();
      await page.keyboard.press('Enter');
      // The switch's call and the spec's toast.
      await expectToast(page, 'Status updated', 'Conversation status has been updated');
      expect(patches).toHaveLength(1);
      expect(patches[0].postDataJSON()).toEqual({ status: 'admin_takeover' });
    });
  }

  test('a conversation the bot answers: the message box says why and "Take over to reply" does what the switch does', async ({
    page,
    mockPrefer,
  }) => {
    await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
    await mockPrefer('**/api/conversations/101', 'example=botActive', { method: 'GET' });
    const patches = recordRequests(page, '/api/conversations/101', 'PATCH');
    await page.goto('/conversations/101');
    await expect(page.getByLabel('Message', { exact: true })).toBeDisabled();
    await expect(
      page.getByText('Only Admin Takeover can reply; the bot is answering this conversation.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Take over to reply' }).click();
    await expectToast(page, 'Status updated', 'Conversation status has been updated');
    expect(patches.map((p) => p.postDataJSON())).toEqual([{ status: 'admin_takeover' }]);
  });
});

test('template variables start filled from the conversation; examples read "e.g."', async ({ page, mockPrefer }) => {
  // After the example's reply window (closed at 2026-11-21 17:26 UTC): templates only.
  await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
  await mockPrefer('**/api/conversations/109', 'example=windowClosed', { method: 'GET' });
  // Conversation 109's product of interest (currentProductId 8).
  await page.route('**/api/products/8', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), id: 8, name: 'Pure White Quartz' } });
  });
  const sent = recordRequests(page, '/api/conversations/109/template-messages', 'POST');
  await page.goto('/conversations/109');
  await page.locator('.template-sender .p-dropdown').click();
  await page.getByRole('option', { name: 'Quote ready' }).click();

  await expect(page.getByLabel('Customer name')).toHaveValue('Samuel Kariuki');
  await expect(page.getByLabel(/Product$/)).toHaveValue('Pure White Quartz');
  await expect(page.getByText('Filled in from this conversation: check or change before sending.')).toBeVisible();
  // Editable; an emptied field shows its example as an example.
  await page.getByLabel('Customer name').fill('');
  await expect(page.getByLabel('Customer name')).toHaveAttribute('placeholder', 'e.g. Brian');
  await expect(page.getByLabel('Customer name')).toHaveCSS('font-style', 'normal');
  const placeholderStyle = await page
    .getByLabel('Customer name')
    .evaluate((input) => getComputedStyle(input, '::placeholder').fontStyle);
  expect(placeholderStyle).toBe('italic');
  await page.getByLabel('Customer name').fill('Samuel');
  await page.getByRole('button', { name: 'Send template' }).click();
  await expectToast(page, 'Template sent', 'Quote ready is on its way to the customer.');
  expect(sent[0].postDataJSON()).toEqual({ templateId: 2, variables: ['Samuel', 'Pure White Quartz'] });
});

test('the product picker lists the product of interest first; the card links its picture on this origin', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date('2026-11-22T12:00:00Z'));
  // Taken over, the window open (the windowOpen example), interested in Carrara White Marble (id 5, fifth in the catalogue).
  await page.route('**/api/conversations/102', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch({ headers: { ...route.request().headers(), prefer: 'example=windowOpen' } });
    await route.fulfill({ response, json: { ...(await response.json()), currentProductId: 5 } });
  });
  await page.goto('/conversations/102');
  await page.getByRole('button', { name: 'Insert product' }).click();
  const options = page.locator('.composer-picker-option');
  await expect(options.first()).toContainText('Carrara White Marble');
  await expect(options.first()).toContainText('Of interest');
  // Mentioned in the conversation: next.
  await expect(options.nth(1)).toContainText('Franke Stainless Steel Double Bowl Sink');
  await page.keyboard.press('Enter');
  const origin = new URL(page.url()).origin;
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(
    new RegExp(
      `^Carrara White Marble\\n[\\s\\S]*\\nPicture: ${origin.replace(/\./g, '\\.')}/uploads/products/carrara-white-marble\\.svg$`,
    ),
  );
});

test.describe('hand-offs first', () => {
  for (const theme of themes) {
    test(`Admin Required conversations come first, each once, with their count · ${theme}`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      // The server counts 7 waiting; the first page of the search holds the example's 3.
      await page.route('**/api/conversations/search?*', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'x-total-count': '7' } });
      });
      await page.goto('/conversations');
      const section = page.getByRole('region', { name: /Needs a person/ });
      await expect(section).toBeVisible();
      // The count is the search's X-Total-Count.
      await expect(section.getByRole('heading', { name: 'Needs a person 7' })).toBeVisible();
      await expect(section.locator('.conversation-card')).toHaveCount(3);
      await expect(section.locator('.conversation-card').first()).toContainText('Brian Otieno');
      await expect(page.getByRole('heading', { name: 'All conversations' })).toBeVisible();
      // Each conversation once on the page.
      await expect(page.getByRole('link', { name: /Brian Otieno/ })).toHaveCount(1);
      await expectAxeClean(page, `conversation list, ${theme}`);

      // "Show all" is the spec's Status filter.
      await section.getByRole('button', { name: 'Show all 7' }).click();
      await expect(page).toHaveURL(/status=admin_required/);
      await expect(page.getByRole('region', { name: /Needs a person/ })).toHaveCount(0);
    });
  }

  test('when the search fails the spec’s list shows alone', async ({ page, mockPrefer, allowFailedRequest }) => {
    await mockPrefer('**/api/conversations/search?*', 'code=500');
    allowFailedRequest('/api/conversations/search', 500);
    await page.goto('/conversations');
    await expect(page.locator('.conversation-list > li').first()).toBeVisible();
    await expect(page.getByRole('region', { name: /Needs a person/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'All conversations' })).toHaveCount(0);
  });

  test('a live change waits behind "N new" while the pointer is on the list; at the top and idle it shows', async ({
    page,
    realtime,
  }) => {
    let changed = false;
    // After the event the server lists a new conversation first.
    await page.route('**/api/conversations?*', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { id: number; customerName: string | null }[];
      const fresh = { ...list[list.length - 1], id: 990, customerName: 'Njeri Wambui' };
      await route.fulfill({ response, json: changed ? [fresh, ...list] : list });
    });
    await page.goto('/conversations');
    await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
    const allList = page.locator('.conversation-list:not(.attention-list)');
    const first = allList.locator('.conversation-card').first();
    await expect(first).toBeVisible();
    const before = await first.locator('h2').textContent();

    // The pointer rests on the first card of the list.
    await first.hover();
    changed = true;
    await realtime.push('conversation_update', { id: 990 });
    const waiting = page.getByRole('button', { name: '1 new: show the latest conversations' });
    await expect(waiting).toBeVisible();
    await expect(first.locator('h2')).toHaveText(before!);
    await expect(page.getByRole('status').filter({ hasText: 'New conversation activity' })).toHaveCount(1);

    // Keyboard: the button shows the change and focus goes to the first card.
    await waiting.focus();
    await page.keyboard.press('Enter');
    await expect(first.locator('h2')).toHaveText('Njeri Wambui');
    await expect(page.locator('#conversation-results .conversation-card').first()).toBeFocused();
    await expect(waiting).toHaveCount(0);
  });

  test('at the top of the page with nothing under the pointer a live change shows at once', async ({
    page,
    realtime,
  }) => {
    let changed = false;
    await page.route('**/api/conversations?*', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { id: number; customerName: string | null }[];
      const fresh = { ...list[list.length - 1], id: 991, customerName: 'Akinyi Odhiambo' };
      await route.fulfill({ response, json: changed ? [fresh, ...list] : list });
    });
    await page.goto('/conversations');
    await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible();
    const first = page.locator('.conversation-list:not(.attention-list) .conversation-card').first();
    await expect(first).toBeVisible();
    await page.mouse.move(5, 5);
    changed = true;
    await realtime.push('conversation_update', { id: 991 });
    await expect(first.locator('h2')).toHaveText('Akinyi Odhiambo');
    await expect(page.getByRole('button', { name: /new: show the latest conversations/ })).toHaveCount(0);
  });
});
