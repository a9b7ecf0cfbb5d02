// `npm run bench:webhooks`: signed WhatsApp webhooks per second and the time
// to acknowledge them (request → 200), on PGlite and on PostgreSQL (skipped,
// with the reason, when its binaries are not installed).
//
// The reference server runs as `npm run server` runs it (tsx server/main.ts,
// its own process) on an empty database in a temporary folder, with WhatsApp
// configured against a tiny local Graph API stub (the template sync at start
// finds nothing) and the hand-over bot (BOT_MODULE=handoff). Deliveries are built and
// signed as Meta's are (common/whatsapp/webhook-payloads.ts) and posted over
// keep-alive connections, `--connections` at a time, for `--seconds` each:
//
//   messages    customer text messages: nine in ten from a new number (a new
//               conversation), one in ten from a few returning numbers
//   duplicates  bodies of the first phase posted again (Meta's redeliveries)
//   statuses    delivery statuses for WhatsApp ids the server never sent (held)
//
// A 200 only says the delivery is stored: the worker processes it after, one
// at a time in the order received. After each phase one more message, from a
// number of its own, is posted; when its conversation appears, everything
// before it has been processed. Printed per phase: deliveries acknowledged,
// requests/s, p50, p99 and max time to acknowledge, how long the backlog took
// after the last post, and deliveries processed per second (from the phase's
// first post until the marker was processed). At the end the conversations are read back through the API: one per
// number used, and each holds exactly the messages acknowledged for it
// (duplicates stored no second copy). The figures are printed, never judged:
// the exit code is 0 unless something fails to run.
//
//   --seconds (5)        per phase          --connections (10)
//   --only pglite|postgres (default both)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server as HttpServer } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../../common/dev/ports';
import {
  customerMessagePayload,
  fakeWamid,
  SIGNATURE_HEADER,
  signWebhookBody,
  statusPayload,
} from '../../common/whatsapp/webhook-payloads';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../../server/test/processes';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const seconds = Number(options.seconds);
const connections = Math.floor(Number(options.connections));
const only = options.only?.toLowerCase();
if (!(seconds > 0) || !(connections >= 1) || (only && only !== 'pglite' && only !== 'postgres')) {
  console.error('usage: npm run bench:webhooks -- [--seconds 5] [--connections 10] [--only pglite|postgres]');
  process.exit(2);
}

const root = join(import.meta.dirname, '..', '..');
const admin = { username: 'bench', password: 'bench-password-0' };
const whatsapp = {
  accessToken: 'bench-token',
  phoneNumberId: '100000000000001',
  businessAccountId: '100000000000002',
  appSecret: 'bench-app-secret',
  verifyToken: 'bench-verify-token',
};
const business = { phoneNumberId: whatsapp.phoneNumberId, businessAccountId: whatsapp.businessAccountId };
/** Returning customers: one message in RETURNING_EVERY comes from one of them. */
const RETURNING = 5;
const RETURNING_EVERY = 10;
/** The longest a backlog is waited for. */
const DRAIN_LIMIT_MS = 120_000;

const count = (n: number) => n.toLocaleString('en-US');
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : 'n/a');
const secs = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

// ---------------------------------------------------------------------------
// The Graph API stub: 200 with an empty page to everything.

async function startGraphStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server: HttpServer = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":[],"paging":{}}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------
// The server.

type Server = { url: string; child: ChildProcess; output: string[]; dataDir: string; startMs: number };

async function startServer(databaseUrl: string, graphUrl: string): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
  const output: string[] = [];
  const started = performance.now();
  // node with tsx's loader, one process: tsx's own command relays SIGTERM only if the server
  // confirms it within 30 ms, and kills it otherwise (server/test/processes.ts).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      DEMO_SEED: 'false',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      SIMULATE_RATE: '0',
      LOGIN_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
      // The webhook's own figures, comparable run to run: the hand-over bot writes no replies
      // (the catalogue bot's time per message is `npm run bench:bot`).
      BOT_MODULE: 'handoff',
      WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
      WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
      WHATSAPP_BUSINESS_ACCOUNT_ID: whatsapp.businessAccountId,
      WHATSAPP_APP_SECRET: whatsapp.appSecret,
      WHATSAPP_VERIFY_TOKEN: whatsapp.verifyToken,
      WHATSAPP_GRAPH_URL: graphUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(String(chunk));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s:\n${output.join('')}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await sleep(100);
  }
  return { url, child, output, dataDir, startMs: performance.now() - started };
}

async function stopServer(server: Server) {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.on('exit', resolve));
    server.child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------
// The dashboard's API, as the admin.

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function conversationTotal(url: string, cookie: string): Promise<number> {
  const response = await fetch(`${url}/api/conversations?limit=1`, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET /api/conversations answered ${response.status}`);
  return Number(response.headers.get('x-total-count'));
}

type Conversation = { whatsappPhoneNumber: string; messageCount?: number };

async function allConversations(url: string, cookie: string): Promise<Conversation[]> {
  const response = await fetch(`${url}/api/conversations`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/conversations answered ${response.status}`);
  return (await response.json()) as Conversation[];
}

// ---------------------------------------------------------------------------
// Deliveries.

type Delivery = { body: string; signature: string; phone?: string };

function sign(payload: unknown, phone?: string): Delivery {
  const body = JSON.stringify(payload);
  return { body, signature: signWebhookBody(body, whatsapp.appSecret), phone };
}

const message = (from: string, text: string) =>
  sign(customerMessagePayload({ ...business, from, name: `Customer ${from.slice(-4)}`, text }), from);

/** Posts one delivery over the keep-alive agent; resolves with the status once the answer is read. */
function post(url: string, agent: Agent, delivery: Delivery): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}/webhooks/whatsapp`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': 'facebookexternalua',
          [SIGNATURE_HEADER]: delivery.signature,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(delivery.body);
  });
}

type PhaseResult = {
  name: string;
  sent: number;
  acknowledged: number;
  failed: number;
  elapsedMs: number;
  latencies: Float64Array;
  /** When the last request was answered (performance.now()). */
  endedAt: number;
  startedAt: number;
};

/** `connections` loops posting what `next` builds, for `seconds`; `acknowledged` is told of each 200. */
async function phase(
  name: string,
  url: string,
  next: () => Delivery,
  acknowledged: (delivery: Delivery) => void,
): Promise<PhaseResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const startedAt = performance.now();
  const until = startedAt + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const delivery = next();
      sent++;
      const start = performance.now();
      let status: number;
      try {
        status = await post(url, agent, delivery);
      } catch {
        status = 0;
      }
      if (status === 200) {
        latencies.push(performance.now() - start);
        acknowledged(delivery);
      } else failed++;
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const endedAt = performance.now();
  agent.destroy();
  return {
    name,
    sent,
    acknowledged: latencies.length,
    failed,
    elapsedMs: endedAt - startedAt,
    latencies: Float64Array.from(latencies).sort(),
    endedAt,
    startedAt,
  };
}

const quantile = (sorted: Float64Array, q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

// ---------------------------------------------------------------------------
// One database.

type Row = {
  phase: string;
  deliveries: string;
  perSecond: string;
  p50: string;
  p99: string;
  max: string;
  backlog: string;
  processed: string;
};

async function bench(label: string, databaseUrl: string, graphUrl: string): Promise<void> {
  console.log(`\n${label}`);
  const server = await startServer(databaseUrl, graphUrl);
  try {
    console.log(`  server ready in ${secs(server.startMs)} at ${server.url}`);
    const cookie = await signIn(server.url);

    /** Acknowledged messages per number (the conversations expected at the end). */
    const perPhone = new Map<string, number>();
    const countAck = (delivery: Delivery) => {
      if (delivery.phone) perPhone.set(delivery.phone, (perPhone.get(delivery.phone) ?? 0) + 1);
    };
    const firstPhase: Delivery[] = [];
    let serial = 0;
    const newNumber = () => `25471${String(serial++).padStart(7, '0')}`;
    const returning = Array.from({ length: RETURNING }, (_, i) => `25479900000${i}`);

    /** Posts one message from a number of its own and waits for its conversation: the backlog before it is done. */
    const drain = async (after: PhaseResult) => {
      const sentinel = message(newNumber(), 'Are you open on Saturday?');
      const agent = new Agent();
      const status = await post(server.url, agent, sentinel).finally(() => agent.destroy());
      if (status !== 200) throw new Error(`the backlog's marker answered ${status}`);
      countAck(sentinel);
      const expected = perPhone.size;
      const deadline = performance.now() + DRAIN_LIMIT_MS;
      for (;;) {
        const total = await conversationTotal(server.url, cookie);
        if (total >= expected) return performance.now() - after.endedAt;
        if (performance.now() > deadline) return NaN;
        await sleep(50);
      }
    };

    const rows: Row[] = [];
    /** Processed per second: the deliveries and the marker, from the phase's first post until the marker was processed. */
    const report = (result: PhaseResult, backlogMs: number) => {
      const perSecond = result.acknowledged / (result.elapsedMs / 1000);
      const processing = (result.acknowledged + 1) / ((result.elapsedMs + backlogMs) / 1000);
      rows.push({
        phase: result.name,
        deliveries: count(result.acknowledged) + (result.failed ? ` (+${result.failed} failed)` : ''),
        perSecond: count(Math.round(perSecond)),
        p50: ms(quantile(result.latencies, 0.5)),
        p99: ms(quantile(result.latencies, 0.99)),
        max: ms(quantile(result.latencies, 1)),
        backlog: Number.isFinite(backlogMs) ? secs(backlogMs) : `> ${secs(DRAIN_LIMIT_MS)}`,
        processed: Number.isFinite(processing) ? count(Math.round(processing)) : 'n/a',
      });
    };

    // 1. Customer messages: new conversations, and a few returning numbers.
    let turn = 0;
    const messages = await phase(
      'messages',
      server.url,
      () => {
        const i = turn++;
        const from = i % RETURNING_EVERY === 0 ? returning[(i / RETURNING_EVERY) % RETURNING] : newNumber();
        return message(from, 'Hi, do you have black granite for a kitchen top?');
      },
      (delivery) => {
        countAck(delivery);
        firstPhase.push(delivery);
      },
    );
    report(messages, await drain(messages));

    // 2. The same bodies again: acknowledged, never stored twice.
    let again = 0;
    const duplicates = await phase(
      'duplicates',
      server.url,
      () => ({ ...firstPhase[again++ % firstPhase.length], phone: undefined }),
      () => {},
    );
    report(duplicates, await drain(duplicates));

    // 3. Statuses for ids this server never sent: held.
    const statuses = await phase(
      'statuses (held)',
      server.url,
      () => sign(statusPayload({ ...business, id: fakeWamid(), status: 'delivered', recipientId: returning[0] })),
      () => {},
    );
    report(statuses, await drain(statuses));

    const header: Row = {
      phase: 'phase',
      deliveries: 'acknowledged',
      perSecond: 'req/s',
      p50: 'p50',
      p99: 'p99',
      max: 'max',
      backlog: 'backlog after',
      processed: 'processed/s',
    };
    const keys = Object.keys(header) as (keyof Row)[];
    const widths = keys.map((key) => Math.max(...[header, ...rows].map((row) => row[key].length)));
    for (const row of [header, ...rows])
      console.log(
        `  ${keys.map((key, i) => (i === 0 ? row[key].padEnd(widths[i]) : row[key].padStart(widths[i]))).join('  ')}`,
      );

    // Every acknowledged message stored exactly once.
    const conversations = await allConversations(server.url, cookie);
    const stored = new Map(conversations.map((c) => [c.whatsappPhoneNumber.replace(/^\+/, ''), c.messageCount ?? 0]));
    let wrongCounts = 0;
    let missing = 0;
    for (const [phone, expected] of perPhone) {
      const got = stored.get(phone);
      if (got === undefined) missing++;
      else if (got !== expected) wrongCounts++;
    }
    const extra = [...stored.keys()].filter((phone) => !perPhone.has(phone)).length;
    const messagesExpected = [...perPhone.values()].reduce((a, b) => a + b, 0);
    const messagesStored = [...stored.values()].reduce((a, b) => a + b, 0);
    const exact = missing === 0 && wrongCounts === 0 && extra === 0;
    console.log(
      `  stored exactly once: ${exact ? 'yes' : 'NO'}: ${count(conversations.length)} conversations for ${count(perPhone.size)} numbers used, ` +
        `${count(messagesStored)} messages for ${count(messagesExpected)} acknowledged` +
        (exact ? '' : ` (${missing} missing, ${extra} unexpected, ${wrongCounts} with another message count)`) +
        // A message whose post failed may or may not have been stored.
        (messages.failed > 0 ? `; ${messages.failed} message posts failed, so counts may differ` : ''),
    );
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    console.log(server.output.join('').slice(-4000));
    process.exitCode = 1;
  } finally {
    await stopServer(server);
  }
}

// ---------------------------------------------------------------------------

console.log(
  `Signed WhatsApp webhooks: ${connections} connections, ${seconds} s per phase (messages, duplicates, statuses); ` +
    `${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)} (the server, the database and these clients share them)`,
);
const graph = await startGraphStub();
try {
  if (only !== 'postgres') await bench('PGlite (DATABASE_URL empty)', '', graph.url);
  if (only !== 'pglite') {
    const unavailable = postgresUnavailable();
    if (unavailable) console.log(`\nPostgreSQL: skipped: ${unavailable}`);
    else {
      let postgres: PostgresProcess | undefined;
      try {
        postgres = await startPostgres();
        await bench('PostgreSQL (a throwaway server, fsync off)', postgres.url, graph.url);
      } finally {
        await postgres?.stop();
      }
    }
  }
} finally {
  await graph.close();
}
