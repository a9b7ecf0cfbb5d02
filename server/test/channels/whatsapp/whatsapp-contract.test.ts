// Meta's WhatsApp contract in the repository: the pinned source, the trimmed copy the script derives
// from it (and CI keeps fresh), the webhook reader that Meta's own inbound examples pass, Meta's send
// examples against the patched schemas, and Prism serving the trimmed copy as the mock the sender,
// the media download and the e2e suites talk to.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { createAjv, dereference } from '../../../../common/contract';
import { startWhatsAppMock, type WhatsAppMock } from '../../../../common/whatsapp/prism-mock';
import {
  MOCK_MEDIA,
  customerMessagePayload,
  signWebhookBody,
  statusPayload,
} from '../../../../common/whatsapp/webhook-payloads';
import {
  META_SOURCE_FILE,
  META_SOURCE_SHA256,
  PATCHES,
  README_FILE,
  TRIMMED_FILE,
  assertPinnedSource,
  deriveContractFiles,
  sha256Hex,
} from '../../../../scripts/whatsapp/trim';
import { createGraphClient, downloadMediaUrl, MediaDownloadError } from '../../../channels/whatsapp/graph-client';
import { validateWebhookPayload } from '../../../channels/whatsapp/inbound-schema';

type Json = Record<string, unknown>;
type Examples = Record<string, { value: Json }>;

const sourceBytes = readFileSync(META_SOURCE_FILE);
const source = parse(sourceBytes.toString('utf8')) as { paths: Record<string, Record<string, Json>> };
const trimmed = parse(readFileSync(TRIMMED_FILE, 'utf8')) as {
  paths: Record<string, Record<string, Json>>;
  components: Record<string, Record<string, Json>>;
};

function requestExamples(doc: typeof source, path: string, method: string): Examples {
  const body = doc.paths[path][method].requestBody as { content: Record<string, { examples: Examples }> };
  return body.content['application/json'].examples;
}

const webhookExamples = requestExamples(source, '/whatsapp/webhooks', 'post');
const sendExamples = requestExamples(source, '/{Version}/{Phone-Number-ID}/messages', 'post');
const clone = <T>(value: T): T => structuredClone(value);

describe("Meta's contract in the repository", () => {
  it('is the pinned file, byte for byte', () => {
    expect(sha256Hex(sourceBytes)).toBe(META_SOURCE_SHA256);
  });

  it('refuses a source that is not the pinned one, saying so', () => {
    const changed = Buffer.concat([sourceBytes, Buffer.from('\n')]);
    expect(() => assertPinnedSource(changed)).toThrow(
      /is not the pinned file: its SHA-256 is [0-9a-f]{64}, expected c7148d5e/,
    );
  });

  it('the committed trimmed copy, webhook schema and README patch list are what the script derives', () => {
    const files = deriveContractFiles(sourceBytes, readFileSync(README_FILE, 'utf8'));
    expect(files.size).toBe(3);
    for (const [path, text] of files) expect(readFileSync(path, 'utf8'), path).toBe(text);
  });

  it('keeps only the operations the server uses, so no two paths collide', () => {
    const operations = Object.entries(trimmed.paths).flatMap(([path, item]) =>
      ['get', 'post'].filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([
      'GET /whatsapp/webhooks',
      'GET /whatsapp_business/attachments/',
      'GET /{Version}/{Media-ID}',
      'GET /{Version}/{WABA-ID}/message_templates',
      'POST /whatsapp/webhooks',
      'POST /{Version}/{Phone-Number-ID}/messages',
    ]);
  });

  it('lists every patch, with its reason, at the top of the trimmed copy', () => {
    const header = readFileSync(TRIMMED_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('#'));
    expect(header.filter((line) => /^# \d+\. /.test(line))).toHaveLength(PATCHES.length);
    expect(header.filter((line) => line.startsWith('#    Why: '))).toHaveLength(PATCHES.length);
  });
});

describe('webhook payloads (validateWebhookPayload)', () => {
  const names = Object.keys(webhookExamples);

  it("Meta's file has the 16 inbound examples this suite replays", () => {
    expect(names).toHaveLength(16);
    const withMessages = names.filter((name) => JSON.stringify(webhookExamples[name].value).includes('"messages":[{'));
    expect(withMessages).toHaveLength(13);
  });

  it.each(names)("accepts Meta's example %s", (name) => {
    const result = validateWebhookPayload(webhookExamples[name].value);
    expect(result.ok ? 'ok' : result.error).toBe('ok');
  });

  it("Meta's inbound message examples also pass the trimmed contract's own (patched) WebhookPayload schema", () => {
    const validate = createAjv().compile(dereference(trimmed, { $ref: '#/components/schemas/WebhookPayload' }) as Json);
    const failing = names
      .filter(
        (name) =>
          webhookExamples[name].value.entry && JSON.stringify(webhookExamples[name].value).includes('"messages":[{'),
      )
      .filter((name) => !validate(webhookExamples[name].value));
    expect(failing).toEqual([]);
  });

  it('accepts delivery statuses as Meta sends them, a failure with its error included', () => {
    for (const status of ['sent', 'delivered', 'read'] as const) {
      const result = validateWebhookPayload(statusPayload({ id: 'wamid.X', status, recipientId: '254712345678' }));
      expect(result.ok ? 'ok' : result.error).toBe('ok');
    }
    const failed = statusPayload({
      id: 'wamid.X',
      status: 'failed',
      recipientId: '254712345678',
      error: { code: 131026, title: 'Message undeliverable', details: 'The recipient is not on WhatsApp.' },
    });
    const result = validateWebhookPayload(failed);
    expect(result.ok).toBe(true);
    if (result.ok) {
      const status = result.value.entry[0].changes[0].value.statuses?.[0];
      expect(status?.errors?.[0]).toMatchObject({
        code: 131026,
        error_data: { details: 'The recipient is not on WhatsApp.' },
      });
    }
  });

  it('accepts every kind of customer message the mock tool posts', () => {
    const from = '254712345678';
    const kinds = [
      customerMessagePayload({ from, name: 'Wanjiru', text: 'Habari, do you have the grey sink?' }),
      customerMessagePayload({ from, image: { id: '111', caption: 'This one' } }),
      customerMessagePayload({ from, document: { id: '112', filename: 'quote.pdf' } }),
      customerMessagePayload({ from, audio: { id: '113', voice: true } }),
      customerMessagePayload({ from, video: { id: '114' } }),
      customerMessagePayload({ from, sticker: { id: '115' } }),
      customerMessagePayload({ from, location: { latitude: -0.3031, longitude: 36.08, name: 'Nakuru' } }),
      customerMessagePayload({ from, reaction: { message_id: 'wamid.OURS', emoji: '👍' } }),
      customerMessagePayload({
        from,
        contacts: [{ name: { formatted_name: 'Otieno' }, phones: [{ phone: '+254700000000' }] }],
      }),
      customerMessagePayload({ from, buttonReply: { id: 'yes', title: 'Yes please' } }),
      customerMessagePayload({ from, listReply: { id: 'sink-1', title: 'Grey sink' } }),
      customerMessagePayload({ from, button: { payload: 'STOP', text: 'Stop promotions' } }),
      customerMessagePayload({ from, unsupported: true }),
      customerMessagePayload({ from, text: 'a reply', context: { id: 'wamid.OURS' } }),
    ];
    for (const payload of kinds) {
      const result = validateWebhookPayload(payload);
      expect(result.ok ? 'ok' : `${payload.entry[0].changes[0].value.messages[0].type}: ${result.error}`).toBe('ok');
    }
  });

  it('is lenient where Meta adds things: unknown fields and message types not described yet', () => {
    const payload = clone(webhookExamples['Text Message'].value) as ReturnType<typeof customerMessagePayload>;
    (payload as Json).something_new = true;
    const message = payload.entry[0].changes[0].value.messages[0] as Json;
    message.type = 'request_welcome';
    delete message.text;
    message.request_welcome = {};
    expect(validateWebhookPayload(payload)).toMatchObject({ ok: true });
  });

  it('refuses a message without from or id, naming what is missing', () => {
    for (const field of ['from', 'id', 'timestamp', 'type']) {
      const payload = clone(webhookExamples['Image Message'].value) as ReturnType<typeof customerMessagePayload>;
      delete (payload.entry[0].changes[0].value.messages[0] as Json)[field];
      const result = validateWebhookPayload(payload);
      expect(result).toMatchObject({ ok: false });
      if (!result.ok)
        expect(result.error).toContain(`/entry/0/changes/0/value/messages/0 must have required property '${field}'`);
    }
  });

  it('refuses what the server reads when it is malformed: a text without a body, a status without its recipient', () => {
    const text = customerMessagePayload({ from: '254712345678', text: 'hi' });
    delete (text.entry[0].changes[0].value.messages[0] as { text?: unknown }).text;
    const noBody = validateWebhookPayload(text);
    expect(noBody.ok ? 'ok' : noBody.error).toContain("must have required property 'text'");

    const status = statusPayload({ id: 'wamid.X', status: 'delivered', recipientId: '1' });
    delete (status.entry[0].changes[0].value.statuses[0] as { recipient_id?: unknown }).recipient_id;
    const noRecipient = validateWebhookPayload(status);
    expect(noRecipient.ok ? 'ok' : noRecipient.error).toContain(
      "statuses/0 must have required property 'recipient_id'",
    );

    const bogus = statusPayload({ id: 'wamid.X', status: 'delivered', recipientId: '1' });
    (bogus.entry[0].changes[0].value.statuses[0] as { status: string }).status = 'teleported';
    const badStatus = validateWebhookPayload(bogus);
    expect(badStatus.ok ? 'ok' : badStatus.error).toContain(
      'must be equal to one of the allowed values (sent, delivered, read, failed)',
    );
  });

  it('refuses another object or a body that is not a payload at all, in plain words', () => {
    const page = { ...clone(webhookExamples['Text Message'].value), object: 'page' };
    const wrongObject = validateWebhookPayload(page);
    expect(wrongObject.ok ? 'ok' : wrongObject.error).toBe(
      '/object must be equal to one of the allowed values (whatsapp_business_account)',
    );
    for (const body of [null, 'text', [], {}]) expect(validateWebhookPayload(body).ok).toBe(false);
    const empty = validateWebhookPayload({});
    expect(empty.ok ? 'ok' : empty.error).toContain("the body must have required property 'object'");
  });

  it('signs a body as Meta does: sha256= and the hex HMAC-SHA256 of the raw bytes with the app secret', () => {
    // HMAC-SHA256("app-secret", '{"a":1}'), computed independently (openssl dgst -sha256 -hmac app-secret).
    expect(signWebhookBody('{"a":1}', 'app-secret')).toBe(
      'sha256=a2ac6607a24977f9757e6d78319ae1660ad42ffeee0ee3f0dff30a92bcf85448',
    );
    expect(signWebhookBody(Buffer.from('{"a":1}'), 'app-secret')).toBe(signWebhookBody('{"a":1}', 'app-secret'));
    expect(signWebhookBody('{"a":1}', 'another')).not.toBe(signWebhookBody('{"a":1}', 'app-secret'));
  });
});

describe("Meta's send examples against the patched Message schema", () => {
  const messageSchema = (doc: object) =>
    createAjv().compile(dereference(doc, { $ref: '#/components/schemas/Message' }) as Json);
  const validate = messageSchema(trimmed);
  const used = [
    'Send Text Message',
    'Send Reply to Text Message',
    'Send Image Message by ID',
    'Send Document Message by ID',
    'Send Test Message',
    'Send Message Template Text',
    'Send Sample Shipping Confirmation Template',
    'Send Reply Button',
    'Send List Message',
    'Send Single Product Message',
  ];

  it.each(used)('%s validates', (name) => {
    const ok = validate(sendExamples[name].value);
    expect(ok ? 'ok' : JSON.stringify(validate.errors?.slice(0, 3))).toBe('ok');
  });

  it.each([
    'Send Image Message by URL',
    'Send Document Message by URL',
    'Send Message Template Media',
    'Send Message Template Interactive',
  ])('%s validates once its placeholder link is a real URL', (name) => {
    const example = JSON.stringify(sendExamples[name].value).replace(
      /"<?http\(s\):\/\/[^"]*"/g,
      '"https://shop.example/uploads/sink.jpg"',
    );
    const ok = validate(JSON.parse(example));
    expect(ok ? 'ok' : JSON.stringify(validate.errors?.slice(0, 3))).toBe('ok');
  });

  it("refuses them under Meta's unpatched schemas (the defects the patches fix)", () => {
    const original = messageSchema(parse(sourceBytes.toString('utf8')) as object);
    expect(original(sendExamples['Send Text Message'].value)).toBe(false);
    expect(original(sendExamples['Send Test Message'].value)).toBe(false);
  });
});

describe('Prism serving the trimmed contract', { timeout: 60_000 }, () => {
  const token = 'EAAtestTOKEN123';
  let mock: WhatsAppMock;
  const headers = {
    Authorization: `Bearer ${token}`,
    'User-Agent': 'stone-sinks/1.0.0',
    'Content-Type': 'application/json',
  };
  const sendUrl = () => `${mock.url}/v23.0/106540352242922/messages`;

  beforeAll(async () => {
    mock = await startWhatsAppMock();
  }, 60_000);
  afterAll(async () => {
    await mock?.close();
  });

  it('accepts a text send through the Graph client and answers a message id', async () => {
    const graph = createGraphClient({ graphUrl: mock.url, accessToken: token });
    const { data, error, response } = await graph.POST('/{Version}/{Phone-Number-ID}/messages', {
      params: { path: { Version: graph.version, 'Phone-Number-ID': '106540352242922' } },
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '254712345678',
        type: 'text',
        text: { body: 'Karibu!' },
      },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.messages?.[0]?.id).toMatch(/^wamid\./);
  });

  it('accepts a template send whose language has no policy', async () => {
    const graph = createGraphClient({ graphUrl: mock.url, accessToken: token });
    const { response } = await graph.POST('/{Version}/{Phone-Number-ID}/messages', {
      params: { path: { Version: graph.version, 'Phone-Number-ID': '106540352242922' } },
      body: {
        messaging_product: 'whatsapp',
        to: '254712345678',
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'en' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: 'Wanjiru' }] },
            { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'YES' }] },
          ],
        },
      },
    });
    expect(response.status).toBe(200);
  });

  // Prism answers a request that breaks the contract with the operation's own 400 when it declares
  // one (here Graph's "(#100) Invalid parameter", as Meta would), naming the violation in sl-violations.
  it('refuses a malformed send (no `to`) with Graph’s invalid-parameter error, saying why', async () => {
    const response = await fetch(sendUrl(), {
      method: 'POST',
      headers,
      body: JSON.stringify({ messaging_product: 'whatsapp', type: 'text', text: { body: 'to nobody' } }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('sl-violations')).toContain("must have required property 'to'");
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(100);
  });

  it('refuses a send without the bearer token', async () => {
    const response = await fetch(sendUrl(), {
      method: 'POST',
      headers: { 'User-Agent': 'stone-sinks/1.0.0', 'Content-Type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '1', type: 'text', text: { body: 'x' } }),
    });
    expect(response.status).toBe(401);
  });

  it.each([
    ['400', 'error-131026', 131026],
    ['400', 'error-131047', 131047],
    ['429', 'error-131056', 131056],
    ['500', 'error-131000', 131000],
    ['401', 'error-190', 190],
  ])('answers a %s with the Graph error of example %s when Prefer selects it', async (status, example, code) => {
    const response = await fetch(sendUrl(), {
      method: 'POST',
      headers: { ...headers, Prefer: `code=${status}, example=${example}` },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '254712345678', type: 'text', text: { body: 'x' } }),
    });
    expect(response.status).toBe(Number(status));
    const body = (await response.json()) as { error: { code: number; error_data?: { details?: string } } };
    expect(body.error.code).toBe(code);
    expect(body.error.error_data?.details).toBeTruthy();
  });

  it('routes GET /v23.0/{media-id} to retrieveMediaUrl, whose url downloads the file with the same token', async () => {
    const graph = createGraphClient({ graphUrl: mock.url, accessToken: token });
    const { data, response } = await graph.GET('/{Version}/{Media-ID}', {
      params: { path: { Version: graph.version, 'Media-ID': '2621233374848975' } },
    });
    expect(response.status).toBe(200);
    expect(data?.url).toBe(mock.mediaUrl);
    const file = await downloadMediaUrl(data!.url, token);
    expect(file.bytes.toString('utf8')).toBe(MOCK_MEDIA.bytes);
    expect(sha256Hex(file.bytes)).toBe(data?.sha256);
    expect(String(file.bytes.length)).toBe(data?.file_size);
    await expect(downloadMediaUrl(data!.url, '')).rejects.toThrow(MediaDownloadError);
  });

  it('never puts the token in a download error', async () => {
    const error = await downloadMediaUrl(`${mock.url}/nothing-here`, token).catch((e: Error) => e);
    expect(error).toBeInstanceOf(MediaDownloadError);
    expect(String((error as Error).message)).not.toContain(token);
  });

  it('lists templates a page at a time', async () => {
    const graph = createGraphClient({ graphUrl: mock.url, accessToken: token });
    const { data, response } = await graph.GET('/{Version}/{WABA-ID}/message_templates', {
      params: { path: { Version: graph.version, 'WABA-ID': '102290129340398' }, query: { limit: 50, after: 'MjQZD' } },
    });
    expect(response.status).toBe(200);
    expect(data?.data?.length).toBeGreaterThan(0);
    expect(data?.paging?.cursors?.after).toBeTruthy();
  });

  it('gives each send its own message id in dynamic mode, and still serves the media flow', async () => {
    const dynamic = await startWhatsAppMock({ dynamic: true });
    try {
      const graph = createGraphClient({ graphUrl: dynamic.url, accessToken: token });
      const ids = new Set<string | undefined>();
      for (let i = 0; i < 3; i++) {
        const { data } = await graph.POST('/{Version}/{Phone-Number-ID}/messages', {
          params: { path: { Version: graph.version, 'Phone-Number-ID': '106540352242922' } },
          body: { messaging_product: 'whatsapp', to: '254712345678', type: 'text', text: { body: `n${i}` } },
        });
        ids.add(data?.messages?.[0]?.id);
      }
      expect(ids.size).toBe(3);
      expect([...ids].every((id) => id?.startsWith('wamid.'))).toBe(true);
      // The media flow works in dynamic mode too: the generated answer is this mock's download URL.
      const { data } = await graph.GET('/{Version}/{Media-ID}', {
        params: { path: { Version: graph.version, 'Media-ID': '42' } },
      });
      expect(data?.url).toBe(dynamic.mediaUrl);
      expect(sha256Hex((await downloadMediaUrl(data!.url, token)).bytes)).toBe(data?.sha256);
    } finally {
      await dynamic.close();
    }
  });
});
