// `npm run mock:realtime`: the WebSocket side of the contract (asyncapi.yaml),
// which Prism does not cover. Browsers connect to ws://127.0.0.1:REALTIME_PORT/ws
// (through the Vite proxy at /ws); tests and `npm run mock:event` drive it over
// plain HTTP on the same port:
//
//   POST /__control/events  {type, data}  one contract event; missing data
//                                         fields get defaults (?exact=1: none,
//                                         sent as given); unknown fields pass;
//                                         anything outside the contract → 422
//                                         with the zod issues
//   POST /__control/raw     <any text>    that text as one frame, unchecked
//   POST /__control/drop                  cut every socket (no close handshake)
//   POST /__control/close?code=4401       close every socket with that code (4401: the session ended)
//   GET  /__control/health                {clients, connections}
//
// Each route takes ?client=<tag> to reach only the sockets whose upgrade
// request carried the cookie rt_client=<tag> (each e2e test sets its own), so
// parallel tests do not see each other's events.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { HOST, devPorts } from '../common/dev/ports';
import { CLIENT_TAG_COOKIE, validateEvent, withDefaults } from './realtime-events';

const port = devPorts().realtime;
const MAX_BODY = 64 * 1024;

type Client = { socket: WebSocket; tag: string | undefined };
const clients = new Set<Client>();
let connections = 0;
const connectionsByTag = new Map<string, number>();

const time = () => new Date().toISOString().slice(11, 23);
const log = (line: string) => console.log(`${time()} ${line}`);

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function targets(tag: string | null): Client[] {
  return [...clients].filter((client) => tag === null || client.tag === tag);
}

function broadcast(text: string, tag: string | null): number {
  let delivered = 0;
  for (const { socket } of targets(tag)) {
    if (socket.readyState !== WebSocket.OPEN) continue;
    socket.send(text);
    delivered += 1;
  }
  return delivered;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error(`body larger than ${MAX_BODY} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const scope = (tag: string | null) => (tag === null ? 'all' : `client ${tag}`);

async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const tag = url.searchParams.get('client');
  const route = `${req.method} ${url.pathname}`;

  if (route === 'GET /__control/health') {
    const connected = targets(tag).length;
    reply(res, 200, { clients: connected, connections: tag === null ? connections : (connectionsByTag.get(tag) ?? 0) });
    return;
  }

  if (route === 'POST /__control/events') {
    let input: unknown;
    try {
      input = JSON.parse(await readBody(req));
    } catch (error) {
      reply(res, 400, { message: `body must be JSON {type, data}: ${(error as Error).message}` });
      return;
    }
    const { type, data } = (input ?? {}) as { type?: unknown; data?: unknown };
    const exact = url.searchParams.get('exact') === '1';
    const result = validateEvent(withDefaults(type, data, exact));
    if (!result.ok) {
      log(`✗ rejected ${JSON.stringify(input)}: outside asyncapi.yaml\n${result.message}`);
      reply(res, 422, { message: `event does not match asyncapi.yaml: ${result.message}`, issues: result.issues });
      return;
    }
    const delivered = broadcast(JSON.stringify(result.event), tag);
    log(`→ ${result.event.type} to ${delivered} socket(s) [${scope(tag)}]: ${JSON.stringify(result.event.data)}`);
    reply(res, 200, { delivered, event: result.event });
    return;
  }

  if (route === 'POST /__control/raw') {
    const text = await readBody(req);
    const delivered = broadcast(text, tag);
    log(`→ raw frame to ${delivered} socket(s) [${scope(tag)}]: ${JSON.stringify(text.slice(0, 200))}`);
    reply(res, 200, { delivered });
    return;
  }

  if (route === 'POST /__control/drop') {
    const dropped = targets(tag);
    for (const client of dropped) {
      clients.delete(client);
      client.socket.terminate();
    }
    log(`✂ dropped ${dropped.length} socket(s) [${scope(tag)}]`);
    reply(res, 200, { dropped: dropped.length });
    return;
  }

  if (route === 'POST /__control/close') {
    const code = Number(url.searchParams.get('code') ?? 1000);
    if (!Number.isInteger(code) || !(code === 1000 || code === 1001 || (code >= 3000 && code <= 4999))) {
      reply(res, 422, { message: 'code must be 1000, 1001 or 3000–4999' });
      return;
    }
    const reason = url.searchParams.get('reason') ?? (code === 4401 ? 'session ended' : '');
    const closed = targets(tag);
    for (const client of closed) {
      clients.delete(client);
      client.socket.close(code, reason);
    }
    log(`✂ closed ${closed.length} socket(s) with ${code} ${reason} [${scope(tag)}]`);
    reply(res, 200, { closed: closed.length });
    return;
  }

  reply(res, 404, {
    message: `no control route ${route}; try POST /__control/events, POST /__control/raw, POST /__control/drop, POST /__control/close, GET /__control/health`,
  });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}`);
  if (!url.pathname.startsWith('/__control/')) {
    reply(res, 404, { message: 'WebSocket endpoint is /ws; control routes are under /__control/' });
    return;
  }
  handleControl(req, res, url).catch((error: Error) => {
    if (!res.headersSent) reply(res, 400, { message: error.message });
  });
});

const wss = new WebSocketServer({ noServer: true });

server.on('upgrade', (req, socket, head) => {
  const { pathname } = new URL(req.url ?? '/', `http://${HOST}`);
  if (pathname !== '/ws') {
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    const tag = cookieValue(req.headers.cookie, CLIENT_TAG_COOKIE);
    const client: Client = { socket: ws, tag };
    clients.add(client);
    connections += 1;
    if (tag) connectionsByTag.set(tag, (connectionsByTag.get(tag) ?? 0) + 1);
    log(`+ socket connected${tag ? ` (client ${tag})` : ''}; ${clients.size} open`);
    // The dashboard sends nothing on this channel (asyncapi.yaml).
    ws.on('message', (data) => log(`! unexpected frame from a dashboard: ${String(data).slice(0, 200)}`));
    ws.on('close', () => {
      if (clients.delete(client)) log(`- socket closed${tag ? ` (client ${tag})` : ''}; ${clients.size} open`);
    });
    ws.on('error', () => clients.delete(client));
  });
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `port ${port} is in use (set REALTIME_PORT)` : error.message);
  process.exit(1);
});

server.listen(port, HOST, () => {
  console.log(`Realtime mock ready on ws://${HOST}:${port}/ws (control: http://${HOST}:${port}/__control/)`);
});

const stop = () => {
  for (const { socket } of clients) socket.terminate();
  wss.close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
