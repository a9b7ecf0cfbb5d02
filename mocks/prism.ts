// `npm run mock:api`: Stoplight Prism serving openapi.yaml on 127.0.0.1:PRISM_PORT.
//
// * Static mode (default): each response is the operation's first named
//   example; a test picks another one with `Prefer: example=<name>` or an
//   error with `Prefer: code=<status>`.
// * MOCK_DYNAMIC=1 adds --dynamic: random data generated from the schemas
//   (MOCK_SEED=<text> makes it repeatable).
// * Prism reads a copy of openapi.yaml that gives generated long lists their
//   length (mocks/mock-contract.ts): `Prefer: dynamic=true` or MOCK_DYNAMIC=1
//   serve a conversation of 5,000 messages.
// * --errors: a request that breaks the contract is answered with an error
//   (422 + `sl-violations` header) instead of being served anyway.
//
// Prism 5.14 exits outright on some multipart uploads (a filename with "=",
// a file part without Content-Type: see mocks/multipart-repair.ts), which
// would take `npm start` or a running e2e suite down with it. So Prism
// listens on a private loopback port and this process fronts it on
// PRISM_PORT: multipart requests are repaired before Prism sees them, other
// requests pass through untouched, and if Prism exits anyway it is started
// again (logged) while requests wait for it instead of failing.
//
// Prism is started from node_modules/.bin (not npx, which leaves an orphan
// node process when killed) and stopped with the signal this process gets.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { writeMockContract } from './mock-contract';
import { multipartBoundary, repairMultipart } from './multipart-repair';
import { HOST, devPorts, freePort, httpUrl } from '../common/dev/ports';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'prism.cmd' : 'prism');
if (!existsSync(bin)) {
  console.error(`prism not found at ${bin}: run npm ci first`);
  process.exit(1);
}

const port = devPorts().prism;
const dynamic = process.env.MOCK_DYNAMIC === '1' || process.env.MOCK_DYNAMIC === 'true';
/** What Prism serves: openapi.yaml with the generated long lists' lengths. */
const contract = writeMockContract();
process.on('exit', () => contract.remove());
/** Largest multipart body buffered for repair (the product form's images included). */
const MAX_MULTIPART = 50 * 1024 * 1024;
/** How long a request waits for a (re)starting Prism. */
const READY_WAIT_MS = 20_000;
/** More crashes than this within CRASH_WINDOW_MS: something else is wrong; give up. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;

const time = () => new Date().toISOString().slice(11, 23);
const note = (line: string) => console.log(`${time()} [mock runner] ${line}`);

let child: ChildProcess | undefined;
let stopping = false;
let everReady = false;
let crashes: number[] = [];
/** Resolves when the current Prism is listening. */
let ready: Promise<void> = new Promise(() => {});
let markReady: () => void = () => {};

function startPrism(innerPort: number): void {
  ready = new Promise((resolve) => (markReady = resolve));
  const args = ['mock', contract.file, '--host', HOST, '--port', String(innerPort), '--errors'];
  if (dynamic) args.push('--dynamic');
  if (dynamic && process.env.MOCK_SEED) args.push('--seed', process.env.MOCK_SEED);
  const prism = spawn(bin, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  child = prism;

  // Prism lists every route at start-up; keep that quiet and pass the rest
  // (one line per request, warnings, errors) through.
  let listening = false;
  const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    createInterface({ input: stream }).on('line', (line) => {
      if (!listening) {
        if (line.includes('Prism is listening on')) {
          listening = true;
          markReady();
          if (!everReady) {
            everReady = true;
            console.log(
              `Prism mock API ready on ${httpUrl(port)} (${dynamic ? 'dynamic data' : 'static examples'}, openapi.yaml)`,
            );
          } else {
            note('Prism is back up');
          }
          return;
        }
        if (/\binfo\b/.test(line) && /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/.test(line)) return;
      }
      out.write(`${line}\n`);
    });
  };
  relay(prism.stdout, process.stdout);
  relay(prism.stderr, process.stderr);

  prism.on('error', (error) => {
    console.error(`could not start prism: ${error.message}`);
    process.exit(1);
  });
  prism.on('exit', (code, signal) => {
    if (stopping) {
      process.exit(0);
      return;
    }
    if (!everReady) {
      console.error(`prism exited before it was ready (${signal ?? `code ${code}`})`);
      process.exit(code ?? 1);
      return;
    }
    const now = Date.now();
    crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    if (crashes.length > MAX_CRASHES) {
      note(`Prism exited ${crashes.length} times within ${CRASH_WINDOW_MS / 1000} s; giving up`);
      process.exit(1);
    }
    note(`Prism exited unexpectedly (${signal ?? `code ${code}`}); restarting it (requests wait meanwhile)`);
    startPrism(innerPort);
  });
}

function reply(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.destroy();
  // An ErrorResponse, the contract's error body.
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message }));
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error(`multipart body larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Prism answers a header's example as is: every list would say `Link: …; rel="next"` and
 * `X-Total-Count: 128` whatever its example's array holds, and every answer the same `ETag`.
 * Without them the mock is a backend that does not page (openapi.yaml, "Paging"): each list
 * whole on one page, counted by its length, and no conditional answers.
 */
const PAGING_HEADERS = new Set(['link', 'x-total-count', 'etag']);

function withoutPagingHeaders(rawHeaders: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (!PAGING_HEADERS.has(rawHeaders[i].toLowerCase())) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return kept;
}

async function waitForPrism(): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_WAIT_MS).unref());
  return Promise.race([ready.then(() => true as const), timeout]);
}

/** Sends one request to Prism; `body` is a repaired buffer, or undefined to stream the original. */
function forward(
  innerPort: number,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers };
    if (body) {
      headers['content-length'] = String(body.length);
      delete headers['transfer-encoding'];
    }
    const upstream = httpRequest(
      { host: HOST, port: innerPort, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutPagingHeaders(answer.rawHeaders));
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', reject);
      },
    );
    upstream.on('error', reject);
    if (body) upstream.end(body);
    else req.pipe(upstream);
  });
}

async function handle(innerPort: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const boundary = multipartBoundary(req.headers['content-type']);
  let body: Buffer | undefined;
  if (boundary) {
    const raw = await readBody(req, MAX_MULTIPART);
    const repaired = repairMultipart(raw, boundary);
    for (const repair of repaired.repairs)
      note(`${req.method} ${req.url}: repaired multipart (${repair}) so Prism does not crash`);
    body = repaired.body;
  }
  // A streamed body cannot be sent twice; a buffered (or empty) one can, once Prism is back.
  const retryable = body !== undefined || ['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(req.method ?? '');
  const deadline = Date.now() + READY_WAIT_MS;
  for (;;) {
    if (!(await waitForPrism())) return reply(res, 503, 'The mock API (Prism) is not up');
    try {
      await forward(innerPort, req, res, body);
      return;
    } catch (error) {
      // Prism went away mid-request; its exit is noticed a moment later and it restarts.
      if (res.headersSent || !retryable || Date.now() > deadline) {
        note(`${req.method} ${req.url}: Prism did not answer (${(error as Error).message})`);
        return reply(res, 502, 'The mock API (Prism) did not answer');
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function main(): Promise<void> {
  // Prism itself runs on a private port: name the public one here, so `ps`
  // shows it and `pkill -f "port <PRISM_PORT>"` still stops this mock.
  process.title = `prism mock runner --port ${port}`;
  const innerPort = await freePort();
  const server = createServer((req, res) => {
    handle(innerPort, req, res).catch((error: Error) => reply(res, 400, error.message));
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `port ${port} is in use (set PRISM_PORT)` : error.message);
    stop('SIGTERM');
    process.exit(1);
  });
  server.listen(port, HOST);
  startPrism(innerPort);
}

function stop(signal: NodeJS.Signals): void {
  stopping = true;
  if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  else process.exit(0);
  setTimeout(() => process.exit(0), 3_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));

void main();
