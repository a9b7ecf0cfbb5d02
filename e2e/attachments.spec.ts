// What customers send besides text (beyond the spec: Message.attachment), as
// the conversation view shows it, against openapi.yaml's MessageListAttachments
// example (Prefer: example=attachments): a photo inline inside a link opening it
// full size, a document to download with its name and size, a location as a map
// link, a photo still downloading or expired in words, a reaction as a badge
// under the message it reacts to, an unsupported message as its plain line;
// then axe in both themes and no sideways scrolling at 320 px.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test, type HarnessFixtures } from './fixtures/test';
import { sidewaysOverflow } from './support/layout';
import { waitForScreen } from './support/routes';

test.use({ authenticated: true });

/** The conversation the example's attachment URLs belong to. */
const CONVERSATION = 102;
const attachmentPath = (messageId: number) => `/api/conversations/${CONVERSATION}/messages/${messageId}/attachment`;

/** A 1×1 PNG: what the attachment route answers here, so every picture loads (Prism has no bytes to send). */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const scroller = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubbles = (page: Page) => scroller(page).locator('.message');
/** The bubble whose own line (or attachment text) contains `text`. */
const bubble = (page: Page, text: string | RegExp) => bubbles(page).filter({ hasText: text });

/** Opens the conversation with the attachments example as its messages, pictures answered by PIXEL. */
async function openAttachments(page: Page, mockPrefer: HarnessFixtures['mockPrefer']) {
  await mockPrefer(`**/api/conversations/${CONVERSATION}/messages{,?*}`, 'example=attachments', { method: 'GET' });
  await page.route(`**/api/conversations/${CONVERSATION}/messages/*/attachment`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
  await page.goto(`/conversations/${CONVERSATION}`);
  // The first paint of the conversation screen can take seconds on a loaded machine.
  await expect(bubble(page, 'Hi, is this granite still available?')).toBeVisible({ timeout: 15_000 });
  await waitForScreen(page);
}

test('photos, a document, a location, pending and expired files, a reaction and an unsupported message', async ({
  page,
  mockPrefer,
}) => {
  await openAttachments(page, mockPrefer);

  // The photo: an image described by its caption, inside a link to the file full size.
  const photoLink = scroller(page).getByRole('link', { name: /^The kitchen top I want to replace/ });
  await expect(photoLink).toHaveAttribute('href', attachmentPath(1221));
  await expect(photoLink).toHaveAttribute('target', '_blank');
  await expect(photoLink).toHaveAccessibleName('The kitchen top I want to replace (opens full size in a new tab)');
  const photo = photoLink.getByRole('img', { name: 'The kitchen top I want to replace', exact: true });
  await expect(photo).toHaveAttribute('src', attachmentPath(1221));
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  // Its caption shows under it, once.
  await expect(bubble(page, 'The kitchen top I want to replace').locator('.message-content')).toHaveText(
    'The kitchen top I want to replace',
  );

  // Reached from the message list by Tab (a "Show earlier messages" button may come first).
  await scroller(page).focus();
  for (let presses = 0; presses < 4 && !(await photoLink.evaluate((el) => el === document.activeElement)); presses++)
    await page.keyboard.press('Tab');
  await expect(photoLink).toBeFocused();

  // The document: a download link with its name and size.
  const documentLink = scroller(page).getByRole('link', { name: /quote\.pdf/ });
  await expect(documentLink).toContainText('quote.pdf · 240 KB');
  await expect(documentLink).toHaveAccessibleName('quote.pdf · 240 KB (download)');
  await expect(documentLink).toHaveAttribute('href', attachmentPath(1224));
  await expect(documentLink).toHaveAttribute('download', 'quote.pdf');

  // The location: OpenStreetMap with a marker on the coordinates, in a new tab.
  const mapLink = scroller(page).getByRole('link', { name: 'Nakuru Showroom (map, opens in a new tab)' });
  await expect(mapLink).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=-0.3031&mlon=36.08#map=16/-0.3031/36.08',
  );
  await expect(mapLink).toHaveAttribute('target', '_blank');
  await expect(mapLink).toHaveAttribute('rel', /noopener/);
  await expect(bubble(page, 'Nakuru Showroom')).toContainText('Kenyatta Avenue, Nakuru');

  // A photo still downloading, and one WhatsApp no longer has: in words, no picture.
  const pending = bubble(page, 'Photo is still downloading…');
  await expect(pending).toHaveCount(1);
  await expect(pending.getByRole('img')).toHaveCount(0);
  const expired = bubble(page, 'This photo is no longer available from WhatsApp.');
  await expect(expired).toHaveCount(1);
  await expect(expired.getByRole('img')).toHaveCount(0);

  // The voice note plays with the browser's controls.
  await expect(scroller(page).locator('audio[aria-label="Audio message"]')).toHaveAttribute('controls', '');

  // The reaction: a badge under the bot's message it reacts to; its own row is not shown.
  const reacted = bubble(page, 'Thank you! Absolute Black Granite would suit that kitchen.');
  await expect(reacted.getByRole('img', { name: 'Customer reacted 👍', exact: true })).toHaveText('👍');
  await expect(scroller(page).getByRole('img', { name: /reacted/ })).toHaveCount(1);
  await expect(bubble(page, 'Reacted 👍')).toHaveCount(0);
  // A reaction to a message the server does not have stays a row of its own, its plain line.
  await expect(bubble(page, 'Reacted ❤️').locator('.message-content')).toHaveText('Reacted ❤️');

  // The unsupported message and the button reply: their plain content lines.
  await expect(bubble(page, 'Unsupported message (poll)').locator('.message-content')).toHaveText(
    'Unsupported message (poll)',
  );
  await expect(bubble(page, 'Yes, book delivery').locator('.message-content')).toHaveText('Yes, book delivery');

  // Every message but the shown reaction has a row, in order.
  await expect(bubbles(page)).toHaveCount(12);
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/** axe on the page as it is; fails on serious/critical findings (as e2e/a11y.spec.ts). */
async function audit(page: Page, where: string, testInfo: TestInfo) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const count = (impact: string) =>
    result.violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  const line = `axe ${where}: critical ${count('critical')}, serious ${count('serious')}, moderate ${count('moderate')}, minor ${count('minor')}`;
  testInfo.annotations.push({ type: 'axe', description: line });
  const failures = result.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${where} · ${v.id} (${v.impact}): ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
      ),
    );
  expect(failures, `serious/critical axe violations:\n${failures.join('\n')}`).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the attachments have no serious or critical WCAG 2.1 A/AA violation · ${theme}`, async ({
    page,
    mockPrefer,
  }, testInfo) => {
    // What the theme toggle stores; index.html applies it before the first paint.
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await openAttachments(page, mockPrefer);
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect(scroller(page).getByRole('img', { name: 'Customer reacted 👍' })).toBeVisible();
    await audit(page, `/conversations/${CONVERSATION} attachments [${theme}]`, testInfo);
  });
}

test('at 320 px the attachments do not make the page scroll sideways', async ({ page, mockPrefer }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openAttachments(page, mockPrefer);
  await expect(scroller(page).getByRole('link', { name: /quote\.pdf/ })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  // Nor does the message list itself.
  expect(await scroller(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});
