// `npm run server`: the reference server. Reads the configuration, opens the
// database (PGlite in DATA_DIR, or DATABASE_URL), applies migrations, creates
// the first admin, seeds demo data into an empty database, listens, and shuts
// down cleanly on SIGTERM / SIGINT.
//
//   --simulate [--rate=N]   also play customers and the bot, N events a minute (default 6)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { sql } from 'kysely';
import { openDatabase, type Database } from './db/connection';
import { migrate } from './db/migrate';
import type { OutboxSender } from './outbox/sender';
import { seedDemo } from './seed';
import { createSimulator } from './simulate';

async function loadSender(): Promise<OutboxSender | undefined> {
  const path = process.env.OUTBOX_SENDER;
  if (!path) return undefined;
  const module = (await import(pathToFileURL(resolve(path)).href)) as { default: OutboxSender };
  return module.default;
}

/**
 * Instances starting together against one PostgreSQL server take turns for
 * the first admin and the demo seed (a session advisory lock held on one
 * connection while the work runs on the others). PGlite has one process.
 */
async function firstRunOnce(database: Database, work: () => Promise<void>): Promise<void> {
  if (database.kind !== 'postgres') return work();
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(72190414)`.execute(connection);
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(72190414)`.execute(connection);
    }
  });
}

async function main() {
  const config = loadConfig();
  const rateArg = process.argv.find((a) => a.startsWith('--rate='));
  const simulateRate = process.argv.includes('--simulate') ? Number(rateArg?.slice(7)) || config.simulateRate || 6 : config.simulateRate;

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  const applied = await migrate(database);
  const sender = await loadSender();
  const app = await buildApp({ database, config, sender, logger: process.env.LOG_REQUESTS === 'true' });
  const log = (line: string) => console.log(line);
  log(`database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL server (DATABASE_URL)'}${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}`);
  await firstRunOnce(database, async () => {
    if (await app.services.auth.ensureFirstAdmin(config.adminUsername, config.adminPassword)) {
      log(`created the first admin "${config.adminUsername}"${process.env.ADMIN_PASSWORD ? '' : ' with the development password admin123 (set ADMIN_PASSWORD)'}`);
    }
    if (config.demoSeed && (await seedDemo(database.db, app.services))) log('seeded demo products and conversations');
  });
  log(`outbox sender: ${sender ? sender.name : 'none (messages to customers are recorded in the outbox table only)'}`);

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log(`listening on http://${config.host}:${port} (API under /api, realtime at /ws)`);

  const timers: (() => void)[] = [];
  if (config.followUpIntervalMs > 0) {
    const interval = setInterval(() => {
      app.services.followUps.check().then(
        (result) => result.count > 0 && log(result.message),
        () => {}, // disabled: nothing to do
      );
    }, config.followUpIntervalMs);
    timers.push(() => clearInterval(interval));
  }
  if (sender) {
    // Retries what a sender could not deliver earlier, and delivers what was queued while the server was down.
    app.services.outbox.kick();
    const retry = setInterval(() => app.services.outbox.kick(), 60_000);
    timers.push(() => clearInterval(retry));
  }
  if (simulateRate > 0) {
    log(`simulating customers and the bot: about ${simulateRate} events a minute`);
    timers.push(createSimulator(database.db, app.services).start(simulateRate, (line) => log(`simulate: ${line}`)));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    for (const clear of timers) clear();
    await app.close();
    await app.services.outbox.idle();
    await database.close();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
}

main().catch((error) => {
  console.error('[server] failed to start:', error);
  process.exit(1);
});
