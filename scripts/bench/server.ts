// `npm run bench:server`: the reference server under a year of a busy
// business, on PGlite and on PostgreSQL, bounded in time.
//
// Seeds, inside the database (generate_series, one statement a table, then
// ANALYZE): 2,000 products, 100,000 conversations over 365 days, about
// 1,000,000 messages (customer and bot taking turns, some admin replies; one
// conversation holds 5,000), 50,000 notifications (a few hundred unread) and
// 200,000 product views and inquiries; about one conversation in 50 has unread
// messages and the reply window follows each last message; the sale (sales.ts):
// 20,000 quotes on the conversations and the 15,000 orders of the accepted
// ones, with their lines, payments and timelines. Starts the server on it as its own
// process, as deployed (compiled to JavaScript as `npm run build` compiles it,
// into .tmp/ and removed afterwards; NODE_ENV=production), and runs autocannon
// against each call the dashboard's screens make, asking for compression as a
// browser does; prints requests/s, p50, p99, the answer's size (plain and
// brotli) and the server's resident memory. Then times the full exports with
// one client while sampling the server's peak memory, and GET /api/auth/me
// while an export runs (one user's export must not stall the others).
// Before the exports, the sale's calls (the Orders screens: the first page, one status, a search
// by name, phone and number, an order's page; and a quote's PDF, one client
// at a time) are timed from every answer, for p50, p95 and p99.
//
// Cost per request: the CPU milliseconds the server and the database spent
// on each call over its run, read from /proc (the server's process; the
// PostgreSQL server's postmaster and backends; PGlite runs inside the
// server), which waiting for a busy core does not inflate as it does p99.
// Beside it, the call's bare SQL: the statements the server ran for one
// request (captured from a first start with LOG_SQL=true) run again directly
// against the database, and the database's CPU milliseconds for them. The
// goal for each call is a cost within 2× its bare SQL plus 5 ms.
//
// Budgets, on PostgreSQL: screen calls (the Orders screens' too) p99 ≤ 100 ms,
// the quote PDF p95 ≤ 150 ms, analytics p99 ≤ 200 ms,
// the 100,000-conversation export ≤ 10 s with the server's memory ≤ 300 MB,
// idle memory ≤ 250 MB. PGlite prints the same verdicts as information. The
// figures are printed, never asserted: the exit code is 0 unless something
// fails to run.
//
//   BENCH_ONLY         pglite | postgres (default both; PostgreSQL is skipped when not installed)
//   BENCH_SECONDS (5)  per autocannon run    BENCH_CONNECTIONS (10)    BENCH_PORT (8189)
//   BENCH_SCALE (1)    multiplies the seeded row counts (0.05 for a quick look)
//   BENCH_CALLS        only the calls whose title holds one of these comma-separated words
//                      (e.g. "order,quote"); the exports are then left out
//   BENCH_NODE         the node binary the server runs under (default: the one running the bench),
//                      e.g. /usr/bin/node to compare another Node version with the same flags
//
// The server serves the built dashboard as in production: run `npm run build`
// first, or pass DASHBOARD_DIR=<a folder holding an index.html>.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { serverBuildOptions } from '../production/server-build-options';
import { CompiledQuery, sql } from 'kysely';
import { openDatabase, type Database, type DatabaseOptions } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { hashPassword } from '../../server/modules/auth/service';
import { postgresUnavailable, startPostgres, type PostgresProcess } from '../../server/test/processes';
import { cpuReadable, ownCpuMs, postgresCpuMs, processCpuMs } from './cpu';
import { salesSizes, seedSales } from './sales';
import { budget, budgetTally, kb, mb, percentiles, verdictTable } from './stats';

const seconds = Number(process.env.BENCH_SECONDS || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const port = Number(process.env.BENCH_PORT || 8189);
const scale = Number(process.env.BENCH_SCALE || 1);
const only = process.env.BENCH_ONLY?.toLowerCase();
const onlyCalls = process.env.BENCH_CALLS?.toLowerCase()
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const serverNode = process.env.BENCH_NODE || process.execPath;
if (only && only !== 'pglite' && only !== 'postgres') {
  console.error(`BENCH_ONLY must be pglite or postgres, got "${only}"`);
  process.exit(2);
}
const url = `http://127.0.0.1:${port}`;
const admin = { username: 'bench', password: 'bench-password-0' };
/** What a browser asks for. */
const BROWSER_ENCODING = 'gzip, deflate, br';

const sizes = {
  products: Math.max(20, Math.round(2_000 * scale)),
  conversations: Math.max(100, Math.round(100_000 * scale)),
  /** Messages of the one long conversation (id 1); the others hold 2 to 18 (10 on average). */
  longConversation: Math.max(250, Math.round(5_000 * scale)),
  notifications: Math.max(100, Math.round(50_000 * scale)),
  /** The newest this many notifications are unread, and about one in a thousand older ones. */
  unread: Math.max(5, Math.round(250 * scale)),
  productEvents: Math.max(100, Math.round(200_000 * scale)),
  /** 20,000 quotes and 15,000 orders (sales.ts). */
  ...salesSizes(scale),
};
/** The conversation that holds `longConversation` messages. */
const LONG_CONVERSATION_ID = 1;
const PRODUCT_SEARCH = 'Galaxy Black';
/** Matches the 100 numbers +25470001xx…: staff type a number the way they know it. */
const PHONE_SEARCH = '07000012';

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
};
const seconds1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');

/** A year of a busy business, generated inside the database. Returns the row counts. */
export async function seed(database: Database): Promise<Record<string, number>> {
  const { db } = database;
  const step = async (name: string, statement: () => Promise<unknown>) => {
    const [, took] = await timed(statement);
    console.log(`  ${name.padEnd(34)} ${seconds1(took).padStart(8)}`);
  };
  await step('migrations', () => migrate(database));
  await db
    .insertInto('users')
    .values({ username: admin.username, password_hash: await hashPassword(admin.password) })
    .execute();
  // 20 product families × 100: "Galaxy Black Granite 37".
  await step(`products (${count(sizes.products)})`, () =>
    sql`insert into products (name, category, dimensions, description, starting_price, ending_price, color,
          installation_price_per_slab, material, bowl_configuration, stock, is_active, product_image_url,
          installation_image_urls, created_at, updated_at)
        select f.name || ' ' || (1 + (i - 1) / 20), f.category,
               case when f.category = 'sink' then '860 x 500 x 190' else '3000 x 1800 x 20' end,
               case when i % 3 = 0 then null else 'Seeded for the benchmark: ' || f.name || ', batch ' || (1 + (i - 1) / 20) end,
               8000 + (i * 37) % 9000, 12500 + (i * 37) % 9000,
               case when f.category = 'sink' then null else (array['Black','White','Grey','Brown','Gold'])[1 + i % 5] end,
               case when f.category = 'sink' or i % 4 = 0 then null else 2500 + (i % 6) * 250 end,
               case when f.category = 'sink' then (array['Stainless Steel','Granite Composite','Fireclay','Ceramic'])[1 + i % 4] end,
               case when f.category = 'sink' then (array['Single Bowl','Double Bowl','1.5 Bowl'])[1 + i % 3] end,
               (i * 13) % 40, i % 10 <> 0,
               case when i % 2 = 0 then '/uploads/products/bench-' || i || '.png' end,
               case when i % 5 = 0 then array['/uploads/installations/bench-' || i || '-1.png', '/uploads/installations/bench-' || i || '-2.png'] else '{}' end,
               now() - interval '400 days' + i * interval '3 hours', now() - interval '400 days' + i * interval '3 hours'
        from generate_series(1, ${sizes.products}::int) as i
        cross join lateral (select
          (array['Absolute Black Granite','Galaxy Black Granite','Kashmir White Granite','Tan Brown Granite','Blue Pearl Granite',
                 'Carrara White Marble','Emperador Dark Marble','Statuario Marble','Nero Marquina Marble','Crema Marfil Marble',
                 'Calacatta Gold Quartz','Pure White Quartz','Concrete Grey Quartz','Carrara Mist Quartz','Black Sparkle Quartz',
                 'Franke Double Bowl Sink','Blanco Silgranit Sink','Fireclay Farmhouse Sink','Ceramic Bowl Sink','Undermount Steel Sink'])[1 + (i - 1) % 20] as name,
          (array['granite','marble','quartz','sink'])[1 + ((i - 1) % 20) / 5] as category) f`.execute(db),
  );
  // Spread evenly over the last 365 days (ids grow with time); each lasts up to three days.
  await step(`conversations (${count(sizes.conversations)})`, () =>
    sql`insert into conversations (customer_name, customer_address, status, created_at, last_message_at, message_count,
          products_mentioned, current_product_id, current_offer_price, bargaining_round, converted, last_follow_up_at,
          last_customer_message_at, unread_count)
        select case when h % 7 = 0 then null
                    else (array['Wanjiru','Otieno','Achieng','Kamau','Njeri','Mutua','Akinyi','Kiprop','Wambui','Omondi','Chebet','Mwangi'])[1 + h % 12]
                      || ' ' || (array['Kamau','Odhiambo','Wanjiku','Kariuki','Mutiso','Were','Koech','Njoroge','Atieno','Kiplagat','Maina','Okoth'])[1 + (h / 12) % 12] end,
               '+2547' || lpad(i::text, 8, '0'),
               case when i = ${LONG_CONVERSATION_ID}::int then 'admin_takeover'
                    when h % 100 < 3 then 'admin_required' when h % 100 < 5 then 'admin_takeover' else 'bot_active' end,
               created,
               case when i = ${LONG_CONVERSATION_ID}::int then now() - interval '5 minutes'
                    else least(now(), created + interval '2 minutes' + (h % 4320) * interval '1 minute') end,
               case when i = ${LONG_CONVERSATION_ID}::int then ${sizes.longConversation}::int else 2 + (h / 7) % 17 end,
               coalesce((select array_agg(p.name order by p.id) from products p where p.id in (p1, p2, p3)
                          and (p.id = p1 or h % 4 = 3) and (p.id <> p3 or h % 8 = 7)), '{}'),
               case when h % 4 = 0 then null else p1 end,
               case when h % 13 = 0 then 9000 + h % 5000 end,
               case when h % 13 = 0 then 1 + h % 3 end,
               h % 10 = 0,
               case when h % 9 = 0 then created + interval '1 day' end,
               -- The inbox (beyond the spec): the customer wrote last or nearly last, so the reply
               -- window follows the last message; about one conversation in 50 has 1 to 4 unread.
               case when i = ${LONG_CONVERSATION_ID}::int then now() - interval '5 minutes'
                    else least(now(), created + interval '2 minutes' + (h % 4320) * interval '1 minute') end
                 - (i % 3) * interval '1 minute',
               case when abs(hashint4(i + 7)::bigint) % 50 = 0 then 1 + i % 4 else 0 end
        from (select i, abs(hashint4(i)::bigint) as h,
                     now() - interval '365 days' * (1 - (i - 0.5) / ${sizes.conversations}::int) as created,
                     1 + abs(hashint4(i * 3 + 1)::bigint) % ${sizes.products}::int as p1,
                     1 + abs(hashint4(i * 3 + 2)::bigint) % ${sizes.products}::int as p2,
                     1 + abs(hashint4(i * 3 + 3)::bigint) % ${sizes.products}::int as p3
              from generate_series(1, ${sizes.conversations}::int) as i) s`.execute(db),
  );
  // One statement per slice of conversations, so no single transaction holds a million rows.
  const slice = Math.max(1, Math.ceil(sizes.conversations / 10));
  await step('messages', async () => {
    for (let from = 1; from <= sizes.conversations; from += slice) {
      await sql`insert into messages (conversation_id, sender, content, message_type, timestamp)
        select c.id,
               case when k % 2 = 1 then 'customer' when (c.id + k) % 10 = 0 then 'admin' else 'bot' end,
               case when k % 2 = 1
                    then (array['Hi, do you have black granite for a kitchen top?', 'How much is a slab of ' || coalesce(c.products_mentioned[1], 'marble') || '?',
                                'Can you deliver to Nakuru on Thursday?', 'What sizes do you have?', 'Can I pay with M-Pesa?',
                                'Is installation included in the price?', 'I can pay 9,000 per slab.', 'Thank you, I will come to the shop.'])[1 + (c.id + k) % 8]
                    else (array['Yes, we have it in stock. It is KES 12,000 per slab.', 'We deliver across Kenya; delivery to Nakuru is KES 6,500 for 3 slabs.',
                                'Our slabs are 3000 x 1800 x 20 mm.', 'M-Pesa is fine: Paybill 123456, account your phone number.',
                                'Installation is KES 2,500 per slab.', 'The best we can do is KES 10,500 per slab.'])[1 + (c.id + k) % 6] end,
               'text',
               c.created_at + (c.last_message_at - c.created_at) * ((k - 1)::float8 / greatest(c.message_count - 1, 1))
        from conversations c cross join lateral generate_series(1, c.message_count) as k
        where c.id between ${from}::int and ${from + slice - 1}::int`.execute(db);
    }
  });
  // What the server keeps as messages are added (migration 009), as its back-fill writes it.
  await step('message previews', async () => {
    for (let from = 1; from <= sizes.conversations; from += slice) {
      await sql`update conversations c
          set last_message_preview = (select message_preview(m.content) from messages m
                where m.conversation_id = c.id order by m.timestamp desc, m.id desc limit 1),
              last_customer_message_preview = (select message_preview(m.content) from messages m
                where m.conversation_id = c.id and m.sender = 'customer' order by m.timestamp desc, m.id desc limit 1)
        where c.id between ${from}::int and ${from + slice - 1}::int`.execute(db);
    }
  });
  await step(`notifications (${count(sizes.notifications)})`, () =>
    sql`insert into notifications (type, message, is_read, conversation_id, created_at)
        select (array['product_not_found','delivery_inquiry','payment_inquiry','unclear_request'])[1 + h % 4],
               (array['Customer asked for a product we do not list','Customer asked about delivery',
                      'Customer asked how to pay','The bot could not understand the customer'])[1 + h % 4],
               not (i > ${sizes.notifications - sizes.unread}::int or h % 997 = 0),
               greatest(1, ceil(i::float8 * ${sizes.conversations}::int / ${sizes.notifications}::int)::int),
               now() - interval '365 days' * (1 - (i - 0.5) / ${sizes.notifications}::int)
        from (select i, abs(hashint4(i + 1000003)::bigint) as h
              from generate_series(1, ${sizes.notifications}::int) as i) s`.execute(db),
  );
  // Popular products first: views and inquiries fall off with the product id squared.
  await step(`product events (${count(sizes.productEvents)})`, () =>
    sql`insert into product_events (product_id, conversation_id, kind, created_at)
        select 1 + floor(${sizes.products}::int * power((h % 1000000) / 1000000.0, 2))::int,
               greatest(1, ceil(i::float8 * ${sizes.conversations}::int / ${sizes.productEvents}::int)::int),
               case when h % 4 = 0 then 'inquiry' else 'view' end,
               now() - interval '365 days' * (1 - (i - 0.5) / ${sizes.productEvents}::int)
        from (select i, abs(hashint4(i + 2000003)::bigint) as h
              from generate_series(1, ${sizes.productEvents}::int) as i) s`.execute(db),
  );
  // The sale: quotes on the conversations, the orders of the accepted ones, payments and timelines.
  await seedSales(db, sizes, admin.username, step);
  // A year-old PostgreSQL database has been vacuumed by autovacuum all along
  // (visibility maps set, so index-only scans read no table pages); PGlite
  // runs no autovacuum, and the server only analyzes it.
  await step(database.kind === 'postgres' ? 'vacuum analyze' : 'analyze', () =>
    database.kind === 'postgres' ? sql`vacuum analyze`.execute(db) : sql`analyze`.execute(db),
  );
  const rows: Record<string, number> = {};
  for (const table of [
    'products',
    'conversations',
    'messages',
    'notifications',
    'product_events',
    'quotes',
    'orders',
    'order_payments',
    'order_events',
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    rows[table] = row.n;
  }
  const unread = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  rows.unread = unread.n;
  // What the order page and the PDF open: the newest delivered, paid order of three lines, and its quote.
  const sample = await sql<{ order_id: number; order_number: string; quote_id: number }>`
    select o.id as order_id, o.number as order_number, o.quote_id from orders o
    where o.status = 'delivered' and o.payment_status = 'paid'
      and (select count(*) from order_lines l where l.order_id = o.id) = 3
    order by o.created_at desc, o.id desc limit 1`.execute(db);
  if (sample.rows[0]) {
    rows.sample_order = sample.rows[0].order_id;
    rows.sample_order_number = Number(sample.rows[0].order_number.slice(2));
    rows.sample_quote = sample.rows[0].quote_id;
  }
  const size = await sql<{ bytes: string }>`select pg_database_size(current_database())::text as bytes`.execute(db);
  rows.bytes = Number(size.rows[0].bytes);
  return rows;
}

// ---------------------------------------------------------------------------
// The server process and what it holds.

export type Server = {
  child: ChildProcess;
  pid: number;
  output: string[];
  startMs: number;
  /** Every database statement the server wrote (LOG_SQL=true only), in order. */
  statements: Statement[];
};
/** A statement as the server ran it, with its parameters. */
export type Statement = { sql: string; parameters: unknown[] };

const root = join(import.meta.dirname, '..', '..');

/**
 * The server compiled as `npm run build` compiles it (server-build-options.ts),
 * into a folder inside the project so that it finds openapi.yaml, the
 * migrations and node_modules. Its memory
 * is then the deployed server's, without tsx compiling TypeScript in-process.
 */
export async function buildServer(): Promise<string> {
  const outdir = join(root, '.tmp', `bench-server-${process.pid}`);
  mkdirSync(outdir, { recursive: true });
  await build({ ...serverBuildOptions(root), entryPoints: { main: 'server/main.ts' }, outdir });
  return join(outdir, 'main.js');
}

export async function startServer(entry: string, env: Record<string, string>): Promise<Server> {
  const output: string[] = [];
  const started = performance.now();
  // One node process (no wrapper), so its memory is the server's.
  // With the V8 flags `npm run serve` and the Docker image give it (package.json).
  const child = spawn(serverNode, ['--max-semi-space-size=16', '--max-old-space-size=256', entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      EMBEDDED_DATABASE: 'accept-risk',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SEED: 'false',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOGIN_RATE_LIMIT: '1000000',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      SIMULATE_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept short: the request log is read only for the start-up line.
  const keep = (chunk: Buffer) => {
    output.push(String(chunk));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  const statements: Statement[] = [];
  if (env.LOG_SQL === 'true') {
    let partial = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + String(chunk)).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{"msg":"sql"')) continue;
        const { sql: text, parameters } = JSON.parse(line) as Statement;
        statements.push({ sql: text, parameters });
      }
    });
  }
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (String(chunk).includes('listening on')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output.join('')}`)));
  });
  return { child, pid: child.pid!, output, startMs: performance.now() - started, statements };
}

export async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

const statusField = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
};
const rss = (pid: number) => statusField(pid, 'VmRSS');

/** Resets the kernel's peak-RSS mark (VmHWM) to the current RSS; false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Samples the RSS every 20 ms until stopped; the peak is the larger of the samples and VmHWM (when it could be reset). */
function watchMemory(pid: number) {
  const reset = resetPeak(pid);
  const start = rss(pid);
  let peak = start;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rss(pid));
    } catch {
      // The process ended: keep what was seen.
    }
  }, 20);
  return () => {
    clearInterval(timer);
    return { start, peak: reset ? Math.max(peak, statusField(pid, 'VmHWM')) : peak };
  };
}

// ---------------------------------------------------------------------------
// Requests.

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; bytes: number; body: Buffer };

/** One GET over a fresh connection, the body kept as sent (not decompressed). */
export function get(path: string, headers: Record<string, string>, keepBody = true): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, bytes, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The path (and query) of an answer's Link rel="next", or undefined. */
function nextPath(link: string | string[] | undefined): string | undefined {
  for (const part of [link ?? []].flat().flatMap((l) => l.split(/,(?=\s*<)/))) {
    const target = /<([^>]*)>/.exec(part)?.[1];
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(part)?.[1];
    if (target !== undefined && rel?.toLowerCase().split(/\s+/).includes('next')) {
      const next = new URL(target, url);
      return next.pathname + next.search;
    }
  }
  return undefined;
}

/** Runs autocannon on a path; with `latencies`, every answer's time (ms) is added to it. */
export function cannon(
  path: string,
  headers: Record<string, string>,
  conns = connections,
  amount?: number,
  latencies?: number[],
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // Slow answers count as latency, not errors.
    const instance = autocannon(
      {
        url: `${url}${path}`,
        connections: conns,
        ...(amount ? { amount } : { duration: seconds }),
        timeout: 60,
        headers,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

const msText = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms` : 'n/a');
const mbText = (v: number) => `${(v / 1024 / 1024).toFixed(0)} MB`;
const sText = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(1)} s` : 'n/a');

/**
 * A call and its budget: screens (and the Orders screens) p99 ≤ 100 ms,
 * analytics p99 ≤ 200 ms, the quote PDF p95 ≤ 150 ms asked by `connections`.
 */
export type Call = {
  title: string;
  path: string;
  kind: 'screen' | 'analytics' | 'orders' | 'pdf';
  connections?: number;
};

/** Signs the bench's admin in; the session cookie. */
export async function signIn(): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  return login.headers.getSetCookie()[0].split(';')[0];
}

/** The calls the dashboard's screens make, as a browser asks them (the messages' second page from the first's Link). */
export async function screenCalls(cookie: string, products: number): Promise<{ calls: Call[]; messagesNext?: string }> {
  const messagesPath = `/api/conversations/${LONG_CONVERSATION_ID}/messages?limit=100`;
  const first = await get(messagesPath, { cookie });
  const messagesNext = nextPath(first.headers.link);
  const calls: Call[] = [
    { title: 'conversations, first page', path: '/api/conversations?limit=50', kind: 'screen' },
    {
      title: 'conversations needing attention',
      path: '/api/conversations/search?status=admin_required&limit=50',
      kind: 'screen',
    },
    {
      title: 'phone search',
      path: `/api/conversations/search?customerPhone=${PHONE_SEARCH}&limit=50`,
      kind: 'screen',
    },
    {
      title: 'product-mentioned search',
      path: `/api/conversations/search?productMentioned=${encodeURIComponent(PRODUCT_SEARCH)}&limit=50`,
      kind: 'screen',
    },
    { title: 'unread conversations', path: '/api/conversations/search?unread=true&limit=50', kind: 'screen' },
    {
      title: 'reply window closing',
      path: '/api/conversations/search?replyWindow=closing&limit=50',
      kind: 'screen',
    },
    { title: `messages of the ${count(sizes.longConversation)}, newest`, path: messagesPath, kind: 'screen' },
    ...(messagesNext ? [{ title: 'messages, next page (Link)', path: messagesNext, kind: 'screen' as const }] : []),
    { title: 'summary', path: '/api/summary', kind: 'screen' },
    { title: 'analytics overview', path: '/api/analytics/overview', kind: 'analytics' },
    { title: 'analytics timeline, 30 days', path: '/api/analytics/timeline?days=30', kind: 'analytics' },
    { title: 'analytics products', path: '/api/analytics/products', kind: 'analytics' },
    { title: 'unread notifications, 1 (badge)', path: '/api/notifications/unread?limit=1', kind: 'screen' },
    { title: 'unread notifications, first page', path: '/api/notifications/unread?limit=50', kind: 'screen' },
    { title: 'notifications, first page', path: '/api/notifications?limit=50', kind: 'screen' },
    { title: `products (${count(products)}, whole)`, path: '/api/products', kind: 'screen' },
    { title: 'signed-in user', path: '/api/auth/me', kind: 'screen' },
  ];
  return { calls, messagesNext };
}

/** Matches about one named customer in twelve: staff type a first name. */
const NAME_SEARCH = 'Achieng';
/**
 * The quote PDF is asked by one client at a time, as a staff member downloads
 * it: rendering is CPU work in the server's one thread, so ten at once would
 * time the queue, not the PDF.
 */
const PDF_CONNECTIONS = 1;

/**
 * The Orders screens' calls, as the dashboard asks them (100 a page), and a
 * quote's PDF: the newest delivered, paid order of three lines and its
 * quote (seed). Not in test:cost's basket, which asks screenCalls only.
 */
export function salesCalls(rows: Record<string, number>): Call[] {
  const calls: Call[] = [
    { title: 'orders, first page', path: '/api/orders?limit=100', kind: 'orders' },
    { title: 'orders scheduled', path: '/api/orders?status=scheduled&limit=100', kind: 'orders' },
    { title: 'orders search, name', path: `/api/orders?search=${NAME_SEARCH}&limit=100`, kind: 'orders' },
    { title: 'orders search, phone', path: `/api/orders?search=${PHONE_SEARCH}&limit=100`, kind: 'orders' },
  ];
  if (rows.sample_order === undefined) return calls;
  const number = `SO${String(rows.sample_order_number).padStart(5, '0')}`;
  return [
    ...calls,
    { title: 'orders search, number', path: `/api/orders?search=${number}&limit=100`, kind: 'orders' },
    { title: 'order page', path: `/api/orders/${rows.sample_order}`, kind: 'orders' },
    {
      title: 'quote PDF',
      path: `/api/quotes/${rows.sample_quote}/pdf`,
      kind: 'pdf',
      connections: PDF_CONNECTIONS,
    },
  ];
}

/** BENCH_CALLS: only the calls whose title holds one of these words. */
const chosen = (call: Call) => !onlyCalls?.length || onlyCalls.some((word) => call.title.toLowerCase().includes(word));

/**
 * The statements the server runs for one request of each call (the session
 * check included), from a start with LOG_SQL=true. The server is stopped
 * after: logging every statement would add to the costs measured.
 */
export async function captureStatements(
  entry: string,
  env: Record<string, string>,
  products: number,
  more: Call[] = [],
): Promise<Map<string, Statement[]>> {
  const server = await startServer(entry, { ...env, LOG_SQL: 'true' });
  try {
    const cookie = await signIn();
    const calls = [...(await screenCalls(cookie, products)).calls, ...more].filter(chosen);
    const captured = new Map<string, Statement[]>();
    for (const call of calls) {
      // Twice: the first request of a call may fill a cache (the catalogue) that later ones read.
      await get(call.path, { cookie, 'accept-encoding': BROWSER_ENCODING }, false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const from = server.statements.length;
      await get(call.path, { cookie, 'accept-encoding': BROWSER_ENCODING }, false);
      // The log line of the last statement may reach us just after the answer.
      await new Promise((resolve) => setTimeout(resolve, 150));
      captured.set(call.path, server.statements.slice(from));
    }
    return captured;
  } finally {
    await stopServer(server);
  }
}

/**
 * Runs one request's statements directly against the database, again and
 * again for about `forMs` (at least 20 times, after 5 to warm up): the
 * database's CPU milliseconds and the wall milliseconds per run.
 */
export async function replay(
  database: Database,
  statements: Statement[],
  dbCpu: () => number,
  forMs = 1000,
): Promise<{ cpuMs: number; wallMs: number }> {
  const once = async () => {
    for (const statement of statements)
      await database.db.executeQuery(CompiledQuery.raw(statement.sql, statement.parameters));
  };
  for (let i = 0; i < 5; i++) await once();
  const cpu0 = dbCpu();
  const start = performance.now();
  let runs = 0;
  while (runs < 20 || performance.now() - start < forMs) {
    await once();
    runs++;
  }
  const wall = performance.now() - start;
  return { cpuMs: (dbCpu() - cpu0) / runs, wallMs: wall / runs };
}

/** What a call cost over its run: CPU milliseconds per request of the server and of the database (NaN: inside the server). */
export type Cost = { requests: number; serverMs: number; dbMs: number };

/** Runs autocannon on a call and reads the CPU the server and the database spent on it. */
export async function measured(
  server: Server,
  call: Call,
  headers: Record<string, string>,
  dbCpu: () => number,
  options: { connections?: number; amount?: number; latencies?: number[] } = {},
): Promise<{ result: autocannon.Result; cost: Cost }> {
  const server0 = processCpuMs(server.pid);
  const db0 = dbCpu();
  const result = await cannon(
    call.path,
    headers,
    options.connections ?? call.connections ?? connections,
    options.amount,
    options.latencies,
  );
  const requests = result.requests.total;
  return {
    result,
    cost: {
      requests,
      serverMs: (processCpuMs(server.pid) - server0) / requests,
      dbMs: (dbCpu() - db0) / requests,
    },
  };
}

const costMs = (cost: Cost) => cost.serverMs + (Number.isFinite(cost.dbMs) ? cost.dbMs : 0);

// ---------------------------------------------------------------------------

type Target = {
  name: 'PGlite' | 'PostgreSQL';
  informational: boolean;
  database: DatabaseOptions;
  env: Record<string, string>;
  /** The database's CPU milliseconds so far while the server runs (PGlite: NaN, it runs inside the server). */
  dbCpu: () => number;
  /** The same while the bench itself runs statements against it (PGlite: this process). */
  replayCpu: () => number;
};

async function benchTarget(target: Target, dataDir: string, entry: string) {
  const label = (figure: string) => `${target.name}: ${figure}`;
  const verdict = (figure: string, value: number, limit: number, unit: (v: number) => string) =>
    console.log(budget(label(figure), value, limit, unit, undefined, target.informational));

  console.log(`\n=== ${target.name} ===`);
  console.log('seeding a year of a busy business:');
  const database = await openDatabase(target.database);
  let rows: Record<string, number>;
  let seedMs: number;
  try {
    [rows, seedMs] = await timed(() => seed(database));
  } finally {
    await database.close();
  }
  console.log(
    `  seeded in ${seconds1(seedMs)}: ${count(rows.products)} products, ${count(rows.conversations)} conversations, ${count(rows.messages)} messages (${count(sizes.longConversation)} in conversation ${LONG_CONVERSATION_ID}), ${count(rows.notifications)} notifications (${count(rows.unread)} unread), ${count(rows.product_events)} product events, ${count(rows.quotes)} quotes, ${count(rows.orders)} orders (${count(rows.order_payments)} payments, ${count(rows.order_events)} events); database ${mb(rows.bytes)}`,
  );
  const env = { DATA_DIR: dataDir, ...target.env };
  const sales = salesCalls(rows).filter(chosen);
  const statements = await captureStatements(entry, env, rows.products, sales);
  const costs = new Map<string, { title: string; kind: Call['kind']; cost: Cost }>();

  const server = await startServer(entry, env);
  try {
    console.log(`server pid ${server.pid} listening after ${seconds1(server.startMs)}`);
    const cookie = await signIn();
    const idle = rss(server.pid);
    console.log(`server memory idle (signed in, nothing asked yet): ${mbText(idle)}`);
    verdict('idle server memory', idle, 250 * 1024 * 1024, mbText);

    const browser = { cookie, 'accept-encoding': BROWSER_ENCODING };
    const messagesPath = `/api/conversations/${LONG_CONVERSATION_ID}/messages?limit=100`;
    const screens = await screenCalls(cookie, rows.products);
    const { messagesNext } = screens;
    const calls = screens.calls.filter(chosen);
    if (!messagesNext)
      console.log(
        `(no Link rel="next" on ${messagesPath}: the server does not page messages, so there is no next page to ask for)`,
      );
    console.log(
      `\n${seconds} s per call, ${connections} connections, loopback, Accept-Encoding: ${BROWSER_ENCODING}; size: plain (brotli)`,
    );
    console.log(
      `${'call'.padEnd(38)} ${'req/s'.padStart(8)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}  ${'size'.padEnd(24)} ${'server'.padStart(7)}`,
    );
    // Warm-up: the first requests of each call compile the server's code paths (JIT) and fill the database's caches.
    for (const call of calls) await cannon(call.path, browser, connections, 100);
    let me: autocannon.Result | undefined;
    for (const call of calls) {
      const plain = await get(call.path, { cookie, 'accept-encoding': 'identity' });
      const br = await get(call.path, { cookie, 'accept-encoding': 'br' }, false);
      if (plain.status !== 200) {
        console.log(
          `${call.title.padEnd(38)} answered ${plain.status}${plain.status === 404 ? ' (not offered by this server)' : ''}: ${call.path}`,
        );
        continue;
      }
      const { result: r, cost } = await measured(server, call, browser, target.dbCpu);
      costs.set(call.path, { title: call.title, kind: call.kind, cost });
      if (call.path === '/api/auth/me') me = r;
      const size = `${kb(plain.bytes)} (${br.headers['content-encoding'] === 'br' ? kb(br.bytes) : 'not compressed'})`;
      const trouble = r.non2xx || r.errors || r.timeouts ? `  non-2xx ${r.non2xx}, errors ${r.errors}` : '';
      console.log(
        `${call.title.padEnd(38)} ${r.requests.average.toFixed(0).padStart(8)} ${msText(r.latency.p50).padStart(8)} ${msText(r.latency.p99).padStart(8)}  ${size.padEnd(24)} ${mbText(rss(server.pid)).padStart(7)}${trouble}`,
      );
      console.log(`   ${call.path}`);
      verdict(`${call.title} p99`, r.latency.p99, call.kind === 'analytics' ? 200 : 100, msText);
    }

    // The sale: every answer's time kept, for p95 beside p50 and p99.
    if (sales.length > 0) {
      console.log(
        `\nthe sale (${count(rows.orders)} orders, ${count(rows.quotes)} quotes): p50, p95, p99 of every answer; ${connections} connections, the quote PDF ${PDF_CONNECTIONS}`,
      );
      console.log(
        `${'call'.padEnd(38)} ${'req/s'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  ${'size'.padEnd(24)} ${'server'.padStart(7)}`,
      );
      for (const call of sales) await cannon(call.path, browser, call.connections ?? connections, 100);
      for (const call of sales) {
        const plain = await get(call.path, { cookie, 'accept-encoding': 'identity' });
        const br = await get(call.path, { cookie, 'accept-encoding': 'br' }, false);
        if (plain.status !== 200) {
          console.log(`${call.title.padEnd(38)} answered ${plain.status}: ${call.path}`);
          continue;
        }
        const latencies: number[] = [];
        const { result: r, cost } = await measured(server, call, browser, target.dbCpu, { latencies });
        costs.set(call.path, { title: call.title, kind: call.kind, cost });
        const p = percentiles(latencies);
        const size = `${kb(plain.bytes)} (${br.headers['content-encoding'] === 'br' ? kb(br.bytes) : 'not compressed'})`;
        const trouble = r.non2xx || r.errors || r.timeouts ? `  non-2xx ${r.non2xx}, errors ${r.errors}` : '';
        console.log(
          `${call.title.padEnd(38)} ${r.requests.average.toFixed(0).padStart(8)} ${msText(p.p50).padStart(8)} ${msText(p.p95).padStart(8)} ${msText(p.p99).padStart(8)}  ${size.padEnd(24)} ${mbText(rss(server.pid)).padStart(7)}${trouble}`,
        );
        console.log(`   ${call.path}  (${count(p.n)} answers)`);
        if (call.kind === 'pdf') verdict(`${call.title} p95`, p.p95, 150, msText);
        else verdict(`${call.title} p99`, p.p99, 100, msText);
      }
    }

    // Exports, one client at a time, with the server's peak memory.
    if (onlyCalls?.length) console.log(`\n(BENCH_CALLS: the exports are left out)`);
    else {
      console.log('\nexports (one client; the server peak memory sampled every 20 ms and read from VmHWM):');
      const exportOnce = async (path: string) => {
        const stop = watchMemory(server.pid);
        const [answer, took] = await timed(() => get(path, browser, false));
        return { answer, took, ...stop() };
      };
      for (const [what, path, rowsOut] of [
        ['conversations', '/api/conversations/export', rows.conversations],
        ['products', '/api/products/export', rows.products],
      ] as const) {
        const { answer, took, peak, start } = await exportOnce(path);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        console.log(
          `${`${what} export (${count(rowsOut)} rows)`.padEnd(38)} ${sText(took).padStart(8)}   ${mb(answer.bytes)} on the wire (${answer.headers['content-encoding'] ?? 'identity'})   server peak ${mbText(peak)} (${mbText(start)} before it)`,
        );
        if (what === 'conversations') verdict(`${what} export time`, took, 10_000, sText);
        verdict(`${what} export server peak memory`, peak, 300 * 1024 * 1024, mbText);
      }

      // Other users while exports run back to back.
      let exporting = true;
      let exports = 0;
      const stop = watchMemory(server.pid);
      const loop = (async () => {
        while (exporting) {
          await get('/api/conversations/export', browser, false);
          exports++;
        }
      })();
      const during = await cannon('/api/auth/me', browser);
      exporting = false;
      await loop;
      const { peak } = stop();
      console.log(
        `${'signed-in user during exports'.padEnd(38)} ${during.requests.average.toFixed(0).padStart(8)} ${msText(during.latency.p50).padStart(8)} ${msText(during.latency.p99).padStart(8)}  (idle: ${me ? `${me.requests.average.toFixed(0)} req/s, p99 ${msText(me.latency.p99)}` : 'n/a'}; ${exports} exports finished meanwhile, server peak ${mbText(peak)})`,
      );
      verdict('signed-in user during an export p99', during.latency.p99, 100, msText);
    }
    console.log(`server memory after the runs: ${mbText(rss(server.pid))}`);
  } finally {
    await stopServer(server);
  }

  // The same statements run directly against the database, one request's worth at a time.
  const direct = await openDatabase(target.database);
  try {
    const inServer = !Number.isFinite(target.dbCpu());
    console.log(
      `\ncost per request: CPU ms of the server${inServer ? ' (PGlite runs inside it)' : ' and of the database'}, from /proc over each call's run;`,
    );
    console.log(
      `bare SQL: the statements the server ran for one request, run directly against the database (its CPU ms a request); goal: cost ≤ 2 × SQL + 5 ms`,
    );
    console.log(
      `${'call'.padEnd(38)} ${'server'.padStart(7)} ${'db'.padStart(7)} ${'cost'.padStart(7)} ${'SQL'.padStart(7)} ${'stmts'.padStart(5)} ${'ratio'.padStart(6)}  goal`,
    );
    for (const [path, { title, kind, cost }] of costs) {
      const run = statements.get(path) ?? [];
      const bare = run.length > 0 ? await replay(direct, run, target.replayCpu) : { cpuMs: NaN, wallMs: NaN };
      const total = costMs(cost);
      const goal = 2 * bare.cpuMs + 5;
      console.log(
        `${title.padEnd(38)} ${msText(cost.serverMs).padStart(7)} ${(inServer ? '-' : msText(cost.dbMs)).padStart(7)} ${msText(total).padStart(7)} ${msText(bare.cpuMs).padStart(7)} ${String(run.length).padStart(5)} ${(Number.isFinite(bare.cpuMs) && bare.cpuMs > 0 ? `${(total / bare.cpuMs).toFixed(1)}×` : 'n/a').padStart(6)}  ${kind === 'pdf' ? 'n/a (renders a PDF)' : Number.isFinite(goal) ? `${total <= goal ? 'met' : 'over'} (≤ ${msText(goal)})` : 'n/a'}`,
      );
    }
  } finally {
    await direct.close();
  }
}

async function main() {
  if (!cpuReadable()) console.log('(no /proc here: the CPU figures are n/a)');
  const targets: Array<() => Promise<void>> = [];
  const cleanup: Array<() => Promise<void> | void> = [];
  console.log(
    `bench:server — a year of a busy business${scale !== 1 ? ` (BENCH_SCALE=${scale})` : ''}: budgets judged on PostgreSQL, PGlite informational; the server on Node ${execFileSync(serverNode, ['--version'], { encoding: 'utf8' }).trim()}`,
  );
  if (only !== 'postgres') {
    targets.push(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await benchTarget(
        {
          name: 'PGlite',
          informational: true,
          database: { dataDir: join(dataDir, 'pglite') },
          env: { DATABASE_URL: '' },
          dbCpu: () => NaN,
          replayCpu: ownCpuMs,
        },
        dataDir,
        entry,
      );
    });
  }
  if (only !== 'pglite') {
    const unavailable = postgresUnavailable();
    if (unavailable) console.log(`\nPostgreSQL skipped: ${unavailable}`);
    else
      targets.push(async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
        cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
        const postgres: PostgresProcess = await startPostgres();
        cleanup.push(() => postgres.stop());
        await benchTarget(
          {
            name: 'PostgreSQL',
            informational: false,
            database: { databaseUrl: postgres.url },
            env: { DATABASE_URL: postgres.url },
            dbCpu: () => postgresCpuMs(postgres.pid),
            replayCpu: () => postgresCpuMs(postgres.pid),
          },
          dataDir,
          entry,
        );
      });
  }
  const entry = await buildServer();
  cleanup.push(() => rmSync(dirname(entry), { recursive: true, force: true }));
  try {
    for (const target of targets) await target();
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
  const tally = budgetTally();
  console.log(`\n${verdictTable()}`);
  console.log(
    `budgets: ${tally.met} met, ${tally.missed} missed${tally.informational ? ` (${tally.informational} informational, not counted)` : ''}`,
  );
}

// Run, unless imported (a one-off script may seed a database with `seed`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
