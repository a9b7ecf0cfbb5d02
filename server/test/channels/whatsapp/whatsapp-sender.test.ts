// Sending: the outbox with WhatsApp's rules (backoff and jitter,
// WhatsApp's per-customer limit, permanent errors in plain words, the reply
// window closed by 131047, staff told of a dead token, templates synced after
// 132001), the Graph error classification, the template sync paged to the
// end, and the 422 for a template's values that do not match it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_ATTEMPTS,
  PermanentDeliveryError,
  TransientDeliveryError,
  outboxDispatcher,
  type OutboxSender,
  type OutgoingMessage,
  type SendResult,
} from '../../../delivery/outbox/sender';
import type { RealtimeEvent } from '../../../realtime/events';
import {
  WINDOW_CLOSED_REASON,
  classifyGraphError,
  classifyNetworkError,
  redact,
} from '../../../channels/whatsapp/sender/graph-errors';
import { cloudSender, messageRequest, productCardImage } from '../../../channels/whatsapp/sender/cloud-sender';
import { failedStatusHandler } from '../../../channels/whatsapp/sender/failed-status';
import { applyHeldStatuses } from '../../../channels/whatsapp/statuses';
import { startWhatsAppMock, type WhatsAppMock } from '../../../../common/whatsapp/prism-mock';
import { templateSync, toSyncedTemplate, type GraphTemplate } from '../../../channels/whatsapp/sender/templates-sync';
import { TEST_NOW, openMigratedDatabase, runningClock, startTestServer, type TestServer } from '../../helpers';

const TOKEN = 'EAAGtest-SECRET-token-0123456789';
const WINDOW_CLOSED = 'The 24-hour reply window has closed: send an approved template instead';
const graphError = (code: number, extra: Record<string, unknown> = {}) => ({
  error: { message: `(#${code}) something`, type: 'OAuthException', code, fbtrace_id: 'Ax1', ...extra },
});

describe('Graph error classification (by code, never by HTTP status alone)', () => {
  it.each([1, 2, 4, 80007, 130429, 131000, 131016, 131056])('%i is transient', (code) => {
    // A 400 with a transient code is still transient.
    expect(classifyGraphError(400, graphError(code))).toBeInstanceOf(TransientDeliveryError);
  });

  it.each([131026, 131049, 132000, 132001, 132005, 132007, 132012, 132015, 132016, 100, 368, 190, 470, 131047])(
    '%i is permanent',
    (code) => {
      // A 500 with a permanent code is still permanent.
      const error = classifyGraphError(500, graphError(code));
      expect(error).toBeInstanceOf(PermanentDeliveryError);
      expect(error.message).not.toMatch(/\(#\d+\)/); // our words, not Meta's
    },
  );

  it('each class carries what the outbox acts on', () => {
    const pair = classifyGraphError(400, graphError(131056)) as TransientDeliveryError;
    expect(pair.retryAfterMs).toBeGreaterThanOrEqual(6_000);
    expect(pair.pauseAll).toBe(false);
    expect((classifyGraphError(429, graphError(130429)) as TransientDeliveryError).pauseAll).toBe(true);
    expect(classifyGraphError(400, graphError(131026)).message).toBe(
      'This number cannot receive WhatsApp messages (not on WhatsApp, or has not accepted the latest terms).',
    );
    const window = classifyGraphError(400, graphError(131047)) as PermanentDeliveryError;
    expect(window).toMatchObject({ message: WINDOW_CLOSED_REASON, closeWindow: true, notifyStaff: false });
    expect(classifyGraphError(401, graphError(190))).toMatchObject({ notifyStaff: true, code: 190 });
    expect(classifyGraphError(403, graphError(368))).toMatchObject({ notifyStaff: true, code: 368 });
    expect(classifyGraphError(400, graphError(132001))).toMatchObject({ resyncTemplates: true });
    expect(classifyGraphError(404, graphError(100, { error_subcode: 33 })).message).toMatch(/WHATSAPP_PHONE_NUMBER_ID/);
  });

  it('decides an unknown code by Meta’s is_transient flag, then the status; no code at all by the status', () => {
    expect(classifyGraphError(400, graphError(999_999))).toBeInstanceOf(PermanentDeliveryError);
    expect(classifyGraphError(500, graphError(999_999))).toBeInstanceOf(TransientDeliveryError);
    expect(classifyGraphError(400, graphError(999_999, { is_transient: true }))).toBeInstanceOf(TransientDeliveryError);
    expect(classifyGraphError(502, '<html>Bad gateway</html>')).toBeInstanceOf(TransientDeliveryError);
    expect(classifyGraphError(404, undefined)).toBeInstanceOf(PermanentDeliveryError);
    expect(
      classifyNetworkError(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })),
    ).toBeInstanceOf(TransientDeliveryError);
  });

  it('never repeats the access token', () => {
    const leaky = graphError(999_999, {
      message: `Invalid OAuth access token ${TOKEN}`,
      error_data: { details: `Bearer ${TOKEN}` },
    });
    expect(classifyGraphError(400, leaky, TOKEN).message).not.toContain(TOKEN);
    expect(redact(`url?access_token=${TOKEN}&x=1`)).not.toContain(TOKEN);
  });
});

describe('the Cloud sender’s answers', () => {
  const message: OutgoingMessage = {
    id: 1,
    conversationId: 1,
    to: '+254712345678',
    content: 'Karibu!',
    kind: 'admin_reply',
  };
  const senderAnswering = (answer: (request: Request) => Promise<Response>) =>
    cloudSender({
      graphUrl: 'https://graph.test',
      accessToken: TOKEN,
      phoneNumberId: '106540352242922',
      fetch: answer,
    });

  it('sends with the token in the Authorization header only, and returns the message id', async () => {
    let seen: Request | undefined;
    const sender = senderAnswering(async (request) => {
      seen = request;
      return Response.json({ messaging_product: 'whatsapp', contacts: [], messages: [{ id: 'wamid.X1' }] });
    });
    expect(await sender.send(message)).toEqual({ externalId: 'wamid.X1' });
    expect(seen?.url).toBe('https://graph.test/v23.0/106540352242922/messages');
    expect(seen?.url).not.toContain(TOKEN);
    expect(seen?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('treats a 200 without messages[0].id as a failure to try again', async () => {
    const sender = senderAnswering(async () =>
      Response.json({ messaging_product: 'whatsapp', contacts: [], messages: [] }),
    );
    await expect(sender.send(message)).rejects.toBeInstanceOf(TransientDeliveryError);
  });

  it('treats no answer at all as a failure to try again, without the token in its words', async () => {
    const sender = senderAnswering(async () => {
      throw new TypeError('fetch failed', { cause: new Error(`connect ECONNREFUSED (Bearer ${TOKEN})`) });
    });
    const error = await sender.send(message).catch((e: Error) => e);
    expect(error).toBeInstanceOf(TransientDeliveryError);
    expect((error as Error).message).toMatch(/^WhatsApp could not be reached/);
    expect((error as Error).message).not.toContain(TOKEN);
  });
});

describe('product card as a picture', () => {
  const card = 'Absolute Black Granite\nSize: 3000 x 1800 x 20 mm\nPrice: 8,500 - 12,000 KES per slab';
  it('sends the picture line as an image WhatsApp fetches, the other lines as its caption', () => {
    expect(productCardImage(`${card}\nPicture: https://shop.example.co.ke/uploads/a.jpg`, undefined)).toEqual({
      link: 'https://shop.example.co.ke/uploads/a.jpg',
      caption: card,
    });
    // A development address is moved to the public one.
    expect(
      productCardImage(`${card}\nPicture: http://localhost:5173/uploads/a.png`, 'https://shop.example.co.ke'),
    ).toEqual({ link: 'https://shop.example.co.ke/uploads/a.png', caption: card });
  });
  it('keeps it text when WhatsApp could not fetch or show the picture', () => {
    expect(productCardImage(`${card}\nPicture: http://localhost:5173/uploads/a.png`, undefined)).toBeUndefined();
    expect(productCardImage(`${card}\nPicture: https://shop.example.co.ke/uploads/a.webp`, undefined)).toBeUndefined();
    expect(productCardImage(card, 'https://shop.example.co.ke')).toBeUndefined();
  });
  it('sends a document by its public link, and refuses one WhatsApp cannot fetch', () => {
    const document = { url: '/uploads/q.pdf', filename: 'Q00042-r1.pdf', caption: 'Quotation Q00042' };
    const message = {
      id: 1,
      conversationId: 1,
      to: '254722000001',
      content: document.caption,
      kind: 'admin_reply' as const,
      document,
    };
    expect(messageRequest(message, 'https://shop.example.co.ke')).toMatchObject({
      type: 'document',
      document: {
        link: 'https://shop.example.co.ke/uploads/q.pdf',
        filename: 'Q00042-r1.pdf',
        caption: 'Quotation Q00042',
      },
    });
    expect(() => messageRequest(message)).toThrow(PermanentDeliveryError);
    expect(() =>
      messageRequest({ ...message, document: { ...document, url: 'http://127.0.0.1:8080/uploads/q.pdf' } }),
    ).toThrow(/PUBLIC_ORIGIN/);
  });

  it('never sends the customer an address they cannot open: without PUBLIC_ORIGIN a local picture line is left out', () => {
    const to = '254722000001';
    const sent = (content: string, origin?: string) => {
      const request = messageRequest({ id: 1, conversationId: 1, to, content, kind: 'bot_reply' }, origin);
      return request.type === 'text' ? request.text.body : request.type;
    };
    expect(sent(`${card}\nPicture: http://127.0.0.1:3000/uploads/a.png`)).toBe(card);
    expect(sent(`${card}\nPicture: /uploads/a.png`)).toBe(card);
    expect(sent(`${card}\nPicture: http://192.168.1.20/uploads/a.png`)).toBe(card);
    // A public link WhatsApp would not show as an image stays, for the customer to open.
    expect(sent(`${card}\nPicture: https://shop.example.co.ke/uploads/a.webp`)).toBe(
      `${card}\nPicture: https://shop.example.co.ke/uploads/a.webp`,
    );
    // With a public address it goes as the picture itself.
    expect(sent(`${card}\nPicture: /uploads/a.png`, 'https://shop.example.co.ke')).toBe('image');
  });
});

// ---------------------------------------------------------------------------
// The dispatcher, with a sender whose answers each test decides.

let server: TestServer;
const events: RealtimeEvent[] = [];
const calls: { message: OutgoingMessage; at: number }[] = [];
/** The next answers per customer number (an Error is thrown); then success. */
const answers = new Map<string, Error[]>();
const afterSent: string[] = [];
/** The id the scripted WhatsApp gives the next message it accepts. */
let nextWamid: string | undefined;
let resyncs = 0;
const logged: { fields: Record<string, unknown>; message: string }[] = [];
const scripted: OutboxSender = {
  name: 'scripted WhatsApp',
  async send(message): Promise<SendResult> {
    calls.push({ message, at: Date.now() });
    const next = answers.get(message.to)?.shift();
    if (next) throw next;
    const id = nextWamid ?? `wamid.test-${message.id}`;
    nextWamid = undefined;
    return { externalId: id };
  },
};

let phone = 720_000_000;
async function conversation(at?: Date) {
  const id = await server.app.services.inbound.customerMessage(`+254${phone++}`, 'Brian Otieno', 'Habari', at);
  await server.app.services.conversations.setStatus(id, 'admin_takeover');
  return id;
}
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({ method, url, payload: payload as never, headers: { cookie: server.cookie } });
const phoneOf = async (id: number) =>
  (
    await server.database.db
      .selectFrom('conversations')
      .select('customer_address')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).customer_address;
const reply = async (id: number, content = 'Karibu!') => {
  const answer = await call('POST', `/api/conversations/${id}/messages`, { content, messageType: 'text' });
  expect(answer.statusCode).toBe(201);
  return answer.json() as { id: number };
};
const settle = () => server.app.services.outbox.idle();
const kick = async () => {
  server.app.services.outbox.kick();
  await settle();
};
const outboxRow = (messageId: number) =>
  server.database.db.selectFrom('outbox').selectAll().where('message_id', '=', messageId).executeTakeFirstOrThrow();
const messageRow = (messageId: number) =>
  server.database.db.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
const advance = (ms: number) => {
  server.clock.now = new Date(server.clock.now.getTime() + ms);
};
const sentTo = (id: number) => calls.filter((c) => c.message.conversationId === id);

describe('the outbox with WhatsApp’s rules', () => {
  beforeAll(async () => {
    server = await startTestServer({ sender: scripted });
    const publish = server.app.hub.publish.bind(server.app.hub);
    server.app.hub.publish = (event) => {
      events.push(event);
      publish(event);
    };
    server.app.services.outbox.configure({
      afterSent: (id) => void afterSent.push(id),
      resyncTemplates: () => {
        resyncs += 1;
      },
      log: {
        error: (fields, message) => void logged.push({ fields, message }),
        warn: (fields, message) => void logged.push({ fields, message }),
      },
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    // Tests move the clock forward; back at the start, the session (1 hour) stays valid from one to the next.
    server.clock.now = new Date(TEST_NOW);
    events.length = 0;
    calls.length = 0;
    afterSent.length = 0;
    logged.length = 0;
    resyncs = 0;
    answers.clear();
  });
  afterEach(() => expect(server.app.contractViolations.splice(0)).toEqual([]));

  it('stores the WhatsApp message id on the outbox row and the message, then applies held statuses', async () => {
    const id = await conversation();
    const message = await reply(id);
    await settle();
    const wamid = `wamid.test-${(await outboxRow(message.id)).id}`;
    expect(await outboxRow(message.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      external_id: wamid,
      // The services' clock, not the machine's.
      sent_at: server.clock.now,
    });
    expect(await messageRow(message.id)).toMatchObject({ delivery_status: 'sent', external_id: wamid });
    expect(afterSent).toEqual([wamid]);
  });

  it('applies a status that arrived before the send’s answer once the id is stored (afterSent)', async () => {
    const db = server.database.db;
    server.app.services.outbox.configure({
      afterSent: (id) => {
        afterSent.push(id);
        return applyHeldStatuses(db, server.app.hub, id);
      },
    });
    const id = await conversation();
    nextWamid = 'wamid.HELD-BEFORE-ANSWER';
    await db
      .insertInto('whatsapp_held_statuses')
      .values({ whatsapp_message_id: nextWamid, status: 'delivered', timestamp: server.clock.now })
      .execute();
    const message = await reply(id);
    await settle();
    expect(await messageRow(message.id)).toMatchObject({
      external_id: 'wamid.HELD-BEFORE-ANSWER',
      delivery_status: 'delivered',
    });
    const statuses = events.filter((e) => e.type === 'message_status' && e.data.messageId === message.id);
    expect(statuses.map((e) => (e.data as { deliveryStatus: string }).deliveryStatus)).toEqual(['sent', 'delivered']);
  });

  it('gives a failure WhatsApp reports later by webhook (131047) the same consequences', async () => {
    const id = await conversation(new Date(server.clock.now.getTime() - 3_600_000));
    const message = await reply(id);
    await settle();
    expect((await messageRow(message.id)).delivery_status).toBe('sent');
    const handler = failedStatusHandler(() => server.app.services.outbox);
    await handler({ messageId: message.id, failure: { code: 131047, title: 'Re-engagement message', details: null } });
    const closesAt = (await call('GET', `/api/conversations/${id}`)).json().replyWindowClosesAt as string;
    expect(new Date(closesAt).getTime()).toBeLessThanOrEqual(server.clock.now.getTime());
    // A failure with no consequence beyond the message changes nothing else.
    const other = await conversation();
    const sent = await reply(other);
    await settle();
    await handler({ messageId: sent.id, failure: { code: 131026, title: 'Message undeliverable', details: null } });
    expect((await call('GET', `/api/conversations/${other}`)).json().replyWindowClosesAt).toBe(
      new Date(server.clock.now.getTime() + 24 * 3_600_000).toISOString(),
    );
  });

  it('retries a transient failure after a doubling delay with jitter, no sooner than WhatsApp asks', async () => {
    const id = await conversation();
    answers.set(await phoneOf(id), [
      new TransientDeliveryError('WhatsApp was temporarily unavailable'),
      new TransientDeliveryError('Rate limited', { retryAfterMs: 30_000 }),
    ]);
    const message = await reply(id);
    await settle();
    let row = await outboxRow(message.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'WhatsApp was temporarily unavailable' });
    const first = row.next_attempt_at!.getTime() - server.clock.now.getTime();
    expect(first).toBeGreaterThanOrEqual(1_000);
    expect(first).toBeLessThanOrEqual(2_000);
    expect((await messageRow(message.id)).delivery_status).toBe('queued');

    await kick(); // not due yet: nothing is sent
    expect(sentTo(id)).toHaveLength(1);
    advance(first);
    await kick();
    row = await outboxRow(message.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.next_attempt_at!.getTime() - server.clock.now.getTime()).toBe(30_000);

    advance(30_000);
    await kick();
    expect(await outboxRow(message.id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect((await messageRow(message.id)).delivery_status).toBe('sent');
  });

  it(`fails a message still refused after ${MAX_ATTEMPTS} attempts, saying so`, async () => {
    const id = await conversation();
    answers.set(
      await phoneOf(id),
      Array.from({ length: MAX_ATTEMPTS }, () => new Error('gateway down')),
    );
    const message = await reply(id);
    await settle();
    for (let i = 1; i < MAX_ATTEMPTS; i += 1) {
      const row = await outboxRow(message.id);
      expect(row).toMatchObject({ status: 'pending', attempts: i });
      server.clock.now = row.next_attempt_at!;
      await kick();
    }
    expect(await outboxRow(message.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      next_attempt_at: null,
    });
    expect(await messageRow(message.id)).toMatchObject({
      delivery_status: 'failed',
      failure_reason: `WhatsApp did not accept the message after ${MAX_ATTEMPTS} attempts. Last answer: gateway down`,
    });
    expect(sentTo(id)).toHaveLength(MAX_ATTEMPTS);
  });

  it('holds only that customer at least 6 s after WhatsApp’s per-customer limit (131056), keeping the order', async () => {
    const held = await conversation();
    const other = await conversation();
    answers.set(await phoneOf(held), [classifyGraphError(400, graphError(131056))]);
    const first = await reply(held, 'First');
    await settle();
    const second = await reply(held, 'Second');
    const elsewhere = await reply(other, 'Meanwhile');
    await settle();
    expect(sentTo(held).map((c) => c.message.content)).toEqual(['First']);
    expect(sentTo(other).map((c) => c.message.content)).toEqual(['Meanwhile']);
    expect((await messageRow(elsewhere.id)).delivery_status).toBe('sent');
    const wait = (await outboxRow(first.id)).next_attempt_at!.getTime() - server.clock.now.getTime();
    expect(wait).toBeGreaterThanOrEqual(6_000);

    advance(wait - 1);
    await kick();
    expect(sentTo(held)).toHaveLength(1);
    expect((await outboxRow(second.id)).status).toBe('pending');
    advance(1);
    await kick();
    expect(sentTo(held).map((c) => c.message.content)).toEqual(['First', 'First', 'Second']);
    expect((await messageRow(second.id)).delivery_status).toBe('sent');
  });

  it('fails a permanent error at once with the reason in plain words, and never tries it again', async () => {
    const id = await conversation();
    answers.set(await phoneOf(id), [classifyGraphError(400, graphError(131026))]);
    const message = await reply(id);
    await settle();
    expect(await outboxRow(message.id)).toMatchObject({ status: 'failed', attempts: 1 });
    const messages = (await call('GET', `/api/conversations/${id}/messages`)).json() as { id: number }[];
    expect(messages.find((m) => m.id === message.id)).toMatchObject({
      deliveryStatus: 'failed',
      failureReason:
        'This number cannot receive WhatsApp messages (not on WhatsApp, or has not accepted the latest terms).',
    });
    advance(30 * 60_000);
    await kick();
    expect(sentTo(id)).toHaveLength(1);
  });

  it('131047 closes the reply window: free text is refused, templates are offered, the dashboard is told', async () => {
    const id = await conversation(new Date(server.clock.now.getTime() - 2 * 3_600_000));
    answers.set(await phoneOf(id), [classifyGraphError(400, graphError(131047))]);
    const mark = events.length;
    const message = await reply(id);
    await settle();
    expect((await messageRow(message.id)).failure_reason).toBe(WINDOW_CLOSED_REASON);
    const conversationNow = (await call('GET', `/api/conversations/${id}`)).json() as { replyWindowClosesAt: string };
    expect(new Date(conversationNow.replyWindowClosesAt).getTime()).toBeLessThanOrEqual(server.clock.now.getTime());
    // One for the reply, one for the window: the dashboard reads the conversation again.
    const updates = events.slice(mark).filter((e) => e.type === 'conversation_update' && e.data.id === id);
    expect(updates).toEqual([
      { type: 'conversation_update', data: { id } },
      { type: 'conversation_update', data: { id } },
    ]);
    const refused = await call('POST', `/api/conversations/${id}/messages`, { content: 'Hello?', messageType: 'text' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: WINDOW_CLOSED });
    const closed = (await call('GET', '/api/conversations/search?replyWindow=closed')).json() as { id: number }[];
    expect(closed.map((c) => c.id)).toContain(id);
    const template = await call('POST', `/api/conversations/${id}/template-messages`, {
      templateId: 1,
      variables: ['Brian'],
    });
    expect(template.statusCode).toBe(201);

    // The customer writes again: the window is open again.
    await server.app.services.inbound.customerMessage(await phoneOf(id), null, 'Still there?');
    expect((await call('GET', `/api/conversations/${id}`)).json().replyWindowClosesAt).toBe(
      new Date(server.clock.now.getTime() + 24 * 3_600_000).toISOString(),
    );
  });

  it('a dead token (190) or a blocked account (368) tells staff once an hour and logs an error without the token', async () => {
    const id = await conversation();
    const phoneNumber = await phoneOf(id);
    const leaky = { message: `Error validating access token ${TOKEN}` };
    answers.set(phoneNumber, [
      classifyGraphError(401, graphError(190, leaky), TOKEN),
      classifyGraphError(401, graphError(190, leaky), TOKEN),
      classifyGraphError(403, graphError(368), TOKEN),
    ]);
    const before = await server.database.db.selectFrom('notifications').select('id').execute();
    for (const text of ['One', 'Two', 'Three']) {
      await reply(id, text);
      await settle();
    }
    const notes = await server.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', 'not in', before.length ? before.map((n) => n.id) : [0])
      .orderBy('id')
      .execute();
    expect(notes.map((n) => [n.type, n.conversation_id])).toEqual([
      ['unclear_request', id],
      ['unclear_request', id],
    ]);
    expect(notes[0].message).toMatch(/WHATSAPP_ACCESS_TOKEN/);
    expect(notes[1].message).toMatch(/blocked/);
    expect(events.filter((e) => e.type === 'notification')).toHaveLength(2);
    const errors = logged.filter((l) => /WhatsApp refused to send/.test(l.message));
    expect(errors.map((l) => l.fields.code)).toEqual([190, 190, 368]);
    expect(JSON.stringify([logged, notes])).not.toContain(TOKEN);
  });

  it('a template WhatsApp does not know (132001) triggers a template sync', async () => {
    const id = await conversation();
    answers.set(await phoneOf(id), [classifyGraphError(400, graphError(132001))]);
    await call('POST', `/api/conversations/${id}/template-messages`, { templateId: 1, variables: ['Brian'] });
    await settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(resyncs).toBe(1);
  });

  it('wakes itself when a retry is due, without anything else happening', async () => {
    // A clock that runs at the timer's pace.
    const running = runningClock(server.clock.now);
    Object.defineProperty(server.clock, 'now', { get: running, set: () => {}, configurable: true });
    try {
      const id = await conversation();
      answers.set(await phoneOf(id), [new TransientDeliveryError('busy')]);
      const message = await reply(id);
      await settle();
      expect((await outboxRow(message.id)).status).toBe('pending');
      const deadline = Date.now() + 5_000;
      while ((await outboxRow(message.id)).status !== 'sent' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await outboxRow(message.id)).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      Object.defineProperty(server.clock, 'now', { value: new Date(TEST_NOW), writable: true, configurable: true });
    }
  });
});

describe('the retry timer', () => {
  it('stops when the dispatcher is closed', async () => {
    const database = await openMigratedDatabase();
    try {
      const db = database.db;
      const { id: conversationId } = await db
        .insertInto('conversations')
        .values({ customer_address: '+254700000001', last_message_at: TEST_NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('outbox')
        .values({ conversation_id: conversationId, to_address: '+254700000001', content: 'Hi', kind: 'admin_reply' })
        .execute();
      let sends = 0;
      const dispatcher = outboxDispatcher(
        db,
        new Map([
          [
            'whatsapp',
            {
              sender: {
                name: 'always busy',
                async send() {
                  sends += 1;
                  throw new TransientDeliveryError('busy');
                },
              },
            },
          ],
        ]),
        { publish: () => {} },
        // A clock that runs at the pace of the retry timer, from a fixed instant.
        { baseDelayMs: 20, now: runningClock(TEST_NOW) },
      );
      dispatcher.kick();
      await dispatcher.idle();
      expect(sends).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sends).toBeGreaterThan(1); // the timer retried on its own
      dispatcher.close();
      await dispatcher.idle();
      const stopped = sends;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sends).toBe(stopped);
    } finally {
      await database.close();
    }
  });
});

// ---------------------------------------------------------------------------
// Templates synced from WhatsApp (a local fake Graph: paging needs pages that differ).

const template = (name: string, status: string, body: string, extra: Partial<GraphTemplate> = {}): GraphTemplate =>
  ({
    id: `${1_000_000 + name.length}${name.charCodeAt(0)}`,
    name,
    language: 'en',
    status,
    category: 'UTILITY',
    components: [{ type: 'BODY', text: body }],
    ...extra,
  }) as GraphTemplate;

describe('template sync', () => {
  let syncServer: TestServer;
  const requests: URL[] = [];
  let pages: GraphTemplate[][] = [];
  let failWith: { status: number; body: unknown } | undefined;
  const fakeGraph = async (request: Request) => {
    const url = new URL(request.url);
    requests.push(url);
    expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    if (failWith) return Response.json(failWith.body, { status: failWith.status });
    const index = Number(url.searchParams.get('after')?.replace('page', '') ?? '0');
    const more = index + 1 < pages.length;
    return Response.json({
      data: pages[index],
      paging: {
        cursors: { before: `page${index}b`, after: `page${index + 1}` },
        ...(more && {
          next: `https://graph.facebook.com/v23.0/1/message_templates?after=page${index + 1}&access_token=x`,
        }),
      },
    });
  };
  const sync = () =>
    templateSync({
      graphUrl: 'https://graph.test',
      accessToken: TOKEN,
      businessAccountId: '102290129340398',
      fetch: fakeGraph,
      templates: syncServer.app.services.messageTemplates,
      pageSize: 2,
    });
  const syncCall = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    syncServer.app.inject({ method, url, payload: payload as never, headers: { cookie: syncServer.cookie } });

  beforeAll(async () => {
    syncServer = await startTestServer({ sender: scripted });
  });
  afterAll(() => syncServer.close());
  afterEach(() => expect(syncServer.app.contractViolations.splice(0)).toEqual([]));

  it('answers 409 while WhatsApp is not connected, and offers the demo templates', async () => {
    const answer = await syncCall('POST', '/api/message-templates/sync');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      message:
        'WhatsApp is not connected to this server yet, so there are no templates to sync. Whoever runs the server connects it (README: Connecting WhatsApp).',
    });
    // Migration 007's four and migration 032's order_update in English and Swahili.
    expect(((await syncCall('GET', '/api/message-templates')).json() as unknown[]).length).toBe(6);
  });

  it('reads every page, keeps the approved templates it can send, and they replace the demo ones', async () => {
    const syncer = sync();
    syncServer.app.services.messageTemplates.useSync(() => syncer.sync());
    pages = [
      [
        template('quote_ready', 'APPROVED', 'Hello {{1}}, your quote for {{2}} is ready.', {
          components: [
            { type: 'HEADER', format: 'TEXT', text: 'Stone & Sinks' },
            {
              type: 'BODY',
              text: 'Hello {{1}}, your quote for {{2}} is ready.',
              example: { body_text: [['Brian', 'Granite']] },
            },
            { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Confirm' }] },
          ] as GraphTemplate['components'],
        }),
        template('old_offer', 'REJECTED', 'Hello {{1}}'),
      ],
      [
        template(
          'delivery_day',
          'APPROVED',
          'Hi {{customer_name}}, we deliver on {{day}}. Thank you {{customer_name}}!',
          {
            parameter_format: 'NAMED',
            components: [
              {
                type: 'BODY',
                text: 'Hi {{customer_name}}, we deliver on {{day}}. Thank you {{customer_name}}!',
                example: {
                  body_text_named_params: [
                    { param_name: 'customer_name', example: 'Brian' },
                    { param_name: 'day', example: 'Thursday' },
                  ],
                },
              },
            ] as GraphTemplate['components'],
          } as Partial<GraphTemplate>,
        ),
        template('photo_offer', 'APPROVED', 'See our offer', {
          components: [
            { type: 'HEADER', format: 'IMAGE' },
            { type: 'BODY', text: 'See our offer' },
          ] as GraphTemplate['components'],
        }),
      ],
      [template('paused_one', 'PAUSED', 'Hello'), template('hello', 'APPROVED', 'Hello from Stone & Sinks')],
    ];
    const answer = await syncCall('POST', '/api/message-templates/sync');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ synced: 6, approved: 3 });
    expect(requests.map((u) => u.searchParams.get('after'))).toEqual([null, 'page1', 'page2']);
    expect(requests.every((u) => u.pathname === '/v23.0/102290129340398/message_templates')).toBe(true);
    expect(requests.some((u) => u.searchParams.has('access_token'))).toBe(false);

    const list = (await syncCall('GET', '/api/message-templates')).json() as {
      id: number;
      name: string;
      label: string;
      variables: unknown[];
    }[];
    expect(list.map((t) => t.name).sort()).toEqual(['delivery_day', 'hello', 'quote_ready']);
    expect(list.find((t) => t.name === 'quote_ready')).toMatchObject({
      label: 'Quote ready',
      variables: [
        { label: 'Variable 1', example: 'Brian' },
        { label: 'Variable 2', example: 'Granite' },
      ],
    });
    expect(list.find((t) => t.name === 'delivery_day')?.variables).toEqual([
      { label: 'Customer name', example: 'Brian' },
      { label: 'Day', example: 'Thursday' },
    ]);

    // A second sync keeps each template's id; one no longer approved goes.
    const ids = Object.fromEntries(list.map((t) => [t.name, t.id]));
    requests.length = 0;
    pages = [[pages[0][0], { ...pages[1][0] }], [{ ...pages[2][1], status: 'DISABLED' }]];
    expect((await syncCall('POST', '/api/message-templates/sync')).json()).toEqual({ synced: 3, approved: 2 });
    const again = (await syncCall('GET', '/api/message-templates')).json() as { id: number; name: string }[];
    expect(Object.fromEntries(again.map((t) => [t.name, t.id]))).toEqual({
      quote_ready: ids.quote_ready,
      delivery_day: ids.delivery_day,
    });
  });

  it('sends a named template with its parameters’ names, and refuses a value count that does not match with 422, queuing nothing', async () => {
    const templates = (await syncCall('GET', '/api/message-templates')).json() as { id: number; name: string }[];
    const named = templates.find((t) => t.name === 'delivery_day')!;
    const id = await syncServer.app.services.inbound.customerMessage('+254799000001', 'Brian', 'Habari');
    await syncServer.app.services.conversations.setStatus(id, 'admin_takeover');
    const count = async () => ({
      messages: (
        await syncServer.database.db.selectFrom('messages').select('id').where('conversation_id', '=', id).execute()
      ).length,
      outbox: (
        await syncServer.database.db.selectFrom('outbox').select('id').where('conversation_id', '=', id).execute()
      ).length,
    });
    const before = await count();
    const tooFew = await syncCall('POST', `/api/conversations/${id}/template-messages`, {
      templateId: named.id,
      variables: ['Brian'],
    });
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json()).toEqual({ message: 'Fill in every variable of the template: Day' });
    const tooMany = await syncCall('POST', `/api/conversations/${id}/template-messages`, {
      templateId: named.id,
      variables: ['Brian', 'Thursday', 'extra'],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({ message: 'The template has 2 variables' });
    expect(await count()).toEqual(before);

    calls.length = 0;
    const ok = await syncCall('POST', `/api/conversations/${id}/template-messages`, {
      templateId: named.id,
      variables: ['Brian', 'Thursday'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().content).toBe('Hi Brian, we deliver on Thursday. Thank you Brian!');
    await syncServer.app.services.outbox.idle();
    expect(calls.at(-1)?.message.template).toEqual({
      name: 'delivery_day',
      language: 'en',
      variables: ['Brian', 'Thursday'],
      parameterNames: ['customer_name', 'day'],
    });
  });

  it('answers 502 in plain words when WhatsApp refuses, keeping the templates it had', async () => {
    const syncer = sync();
    syncServer.app.services.messageTemplates.useSync(() => syncer.sync());
    pages = [[template('hello', 'APPROVED', 'Hello from Stone & Sinks'), template('bye', 'APPROVED', 'Goodbye')]];
    expect((await syncCall('POST', '/api/message-templates/sync')).json()).toEqual({ synced: 2, approved: 2 });
    failWith = { status: 401, body: graphError(190, { message: `Invalid token ${TOKEN}` }) };
    try {
      const answer = await syncCall('POST', '/api/message-templates/sync');
      expect(answer.statusCode).toBe(502);
      expect(answer.json().message).toMatch(/^The templates were not synced: WhatsApp refused the access token/);
      expect(answer.body).not.toContain(TOKEN);
      failWith = { status: 503, body: graphError(131016) };
      expect((await syncCall('POST', '/api/message-templates/sync')).json()).toEqual({
        message: 'WhatsApp did not answer; the templates were not synced. Try again later.',
      });
      expect(((await syncCall('GET', '/api/message-templates')).json() as unknown[]).length).toBe(2);
    } finally {
      failWith = undefined;
    }
  });

  it('syncs at start and then on a timer until stopped; after a template error at most once a minute', async () => {
    const stored: number[] = [];
    pages = [[template('hello', 'APPROVED', 'Hello from Stone & Sinks')]];
    const syncer = templateSync({
      graphUrl: 'https://graph.test',
      accessToken: TOKEN,
      businessAccountId: '102290129340398',
      fetch: fakeGraph,
      templates: { replaceWithSynced: async (list) => stored.push(list.length) },
    });
    const stop = syncer.start(40);
    await new Promise((resolve) => setTimeout(resolve, 150));
    stop();
    const runs = stored.length;
    expect(runs).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(stored.length).toBe(runs);

    await syncer.resync();
    await syncer.resync();
    expect(stored.length).toBe(runs + 1);
  });

  it('skips what the dashboard could not send whole', () => {
    const withButton = (type: string, url?: string) =>
      toSyncedTemplate(
        template('t', 'APPROVED', 'Hi {{1}}', {
          components: [
            { type: 'BODY', text: 'Hi {{1}}' },
            { type: 'BUTTONS', buttons: [{ type, text: 'Go', url }] },
          ] as GraphTemplate['components'],
        }),
      );
    expect(withButton('URL', 'https://shop.example.co.ke/')).toBeDefined();
    expect(withButton('URL', 'https://shop.example.co.ke/{{1}}')).toBeUndefined();
    expect(withButton('OTP')).toBeUndefined();
    expect(toSyncedTemplate(template('gap', 'APPROVED', 'Hi {{1}} and {{3}}'))).toBeUndefined();
    expect(toSyncedTemplate(template('Bad-Name', 'APPROVED', 'Hi'))).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------
// The Cloud sender against Prism serving Meta's trimmed contract: Prism
// refuses (422) a request that breaks Meta's schema, so every send below
// that is accepted has a shape Meta's contract allows. Errors come from the
// contract's examples, picked with `Prefer` (added by a test-only fetch).

describe('the WhatsApp Cloud sender against Prism (Meta’s contract)', () => {
  let idsMock: WhatsAppMock; // dynamic: a distinct message id per send
  let examplesMock: WhatsAppMock; // static: the error examples
  let app: TestServer;
  /** `code=400, example=error-131026`: the next sends get that example of the contract. */
  let prefer: string | undefined;
  const bodies: { type: string; [key: string]: unknown }[] = [];
  const answers: number[] = [];
  const logs: string[] = [];
  let resynced = 0;
  const viaPrism = async (request: Request) => {
    const body = await request.text();
    if (body) bodies.push(JSON.parse(body));
    const headers = new Headers(request.headers);
    if (prefer) headers.set('Prefer', prefer);
    const target = prefer ? request.url.replace(idsMock.url, examplesMock.url) : request.url;
    const response = await fetch(target, {
      method: request.method,
      headers,
      body: body || undefined,
      signal: request.signal,
    });
    answers.push(response.status);
    return response;
  };
  let n = 730_000_000;
  const takenOver = async (at?: Date) => {
    const id = await app.app.services.inbound.customerMessage(`+254${n++}`, 'Wanjiru', 'Habari', at);
    await app.app.services.conversations.setStatus(id, 'admin_takeover');
    return id;
  };
  const post = (url: string, payload: unknown) =>
    app.app.inject({ method: 'POST', url, payload: payload as never, headers: { cookie: app.cookie } });
  const outboxOf = (messageId: number) =>
    app.database.db.selectFrom('outbox').selectAll().where('message_id', '=', messageId).executeTakeFirstOrThrow();
  const messageOf = (messageId: number) =>
    app.database.db.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
  const sendText = async (id: number, content: string) => {
    const answer = await post(`/api/conversations/${id}/messages`, { content, messageType: 'text' });
    expect(answer.statusCode).toBe(201);
    await app.app.services.outbox.idle();
    return answer.json() as { id: number };
  };

  beforeAll(async () => {
    [idsMock, examplesMock] = await Promise.all([startWhatsAppMock({ dynamic: true }), startWhatsAppMock()]);
    app = await startTestServer({
      sender: cloudSender({
        graphUrl: idsMock.url,
        accessToken: TOKEN,
        phoneNumberId: '106540352242922',
        publicOrigin: 'https://shop.example.co.ke',
        fetch: viaPrism,
      }),
    });
    app.app.services.outbox.configure({
      resyncTemplates: () => {
        resynced += 1;
      },
      log: {
        error: (fields, message) => void logs.push(`${JSON.stringify(fields)} ${message}`),
        warn: (fields, message) => void logs.push(`${JSON.stringify(fields)} ${message}`),
      },
    });
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await Promise.all([idsMock?.close(), examplesMock?.close()]);
  });
  beforeEach(() => {
    prefer = undefined;
    bodies.length = 0;
    answers.length = 0;
  });
  afterEach(() => expect(app.app.contractViolations.splice(0)).toEqual([]));

  it('sends a reply as text and stores the WhatsApp message id', async () => {
    const id = await takenOver();
    const message = await sendText(id, 'Karibu! We deliver to Nakuru on Thursdays.');
    expect(answers).toEqual([200]);
    expect(bodies[0]).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: expect.stringMatching(/^\+254/),
      type: 'text',
      text: { body: 'Karibu! We deliver to Nakuru on Thursdays.', preview_url: false },
    });
    const row = await outboxOf(message.id);
    expect(row.status).toBe('sent');
    expect(row.external_id).toMatch(/^wamid\./);
    expect((await messageOf(message.id)).external_id).toBe(row.external_id);
  });

  it('sends an approved template by name and language with its values as body parameters', async () => {
    const id = await takenOver(new Date(app.clock.now.getTime() - 3 * 24 * 3_600_000));
    const answer = await post(`/api/conversations/${id}/template-messages`, {
      templateId: 2,
      variables: ['Wanjiru', 'Absolute Black Granite'],
    });
    expect(answer.statusCode).toBe(201);
    await app.app.services.outbox.idle();
    expect(answers).toEqual([200]);
    expect(bodies[0]).toMatchObject({
      type: 'template',
      template: {
        name: 'quote_ready',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Wanjiru' },
              { type: 'text', text: 'Absolute Black Granite' },
            ],
          },
        ],
      },
    });
    expect((await messageOf(answer.json().id)).delivery_status).toBe('sent');
  });

  it('sends a quote as a PDF document (a relative link placed on PUBLIC_ORIGIN), or as a template with a document header', async () => {
    const db = app.database.db;
    const { id: productId } = await db
      .insertInto('products')
      .values({
        name: 'Absolute Black Granite',
        category: 'granite',
        starting_price: 9800,
        ending_price: 12000,
        installation_price_per_slab: null,
        stock: 5,
        is_active: true,
        installation_image_urls: [],
        created_at: app.clock.now,
        updated_at: app.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sendQuote = async (conversationId: number) => {
      const quote = await post(`/api/conversations/${conversationId}/quotes`, { lines: [{ productId, quantity: 2 }] });
      expect(quote.statusCode).toBe(201);
      const { id, number } = quote.json() as { id: number; number: string };
      const sent = await post(`/api/quotes/${id}/send`, {});
      await app.app.services.outbox.idle();
      return { sent, number };
    };
    const inWindow = await sendQuote(await takenOver());
    expect(inWindow.sent.statusCode).toBe(200);
    expect(answers).toEqual([200]);
    expect(bodies[0]).toMatchObject({
      type: 'document',
      document: {
        link: expect.stringMatching(/^https:\/\/shop\.example\.co\.ke\/uploads\/[0-9a-f-]{36}\.pdf$/),
        filename: `${inWindow.number}-r1.pdf`,
        // The customer wrote "Habari": the caption is in Swahili.
        caption: expect.stringContaining(`Nukuu ${inWindow.number} – jumla KES 19,600.00`),
      },
    });

    // Outside the window: the approved template whose header is a document.
    await db
      .insertInto('message_templates')
      .values({
        name: 'quote_document',
        label: 'Quotation',
        language: 'en',
        body: 'Hello {{1}}, here is quotation {{2}}.',
        variables: JSON.stringify([{ label: 'Customer name' }, { label: 'Quote number' }]),
        whatsapp_id: '1234567890',
      })
      .execute();
    bodies.length = 0;
    answers.length = 0;
    const closed = await sendQuote(await takenOver(new Date(app.clock.now.getTime() - 3 * 24 * 3_600_000)));
    expect(closed.sent.statusCode).toBe(200);
    expect(answers).toEqual([200]);
    expect(bodies[0]).toMatchObject({
      type: 'template',
      template: {
        name: 'quote_document',
        components: [
          { type: 'header', parameters: [{ type: 'document', document: { filename: `${closed.number}-r1.pdf` } }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Wanjiru' },
              { type: 'text', text: closed.number },
            ],
          },
        ],
      },
    });
  });

  it('sends an order’s news outside the window as the approved template order_update, in Swahili', async () => {
    const id = await app.app.services.inbound.customerMessage(
      `+254${n++}`,
      'Wanjiru',
      'Habari',
      new Date(app.clock.now.getTime() - 3 * 24 * 3_600_000),
    );
    const order = await app.app.services.orders.createFromQuote(
      {
        quoteId: 880_001,
        quoteNumber: 'Q88001',
        conversationId: id,
        lines: [
          {
            productId: null,
            description: 'Galaxy Black Granite slab',
            quantity: 1,
            unitPriceCents: 2_800_000,
            installationCents: 0,
            lineTotalCents: 2_800_000,
          },
        ],
        deliveryZoneId: null,
        deliveryTown: 'Nakuru',
        pickup: false,
        deliveryFeeCents: 0,
        discountCents: 0,
        totalCents: 2_800_000,
        depositCents: 0,
      },
      { kind: 'customer' },
    );
    const moved = await post(`/api/orders/${order.id}/status`, { status: 'scheduled', tellCustomer: true });
    expect(moved.statusCode).toBe(200);
    await app.app.services.outbox.idle();
    expect(answers).toEqual([200]);
    expect(bodies[0]).toMatchObject({
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'sw' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Wanjiru' },
              { type: 'text', text: order.number },
              { type: 'text', text: 'imepangiwa kuletwa' },
            ],
          },
        ],
      },
    });
  });

  it('sends a product card as its picture with the card as the caption', async () => {
    const id = await takenOver();
    const card = 'Absolute Black Granite\nSize: 3000 x 1800 x 20 mm\nPrice: 8,500 - 12,000 KES per slab';
    const message = await sendText(id, `${card}\nPicture: http://localhost:5173/uploads/granite.jpg`);
    expect(answers).toEqual([200]);
    expect(bodies[0]).toMatchObject({
      type: 'image',
      image: { link: 'https://shop.example.co.ke/uploads/granite.jpg', caption: card },
    });
    expect((await outboxOf(message.id)).status).toBe('sent');
  });

  it('retries a transient error (131000) with backoff, then sends', async () => {
    const id = await takenOver();
    prefer = 'code=500, example=error-131000';
    const message = await sendText(id, 'Shall I send the M-Pesa details?');
    expect(answers).toEqual([500]);
    const row = await outboxOf(message.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.next_attempt_at!.getTime()).toBeGreaterThan(app.clock.now.getTime());
    prefer = undefined;
    app.clock.now = row.next_attempt_at!;
    app.app.services.outbox.kick();
    await app.app.services.outbox.idle();
    expect(await outboxOf(message.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('waits at least 6 s for a customer WhatsApp limits (131056)', async () => {
    const id = await takenOver();
    prefer = 'code=429, example=error-131056';
    const message = await sendText(id, 'One more thing');
    const row = await outboxOf(message.id);
    expect(row.status).toBe('pending');
    expect(row.next_attempt_at!.getTime() - app.clock.now.getTime()).toBeGreaterThanOrEqual(6_000);
  });

  it('fails a permanent error (131026) at once, with the reason in plain words', async () => {
    const id = await takenOver();
    prefer = 'code=400, example=error-131026';
    const message = await sendText(id, 'Hello?');
    expect(await outboxOf(message.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await messageOf(message.id)).failure_reason).toBe(
      'This number cannot receive WhatsApp messages (not on WhatsApp, or has not accepted the latest terms).',
    );
  });

  it('closes the reply window on 131047', async () => {
    const id = await takenOver();
    prefer = 'code=400, example=error-131047';
    const message = await sendText(id, 'Are you still interested?');
    expect((await messageOf(message.id)).failure_reason).toBe(WINDOW_CLOSED_REASON);
    const conversation = await app.app.inject({
      method: 'GET',
      url: `/api/conversations/${id}`,
      headers: { cookie: app.cookie },
    });
    expect(new Date(conversation.json().replyWindowClosesAt).getTime()).toBeLessThanOrEqual(app.clock.now.getTime());
  });

  it('tells staff about a dead token (190) and logs it without the token', async () => {
    const id = await takenOver();
    prefer = 'code=401, example=error-190';
    await sendText(id, 'Hello?');
    const notes = await app.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('conversation_id', '=', id)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toMatch(/WHATSAPP_ACCESS_TOKEN/);
    expect(logs.some((line) => line.includes('"code":190'))).toBe(true);
    expect(JSON.stringify([logs, notes])).not.toContain(TOKEN);
  });

  it('syncs the templates again after 132001', async () => {
    const id = await takenOver();
    prefer = 'code=400, example=error-132001';
    const before = resynced;
    const answer = await post(`/api/conversations/${id}/template-messages`, { templateId: 1, variables: ['Wanjiru'] });
    expect(answer.statusCode).toBe(201);
    await app.app.services.outbox.idle();
    expect(answers).toEqual([400]);
    expect(resynced).toBe(before + 1);
    expect((await messageOf(answer.json().id)).delivery_status).toBe('failed');
  });

  it('reads the template list from Prism through the same client', async () => {
    const stored: unknown[] = [];
    const result = await templateSync({
      graphUrl: examplesMock.url,
      accessToken: TOKEN,
      businessAccountId: '102290129340398',
      templates: {
        replaceWithSynced: async (list) => {
          stored.push(...list);
          return list.length;
        },
      },
    }).sync();
    expect(result.synced).toBeGreaterThan(0);
    expect(result.approved).toBe(stored.length);
  });
});
