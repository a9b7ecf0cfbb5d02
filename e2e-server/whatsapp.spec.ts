// WhatsApp end to end: the reference server with the WhatsApp Cloud API
// channel on, against Prism serving Meta's trimmed contract (every send
// is checked against Meta's schema) behind the recorder (what "WhatsApp" was
// sent). A customer asks, bargains and buys from the catalogue bot alone; a
// Swahili buyer who offers more than the bot's last price still buys. A
// customer's message arrives as a signed webhook and shows live in the list;
// the bot hands a delivery question over; staff take over and reply; WhatsApp receives the send; status
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
import {
  PUBLIC_ORIGIN,
  STARTUP_TIMEOUT_MS,
  WHATSAPP,
  startWhatsAppStack,
  type WhatsAppStack,
} from './support/whatsapp-stack';
import { execFileSync } from 'node:child_process';

/** A PDF's text as Debian's pdftotext reads it (poppler-utils, installed by .ci/run), in reading order. */
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString();

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

/** Adds a granite slab to the catalogue (3000 x 1800 x 20, active), as staff would on the product form. */
async function addGranite(
  request: APIRequestContext,
  name: string,
  color: string,
  prices: [number, number],
  stock: number,
) {
  const created = await request.post(`${stack.app}/api/products`, {
    multipart: {
      name,
      category: 'granite',
      color,
      dimensions: '3000 x 1800 x 20',
      startingPrice: String(prices[0]),
      endingPrice: String(prices[1]),
      stock: String(stock),
      isActive: 'true',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
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

const bodyOf = (send: RecordedSend | undefined) => (send?.request as { text?: { body?: string } }).text?.body ?? '';

const deliveryOf = (page: Page, text: string) =>
  page.locator('.message-admin').filter({ hasText: text }).locator('.message-delivery-label');

test('a customer writes on WhatsApp, staff take over and reply, and every delivery state shows', async ({ page }) => {
  test.setTimeout(120_000);
  const from = newNumber();
  const name = 'Wanjiru Kamau';
  // A delivery question about a town no delivery zone names: the catalogue bot says a person will answer and hands the conversation over.
  const question = `Habari, mnadeliver Kakamega? (${from})`;
  await signIn(page.request);
  await page.goto(`${stack.app}/conversations`);
  await expect(page.getByRole('heading', { name: 'Conversations', level: 1 })).toBeVisible();
  // Events reach the page only once its socket is open.
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible(LIVE);

  await postCustomerText(from, name, question);

  // Live, without a reload: the customer's profile name, what they wrote, and the bot's hand-over:
  // Admin Required and a notification.
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible(LIVE);
  await expect(card).toContainText('Admin Required');
  // The card says why a person is needed and quotes the customer, instead of the bot's line.
  await expect(card).toContainText('Asks about delivery');
  await expect(card).toContainText(question);
  await expect(card).not.toContainText('Nakupitisha kwa mmoja wa wafanyakazi wetu');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge')).toHaveText('1', LIVE);

  await card.click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.locator('.message-customer .message-content')).toHaveText(question);
  await expect(page.getByRole('region', { name: 'Conversation Info' })).toContainText('Admin Required');
  // The bot told the customer, on WhatsApp, that a person will answer.
  await expect.poll(() => textsTo(from).length, LIVE).toBe(1);
  expect(bodyOf(textsTo(from)[0])).toContain('Nakupitisha kwa mmoja wa wafanyakazi wetu');

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

  // WhatsApp (Prism, checking Meta's schema) received one more text to that number, with those words.
  await expect.poll(() => textsTo(from).length, LIVE).toBe(2);
  const send = textsTo(from)[1];
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
  // Staff's one reply was sent once, and the bot said nothing while staff had the conversation.
  expect(textsTo(from)).toHaveLength(2);
});

test('a customer asks, bargains and buys over WhatsApp with the bot alone; delivery then goes to staff', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page.request);
  await addGranite(page.request, 'Galaxy Black Granite', 'Black', [11000, 15500], 6);
  const from = newNumber();
  const name = 'Achieng Odhiambo';
  await page.goto(`${stack.app}/conversations`);
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible(LIVE);

  // Swahili in, Swahili out: the price from the catalogue, per slab, sent to WhatsApp.
  await postCustomerText(from, name, 'Habari, bei ya galaxy black granite ni ngapi?');
  await expect.poll(() => textsTo(from).length, LIVE).toBe(1);
  expect(bodyOf(textsTo(from)[0])).toMatch(/^Galaxy Black Granite ni KES 11,000 kwa slab\./);
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toContainText('Bot Active', LIVE);
  await expect(card).toContainText('Galaxy Black Granite');
  await card.click();
  await expect(page.locator('.message-bot .message-content').first()).toContainText('KES 11,000 kwa slab');

  // A counter-offer below the lowest price (90 % of 11,000 = 9,900): the bot meets it halfway
  // between the offer and its own price (10,250, above the lowest), round 1.
  const info = page.getByRole('region', { name: 'Conversation Info' });
  await postCustomerText(from, name, 'Unaweza kufanya 9,500?');
  await expect(info.locator('.current-offer')).toContainText('10,250', LIVE);
  await expect(info.locator('.current-offer')).toContainText('Round 1');
  await expect(info).toContainText('Galaxy Black Granite');

  // "Sawa, deal": sold at the offer, and the analytics count the sale.
  await postCustomerText(from, name, 'Sawa, deal');
  await expect.poll(() => textsTo(from).length, LIVE).toBe(3);
  expect(bodyOf(textsTo(from)[2])).toContain('Galaxy Black Granite kwa KES 10,250 kwa slab');
  const overview = (await (await page.request.get(`${stack.app}/api/analytics/overview`)).json()) as {
    conversionRate: number;
  };
  expect(overview.conversionRate).toBeGreaterThan(0);
  await expect(info).toContainText('Bot Active');

  // Delivery to a town no delivery zone names needs a person: Admin Required, the notification says what the customer wanted.
  await postCustomerText(from, name, 'Mnadeliver Kakamega?');
  await expect(info).toContainText('Admin Required', LIVE);
  await expect.poll(() => textsTo(from).length, LIVE).toBe(4);
  expect(bodyOf(textsTo(from)[3])).toContain('Nakupitisha kwa mmoja wa wafanyakazi wetu');
  const unread = (await (await page.request.get(`${stack.app}/api/notifications/unread`)).json()) as {
    type: string;
    message: string;
  }[];
  expect(unread).toContainEqual(
    expect.objectContaining({
      type: 'delivery_inquiry',
      message: `${name} asks about delivery: "Mnadeliver Kakamega?" (product: Galaxy Black Granite)`,
    }),
  );
});

test('a Swahili buyer who bargains, then offers more than the last price and says "Sawa, deal", buys at the bot’s price', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page.request);
  await addGranite(page.request, 'Tan Brown Granite', 'Brown', [7800, 10500], 9);
  const from = newNumber();
  const name = 'Njeri Wambui';
  await page.goto(`${stack.app}/conversations`);
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible(LIVE);

  await postCustomerText(from, name, 'bei ya tan brown');
  await expect.poll(() => textsTo(from).length, LIVE).toBe(1);
  expect(bodyOf(textsTo(from)[0])).toContain('Tan Brown Granite ni KES 7,800 kwa slab');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  const info = page.getByRole('region', { name: 'Conversation Info' });

  // Three rounds down to the bot's last price.
  for (const [i, offer] of ['Nitakupa 5000', 'Nitakupa 6000', 'Punguza zaidi'].entries()) {
    await postCustomerText(from, name, offer);
    await expect.poll(() => textsTo(from).length, LIVE).toBe(2 + i);
  }
  const last = bodyOf(textsTo(from).at(-1));
  expect(last).toContain('Hiyo ndiyo bei yangu ya mwisho');
  const price = last.match(/KES ([\d,]+)/)![1];
  await expect(info.locator('.current-offer')).toContainText(price, LIVE);

  // More than that price ("basi" is Swahili, not a basin), then yes: sold at the bot's price.
  await postCustomerText(from, name, '7500 basi');
  await postCustomerText(from, name, 'Sawa, deal');
  await expect.poll(() => textsTo(from).length, LIVE).toBe(6);
  await expect(page.locator('.message-bot .message-content').last()).toContainText(
    `Tan Brown Granite kwa KES ${price}`,
    LIVE,
  );
  const replies = textsTo(from).map(bodyOf);
  expect(replies.at(-1)).toContain(`Tan Brown Granite kwa KES ${price}`);
  expect(replies.join('\n')).not.toMatch(/Unamaanisha bidhaa gani|[Ss]inki|[Ss]ink/);
  // The bot kept the sale: nobody was needed, and no sink was offered.
  await expect(info).toContainText('Bot Active');
  // And the sale is not silent: the conversation holds the deal, and staff were told once.
  await expect(info.locator('.deal-info')).toContainText(`Tan Brown Granite at KES ${price}`, LIVE);
  await expect(info.locator('.deal-info')).toContainText('Agreed by the chatbot');
  const notifications = (await (await page.request.get(`${stack.app}/api/notifications`)).json()) as {
    type: string;
    message: string;
  }[];
  expect(notifications.filter((n) => n.type === 'deal_accepted' && n.message.startsWith(name))).toEqual([
    expect.objectContaining({ message: `${name} accepted Tan Brown Granite at KES ${price}` }),
  ]);
});

test('from "deal" to a delivered order: "3 slabs, Nakuru", the quote PDF, "sawa", the order live, "iko wapi?", paid and delivered by staff', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page.request);
  await addGranite(page.request, 'Rosy Pink Granite', 'Red', [8200, 11000], 12);
  const zone = await page.request.post(`${stack.app}/api/delivery-zones`, {
    data: { name: 'Nakuru', places: ['Lanet'], fee: 9500, leadDays: 3 },
  });
  expect([201, 409], await zone.text()).toContain(zone.status());
  const from = newNumber();
  const name = 'Wairimu Kariuki';
  await page.goto(`${stack.app}/orders`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: connected' })).toBeVisible(LIVE);

  // Asks, bargains, accepts; the bot asks how many and where.
  await postCustomerText(from, name, 'bei ya rosy pink');
  await expect.poll(() => textsTo(from).length, LIVE).toBe(1);
  await postCustomerText(from, name, 'Nitakupa 8000');
  await expect.poll(() => textsTo(from).length, LIVE).toBe(2);
  await postCustomerText(from, name, 'Sawa, deal');
  await expect.poll(() => textsTo(from).length, LIVE).toBe(3);
  expect(bodyOf(textsTo(from)[2])).toContain('slab ngapi');
  const price = Number(
    bodyOf(textsTo(from)[2])
      .match(/KES ([\d,]+)/)![1]
      .replace(/,/g, ''),
  );

  // "3 slabs, Nakuru": noted with the fee, and the quote arrives as a PDF document (checked by
  // Prism against Meta's contract), its caption in Swahili.
  await postCustomerText(from, name, 'Nataka slab 3, mniletee Nakuru');
  const documentsTo = () =>
    stack.recorder.sent().filter((send) => {
      const request = send.request as { to?: string; type?: string };
      return request.type === 'document' && request.to?.replace(/^\+/, '') === from;
    });
  await expect.poll(() => textsTo(from).length, LIVE).toBe(4);
  await expect.poll(() => documentsTo().length, LIVE).toBe(1);
  const total = 3 * price + 9500;
  const totalText = total.toLocaleString('en-US');
  const document = (documentsTo()[0].request as { document: { link: string; filename: string; caption: string } })
    .document;
  expect(document.caption).toMatch(new RegExp(`^Nukuu (Q\\d+) – jumla KES ${totalText}\\.00`));
  expect(bodyOf(textsTo(from).at(-1))).toContain('usafiri hadi Nakuru (KES 9,500');
  // The link WhatsApp fetches gives the PDF, whose text names the number, the lines and the total.
  expect(document.link.startsWith(`${PUBLIC_ORIGIN}/uploads/`)).toBe(true);
  const pdf = await page.request.get(`${stack.server}${new URL(document.link).pathname}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = pdfText(await pdf.body());
  const number = document.caption.match(/Q\d+/)![0];
  expect(text).toContain(number);
  expect(text).toContain('Rosy Pink Granite');
  expect(text).toMatch(new RegExp(`Total\\s+KES ${totalText}\\.00`));

  // "sawa": the quote is accepted and its order appears on the Orders screen, live, with the total.
  await postCustomerText(from, name, 'sawa');
  const card = page.getByRole('link').filter({ hasText: name });
  await expect(card).toBeVisible(LIVE);
  await expect(card).toContainText(`KES ${totalText}`);
  await expect(card).toContainText('Confirmed');
  await expect(card).toContainText('Unpaid');
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/SO\d+/);
  await expect(page.getByText(`· from quote ${number}`)).toBeVisible();
  const orderNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/SO\d+/)![0];

  // "Order yangu iko wapi?": the bot answers from the order, in Swahili, with what is left to pay.
  await postCustomerText(from, name, 'Order yangu iko wapi?');
  const orderAnswer = () =>
    textsTo(from)
      .map((send) => bodyOf(send))
      .find((body) => body.includes('Oda yako'));
  await expect.poll(orderAnswer, LIVE).toBeDefined();
  const answer = orderAnswer()!;
  expect(answer).toContain(`Oda yako ${orderNumber}`);
  expect(answer).toContain(`Salio: KES ${totalText}`);

  // Staff take the payment and the order to the customer's door from its page, not telling them.
  await page.getByLabel('Tell the customer').uncheck();
  await page.getByLabel('Amount (KES)').fill(String(total));
  await page.getByLabel('Reference').fill(`QK${from.slice(-8)}`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const head = page.locator('header.orders-header');
  await expect(head).toContainText('Paid');
  for (const step of ['scheduled', 'out for delivery', 'delivered']) {
    await page.getByRole('button', { name: `Mark as ${step}` }).click();
    await expect(page.getByRole('button', { name: `Mark as ${step}` })).toHaveCount(0);
  }
  await expect(head).toContainText('Delivered');

  // In the conversation's thread, the quote shows under the message that sent it, with its order.
  await page.getByRole('link', { name: 'Conversation', exact: true }).click();
  const quoteCard = page.getByRole('log', { name: 'Messages' }).getByRole('group', { name: `Quote ${number}` });
  await expect(quoteCard).toContainText('Accepted');
  await expect(quoteCard.getByRole('link', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(quoteCard).toContainText('Delivered');
  await expect(quoteCard).toContainText('Paid');
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
  // The customer's "Habari" once, and the bot's greeting.
  await expect.poll(async () => (await conversations())[0]?.messageCount, LIVE).toBe(2);
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
