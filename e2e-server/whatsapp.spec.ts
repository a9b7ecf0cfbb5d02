// Issue 31, end to end: the reference server with the WhatsApp Cloud API
// channel on, against Prism serving Meta's trimmed contract (every send is
// checked against Meta's schema) behind the recorder (what "WhatsApp" was
// sent). A customer's message arrives as a signed webhook and shows live in
// the list; staff take over and reply; WhatsApp receives the send; status
// webhooks move the reply to Delivered, then Read, and a late one does not
// move it back. And the webhook's doors: unsigned or wrongly signed
// deliveries are refused, the subscription handshake answers only the right
// verify token.
//
// This file starts its own stack (e2e-server/support/whatsapp-stack.ts): the
// server and Vite of playwright.server.config.ts have no WhatsApp.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  customerMessagePayload,
  postWebhook,
  statusPayload,
  type DeliveryStatus,
} from '../common/whatsapp/webhook-payloads';
import type { RecordedSend } from '../common/whatsapp/recorder';
import { E2E_ADMIN } from '../playwright.server.config';
import { STARTUP_TIMEOUT_MS, WHATSAPP, startWhatsAppStack, type WhatsAppStack } from './support/whatsapp-stack';

/** A webhook reaching the screen: stored, processed, pushed over the socket, rendered. */
const LIVE = { timeout: 15_000 };

let stack: WhatsAppStack;

test.beforeAll(async () => {
  test.setTimeout(STARTUP_TIMEOUT_MS + 30_000);
  stack = await startWhatsAppStack();
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  await stack?.close();
});

/** A customer nobody has seen yet: 2547 and eight digits. */
const newNumber = () => `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const business = { phoneNumberId: WHATSAPP.phoneNumberId, businessAccountId: WHATSAPP.businessAccountId };
const webhookUrl = () => `${stack.server}/webhooks/whatsapp`;

async function signIn(request: APIRequestContext) {
  const res = await request.post(`${stack.app}/api/auth/login`, { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
}

async function postStatus(id: string, status: DeliveryStatus, recipientId: string) {
  const answer = await postWebhook(webhookUrl(), statusPayload({ ...business, id, status, recipientId }), {
    secret: WHATSAPP.appSecret,
  });
  expect(answer.status).toBe(200);
}

async function postCustomerText(from: string, name: string, text: string) {
  const answer = await postWebhook(webhookUrl(), customerMessagePayload({ ...business, from, name, text }), {
    secret: WHATSAPP.appSecret,
  });
  expect(answer.status).toBe(200);
}

/** The texts WhatsApp was asked to send to `number` (digits; the server may write it with "+"). */
const textsTo = (number: string): RecordedSend[] =>
  stack.recorder.sent().filter((send) => {
    const request = send.request as { to?: string; type?: string };
    return request.type === 'text' && request.to?.replace(/^\+/, '') === number;
  });

const deliveryOf = (page: Page, text: string) =>
  page.locator('.message-admin').filter({ hasText: text }).locator('.message-delivery-label');

test('a customer writes on WhatsApp, staff take over and reply, and every delivery state shows', async ({ page }) => {
  test.setTimeout(120_000);
  const from = newNumber();
  const name = 'Wanjiru Kamau';
  const question = `Habari, bei ya black granite ni ngapi? (${from})`;
  await signIn(page.request);
  await page.goto(`${stack.app}/conversations`);
  await expect(page.getByRole('heading', { name: 'Conversations', level: 1 })).toBeVisible();
  // Events reach the page only once its socket is open.
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible(LIVE);

  await postCustomerText(from, name, question);

  // Live, without a reload: the customer's profile name, what they wrote, and the hand-off the
  // default bot made (no bot is configured): Admin Required and a notification.
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible(LIVE);
  await expect(card).toContainText('Admin Required');
  await expect(card).toContainText(question);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge')).toHaveText('1', LIVE);

  await card.click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.locator('.message-customer .message-content')).toHaveText(question);
  await expect(page.getByRole('region', { name: 'Conversation Info' })).toContainText('Admin Required');

  const takeover = page.getByRole('switch', { name: 'Admin Takeover' });
  await expect(takeover).not.toBeChecked();
  await takeover.click();
  await expect(page.locator('.toast .toast-title')).toHaveText('Status updated');
  await expect(takeover).toBeChecked();

  const reply = `Karibu ${name.split(' ')[0]}! Black granite is 8,000 KES a metre (${Date.now()}).`;
  const composer = page.getByPlaceholder('Type your message...');
  await composer.fill(reply);
  await composer.press('Enter');
  await expect(page.locator('.message-admin .message-content').filter({ hasText: reply })).toBeVisible();

  // WhatsApp (Prism, checking Meta's schema) received one text to that number with those words.
  await expect.poll(() => textsTo(from).length, LIVE).toBe(1);
  const [send] = textsTo(from);
  expect(send.phoneNumberId).toBe(WHATSAPP.phoneNumberId);
  expect(send.status).toBe(200);
  expect((send.request as { text: { body: string } }).text.body).toBe(reply);
  const wamid = send.wamid!;
  expect(wamid).toMatch(/^wamid\./);
  await expect(deliveryOf(page, reply)).toHaveText('Delivery: Sent', LIVE);

  await postStatus(wamid, 'delivered', from);
  await expect(deliveryOf(page, reply)).toHaveText('Delivery: Delivered', LIVE);
  await postStatus(wamid, 'read', from);
  await expect(deliveryOf(page, reply)).toHaveText('Delivery: Read', LIVE);

  // A status arriving late (Meta does not keep order) leaves it Read. Deliveries are processed
  // in the order received, so once the customer's next message shows, the late status was applied.
  await postStatus(wamid, 'delivered', from);
  const next = `Asante, nitakuja kesho (${from}).`;
  await postCustomerText(from, name, next);
  await expect(page.locator('.message-customer .message-content').filter({ hasText: next })).toBeVisible(LIVE);
  await expect(deliveryOf(page, reply)).toHaveText('Delivery: Read');
  await page.reload();
  await expect(deliveryOf(page, reply)).toHaveText('Delivery: Read');
  // Staff's one reply was sent once.
  expect(textsTo(from)).toHaveLength(1);
});

test('the webhook refuses deliveries without the app secret’s signature, and stores nothing', async ({ request }) => {
  const from = newNumber();
  const payload = customerMessagePayload({ ...business, from, name: 'Not Meta', text: 'Send me your M-Pesa PIN' });
  const unsigned = await postWebhook(webhookUrl(), payload, { signing: 'unsigned' });
  expect(unsigned.status).toBe(401);
  const wrong = await postWebhook(webhookUrl(), payload, { signing: 'bad-signature', secret: WHATSAPP.appSecret });
  expect(wrong.status).toBe(401);

  // A signed delivery after them is processed (the webhook works) and is the first from that number.
  await signIn(request);
  await postCustomerText(from, 'Real Customer', 'Habari');
  const conversations = async () =>
    (
      (await (await request.get(`${stack.app}/api/conversations?limit=100`)).json()) as {
        whatsappPhoneNumber: string;
        customerName: string | null;
        messageCount?: number;
      }[]
    ).filter((c) => c.whatsappPhoneNumber.replace(/^\+/, '') === from);
  await expect.poll(async () => (await conversations()).length, LIVE).toBe(1);
  const [conversation] = await conversations();
  expect(conversation.customerName).toBe('Real Customer');
  expect(conversation.messageCount).toBe(1);
});

test('the subscription handshake echoes the challenge only for the verify token', async ({ request }) => {
  const handshake = (token: string) =>
    request.get(webhookUrl(), {
      params: { 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' },
    });
  const right = await handshake(WHATSAPP.verifyToken);
  expect(right.status()).toBe(200);
  expect(await right.text()).toBe('1158201444');
  const wrong = await handshake('not-the-verify-token');
  expect(wrong.status()).toBe(403);
  expect(await wrong.text()).not.toContain('1158201444');
});
