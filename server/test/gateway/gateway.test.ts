// Gateway mode (server/gateway/) against a small backend of our own, over
// real sockets: what the backend receives, what the browser gets back,
// bodies streamed both ways, WebSocket frames and close codes, a backend that
// is down or too slow, readiness, and the dashboard served as in production.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadGatewayConfig } from '../../app/config';
import { BACKEND_TIMEOUT, BACKEND_UNREACHABLE, buildGateway } from '../../gateway/app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-X1.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('y'.repeat(4000))});`;
const EXPORT_ROWS = 100_000;

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-X1.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-X1.js.gz'), gzipSync(SCRIPT));
  return dir;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

type Seen = { headers: Record<string, string | string[] | undefined> };
const seen: Seen[] = [];
/** Resolved by the backend when it has read the first chunk of a streamed upload. */
let firstChunkArrived: () => void = () => {};
/** Resolved by the test when the first chunk of the export reached the client. */
let exportMayFinish: () => void = () => {};

async function startBackend(): Promise<FastifyInstance> {
  const backend = Fastify();
  await backend.register(websocket);
  backend.removeAllContentTypeParsers();
  backend.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  backend.get('/api/auth/me', async (request, reply) => {
    seen.push({ headers: request.headers });
    if (request.headers.cookie !== 'sid=abc') return reply.code(401).send({ message: 'Not signed in' });
    return reply.header('set-cookie', 'sid=renewed; HttpOnly; SameSite=Lax; Path=/').send({ username: 'admin' });
  });
  backend.get('/api/cached', async (_request, reply) => reply.header('cache-control', 'private, no-cache').send({}));
  backend.post('/api/products/import', async (request, reply) => {
    // Reads the upload as it comes: the client sends its second half only after this saw the first.
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of request.body as AsyncIterable<Buffer>) {
      if (bytes === 0) firstChunkArrived();
      bytes += chunk.length;
      hash.update(chunk);
    }
    return reply.code(201).send({ bytes, sha256: hash.digest('hex'), type: request.headers['content-type'] });
  });
  backend.get('/api/conversations/export', async (_request, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    reply.raw.write('id,customerName,phoneNumber\n');
    await new Promise<void>((resolve) => {
      exportMayFinish = resolve;
    });
    for (let i = 1; i <= EXPORT_ROWS; i += 1000) {
      let block = '';
      for (let j = i; j < i + 1000; j++) block += `${j},Customer ${j},+2547${String(j).padStart(8, '0')}\n`;
      reply.raw.write(block);
    }
    reply.raw.end();
    return reply;
  });
  backend.get('/api/slow', async () => new Promise(() => {}));
  backend.post('/api/unavailable', async (_request, reply) => reply.code(503).send({ message: 'Busy' }));
  backend.get('/uploads/products/a.png', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('image/png')
      .send(Buffer.from([137, 80])),
  );
  backend.get('/ws', { websocket: true }, (socket, request) => {
    seen.push({ headers: request.headers });
    socket.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('close:')) socket.close(Number(text.slice(6)), 'session ended');
      else socket.send(`echo:${text}`);
    });
    socket.on('close', (code) => closedByBrowser.push(code));
  });
  await backend.listen({ host: '127.0.0.1', port: 0 });
  return backend;
}
const closedByBrowser: number[] = [];

const lines: Record<string, unknown>[] = [];
let backend: FastifyInstance;
let gateway: FastifyInstance;
let gatewayUrl: string;
let dist: string;

async function startGateway(target: string, extra: Record<string, string> = {}) {
  const config = loadGatewayConfig({ API_TARGET: target, DASHBOARD_DIR: dist, ...extra });
  const app = await buildGateway({
    config: { ...config, readyTimeoutMs: 500 },
    log: { level: 'info', pretty: false, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  dist = fakeDist();
  backend = await startBackend();
  const started = await startGateway(`http://127.0.0.1:${(backend.server.address() as AddressInfo).port}`, {
    API_TIMEOUT_SECONDS: '0.5',
  });
  gateway = started.app;
  gatewayUrl = started.url;
});
afterAll(async () => {
  await gateway?.close();
  await backend?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the gateway forwards the spec’s calls', () => {
  it('passes cookies both ways, gives the backend its own Host and the forwarded headers, and adds the security headers', async () => {
    seen.length = 0;
    const res = await fetch(`${gatewayUrl}/api/auth/me`, {
      headers: { cookie: 'sid=abc', 'x-forwarded-for': '6.6.6.6', forwarded: 'for=6.6.6.6', 'x-real-ip': '6.6.6.6' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: 'admin' });
    expect(res.headers.get('set-cookie')).toBe('sid=renewed; HttpOnly; SameSite=Lax; Path=/');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const received = seen[0].headers;
    expect(received.host).toBe(new URL(`http://127.0.0.1:${(backend.server.address() as AddressInfo).port}`).host);
    expect(received.cookie).toBe('sid=abc');
    expect(received['x-forwarded-host']).toBe(new URL(gatewayUrl).host);
    expect(received['x-forwarded-proto']).toBe('http');
    // The client's own X-Forwarded-For is not believed (no TRUST_PROXY): only the address that connected.
    expect(received['x-forwarded-for']).toBe('127.0.0.1');
    expect(received.forwarded).toBeUndefined();
    expect(received['x-real-ip']).toBeUndefined();
    const signedOut = await fetch(`${gatewayUrl}/api/auth/me`);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ message: 'Not signed in' });
  });

  it('keeps a cache-control the backend chose, and logs the backend’s status and time', async () => {
    const res = await fetch(`${gatewayUrl}/api/cached`);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    await expect
      .poll(() => lines.find((l) => l.msg === 'request' && l.path === '/api/cached'))
      .toMatchObject({ status: 200, upstreamStatus: 200, upstreamMs: expect.any(Number) });
  });

  it('streams an upload to the backend as it arrives, byte for byte', async () => {
    const half = Buffer.alloc(4 * 1024 * 1024, 7);
    const arrived = new Promise<void>((resolve) => {
      firstChunkArrived = resolve;
    });
    const url = new URL(`${gatewayUrl}/api/products/import`);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += String(chunk)));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write(half);
      // The rest only once the backend has the first part: a gateway that buffered the whole body would hang here.
      void arrived.then(() => req.end(half));
    });
    const { status, body } = await answer;
    expect(status).toBe(201);
    const whole = Buffer.concat([half, half]);
    expect(JSON.parse(body)).toEqual({
      bytes: whole.length,
      sha256: createHash('sha256').update(whole).digest('hex'),
      type: 'text/csv',
    });
  });

  it('streams a 100,000-row export to the browser as the backend writes it', async () => {
    const res = await fetch(`${gatewayUrl}/api/conversations/export`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // The header row arrives while the backend still holds back the rest.
    const first = await reader.read();
    let text = decoder.decode(first.value, { stream: true });
    expect(text.startsWith('id,customerName,phoneNumber\n')).toBe(true);
    exportMayFinish();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const rows = text.trim().split('\n');
    expect(rows).toHaveLength(EXPORT_ROWS + 1);
    expect(rows.at(-1)).toBe(`${EXPORT_ROWS},Customer ${EXPORT_ROWS},+254700100000`);
  });

  it('forwards /uploads with the backend’s caching', async () => {
    const res = await fetch(`${gatewayUrl}/uploads/products/a.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('does not repeat a request: a 503 from the backend is passed on as it is', async () => {
    const res = await fetch(`${gatewayUrl}/api/unavailable`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Busy' });
  });

  it('answers a backend that is too slow with a JSON 504, not a hang', async () => {
    const started = Date.now();
    const res = await fetch(`${gatewayUrl}/api/slow`);
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ message: BACKEND_TIMEOUT });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a foreign host name and a foreign page’s change before the backend sees them', async () => {
    seen.length = 0;
    const url = new URL(`${gatewayUrl}/api/auth/me`);
    const status = await new Promise<number>((resolve, reject) => {
      httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'evil.example' } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(421);
    const cross = await fetch(`${gatewayUrl}/api/products/import`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/csv' },
      body: 'x',
    });
    expect(cross.status).toBe(403);
    expect(seen).toHaveLength(0);
  });
});

describe('behind a TLS proxy the operator trusts (TRUST_PROXY)', () => {
  it('passes the client address chain on and tells the backend the browser used https', async () => {
    const target = `http://127.0.0.1:${(backend.server.address() as AddressInfo).port}`;
    const behind = await startGateway(target, {
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_ORIGIN: 'https://dashboard.example.co.ke',
    });
    try {
      seen.length = 0;
      const res = await fetch(`${behind.url}/api/auth/me`, {
        headers: {
          'x-forwarded-for': '41.90.1.2',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'dashboard.example.co.ke',
        },
      });
      expect(res.status).toBe(401);
      // Read to the end: an unread body keeps the connection busy, and close() waits for it.
      expect(await res.json()).toEqual({ message: 'Not signed in' });
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      expect(seen[0].headers).toMatchObject({
        'x-forwarded-for': '41.90.1.2, 127.0.0.1',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'dashboard.example.co.ke',
      });
    } finally {
      await behind.app.close();
    }
  });
});

describe('the gateway forwards /ws', () => {
  it('passes frames both ways, the cookie and Origin on the upgrade, and the backend’s close code (4401)', async () => {
    seen.length = 0;
    const socket = new WebSocket(`${gatewayUrl.replace('http', 'ws')}/ws`, {
      headers: { cookie: 'sid=abc', origin: gatewayUrl },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const echoed = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('hello');
    expect(await echoed).toBe('echo:hello');
    expect(seen[0].headers.cookie).toBe('sid=abc');
    expect(seen[0].headers.origin).toBe(gatewayUrl);
    expect(seen[0].headers['x-forwarded-host']).toBe(new URL(gatewayUrl).host);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('close:4401');
    expect(await closed).toBe(4401);
  });

  it('passes the browser’s close code to the backend', async () => {
    closedByBrowser.length = 0;
    const socket = new WebSocket(`${gatewayUrl.replace('http', 'ws')}/ws`, { headers: { origin: gatewayUrl } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.close(4000, 'bye');
    await expect.poll(() => closedByBrowser).toEqual([4000]);
  });

  it('refuses a socket opened by a foreign page', async () => {
    const socket = new WebSocket(`${gatewayUrl.replace('http', 'ws')}/ws`, {
      headers: { origin: 'https://evil.example' },
    });
    const status = await new Promise<number>((resolve) =>
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode!)).once('error', () => resolve(0)),
    );
    expect(status).toBe(403);
  });
});

describe('the gateway serves the dashboard as production does', () => {
  it('answers deep links with the app and caches hashed assets for a year, precompressed', async () => {
    const page = await fetch(`${gatewayUrl}/conversations/5`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toBe(INDEX);
    const script = await fetch(`${gatewayUrl}/assets/app-X1.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe(SCRIPT);
    expect((await fetch(`${gatewayUrl}/assets/gone.js`)).status).toBe(404);
  });

  it('is ready while the backend answers', async () => {
    expect((await fetch(`${gatewayUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gatewayUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('a backend that is down', () => {
  let down: { app: FastifyInstance; url: string };
  beforeAll(async () => {
    down = await startGateway(`http://127.0.0.1:${await closedPort()}`);
  });
  afterAll(async () => {
    await down.app.close();
  });

  it('gives the dashboard a JSON 502 with a plain message', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/login'],
      ['GET', '/uploads/products/a.png'],
    ]) {
      const res = await fetch(`${down.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, path).toBe(502);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ message: BACKEND_UNREACHABLE });
    }
  });

  it('is not ready, but alive, and still serves the app', async () => {
    const ready = await fetch(`${down.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not ready', reason: 'the backend could not be reached' });
    expect((await fetch(`${down.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${down.url}/`)).status).toBe(200);
  });

  it('closes a socket whose backend cannot be reached instead of leaving it open', async () => {
    const socket = new WebSocket(`${down.url.replace('http', 'ws')}/ws`);
    const code = await new Promise<number>((resolve) =>
      socket.once('close', (c) => resolve(c)).once('error', () => {}),
    );
    expect(code).not.toBe(1000);
  });
});

describe('configuration', () => {
  it('refuses targets it could not use, with the reason', () => {
    expect(() => loadGatewayConfig({ API_TARGET: 'chatbot.example.co.ke' })).toThrow(/not an address/);
    expect(() => loadGatewayConfig({ API_TARGET: 'ftp://chatbot.example.co.ke' })).toThrow(/http or https/);
    expect(() => loadGatewayConfig({ API_TARGET: 'https://user:pw@chatbot.example.co.ke' })).toThrow(/credentials/);
    expect(() => loadGatewayConfig({ API_TARGET: 'https://chatbot.example.co.ke/api' })).toThrow(/has a path/);
    expect(() => loadGatewayConfig({ API_TARGET: 'https://a.example', WS_TARGET: 'https://b.example' })).toThrow(
      /ws or wss/,
    );
    expect(() => loadGatewayConfig({ API_TARGET: 'https://a.example', API_TIMEOUT_SECONDS: '0' })).toThrow(
      /API_TIMEOUT_SECONDS/,
    );
  });

  it('sends /ws to the API’s host unless WS_TARGET says otherwise', () => {
    expect(loadGatewayConfig({ API_TARGET: 'https://chatbot.example.co.ke/' })).toMatchObject({
      apiTarget: 'https://chatbot.example.co.ke',
      wsTarget: 'wss://chatbot.example.co.ke',
      apiTimeoutMs: 30_000,
    });
    expect(loadGatewayConfig({ API_TARGET: 'http://127.0.0.1:4010', WS_TARGET: 'ws://127.0.0.1:4011' }).wsTarget).toBe(
      'ws://127.0.0.1:4011',
    );
  });
});
