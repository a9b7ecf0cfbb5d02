// Node-only. What "WhatsApp" received: a small HTTP proxy in front of the
// WhatsApp mock (Prism, common/whatsapp/prism-mock.ts). Every request goes
// through unchanged (method, path, headers, body) and Prism's answer comes
// back unchanged, so Prism still checks each request against Meta's schema;
// on the way, each send (POST /{version}/{phone-number-id}/messages) is
// recorded: its JSON body and the WhatsApp message id Prism answered.
//
//   GET /__recorded   the sends so far, oldest first (JSON)
//
// The server is pointed at the recorder (WHATSAPP_GRAPH_URL) instead of
// Prism; `npm start -- --whatsapp` and the e2e flow (e2e-server/channels/whatsapp.spec.ts)
// use it. Request headers are forwarded but never recorded: they carry the
// access token.
import { createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HOST, httpUrl } from '../dev/ports';

export const RECORDED_PATH = '/__recorded';
const SEND_PATH = /^\/v\d+\.\d+\/(\d+)\/messages$/;
/** Headers about one connection, not the message: not passed on (the body is sent whole). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te']);

export type RecordedSend = {
  /** When the send reached the recorder (ISO 8601). */
  at: string;
  /** The business number it was sent from (the path's phone number id). */
  phoneNumberId: string;
  /** The request body as sent (parsed JSON; the text when it was not JSON). */
  request: unknown;
  /** Prism's status: 200, or 422 when the request broke Meta's schema. */
  status: number;
  /** messages[0].id of the answer, when there was one. */
  wamid?: string;
};

export type WhatsAppRecorderOptions = {
  /** The WhatsApp mock's base URL (Prism), e.g. http://127.0.0.1:4013. */
  target: string;
  /** Default: a free port. */
  port?: number;
  /** Called with each send once answered (e.g. to log it). */
  onSend?: (send: RecordedSend) => void;
};

export type WhatsAppRecorder = {
  /** The Graph base URL to give the server (WHATSAPP_GRAPH_URL). */
  url: string;
  port: number;
  /** The sends so far, oldest first. */
  sent(): RecordedSend[];
  close(): Promise<void>;
};

const readBody = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function wamidOf(answer: unknown): string | undefined {
  const messages = (answer as { messages?: unknown } | null)?.messages;
  const id = Array.isArray(messages) ? (messages[0] as { id?: unknown } | undefined)?.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

function passedOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** Starts the recorder in front of `target`; resolves once it listens. */
export async function startWhatsAppRecorder({
  target,
  port,
  onSend,
}: WhatsAppRecorderOptions): Promise<WhatsAppRecorder> {
  const upstream = new URL(target);
  const base = upstream.pathname.replace(/\/+$/, '');
  const sends: RecordedSend[] = [];

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'GET' && path.split('?')[0] === RECORDED_PATH) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(sends));
      return;
    }
    void (async () => {
      const body = await readBody(req);
      const at = new Date().toISOString();
      const answer = await new Promise<{
        status: number;
        message?: string;
        headers: IncomingHttpHeaders;
        body: Buffer;
      }>((resolve, reject) => {
        const out = forward(
          {
            protocol: upstream.protocol,
            hostname: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: `${base}${path}`,
            headers: { ...passedOn(req.headers), host: upstream.host, 'content-length': String(body.length) },
          },
          (response) => {
            readBody(response).then(
              (bytes) =>
                resolve({
                  status: response.statusCode ?? 502,
                  message: response.statusMessage,
                  headers: response.headers,
                  body: bytes,
                }),
              reject,
            );
          },
        );
        out.once('error', reject);
        out.end(body);
      });
      const send = req.method === 'POST' ? SEND_PATH.exec(path.split('?')[0]) : null;
      if (send) {
        const recorded: RecordedSend = {
          at,
          phoneNumberId: send[1],
          request: parseJson(body),
          status: answer.status,
        };
        const wamid = wamidOf(parseJson(answer.body));
        if (wamid) recorded.wamid = wamid;
        sends.push(recorded);
        onSend?.(recorded);
      }
      res.writeHead(answer.status, answer.message, {
        ...passedOn(answer.headers),
        'content-length': String(answer.body.length),
      });
      res.end(answer.body);
    })().catch((error: Error) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`WhatsApp recorder: the mock at ${upstream.origin} did not answer (${error.message})`);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const listening = (server.address() as AddressInfo).port;
  return {
    url: httpUrl(listening),
    port: listening,
    sent: () => sends.map((send) => ({ ...send })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
