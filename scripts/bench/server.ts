// `npm run bench:server`: throughput of the reference server on loopback,
// bounded in time. Seeds 10,000 products and 10,000 conversations into a
// fresh PGlite folder, starts the server on it as its own process, and runs
// autocannon against
//   GET /api/products        (10,000 products)
//   GET /api/conversations   (10,000 conversations)
//   POST /api/auth/login     (one argon2id verification each)
// then prints requests/s, p99 latency and the server's resident memory.
//
//   BENCH_SECONDS (10)  per run    BENCH_CONNECTIONS (10)    BENCH_PORT (8189)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { hashPassword } from '../../server/modules/auth/service';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const port = Number(process.env.BENCH_PORT || 8189);
const url = `http://127.0.0.1:${port}`;
const admin = { username: 'bench', password: 'bench-password' };

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await migrate(database);
  await database.db
    .insertInto('users')
    .values({ username: admin.username, password_hash: await hashPassword(admin.password) })
    .execute();
  await sql`insert into products (name, category, dimensions, description, starting_price, ending_price, color, installation_price_per_slab, stock, is_active, installation_image_urls)
    select 'Bench Granite ' || i, (array['granite','marble','quartz'])[1 + i % 3], '3000 x 1800', 'Seeded for the benchmark', 8000 + i % 500, 12000 + i % 500, 'Black', 2500, i % 40, true, array['/uploads/a.png','/uploads/b.png']
    from generate_series(1, 10000) as i`.execute(database.db);
  await sql`insert into conversations (customer_name, whatsapp_phone_number, status, last_message_at, created_at, message_count, products_mentioned, current_product_id, current_offer_price, bargaining_round)
    select 'Customer ' || i, '+2547' || lpad(i::text, 8, '0'), (array['bot_active','admin_required','admin_takeover'])[1 + i % 3],
           now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval - interval '1 hour', i % 20, array['Bench Granite ' || (1 + i % 100)], 1 + i % 100, null, null
    from generate_series(1, 10000) as i`.execute(database.db);
  await database.close();
}

function run(title: string, options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // A 10,000-row list takes seconds under load: count slow answers as latency, not errors.
    autocannon({ timeout: 60, ...options, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  }).then((result) => {
    const r = result as autocannon.Result;
    console.log(
      `${title.padEnd(44)} ${r.requests.average.toFixed(1).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(5)} ms   ${r.requests.total} requests   non-2xx ${r.non2xx}   errors ${r.errors}`,
    );
    return r;
  });
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? (Number(match[1]) / 1024).toFixed(0) : '?';
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  console.log('seeding 10,000 products and 10,000 conversations…');
  await seed(dataDir);
  // One node process (no tsx wrapper), so its memory is the server's.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_SEED: 'false',
      LOGIN_RATE_LIMIT: '1000000',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      SIMULATE_RATE: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk) => String(chunk).includes('listening on') && resolve());
    server.on('exit', () => reject(new Error('server exited')));
  });
  try {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    console.log(
      `server pid ${server.pid}, ${rssMb(server.pid!)} MB resident before; ${seconds} s per run, ${connections} connections, loopback`,
    );
    const products = await (await fetch(`${url}/api/products`, { headers: { cookie } })).text();
    const conversations = await (await fetch(`${url}/api/conversations`, { headers: { cookie } })).text();
    console.log(
      `response sizes: products ${(products.length / 1e6).toFixed(2)} MB, conversations ${(conversations.length / 1e6).toFixed(2)} MB`,
    );
    await run('POST /api/auth/login (argon2id verify)', {
      url: `${url}/api/auth/login`,
      connections: Math.min(connections, 4),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    await run('GET /api/products (10,000)', { url: `${url}/api/products`, connections, headers: { cookie } });
    await run('GET /api/conversations (10,000)', { url: `${url}/api/conversations`, connections, headers: { cookie } });
    console.log(`server resident memory after the runs: ${rssMb(server.pid!)} MB`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
