// WhatsApp's webhook (/webhooks/whatsapp), as Meta calls it: the
// subscription handshake, signed deliveries in Meta's shapes (the examples of
// business-messaging-api_v23.0.yaml), repeated and out-of-order deliveries,
// statuses for messages not known yet, and the bot's one turn per message.
// Dashboard answers are read through the API, checked against openapi.yaml.
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app/app';
import type { Bot, BotTurn } from '../../../bot/interface';
import { catalogueBot } from '../../../bot/catalogue';
import { handoffBot } from '../../../bot/handoff-bot';
import { loadBot } from '../../../bot/load';
import { openDatabase, type Database } from '../../../db/connection';
import { migrate } from '../../../db/migrate';
import type { MessageAttachment } from '../../../db/schema';
import type { RealtimeEvent } from '../../../realtime/events';
import { applyHeldStatuses } from '../../../channels/whatsapp/statuses';
import { META_SOURCE_FILE } from '../../../../scripts/whatsapp/trim';
import { parse } from 'yaml';
import { ADMIN, TEST_NOW, openMigratedDatabase } from '../../helpers';
import { postgresUnavailable, startPostgres } from '../../processes';

const APP_SECRET = 'test-app-secret-0123456789';
const VERIFY_TOKEN = 'test-verify-token';

// --- Meta-shaped deliveries (own builders: server/ shares no code with mocks/) ---

const signature = (body: string | Buffer, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const delivery = (value: Record<string, unknown>, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '419561257915477',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            ...value,
          },
          field,
        },
      ],
    },
  ],
});

let waNumber = 254711000000;
let waId = 0;
const nextPhone = () => String(waNumber++);
const nextId = () => `wamid.TEST${String(++waId).padStart(6, '0')}=`;

/** A customer's message as Meta sends it: `message` holds type and its part (text, image…). */
function customerMessage(
  message: Record<string, unknown> & { type: string },
  {
    from = nextPhone(),
    name = 'Sheena Nelson' as string | null,
    id = nextId(),
    timestamp = String(Math.floor(TEST_NOW.getTime() / 1000)),
  } = {},
) {
  return {
    id,
    from,
    body: delivery({
      ...(name !== null && { contacts: [{ profile: { name }, wa_id: from }] }),
      messages: [{ from, id, timestamp, ...message }],
    }),
  };
}

const statusDelivery = (
  id: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  errors?: { code: number; title: string; message?: string; error_data?: { details: string } }[],
) =>
  delivery({
    statuses: [
      {
        id,
        status,
        timestamp: '1750263773',
        recipient_id: '16505551234',
        ...(status !== 'failed' && {
          conversation: { id: 'CONVERSATION_ID', origin: { type: 'service' } },
          pricing: { billable: true, pricing_model: 'PMP', category: 'service' },
        }),
        ...(errors && { errors }),
      },
    ],
  });

// --- the server ---

type Server = { app: FastifyInstance; database: Database; cookie: string; close(): Promise<void> };

const turns: BotTurn[] = [];
let botBehaviour: 'record' | 'throw' | 'handoff' | 'wait' | 'reply' = 'record';
let releaseBot: () => void = () => {};
const recordingBot: Bot = {
  name: 'test bot',
  async onCustomerMessage(turn, tools) {
    turns.push(turn);
    if (botBehaviour === 'throw') throw new Error('the bot fell over');
    if (botBehaviour === 'handoff') await handoffBot.onCustomerMessage(turn, tools);
    if (botBehaviour === 'wait') await new Promise<void>((resolve) => (releaseBot = resolve));
    if (botBehaviour === 'reply') {
      await tools.offer(12000, 1);
      await tools.reply(`Karibu ${turn.customerName}! Absolute Black Granite is KES 12,000 a slab.`);
    }
  },
};
const mediaPending: { messageId: number; attachment: MessageAttachment }[] = [];
const logLines: string[] = [];

async function start(database?: Database): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'whatsapp-webhook-test-'));
  database ??= await openMigratedDatabase();
  await migrate(database);
  const app = await buildApp({
    database,
    // A fixed clock: what the server stores does not depend on the machine's date.
    now: () => TEST_NOW,
    validateResponses: true,
    log: { level: 'debug', pretty: false, stream: { write: (line) => void logLines.push(line) } },
    config: {
      dataDir,
      sessionTtlMs: 3_600_000,
      loginRateLimit: 100,
      allowedOrigins: [],
      cookieSecure: false,
      trustProxy: false,
      maxImageBytes: 1024 * 1024,
      testControl: false,
    },
    whatsapp: {
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      retryMs: 50,
      onMediaPending: (messageId, attachment) => void mediaPending.push({ messageId, attachment }),
    },
    bot: recordingBot,
  });
  await app.ready();
  await app.services.auth.ensureFirstAdmin(ADMIN.username, ADMIN.password);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  const sid = login.cookies.find((c) => c.name === 'sid')!;
  return {
    app,
    database,
    cookie: `sid=${sid.value}`,
    async close() {
      await app.close();
      await database!.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let server: Server;
const events: RealtimeEvent[] = [];
beforeAll(async () => {
  server = await start();
  const hub = server.app.hub;
  const publish = hub.publish.bind(hub);
  hub.publish = (event) => {
    events.push(event);
    publish(event);
  };
});
afterAll(() => server?.close());
beforeEach(() => {
  turns.length = 0;
  botBehaviour = 'record';
  mediaPending.length = 0;
  events.length = 0;
});

const post = (body: unknown, headers: Record<string, string> = {}, app = server.app) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/webhooks/whatsapp',
    payload: text,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature(text), ...headers },
  });
};
const settled = () => server.app.whatsappWebhook!.idle();
const api = (url: string) => server.app.inject({ method: 'GET', url, headers: { cookie: server.cookie } });
const db = () => server.database.db;
const eventCount = async () =>
  Number((await db().selectFrom('whatsapp_events').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

type ApiMessage = { id: number; sender: string; content: string; messageType: string; deliveryStatus?: string };

async function conversationOf(waIdOfCustomer: string) {
  const row = await db()
    .selectFrom('conversations')
    .select('id')
    .where('customer_address', '=', `+${waIdOfCustomer}`)
    .executeTakeFirst();
  return row?.id;
}
const messagesOf = async (conversationId: number) =>
  (await api(`/api/conversations/${conversationId}/messages`)).json() as ApiMessage[];
const storedMessage = (whatsappMessageId: string) =>
  db().selectFrom('messages').selectAll().where('external_id', '=', whatsappMessageId).executeTakeFirst();

describe('subscription handshake (GET)', () => {
  const verify = (query: string) => server.app.inject({ method: 'GET', url: `/webhooks/whatsapp?${query}` });

  it('answers the challenge as text for subscribe with the right verify token', async () => {
    const answer = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).toBe('1158201444');
  });

  it('refuses a wrong token, another mode or a missing part with 403, revealing nothing', async () => {
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1158201444`,
      `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN.slice(0, -1)}&hub.challenge=1158201444`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
      `hub.mode=subscribe&hub.challenge=1158201444`,
      `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}`,
      '',
    ]) {
      const answer = await verify(query);
      expect(answer.statusCode, query).toBe(403);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      expect(answer.body).not.toContain('1158201444');
    }
  });
});

describe('signature (POST)', () => {
  it('refuses an unsigned delivery with 401 and stores nothing', async () => {
    const before = await eventCount();
    const { id, body } = customerMessage({ type: 'text', text: { body: 'unsigned' } });
    const text = JSON.stringify(body);
    const answer = await server.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      payload: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(401);
    await settled();
    expect(await eventCount()).toBe(before);
    expect(await storedMessage(id)).toBeUndefined();
  });

  it('refuses a wrong signature with 401: another secret, another body, a malformed header', async () => {
    const before = await eventCount();
    const { id, body } = customerMessage({ type: 'text', text: { body: 'forged' } });
    const text = JSON.stringify(body);
    for (const header of [
      signature(text, 'another-secret'),
      signature(`${text} `),
      signature(text).replace('sha256=', 'sha1='),
      signature(text).slice(0, -2),
      'sha256=',
    ]) {
      const answer = await post(text, { 'x-hub-signature-256': header });
      expect(answer.statusCode, header).toBe(401);
    }
    await settled();
    expect(await eventCount()).toBe(before);
    expect(await storedMessage(id)).toBeUndefined();
  });

  it('a delivery over 1 MiB is refused with 413 and not stored', async () => {
    const before = await eventCount();
    const answer = await post({ padding: 'x'.repeat(1024 * 1024) });
    expect(answer.statusCode).toBe(413);
    expect(await eventCount()).toBe(before);
  });
});

describe('a customer writes', () => {
  it('is answered 200 at once and shows in the conversation with the profile name', async () => {
    const { id, from, body } = customerMessage(
      { type: 'text', text: { body: 'Does it come in another color?' } },
      { name: 'Sheena Nelson', timestamp: '1749416383' },
    );
    // The bot is held until released below: an answer that waited for it would never come.
    botBehaviour = 'wait';
    // Meta's servers: no session, no Origin of ours, a host name the dashboard does not answer to.
    const headers = { host: 'shop-webhooks.trycloudflare.com', origin: 'https://meta.example' };
    const answer = await post(body, headers);
    expect(answer.statusCode).toBe(200);
    // The same host name reaches nothing else.
    expect((await server.app.inject({ method: 'GET', url: '/nowhere', headers })).statusCode).toBe(421);

    // Acknowledged before the bot has finished.
    await vi.waitFor(() => expect(turns).toHaveLength(1));
    releaseBot();
    await settled();
    const conversationId = (await conversationOf(from))!;
    const conversation = (await api(`/api/conversations/${conversationId}`)).json();
    expect(conversation).toMatchObject({
      customerName: 'Sheena Nelson',
      whatsappPhoneNumber: `+${from}`,
      status: 'bot_active',
      // The bot answers it: nothing for a person to read.
      unreadCount: 0,
      lastMessagePreview: 'Does it come in another color?',
    });
    expect(await messagesOf(conversationId)).toMatchObject([
      {
        sender: 'customer',
        content: 'Does it come in another color?',
        messageType: 'text',
        timestamp: new Date(1749416383 * 1000).toISOString(),
      },
    ]);
    expect(turns[0]).toMatchObject({
      conversationId,
      content: 'Does it come in another color?',
      messageType: 'text',
      customerName: 'Sheena Nelson',
      phone: `+${from}`,
    });
    expect(await storedMessage(id)).toMatchObject({ conversation_id: conversationId });
    expect(events).toContainEqual({ type: 'conversation_update', data: { id: conversationId } });
    // The log names the delivery, never what the customer wrote.
    expect(logLines.join('\n')).not.toContain('another color');
    expect(logLines.join('\n')).not.toContain(APP_SECRET);
  });

  it('the same delivery five times at once: one message, one bot turn', async () => {
    const { id, from, body } = customerMessage({ type: 'text', text: { body: 'Bei gani?' } });
    const text = JSON.stringify(body);
    const before = await eventCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(text)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await settled();
    expect(await eventCount()).toBe(before + 5);
    const conversationId = (await conversationOf(from))!;
    expect(await messagesOf(conversationId)).toHaveLength(1);
    expect((await api(`/api/conversations/${conversationId}`)).json()).toMatchObject({ messageCount: 1 });
    expect(turns.filter((t) => t.conversationId === conversationId)).toHaveLength(1);
    expect(await storedMessage(id)).toBeDefined();
    // Each stored delivery was processed.
    const open = await db().selectFrom('whatsapp_events').select('id').where('processed_at', 'is', null).execute();
    expect(open).toEqual([]);
  });

  it('a later message in the same conversation: a new profile name replaces the old one', async () => {
    const from = nextPhone();
    await post(customerMessage({ type: 'text', text: { body: 'Hello' } }, { from, name: null }).body);
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect((await api(`/api/conversations/${conversationId}`)).json()).toMatchObject({ customerName: null });
    await post(customerMessage({ type: 'text', text: { body: 'Hello?' } }, { from, name: 'Wanjiru' }).body);
    await settled();
    expect((await api(`/api/conversations/${conversationId}`)).json()).toMatchObject({ customerName: 'Wanjiru' });
    await post(customerMessage({ type: 'text', text: { body: 'Hi' } }, { from, name: 'Wanjiru K.' }).body);
    await settled();
    expect((await api(`/api/conversations/${conversationId}`)).json()).toMatchObject({
      customerName: 'Wanjiru K.',
      messageCount: 3,
    });
    expect(await conversationOf(from)).toBe(conversationId);
  });

  it('a message without a timestamp is kept at the time of the server’s clock', async () => {
    const from = nextPhone();
    const id = nextId();
    const body = delivery({
      contacts: [{ profile: { name: 'Njeri' }, wa_id: from }],
      messages: [{ from, id, type: 'text', text: { body: 'Habari' } }],
    });
    expect((await post(body)).statusCode).toBe(200);
    await settled();
    expect(await storedMessage(id)).toMatchObject({ content: 'Habari', timestamp: TEST_NOW });
    const conversationId = (await conversationOf(from))!;
    expect((await api(`/api/conversations/${conversationId}`)).json()).toMatchObject({
      lastMessageAt: TEST_NOW.toISOString(),
    });
  });

  it('an older message delivered late keeps the newest as the last message', async () => {
    const from = nextPhone();
    await post(customerMessage({ type: 'text', text: { body: 'newer' } }, { from, timestamp: '1750000100' }).body);
    await post(customerMessage({ type: 'text', text: { body: 'older' } }, { from, timestamp: '1750000000' }).body);
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect((await api(`/api/conversations/${conversationId}`)).json()).toMatchObject({
      lastMessagePreview: 'newer',
      lastCustomerMessagePreview: 'newer',
      lastMessageAt: new Date(1750000100 * 1000).toISOString(),
      messageCount: 2,
    });
    expect((await messagesOf(conversationId)).map((m) => m.content)).toEqual(['older', 'newer']);
  });

  it('a bot that throws loses nothing: 200, the message kept, the failure logged', async () => {
    botBehaviour = 'throw';
    const { from, body } = customerMessage({ type: 'text', text: { body: 'Niko na swali' } });
    expect((await post(body)).statusCode).toBe(200);
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect((await messagesOf(conversationId)).map((m) => m.content)).toEqual(['Niko na swali']);
    expect(turns).toHaveLength(1);
    expect(logLines.some((line) => line.includes('the bot failed on a customer message'))).toBe(true);
  });

  it('a delivery whose processing fails is kept and retried until it succeeds', async () => {
    const inbound = server.app.services.inbound;
    const fail = vi.spyOn(inbound, 'channelMessage').mockRejectedValueOnce(new Error('database unreachable'));
    const { id, from, body } = customerMessage({ type: 'text', text: { body: 'Retry me' } });
    expect((await post(body)).statusCode).toBe(200);
    await settled();
    const event = await db()
      .selectFrom('whatsapp_events')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ processed_at: null, attempts: 1, last_error: 'database unreachable' });
    expect(await storedMessage(id)).toBeUndefined();
    // Due now (instead of after its backoff): the next sweep takes it.
    await db()
      .updateTable('whatsapp_events')
      .set({ next_attempt_at: new Date(0) })
      .where('id', '=', event.id)
      .execute();
    await vi.waitFor(
      async () =>
        expect(
          await db().selectFrom('whatsapp_events').select('processed_at').where('id', '=', event.id).executeTakeFirst(),
        ).toMatchObject({ processed_at: expect.any(Date) }),
      { timeout: 3000 },
    );
    await settled();
    fail.mockRestore();
    const conversationId = (await conversationOf(from))!;
    expect((await messagesOf(conversationId)).map((m) => m.content)).toEqual(['Retry me']);
    expect(turns.filter((t) => t.conversationId === conversationId)).toHaveLength(1);
  });

  it('a signed delivery that is not JSON, or not a WhatsApp webhook, is still 200, kept and marked', async () => {
    for (const [text, error] of [
      ['{"object": "whatsapp_business_account", "entry": [', /^not JSON$/],
      [JSON.stringify({ object: 'page', entry: [] }), /^not a WhatsApp webhook: .*whatsapp_business_account/],
    ] as const) {
      expect((await post(text)).statusCode).toBe(200);
      await settled();
      const event = await db()
        .selectFrom('whatsapp_events')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(event).toMatchObject({
        body: text,
        last_error: expect.stringMatching(error),
        processed_at: expect.any(Date),
      });
    }
    expect(logLines.some((line) => line.includes('"level":40') && line.includes('not JSON'))).toBe(true);
  });
});

describe("Meta's own inbound examples, replayed as Meta would post them", () => {
  // The 16 examples of POST /whatsapp/webhooks in the pinned source file, byte for byte as JSON.
  const source = parse(readFileSync(META_SOURCE_FILE, 'utf8')) as {
    paths: Record<
      string,
      { post: { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } } }
    >;
  };
  const examples = Object.entries(
    source.paths['/whatsapp/webhooks'].post.requestBody.content['application/json'].examples,
  );
  const idsOf = (value: unknown): string[] =>
    ((value as { entry?: { changes?: { value?: { messages?: { id?: string }[] } }[] }[] }).entry ?? []).flatMap(
      (entry) => (entry.changes ?? []).flatMap((change) => (change.value?.messages ?? []).map((m) => m.id ?? '')),
    );

  it('unsigned: every one refused with 401, nothing stored', async () => {
    const before = await eventCount();
    for (const [, { value }] of examples) {
      const answer = await post(value, { 'x-hub-signature-256': '' });
      expect(answer.statusCode).toBe(401);
    }
    expect(await eventCount()).toBe(before);
  });

  it('signed: every one acknowledged with 200, each customer message stored once, twice posted still once', async () => {
    expect(examples).toHaveLength(16);
    const ids = [...new Set(examples.flatMap(([, { value }]) => idsOf(value)))].filter(Boolean);
    expect(ids.length).toBeGreaterThan(0);
    for (const round of [1, 2])
      for (const [name, { value }] of examples) {
        const answer = await post(value);
        expect(answer.statusCode, `${name}, round ${round}`).toBe(200);
      }
    await settled();
    const stored = await db()
      .selectFrom('messages')
      .select(['external_id', 'content'])
      .where('external_id', 'in', ids)
      .execute();
    expect(stored.map((m) => m.external_id).sort()).toEqual([...ids].sort());
    // Every stored message says something staff can read.
    for (const message of stored) expect(message.content.trim()).not.toBe('');
  });
});

describe("a delivery that departs from Meta's schema", () => {
  it('a NUL character (\\u0000) in a message is dropped, and the message stored', async () => {
    const { from, body } = customerMessage(
      { type: 'text', text: { body: 'Bei\u0000 ya marble?' } },
      { name: 'N\u0000ame' },
    );
    expect((await post(body)).statusCode).toBe(200);
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect((await messagesOf(conversationId)).map((m) => m.content)).toEqual(['Bei ya marble?']);
  });

  it('a message from something that is not a phone number is skipped; a long profile name is cut to 200', async () => {
    const from = nextPhone();
    const at = String(Math.floor(TEST_NOW.getTime() / 1000));
    const body = delivery({
      contacts: [{ profile: { name: 'N'.repeat(300) }, wa_id: from }],
      messages: [
        { from: '12', id: nextId(), timestamp: at, type: 'text', text: { body: 'from nowhere' } },
        { from, id: nextId(), timestamp: at, type: 'text', text: { body: 'Habari' } },
      ],
    });
    expect((await post(body)).statusCode).toBe(200);
    await settled();
    expect(await conversationOf('12')).toBeUndefined();
    const conversationId = (await conversationOf(from))!;
    const conversation = (await api(`/api/conversations/${conversationId}`)).json() as { customerName: string };
    expect(conversation.customerName).toBe('N'.repeat(200));
  });

  it('is still read for what it holds: one odd message does not lose the others', async () => {
    const from = nextPhone();
    const odd = nextId();
    const plain = nextId();
    const at = String(Math.floor(TEST_NOW.getTime() / 1000));
    const body = delivery({
      contacts: [{ profile: { name: 'Achieng Otieno' }, wa_id: from }],
      messages: [
        // A button reply without the `context` Meta's schema requires.
        { from, id: odd, timestamp: at, type: 'button', button: { payload: 'YES', text: 'Yes please' } },
        { from, id: plain, timestamp: at, type: 'text', text: { body: 'Bei ya quartz ni ngapi?' } },
      ],
    });
    expect((await post(body)).statusCode).toBe(200);
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect((await messagesOf(conversationId)).map((m) => m.content)).toEqual(
      expect.arrayContaining(['Bei ya quartz ni ngapi?']),
    );
    expect(logLines.some((line) => line.includes("departs from Meta's schema"))).toBe(true);
  });
});

describe('what customers send besides text', () => {
  const attachmentOf = async (id: string) => (await storedMessage(id))?.attachment;

  it('a photo: kept at once with its attachment pending, and its download queued', async () => {
    const { id, from, body } = customerMessage({
      type: 'image',
      image: {
        caption: 'Kitchen top',
        mime_type: 'image/jpeg',
        sha256: 'SfInY0gGKTsJlUWbwxC1k+FAD0FZHvzwfpvO0zX0GUI=',
        id: '1003383421387256',
      },
    });
    expect((await post(body)).statusCode).toBe(200);
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect(await messagesOf(conversationId)).toMatchObject([{ content: 'Kitchen top', messageType: 'image' }]);
    const attachment = {
      kind: 'image',
      mediaId: '1003383421387256',
      state: 'pending',
      mimeType: 'image/jpeg',
      sha256: 'SfInY0gGKTsJlUWbwxC1k+FAD0FZHvzwfpvO0zX0GUI=',
      caption: 'Kitchen top',
    };
    expect(await attachmentOf(id)).toEqual(attachment);
    const stored = await storedMessage(id);
    expect(mediaPending).toEqual([{ messageId: stored!.id, attachment }]);
    // A repeated delivery queues nothing more.
    await post(body);
    await settled();
    expect(mediaPending).toHaveLength(1);
  });

  it('every other type is a plain line with what it carries', async () => {
    // Replies to our buttons and lists name the message they answer, as in Meta's examples.
    const REPLIED_TO = { from: '15550783881', id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJGMzEyNzhENTZDMzNGODlDRDgA' };
    const cases: [Record<string, unknown> & { type: string }, string, string, MessageAttachment | null][] = [
      [
        {
          type: 'document',
          document: { filename: 'quote.pdf', mime_type: 'application/pdf', sha256: 'abc', id: '77' },
        },
        'document',
        'Document: quote.pdf',
        {
          kind: 'document',
          mediaId: '77',
          state: 'pending',
          mimeType: 'application/pdf',
          sha256: 'abc',
          filename: 'quote.pdf',
        },
      ],
      [
        { type: 'audio', audio: { mime_type: 'audio/ogg; codecs=opus', sha256: 'def', id: '78', voice: true } },
        'audio',
        'Voice message',
        { kind: 'audio', mediaId: '78', state: 'pending', mimeType: 'audio/ogg; codecs=opus', sha256: 'def' },
      ],
      [
        { type: 'sticker', sticker: { mime_type: 'image/webp', sha256: 'ghi', id: '79', animated: false } },
        'sticker',
        'Sticker',
        { kind: 'sticker', mediaId: '79', state: 'pending', mimeType: 'image/webp', sha256: 'ghi' },
      ],
      [
        {
          type: 'location',
          location: {
            address: '101 Forest Ave, Palo Alto, CA 94301',
            latitude: 37.44221496582,
            longitude: -122.16165924072,
            name: 'Philz Coffee',
            url: 'https://philzcoffee.com/',
          },
        },
        'location',
        'Location: Philz Coffee',
        {
          kind: 'location',
          latitude: 37.44221496582,
          longitude: -122.16165924072,
          name: 'Philz Coffee',
          address: '101 Forest Ave, Palo Alto, CA 94301',
        },
      ],
      [
        {
          type: 'contacts',
          contacts: [
            {
              name: { first_name: 'Lucía', last_name: 'Gómez', formatted_name: 'Lucía Gómez' },
              phones: [{ phone: '+1 (983) 555-2319', wa_id: '19835552319', type: 'MOBILE' }],
            },
          ],
        },
        'contacts',
        'Contact: Lucía Gómez',
        { kind: 'contacts', names: ['Lucía Gómez'] },
      ],
      [
        {
          type: 'reaction',
          reaction: { message_id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI0RTJEOTc2ODVERUY5RDlGNkYA', emoji: '👍' },
        },
        'reaction',
        'Reacted 👍',
        { kind: 'reaction', emoji: '👍', reactsTo: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI0RTJEOTc2ODVERUY5RDlGNkYA' },
      ],
      [
        {
          type: 'interactive',
          context: REPLIED_TO,
          interactive: { type: 'list_reply', list_reply: { id: 'priority_express', title: 'Priority Mail Express' } },
        },
        'interactive',
        'Priority Mail Express',
        { kind: 'interactive', title: 'Priority Mail Express', id: 'priority_express' },
      ],
      [
        {
          type: 'interactive',
          context: REPLIED_TO,
          interactive: { type: 'button_reply', button_reply: { id: 'cancel-button', title: 'Cancel' } },
        },
        'interactive',
        'Cancel',
        { kind: 'interactive', title: 'Cancel', id: 'cancel-button' },
      ],
      [
        { type: 'button', context: REPLIED_TO, button: { payload: 'Unsubscribe', text: 'Unsubscribe' } },
        'button',
        'Unsubscribe',
        { kind: 'button', title: 'Unsubscribe', id: 'Unsubscribe' },
      ],
      [
        {
          type: 'unsupported',
          errors: [
            {
              code: 131051,
              title: 'Message type unknown',
              message: 'Message type unknown',
              error_data: { details: 'Message type is currently not supported.' },
            },
          ],
        },
        'unsupported',
        'Unsupported message (unsupported)',
        { kind: 'unsupported', type: 'unsupported' },
      ],
      [
        { type: 'order', order: { catalog_id: '194836987003835', text: '', product_items: [] } },
        'unsupported',
        'Unsupported message (order)',
        { kind: 'unsupported', type: 'order' },
      ],
    ];
    for (const [message, messageType, content, attachment] of cases) {
      const { id, from, body } = customerMessage(message);
      expect((await post(body)).statusCode).toBe(200);
      await settled();
      const conversationId = (await conversationOf(from))!;
      expect(await messagesOf(conversationId), message.type).toMatchObject([{ messageType, content }]);
      expect(await attachmentOf(id), message.type).toEqual(attachment);
    }
    // Only the three media messages wait for a download.
    expect(mediaPending.map((p) => p.attachment.kind)).toEqual(['document', 'audio', 'sticker']);
  });
});

describe('delivery statuses', () => {
  /** A conversation with a staff reply that WhatsApp accepted as `whatsappMessageId`. */
  async function sentReply(whatsappMessageId: string | null) {
    const { from, body } = customerMessage({ type: 'text', text: { body: 'Habari' } });
    await post(body);
    await settled();
    const conversationId = (await conversationOf(from))!;
    await server.app.services.conversations.setStatus(conversationId, 'admin_takeover');
    const reply = await server.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: { cookie: server.cookie },
      payload: { content: 'Karibu!', messageType: 'text' },
    });
    const messageId = (reply.json() as { id: number }).id;
    // What the Cloud sender stores when WhatsApp accepts the send.
    await db()
      .updateTable('messages')
      .set({ external_id: whatsappMessageId, delivery_status: 'sent' })
      .where('id', '=', messageId)
      .execute();
    return { conversationId, messageId };
  }
  const stateOf = async (conversationId: number, messageId: number) =>
    (await messagesOf(conversationId)).find((m) => m.id === messageId) as ApiMessage & {
      failureReason?: string | null;
    };

  it('move forward only: read, then a late delivered and sent, stays read', async () => {
    const wamid = nextId();
    const { conversationId, messageId } = await sentReply(wamid);
    for (const status of ['read', 'delivered', 'sent'] as const)
      expect((await post(statusDelivery(wamid, status))).statusCode).toBe(200);
    await settled();
    expect((await stateOf(conversationId, messageId)).deliveryStatus).toBe('read');
    expect(events.filter((e) => e.type === 'message_status')).toEqual([
      { type: 'message_status', data: { conversationId, messageId, deliveryStatus: 'read' } },
    ]);
  });

  it('failed keeps WhatsApp code, title and details and is not overwritten by a late status', async () => {
    const wamid = nextId();
    const { conversationId, messageId } = await sentReply(wamid);
    await post(
      statusDelivery(wamid, 'failed', [
        {
          code: 131026,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          error_data: { details: 'Message Undeliverable.' },
        },
      ]),
    );
    await post(statusDelivery(wamid, 'delivered'));
    await post(statusDelivery(wamid, 'read'));
    await settled();
    const message = await stateOf(conversationId, messageId);
    expect(message.deliveryStatus).toBe('failed');
    expect(message.failureReason).toMatch(/could not deliver it to this number.*131026/);
    expect((await storedMessage(wamid))?.failure).toEqual({
      code: 131026,
      title: 'Message undeliverable',
      details: 'Message Undeliverable.',
    });
    expect(events.filter((e) => e.type === 'message_status')).toEqual([
      {
        type: 'message_status',
        data: { conversationId, messageId, deliveryStatus: 'failed', failureReason: message.failureReason },
      },
    ]);
    // Staff can send it again.
    const outbox = await db()
      .selectFrom('outbox')
      .select('status')
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    expect(outbox).toEqual({ status: 'failed' });
  });

  it('failed after delivered is old news (the outbox rule): it stays delivered', async () => {
    const wamid = nextId();
    const { conversationId, messageId } = await sentReply(wamid);
    await post(statusDelivery(wamid, 'delivered'));
    await post(statusDelivery(wamid, 'failed', [{ code: 131000, title: 'Something went wrong' }]));
    await settled();
    expect((await stateOf(conversationId, messageId)).deliveryStatus).toBe('delivered');
    expect((await storedMessage(wamid))?.failure).toBeNull();
  });

  it('a status before its message id is known is held, and applied in order when the id arrives', async () => {
    const wamid = nextId();
    await post(statusDelivery(wamid, 'read'));
    await post(statusDelivery(wamid, 'delivered'));
    await post(statusDelivery(wamid, 'read'));
    await settled();
    const held = await db()
      .selectFrom('whatsapp_held_statuses')
      .select(['status'])
      .where('whatsapp_message_id', '=', wamid)
      .execute();
    expect(held.map((h) => h.status).sort()).toEqual(['delivered', 'read']);

    const { conversationId, messageId } = await sentReply(wamid);
    events.length = 0;
    expect(await applyHeldStatuses(server.database.db, server.app.hub, wamid)).toBe(2);
    expect((await stateOf(conversationId, messageId)).deliveryStatus).toBe('read');
    expect(
      events
        .filter((e) => e.type === 'message_status')
        .map((e) => (e.data as { deliveryStatus: string }).deliveryStatus),
    ).toEqual(['delivered', 'read']);
    expect(
      await db().selectFrom('whatsapp_held_statuses').selectAll().where('whatsapp_message_id', '=', wamid).execute(),
    ).toEqual([]);
  });

  it("a status for a customer's own message changes nothing", async () => {
    const { id, from, body } = customerMessage({ type: 'text', text: { body: 'Asante' } });
    await post(body);
    await settled();
    await post(statusDelivery(id, 'read'));
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect((await messagesOf(conversationId))[0]).not.toHaveProperty('deliveryStatus');
    expect(
      await db().selectFrom('whatsapp_held_statuses').selectAll().where('whatsapp_message_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('the handoff bot (BOT_MODULE=handoff) hands over to staff', () => {
  it('Admin Required with one unclear_request notification quoting the customer, not one per message', async () => {
    botBehaviour = 'handoff';
    const from = nextPhone();
    await post(
      customerMessage({ type: 'text', text: { body: 'Do you deliver to Nakuru?' } }, { from, name: 'Achieng' }).body,
    );
    await post(customerMessage({ type: 'text', text: { body: 'Hello??' } }, { from, name: 'Achieng' }).body);
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect((await api(`/api/conversations/${conversationId}`)).json()).toMatchObject({ status: 'admin_required' });
    const notifications = (
      (await api('/api/notifications')).json() as { type: string; message: string; conversationId: number }[]
    ).filter((n) => n.conversationId === conversationId);
    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'unclear_request',
        message: 'Achieng wrote on WhatsApp and is waiting for a reply: "Do you deliver to Nakuru?"',
      }),
    ]);
    // The bot was asked once: the second message came while staff were already needed.
    expect(turns.filter((t) => t.conversationId === conversationId)).toHaveLength(1);
  });
});

describe('a bot that answers', () => {
  it('replies through the outbox as the bot, and records its offer', async () => {
    botBehaviour = 'reply';
    const { from, body } = customerMessage({ type: 'text', text: { body: 'Bei ya granite?' } }, { name: 'Otieno' });
    await post(body);
    await settled();
    const conversationId = (await conversationOf(from))!;
    expect(await messagesOf(conversationId)).toMatchObject([
      { sender: 'customer', content: 'Bei ya granite?' },
      {
        sender: 'bot',
        content: 'Karibu Otieno! Absolute Black Granite is KES 12,000 a slab.',
        messageType: 'text',
        deliveryStatus: 'queued',
      },
    ]);
    expect(
      await db()
        .selectFrom('outbox')
        .select(['kind', 'to_address', 'content'])
        .where('conversation_id', '=', conversationId)
        .execute(),
    ).toEqual([
      {
        kind: 'bot_reply',
        to_address: `+${from}`,
        content: 'Karibu Otieno! Absolute Black Granite is KES 12,000 a slab.',
      },
    ]);
    expect((await api(`/api/conversations/${conversationId}`)).json()).toMatchObject({
      status: 'bot_active',
      currentOfferPrice: 12000,
      bargainingRound: 1,
    });
  });

  it('does not talk over staff who took the conversation over meanwhile', async () => {
    const { from, body } = customerMessage({ type: 'text', text: { body: 'Hello' } });
    await post(body);
    await settled();
    const conversationId = (await conversationOf(from))!;
    await server.app.services.conversations.setStatus(conversationId, 'admin_takeover');
    expect(await server.app.services.inbound.botReply(conversationId, 'Too late')).toBe(false);
    expect((await messagesOf(conversationId)).map((m) => m.sender)).toEqual(['customer']);
  });
});

describe('BOT_MODULE', () => {
  it('without a path, the catalogue bot; "handoff", the handoff bot; a module without onCustomerMessage is refused clearly', async () => {
    expect(await loadBot()).toBe(catalogueBot);
    expect(await loadBot('handoff')).toBe(handoffBot);
    const dir = mkdtempSync(join(tmpdir(), 'bot-module-'));
    try {
      writeFileSync(join(dir, 'bad.mjs'), 'export default { name: "nothing" };');
      writeFileSync(join(dir, 'good.mjs'), 'export default { name: "echo", async onCustomerMessage() {} };');
      await expect(loadBot(join(dir, 'bad.mjs'))).rejects.toThrow(/must export a bot.*onCustomerMessage/);
      await expect(loadBot(join(dir, 'missing.mjs'))).rejects.toThrow(/could not be loaded/);
      expect((await loadBot(join(dir, 'good.mjs'))).name).toBe('echo');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(postgresUnavailable())('two server instances on one PostgreSQL server', () => {
  it("a new customer's delivery repeated at both at once: one conversation, one message, one bot turn", async () => {
    const postgres = await startPostgres();
    const servers: Server[] = [];
    try {
      servers.push(await start(await openDatabase({ databaseUrl: postgres.url })));
      servers.push(await start(await openDatabase({ databaseUrl: postgres.url })));
      const [a, b] = servers;
      const from = nextPhone();
      const first = customerMessage({ type: 'text', text: { body: 'Habari, bei ya sink?' } }, { from });
      // Another message from the same new number at the same moment.
      const second = customerMessage({ type: 'text', text: { body: 'Na granite?' } }, { from });
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => post(first.body, {}, (i % 2 ? a : b).app)),
        post(second.body, {}, a.app),
        post(second.body, {}, b.app),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      await Promise.all(servers.map((s) => s.app.whatsappWebhook!.idle()));
      const pg = a.database.db;
      const conversations = await pg
        .selectFrom('conversations')
        .select(['id', 'message_count'])
        .where('customer_address', '=', `+${from}`)
        .execute();
      expect(conversations).toEqual([{ id: expect.any(Number), message_count: 2 }]);
      const messages = await pg
        .selectFrom('messages')
        .select('content')
        .where('conversation_id', '=', conversations[0].id)
        .orderBy('id')
        .execute();
      expect(messages.map((m) => m.content).sort()).toEqual(['Habari, bei ya sink?', 'Na granite?']);
      expect(turns.filter((t) => t.content === 'Habari, bei ya sink?')).toHaveLength(1);
      expect(turns.filter((t) => t.content === 'Na granite?')).toHaveLength(1);
    } finally {
      for (const s of servers) await s.close();
      await postgres.stop();
    }
  });
});
