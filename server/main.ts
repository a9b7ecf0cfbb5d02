// The reference server: `npm run server` in development (tsx), `npm run serve`
// in production (the bundle in build/server/, NODE_ENV=production). With
// API_TARGET set it is a gateway instead (gateway/run.ts): the built dashboard
// in front of another backend, no database. Reads the
// configuration, opens the database (PGlite in DATA_DIR, or DATABASE_URL),
// applies migrations, creates the first admin, seeds demo data into an empty
// database when asked, listens, and shuts down cleanly on SIGTERM / SIGINT:
// it stops accepting, finishes requests in flight, closes sockets with 1001
// (going away), lets the outbox finish what it is sending and closes the
// database.
//
//   --simulate [--rate=N]   also play customers and the bot, N events a minute (default 6)
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { buildApp } from './app/app';
import { startControlSocket } from './db/backup/control';
import { DEV_ADMIN_PASSWORD, isLoopbackHost, loadConfig } from './app/config';
import { openDatabase, type Database } from './db/connection';
import { migrate } from './db/migrate';
import type { OutboxSender } from './delivery/outbox/sender';
import { simulatedSender } from './delivery/outbox/simulated-sender';
import { seedDemo } from './demo/seed';
import { runGateway } from './gateway/run';
import { createSimulator } from './demo/simulate';
import { loadBot } from './bot/load';
import { mediaDownloader, type MediaDownloader } from './channels/whatsapp/media/downloader';
import { mediaDirOf } from './channels/whatsapp/media/files';
import { cloudSender } from './channels/whatsapp/sender/cloud-sender';
import { failedStatusHandler } from './channels/whatsapp/sender/failed-status';
import { templateSync } from './channels/whatsapp/sender/templates-sync';
import { applyHeldStatuses } from './channels/whatsapp/statuses';
import type { Config } from './app/config';

/**
 * OUTBOX_SENDER names a module whose default export delivers messages, or
 * "simulated". Without it, the WhatsApp Cloud API when its variables are set
 * (README, "Connecting WhatsApp"); otherwise development and the demo use the
 * simulated WhatsApp (every delivery state shows, nothing leaves the machine)
 * and production delivers nothing and keeps the outbox.
 */
async function loadSender(
  config: Pick<Config, 'production' | 'testControl' | 'whatsapp' | 'publicOrigin'>,
): Promise<OutboxSender | undefined> {
  const path = process.env.OUTBOX_SENDER;
  if (!path && config.whatsapp) return cloudSender({ ...config.whatsapp, publicOrigin: config.publicOrigin });
  if (path === 'simulated' || (!path && !config.production))
    // Scripted, not random, failures in end-to-end runs (see plugins/test-control.ts).
    return simulatedSender({ randomFailures: !config.testControl });
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

/** Admins still signing in with the development password (from an earlier run on loopback). */
async function adminsWithDevPassword(database: Database): Promise<string[]> {
  const users = await database.db.selectFrom('users').select(['username', 'password_hash']).limit(50).execute();
  const found: string[] = [];
  for (const user of users)
    if (await verify(user.password_hash, DEV_ADMIN_PASSWORD).catch(() => false)) found.push(user.username);
  return found;
}

/** How long requests in flight may take to finish after SIGTERM. */
const GRACE_MS = 5_000;

async function main() {
  if (process.env.API_TARGET?.trim()) return runGateway();
  const config = loadConfig();
  const rateArg = process.argv.find((a) => a.startsWith('--rate='));
  const simulateRate = process.argv.includes('--simulate')
    ? Number(rateArg?.slice(7)) || config.simulateRate || 6
    : config.simulateRate;
  if (config.production && config.testControl)
    throw new Error('TEST_CONTROL is for end-to-end tests and cannot be used in production');

  // Customers' data (the embedded database, uploads, backups' staging): the server's own user only.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const databaseOptions = {
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    syncWal: config.production,
    queryLog: config.logSql
      ? (query: { sql: string; parameters: readonly unknown[]; ms: number }) =>
          process.stdout.write(`${JSON.stringify({ msg: 'sql', ...query })}\n`)
      : undefined,
  };
  let database = await openDatabase(databaseOptions);
  const applied = await migrate(database);
  if (applied.length > 0 && database.kind === 'pglite') {
    // Migrations (a first boot, an upgrade) leave PGlite's WebAssembly memory
    // grown for good; opening the database again gives that memory back
    // (about 40 MB on a first boot).
    await database.close();
    database = await openDatabase(databaseOptions);
  }
  const sender = await loadSender(config);
  const bot = await loadBot(config.botModule);
  // The webhook is built with the app; the media downloader needs the app's event hub, so it starts after.
  let media: MediaDownloader | undefined;
  const outboxOf = () => app.services.outbox;
  const onStatusFailed = failedStatusHandler(outboxOf);
  const whatsapp = config.whatsapp;
  const app = await buildApp({
    database,
    config,
    sender,
    bot,
    whatsapp: whatsapp && {
      appSecret: whatsapp.appSecret,
      verifyToken: whatsapp.verifyToken,
      onMediaPending: async (messageId) => media?.onMediaPending(messageId),
      onStatusFailed,
    },
    log: { level: config.logLevel, pretty: !config.production },
  });
  const log = app.log;
  const stopTemplateSync = whatsapp
    ? (() => {
        const sync = templateSync({ ...whatsapp, templates: app.services.messageTemplates, log });
        app.services.messageTemplates.useSync(() => sync.sync());
        app.services.outbox.configure({
          afterSent: (id) => applyHeldStatuses(database.db, app.hub, id, { onFailed: onStatusFailed, log }),
          resyncTemplates: () => sync.resync(),
        });
        return sync.start();
      })()
    : undefined;
  if (config.logSql) log.warn("LOG_SQL: every database statement and its parameters (customers' data) go to stdout");
  log.info(
    `database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL server (DATABASE_URL)'}${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}`,
  );
  if (!isLoopbackHost(config.host)) {
    const weak = await adminsWithDevPassword(database);
    if (weak.length > 0) {
      throw new Error(
        `HOST=${config.host} lets other machines connect, but ${weak.map((u) => `"${u}"`).join(', ')} still signs in with the development password: reset it with "npm run serve:admin -- <username>" (or server:admin) first`,
      );
    }
  }
  await firstRunOnce(database, async () => {
    if (await app.services.auth.ensureFirstAdmin(config.adminUsername, config.adminPassword)) {
      log.info(
        `created the first admin "${config.adminUsername}"${config.adminPasswordSet ? '' : ' with the development password admin123 (loopback only; set ADMIN_PASSWORD)'}`,
      );
    }
    if (config.demoSeed && (await seedDemo(database.db, app.services)))
      log.info('seeded demo products and conversations');
  });
  log.info(
    `outbox sender: ${sender ? sender.name : 'none (messages to customers are recorded in the outbox table only)'}`,
  );
  if (whatsapp)
    log.info(
      `whatsapp: sending as phone number id ${whatsapp.phoneNumberId} through ${whatsapp.graphUrl}; webhook at /webhooks/whatsapp; bot: ${bot.name}`,
    );
  else log.info('whatsapp: not configured (README, "Connecting WhatsApp"); /webhooks/whatsapp is not served');
  if (config.dashboardDir) log.info(`serving the dashboard from ${config.dashboardDir}`);
  // A browser reaching the server by another name or address gets 421: say which ones are answered.
  const names = [
    ...(config.publicOrigin ? [new URL(config.publicOrigin).host] : []),
    ...config.allowedOrigins.map((origin) => new URL(origin).host),
    ...config.allowedHosts,
  ];
  log.info(
    `host names answered: localhost, 127.0.0.1, [::1]${names.length ? `, ${[...new Set(names)].join(', ')}` : ''} (PUBLIC_ORIGIN, ALLOWED_HOSTS and ALLOWED_ORIGINS add more)`,
  );

  await app.listen({ host: config.host, port: config.port });
  // `npm run backup` asks the running server for a consistent backup of the
  // embedded database (which belongs to this process) through a socket in
  // DATA_DIR; a second server on the same folder is refused here. With a
  // PostgreSQL server, instances may share DATA_DIR and pg_dump does the database.
  const control =
    database.kind === 'pglite'
      ? await startControlSocket({ dataDir: config.dataDir, database, log })
      : { close: async () => {} };
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    `listening on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port} (${config.dashboardDir ? 'dashboard at /, ' : ''}API under /api, realtime at /ws)`,
  );

  const timers: (() => void)[] = [];
  if (stopTemplateSync) timers.push(stopTemplateSync);
  if (whatsapp) {
    media = mediaDownloader({
      db: database.db,
      events: app.hub,
      graph: { graphUrl: whatsapp.graphUrl, accessToken: whatsapp.accessToken, version: whatsapp.version },
      dir: mediaDirOf(config.dataDir),
      log,
    });
    await media.start();
  }
  if (config.followUpIntervalMs > 0) {
    const interval = setInterval(() => {
      app.services.followUps.check().then(
        (result) => result.count > 0 && log.info(result.message),
        () => {}, // disabled: nothing to do
      );
    }, config.followUpIntervalMs);
    timers.push(() => clearInterval(interval));
  }
  if (database.kind === 'pglite') {
    // PGlite runs PostgreSQL in single-user mode: no autovacuum, so table
    // statistics would never be gathered and the planner would guess. ANALYZE
    // samples each table (a fraction of a second at a million messages) a
    // minute after start and every six hours.
    const analyze = () =>
      sql`analyze`.execute(database.db).then(
        () => log.debug('database statistics refreshed (analyze)'),
        (error: Error) => log.warn(`analyze failed: ${error.message}`),
      );
    const first = setTimeout(analyze, 60_000);
    const every = setInterval(analyze, 6 * 3_600_000);
    timers.push(() => {
      clearTimeout(first);
      clearInterval(every);
    });
  }
  if (sender) {
    // Retries what a sender could not deliver earlier, and delivers what was queued while the server was down.
    app.services.outbox.kick();
    const retry = setInterval(() => app.services.outbox.kick(), 60_000);
    timers.push(() => clearInterval(retry));
  }
  if (simulateRate > 0) {
    log.info(`simulating customers talking to the bot (${bot.name}): about ${simulateRate} events a minute`);
    timers.push(
      createSimulator(database.db, app.services, { log: (line) => log.warn(`simulate: ${line}`) }).start(
        simulateRate,
        (line) => log.info(`simulate: ${line}`),
      ),
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: closing (finishing requests in flight)`);
    const force = setTimeout(() => {
      log.error('still closing after 10 s: exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      for (const clear of timers) clear();
      await control.close(); // waits for a backup in progress
      // Keep-alive connections that finish their last request while closing
      // are closed as they go idle; any still open after the grace period
      // (a client that stopped sending a body, say) are cut, so the process
      // ends before a container runtime's SIGKILL.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
      const cut = setTimeout(() => {
        log.warn(`connections still open ${GRACE_MS / 1000} s after ${signal}: closing them`);
        app.server.closeAllConnections();
      }, GRACE_MS);
      await app.close();
      clearInterval(sweep);
      clearTimeout(cut);
      await app.services.outbox.idle();
      await media?.stop();
      await database.close();
      log.info('closed');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
}

main().catch((error) => {
  // Before the logger exists (configuration errors): one plain line.
  console.error(`[server] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
