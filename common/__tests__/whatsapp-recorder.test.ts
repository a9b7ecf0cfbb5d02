// @vitest-environment node
// The recorder in front of a stand-in for the WhatsApp mock (a plain node:http
// server that echoes what it got): requests pass unchanged both ways, and sends
// are recorded with the message id answered. Against Prism itself it runs in
// e2e-server/channels/whatsapp.spec.ts.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HOST, freePort, httpUrl } from '../dev/ports';
import { RECORDED_PATH, startWhatsAppRecorder, type WhatsAppRecorder } from '../whatsapp/recorder';

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string };

let upstream: Server | undefined;
let recorder: WhatsAppRecorder | undefined;

afterEach(async () => {
  await recorder?.close();
  await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
  upstream = recorder = undefined;
});

/** A stand-in for Prism: answers a send with a wamid, anything else with what it received. */
async function fakeMock(): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url?.endsWith('/messages') && body.includes('"bad"')) {
        res.writeHead(422, { 'content-type': 'application/json', 'sl-violations': '[{"message":"bad"}]' });
        res.end('{"error":"invalid"}');
        return;
      }
      const answer = req.url?.endsWith('/messages')
        ? { messaging_product: 'whatsapp', messages: [{ id: `wamid.${seen.length}` }] }
        : { echoed: body };
      res.writeHead(200, { 'content-type': 'application/json', 'x-mock': 'yes' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => upstream!.listen(0, HOST, resolve));
  return { url: httpUrl((upstream.address() as AddressInfo).port), seen };
}

const send = (to: string, body: string) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'text',
  text: { body },
});

describe('the WhatsApp recorder', () => {
  it('passes requests and answers through unchanged', async () => {
    const mock = await fakeMock();
    recorder = await startWhatsAppRecorder({ target: mock.url });
    const response = await fetch(`${recorder.url}/v23.0/102290129340398/message_templates?limit=2`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer dev-token', 'user-agent': 'stone-sinks/1.0.0', 'x-extra': 'kept' },
      body: 'raw bytes',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-mock')).toBe('yes');
    expect(await response.json()).toEqual({ echoed: 'raw bytes' });
    expect(mock.seen).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: '/v23.0/102290129340398/message_templates?limit=2',
        body: 'raw bytes',
        headers: expect.objectContaining({
          authorization: 'Bearer dev-token',
          'user-agent': 'stone-sinks/1.0.0',
          'x-extra': 'kept',
        }) as unknown,
      }),
    ]);
    // Only sends are recorded.
    expect(recorder.sent()).toEqual([]);
  });

  it('records each send with the message id answered, and shows them at /__recorded without the token', async () => {
    const mock = await fakeMock();
    const logged: string[] = [];
    recorder = await startWhatsAppRecorder({
      target: mock.url,
      port: await freePort(),
      onSend: (s) => logged.push(s.wamid ?? 'none'),
    });
    const post = (body: unknown) =>
      fetch(`${recorder!.url}/v23.0/100000000000001/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token-not-secret' },
        body: JSON.stringify(body),
      });
    expect((await post(send('254712345678', 'Karibu!'))).status).toBe(200);
    const refused = await post(send('254712345678', 'bad'));
    expect(refused.status).toBe(422);
    expect(refused.headers.get('sl-violations')).toBe('[{"message":"bad"}]');

    expect(recorder.sent()).toEqual([
      {
        at: expect.any(String) as unknown,
        phoneNumberId: '100000000000001',
        request: send('254712345678', 'Karibu!'),
        status: 200,
        wamid: 'wamid.1',
      },
      {
        at: expect.any(String) as unknown,
        phoneNumberId: '100000000000001',
        request: send('254712345678', 'bad'),
        status: 422,
      },
    ]);
    expect(logged).toEqual(['wamid.1', 'none']);
    const listed = await fetch(`${recorder.url}${RECORDED_PATH}`);
    const text = await listed.text();
    expect(JSON.parse(text)).toEqual(recorder.sent());
    expect(text).not.toContain('dev-token-not-secret');
  });

  it('answers 502 saying so when the mock is down', async () => {
    recorder = await startWhatsAppRecorder({ target: httpUrl(await freePort()) });
    const response = await fetch(`${recorder.url}/v23.0/100000000000001/messages`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/did not answer/);
    expect(recorder.sent()).toEqual([]);
  });
});
