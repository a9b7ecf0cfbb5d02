// The reference server: `npm run server` in development (tsx), `npm run serve`
// in production (the bundle in build/server/, NODE_ENV=production). With
// API_TARGET set it is a gateway instead (gateway/run.ts): the built dashboard
// in front of another backend, no database. Reads the configuration, opens
// the database (PGlite in DATA_DIR, or DATABASE_URL), applies migrations,
// creates the first admin, seeds demo data into an empty database when asked,
// listens, and shuts down cleanly on SIGTERM / SIGINT (app/shutdown.ts): it
// stops accepting, finishes requests in flight, closes sockets with 1001
// (going away), lets the outbox finish what it is sending and closes the
// database. The steps live in app/startup/, in the order they run here.
//
//   --simulate [--rate=N]   also play customers and the bot, N events a minute (default 6)
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app/app';
import { isLoopbackHost, loadConfig, type Config } from './app/config';
import { closeOnSignals, listeningAddress } from './app/shutdown';
import { startBackgroundWork } from './app/startup/background';
import { firstRunOnce, openMigratedDatabase, refuseDevPassword } from './app/startup/database';
import { reportDatabase, reportSetup } from './app/startup/report';
import { loadSender } from './app/startup/sender';
import { whatsappWiring } from './app/startup/whatsapp';
import { loadBot } from './bot/load';
import { startControlSocket } from './db/backup/control';
import { seedDemo } from './demo/seed';
import { runGateway } from './gateway/run';
import { createDarajaClient } from './payments/mpesa/daraja-client';
import { MPESA_CALLBACK_PREFIX } from './payments/mpesa/callbacks/routes';

/** Events a minute the simulated customers play: --simulate [--rate=N], else SIMULATE_RATE. */
function simulateRateOf(config: Config, argv: string[]): number {
  const rateArg = argv.find((a) => a.startsWith('--rate='));
  return argv.includes('--simulate') ? Number(rateArg?.slice(7)) || config.simulateRate || 6 : config.simulateRate;
}

async function main() {
  if (process.env.API_TARGET?.trim()) return runGateway();
  const config = loadConfig();
  const simulateRate = simulateRateOf(config, process.argv);
  if (config.production && config.testControl)
    throw new Error('TEST_CONTROL is for end-to-end tests and cannot be used in production');

  // Customers' data (the embedded database, uploads, backups' staging): the server's own user only.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const { database, applied } = await openMigratedDatabase(config);
  const sender = await loadSender(config);
  const bot = await loadBot(config.botModule);
  // The webhook is built with the app; the media downloader needs the app's event hub, so it starts after.
  const whatsapp = config.whatsapp && whatsappWiring(config.whatsapp, () => app);
  const app: FastifyInstance = await buildApp({
    database,
    config,
    sender,
    bot,
    whatsapp: whatsapp?.webhook,
    // M-Pesa's callbacks and their worker (started and stopped with the app), only when configured.
    mpesa: config.mpesa && {
      callbackToken: config.mpesa.callbackToken,
      allowedIps: config.mpesa.allowedIps,
      shortcode: config.mpesa.shortcode,
      // Payment requests need an address Safaricom can post the result to: PUBLIC_ORIGIN's.
      requests: config.publicOrigin
        ? {
            client: createDarajaClient(config.mpesa),
            callbackUrl: `${config.publicOrigin}${MPESA_CALLBACK_PREFIX}/${config.mpesa.callbackToken}/stk`,
          }
        : undefined,
    },
    log: { level: config.logLevel, pretty: !config.production },
  });
  const log = app.log;
  const stopTemplateSync = whatsapp?.syncTemplates(app, database);
  reportDatabase(log, config, database, applied);
  if (!isLoopbackHost(config.host)) await refuseDevPassword(database, config.host);
  await firstRunOnce(database, async () => {
    if (await app.services.auth.ensureFirstAdmin(config.adminUsername, config.adminPassword)) {
      log.info(
        `created the first admin "${config.adminUsername}"${config.adminPasswordSet ? '' : ' with the development password admin123 (loopback only; set ADMIN_PASSWORD)'}`,
      );
    }
    if (config.demoSeed && (await seedDemo(database.db, app.services)))
      log.info('seeded demo products and conversations');
  });
  reportSetup(log, config, sender, bot);

  await app.listen({ host: config.host, port: config.port });
  // `npm run backup` asks the running server for a consistent backup of the
  // embedded database (which belongs to this process) through a socket in
  // DATA_DIR; a second server on the same folder is refused here. With a
  // PostgreSQL server, instances may share DATA_DIR and pg_dump does the database.
  const control =
    database.kind === 'pglite'
      ? await startControlSocket({ dataDir: config.dataDir, database, log })
      : { close: async () => {} };
  log.info(
    `listening on http://${listeningAddress(app, config.host, config.port)} (${config.dashboardDir ? 'dashboard at /, ' : ''}API under /api, realtime at /ws)`,
  );

  const timers: (() => void)[] = [];
  if (stopTemplateSync) timers.push(stopTemplateSync);
  if (whatsapp) await whatsapp.startMedia(app, database, config.dataDir);
  timers.push(...startBackgroundWork({ app, config, database, sender, bot, simulateRate }));

  closeOnSignals(app, {
    beforeClose: async () => {
      for (const clear of timers) clear();
      await control.close(); // waits for a backup in progress
    },
    afterClose: async () => {
      await app.services.outbox.idle();
      await whatsapp?.stopMedia();
      await database.close();
    },
  });
}

main().catch((error) => {
  // Before the logger exists (configuration errors): one plain line.
  console.error(`[server] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
