// Quotes over HTTP: made from a conversation holding a deal, priced by the
// server, edited as drafts, revised, sent, cancelled, accepted (by staff and by
// the customer's yes) and expired by the services' clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';
import type { AcceptedBy, AcceptedQuote } from '../../modules/quotes/accepted';
import { createAjv, loadAsyncApi } from '../../../common/contract';
import type { RealtimeEvent } from '../../realtime/events';

type Quote = {
  id: number;
  number: string;
  revision: number;
  status: string;
  lines: {
    productId: number | null;
    description: string;
    quantity: number;
    unitPrice: number;
    installationPerUnit: number;
    lineTotal: number;
  }[];
  subtotal: number;
  deliveryFee: number;
  deliveryTown: string | null;
  discount: number;
  total: number;
  deposit: number;
  depositPercent: number;
  validityDays: number;
  validUntil: string;
  sentAt: string | null;
  acceptedAt: string | null;
  pdfUrl: string;
  orderId?: number | null;
};

let server: TestServer;
let accepted: { quote: AcceptedQuote; by: AcceptedBy }[];
let conversationId: number;
let marbleId: number;
let sinkId: number;

const DAY = 86_400_000;

async function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) {
  const response = await server.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { cookie: server.cookie },
  });
  return {
    status: response.statusCode,
    body: response.body ? (JSON.parse(response.body) as unknown) : undefined,
    response,
  };
}
const create = async (payload: unknown) => call('POST', `/api/conversations/${conversationId}/quotes`, payload);

beforeEach(async () => {
  // Sessions outlast the days the clock is moved on here.
  server = await startTestServer({ sessionTtlMs: 365 * DAY });
  accepted = [];
  server.app.services.quotes.use({
    deliveryZone: async (id) => (id === 1 ? { name: 'Nairobi', feeCents: 250_000, leadDays: 1 } : null),
    onAccepted: (quote, by) => {
      accepted.push({ quote, by });
    },
  });
  const db = server.database.db;
  const products = await db
    .insertInto('products')
    .values([
      {
        name: 'Carrara White Marble',
        category: 'marble',
        starting_price: 14500,
        ending_price: 16000,
        installation_price_per_slab: 1500,
        stock: 10,
        is_active: true,
        installation_image_urls: [],
        created_at: server.clock.now,
        updated_at: server.clock.now,
      },
      {
        name: 'Franke Double Bowl Sink',
        category: 'sink',
        starting_price: 18500.5,
        ending_price: 22000,
        installation_price_per_slab: null,
        stock: 3,
        is_active: true,
        installation_image_urls: [],
        created_at: server.clock.now,
        updated_at: server.clock.now,
      },
    ])
    .returning('id')
    .execute();
  [marbleId, sinkId] = products.map((p) => p.id);
  const conversation = await db
    .insertInto('conversations')
    .values({
      customer_name: 'Wanjiku Mutua',
      customer_address: '+254711203344',
      created_at: server.clock.now,
      last_message_at: server.clock.now,
      last_customer_message_at: server.clock.now,
      deal_product_id: marbleId,
      deal_product_name: 'Carrara White Marble',
      deal_unit_price: 13800,
      deal_agreed_by: 'bot',
      deal_agreed_at: server.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  conversationId = conversation.id;
});

afterEach(async () => {
  expect(server.app.contractViolations).toEqual([]);
  await server.close();
});

describe('quotes', () => {
  it('makes a draft from the deal: the deal price, installation, delivery, discount, deposit', async () => {
    const { status, body } = await create({
      lines: [
        { productId: marbleId, quantity: 3, withInstallation: true },
        { productId: sinkId, quantity: 1 },
      ],
      deliveryZoneId: 1,
      discount: 7000,
    });
    expect(status).toBe(201);
    const quote = body as Quote;
    expect(quote).toMatchObject({
      number: expect.stringMatching(/^Q\d{5}$/),
      revision: 1,
      status: 'draft',
      customerName: 'Wanjiku Mutua',
      subtotal: 45900 + 18500.5,
      deliveryFee: 2500,
      deliveryTown: 'Nairobi',
      discount: 7000,
      total: 45900 + 18500.5 + 2500 - 7000,
      depositPercent: 50,
      // 59900.5 × 50% = 29950.25
      deposit: 29950.25,
      validityDays: 14,
      sentAt: null,
      pdfUrl: `/api/quotes/${quote.id}/pdf`,
    });
    expect(quote.lines).toEqual([
      {
        productId: marbleId,
        description: 'Carrara White Marble',
        quantity: 3,
        unitPrice: 13800,
        installationPerUnit: 1500,
        lineTotal: 45900,
      },
      {
        productId: sinkId,
        description: 'Franke Double Bowl Sink',
        quantity: 1,
        unitPrice: 18500.5,
        installationPerUnit: 0,
        lineTotal: 18500.5,
      },
    ]);
    expect(quote.validUntil).toBe(new Date(server.clock.now.getTime() + 14 * DAY).toISOString());
    expect((await call('GET', `/api/quotes/${quote.id}`)).body).toEqual(quote);
    expect((await call('GET', `/api/conversations/${conversationId}/quotes`)).body).toEqual([quote]);
  });

  it('takes the business profile defaults and a given unit price; rounds the deposit half up', async () => {
    await call('PUT', '/api/business', {
      name: 'Stone & Sinks',
      phone: '',
      email: '',
      address: '',
      quoteDepositPercent: 30,
      quoteValidityDays: 7,
    });
    const { body } = await create({ lines: [{ productId: sinkId, quantity: 1, unitPrice: 100.05 }], pickup: true });
    // 100.05 × 30% = 30.015 → 30.02
    expect(body).toMatchObject({
      depositPercent: 30,
      validityDays: 7,
      total: 100.05,
      deposit: 30.02,
      pickup: true,
      deliveryTown: null,
    });
  });

  it('refuses a discount above subtotal and delivery, an unknown zone or product, and too many decimals (400)', async () => {
    const tooMuch = await create({
      lines: [{ productId: marbleId, quantity: 1 }],
      deliveryZoneId: 1,
      discount: 16300.01,
    });
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.body as { message: string }).message).toBe(
      'The discount (KES 16,300.01) is more than the subtotal and delivery (KES 16,300.00)',
    );
    expect(
      (await create({ lines: [{ productId: marbleId, quantity: 1 }], deliveryZoneId: 1, discount: 16300 })).body,
    ).toMatchObject({ total: 0, deposit: 0 });
    expect(await create({ lines: [{ productId: marbleId, quantity: 1 }], deliveryZoneId: 9 })).toMatchObject({
      status: 400,
      body: { message: 'Unknown delivery zone' },
    });
    expect(await create({ lines: [{ productId: 999, quantity: 1 }] })).toMatchObject({
      status: 400,
      body: { message: 'Product 999 does not exist' },
    });
    expect((await create({ lines: [{ productId: marbleId, quantity: 1, unitPrice: 10.001 }] })).status).toBe(400);
    expect(
      await create({ lines: [{ productId: marbleId, quantity: 1 }], pickup: true, deliveryZoneId: 1 }),
    ).toMatchObject({ status: 400 });
    expect((await create({ lines: [] })).status).toBe(422);
    expect((await create({ lines: [{ productId: marbleId, quantity: 1001 }] })).status).toBe(422);
    expect((await call('GET', '/api/quotes')).body).toHaveLength(1);
  });

  it('edits a draft; a sent quote is 409 until revised, and the revision keeps the number', async () => {
    const draft = (await create({ lines: [{ productId: marbleId, quantity: 1 }] })).body as Quote;
    const edited = await call('PATCH', `/api/quotes/${draft.id}`, {
      lines: [{ productId: marbleId, quantity: 2 }],
      note: 'Cut to size',
    });
    expect(edited.body).toMatchObject({ status: 'draft', subtotal: 27600, total: 27600, note: 'Cut to size' });

    const sent = await call('POST', `/api/quotes/${draft.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'sent', sentAt: server.clock.now.toISOString() });
    expect(await call('PATCH', `/api/quotes/${draft.id}`, { discount: 100 })).toMatchObject({
      status: 409,
      body: { message: 'Revise the quote to change it' },
    });
    expect((await call('POST', `/api/quotes/${draft.id}/send`)).status).toBe(409);

    server.clock.now = new Date(server.clock.now.getTime() + 60_000);
    const revised = await call('POST', `/api/quotes/${draft.id}/revise`);
    expect(revised.status).toBe(201);
    const revision = revised.body as Quote;
    expect(revision).toMatchObject({
      number: draft.number,
      revision: 2,
      status: 'draft',
      total: 27600,
      note: 'Cut to size',
    });
    expect(revision.id).not.toBe(draft.id);
    expect((await call('GET', `/api/quotes/${draft.id}`)).body).toMatchObject({ status: 'superseded' });
    const list = (await call('GET', `/api/conversations/${conversationId}/quotes`)).body as Quote[];
    expect(list.map((q) => [q.id, q.revision, q.status])).toEqual([
      [revision.id, 2, 'draft'],
      [draft.id, 1, 'superseded'],
    ]);
    expect((await call('POST', `/api/quotes/${draft.id}/revise`)).status).toBe(409);
  });

  it('sends the PDF as a document message through the outbox; the thread shows the caption', async () => {
    const draft = (
      await create({
        lines: [{ productId: marbleId, quantity: 3, withInstallation: true }],
        deliveryZoneId: 1,
        discount: 7000,
      })
    ).body as Quote;
    await call('POST', `/api/quotes/${draft.id}/send`);
    const outbox = await server.database.db.selectFrom('outbox').selectAll().execute();
    expect(outbox).toHaveLength(1);
    const caption =
      'Quotation ' + draft.number + ' – total KES 41,400.00, valid until 24 Mar 2026. Reply YES to accept.';
    expect(outbox[0]).toMatchObject({ content: caption, kind: 'admin_reply' });
    expect(outbox[0].document).toMatchObject({
      filename: `${draft.number}-r1.pdf`,
      caption,
      url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.pdf$/),
    });
    const pdf = await server.app.inject({ method: 'GET', url: outbox[0].document!.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const messages = (await call('GET', `/api/conversations/${conversationId}/messages`)).body as {
      sender: string;
      content: string;
      quoteId?: number;
    }[];
    // The message names the quote it sent (the thread shows its card there); no other message does.
    expect(messages.at(-1)).toMatchObject({ sender: 'admin', content: caption, quoteId: draft.id });
    expect(messages.filter((m) => m.quoteId !== undefined)).toHaveLength(1);
    expect(draft.orderId).toBeNull();
  });

  it('refuses to send outside the 24-hour window without a document template (409)', async () => {
    const draft = (await create({ lines: [{ productId: marbleId, quantity: 1 }] })).body as Quote;
    server.clock.now = new Date(server.clock.now.getTime() + DAY + 1);
    const refused = await call('POST', `/api/quotes/${draft.id}/send`);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toMatch(/window is closed/);
    expect((await call('GET', `/api/quotes/${draft.id}`)).body).toMatchObject({ status: 'draft' });
  });

  it('cancels a draft or a sent quote, never an accepted one', async () => {
    const a = (await create({ lines: [{ productId: marbleId, quantity: 1 }] })).body as Quote;
    expect((await call('POST', `/api/quotes/${a.id}/cancel`)).body).toMatchObject({ status: 'cancelled' });
    expect((await call('POST', `/api/quotes/${a.id}/cancel`)).status).toBe(409);
    expect((await call('POST', `/api/quotes/${a.id}/accept`)).status).toBe(409);
    const b = (await create({ lines: [{ productId: marbleId, quantity: 1 }] })).body as Quote;
    await call('POST', `/api/quotes/${b.id}/send`);
    await call('POST', `/api/quotes/${b.id}/accept`);
    expect(await call('POST', `/api/quotes/${b.id}/cancel`)).toMatchObject({
      status: 409,
      body: { message: 'An accepted quote cannot be cancelled' },
    });
  });

  it('staff accept a sent quote: onAccepted runs once with the amounts in cents', async () => {
    const draft = (
      await create({
        lines: [{ productId: marbleId, quantity: 3, withInstallation: true }],
        deliveryZoneId: 1,
        discount: 7000,
      })
    ).body as Quote;
    expect((await call('POST', `/api/quotes/${draft.id}/accept`)).status).toBe(409);
    await call('POST', `/api/quotes/${draft.id}/send`);
    const accept = await call('POST', `/api/quotes/${draft.id}/accept`);
    expect(accept.body).toMatchObject({ status: 'accepted', acceptedAt: server.clock.now.toISOString() });
    expect((await call('POST', `/api/quotes/${draft.id}/accept`)).status).toBe(409);
    expect(accepted).toEqual([
      {
        by: { kind: 'staff', username: 'admin' },
        quote: {
          quoteId: draft.id,
          quoteNumber: draft.number,
          conversationId,
          lines: [
            {
              productId: marbleId,
              description: 'Carrara White Marble',
              quantity: 3,
              unitPriceCents: 1_380_000,
              installationCents: 150_000,
              lineTotalCents: 4_590_000,
            },
          ],
          deliveryZoneId: 1,
          deliveryTown: 'Nairobi',
          pickup: false,
          deliveryFeeCents: 250_000,
          discountCents: 700_000,
          totalCents: 4_140_000,
          depositCents: 2_070_000,
        },
      },
    ]);
  });

  it('announces each change as quote_updated, as asyncapi.yaml describes it', async () => {
    const events: RealtimeEvent[] = [];
    const hub = server.app.hub;
    const publish = hub.publish.bind(hub);
    hub.publish = (event) => {
      events.push(event);
      publish(event);
    };
    const draft = (await create({ lines: [{ productId: marbleId, quantity: 1 }] })).body as Quote;
    await call('POST', `/api/quotes/${draft.id}/send`);
    await call('POST', `/api/quotes/${draft.id}/accept`);
    const quoteEvents = events.filter((e) => e.type === 'quote_updated');
    expect(quoteEvents.map((e) => e.data)).toEqual([
      { quoteId: draft.id, conversationId, status: 'draft' },
      { quoteId: draft.id, conversationId, status: 'sent' },
      { quoteId: draft.id, conversationId, status: 'accepted' },
    ]);
    const validate = createAjv().compile(loadAsyncApi().quote_updated);
    for (const event of quoteEvents) expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
    // The thread changed too: the sent message.
    expect(events).toContainEqual({ type: 'conversation_update', data: { id: conversationId } });
  });

  it('a failing onAccepted leaves the quote accepted and answers it', async () => {
    server.app.services.quotes.use({
      onAccepted: () => {
        throw new Error('the orders module is down');
      },
    });
    const draft = (await create({ lines: [{ productId: marbleId, quantity: 1 }] })).body as Quote;
    await call('POST', `/api/quotes/${draft.id}/send`);
    expect(await call('POST', `/api/quotes/${draft.id}/accept`)).toMatchObject({
      status: 200,
      body: { status: 'accepted' },
    });
  });

  it('choosing pickup on a draft drops its delivery zone and fee', async () => {
    const draft = (await create({ lines: [{ productId: marbleId, quantity: 1 }], deliveryZoneId: 1 })).body as Quote;
    expect(draft).toMatchObject({ deliveryFee: 2500, deliveryTown: 'Nairobi' });
    expect((await call('PATCH', `/api/quotes/${draft.id}`, { pickup: true })).body).toMatchObject({
      pickup: true,
      deliveryZoneId: null,
      deliveryTown: null,
      deliveryFee: 0,
      total: 13800,
    });
  });

  it("the customer's plain yes accepts the sent quote once, before the bot answers", async () => {
    const draft = (await create({ lines: [{ productId: marbleId, quantity: 1 }] })).body as Quote;
    const say = async (content: string, id: string) => {
      const received = await server.app.services.customers.customerMessage({
        channel: 'whatsapp',
        address: '+254711203344',
        externalId: id,
        type: 'text',
        content,
        at: server.clock.now,
      });
      await received?.turn;
    };
    await say('Sawa', 'in-0');
    expect(accepted).toHaveLength(0); // a draft is not accepted
    await call('POST', `/api/quotes/${draft.id}/send`);
    await say('How much is delivery?', 'in-1');
    expect(accepted).toHaveLength(0);
    await say('Sawa!', 'in-2');
    expect(accepted.map((a) => [a.quote.quoteId, a.by.kind])).toEqual([[draft.id, 'customer']]);
    expect((await call('GET', `/api/quotes/${draft.id}`)).body).toMatchObject({ status: 'accepted' });
    await say('yes', 'in-3');
    expect(accepted).toHaveLength(1);
  });

  it('a sent quote expires at validUntil by the services clock; an expired one is not accepted but can be revised', async () => {
    const draft = (await create({ lines: [{ productId: marbleId, quantity: 1 }], validityDays: 2 })).body as Quote;
    const sent = (await call('POST', `/api/quotes/${draft.id}/send`)).body as Quote;
    server.clock.now = new Date(Date.parse(sent.validUntil) - 1);
    expect((await call('GET', `/api/quotes/${draft.id}`)).body).toMatchObject({ status: 'sent' });
    expect((await call('GET', '/api/quotes?status=expired')).body).toEqual([]);
    server.clock.now = new Date(sent.validUntil);
    expect((await call('GET', `/api/quotes/${draft.id}`)).body).toMatchObject({ status: 'expired' });
    expect(((await call('GET', '/api/quotes?status=expired')).body as Quote[]).map((q) => q.id)).toEqual([draft.id]);
    expect((await call('GET', '/api/quotes?status=sent')).body).toEqual([]);
    expect(await call('POST', `/api/quotes/${draft.id}/accept`)).toMatchObject({ status: 409 });
    expect((await call('POST', `/api/quotes/${draft.id}/revise`)).body).toMatchObject({ revision: 2, status: 'draft' });
  });

  it('pages the list newest first with Link and X-Total-Count', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.now = new Date(server.clock.now.getTime() + 1000);
      ids.push(((await create({ lines: [{ productId: marbleId, quantity: 1 }] })).body as Quote).id);
    }
    const first = await call('GET', '/api/quotes?limit=2');
    expect((first.body as Quote[]).map((q) => q.id)).toEqual([ids[2], ids[1]]);
    expect(first.response.headers['x-total-count']).toBe('3');
    const next = /<([^>]+)>/.exec(String(first.response.headers.link))![1];
    expect(((await call('GET', next)).body as Quote[]).map((q) => q.id)).toEqual([ids[0]]);
    expect((await call('GET', '/api/quotes?status=draft')).body).toHaveLength(3);
  });

  it('answers 404 for an unknown quote or conversation, and the PDF inline with its name', async () => {
    for (const url of ['/api/quotes/999', '/api/quotes/999/pdf', '/api/conversations/999/quotes'])
      expect((await call('GET', url)).status).toBe(404);
    for (const action of ['send', 'cancel', 'accept', 'revise'])
      expect((await call('POST', `/api/quotes/999/${action}`)).status).toBe(404);
    expect((await call('PATCH', '/api/quotes/999', { note: 'x' })).status).toBe(404);
    expect((await create({ lines: [{ productId: marbleId, quantity: 1 }] })).status).toBe(201);
    expect(
      (await call('POST', '/api/conversations/999/quotes', { lines: [{ productId: marbleId, quantity: 1 }] })).status,
    ).toBe(404);
    const quote = ((await call('GET', '/api/quotes')).body as Quote[])[0];
    const pdf = await server.app.inject({ method: 'GET', url: quote.pdfUrl, headers: { cookie: server.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${quote.number}-r1.pdf"`);
  });
});
