// What the server says about itself at start: the database, the sender,
// WhatsApp, the dashboard and the host names it answers.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connection';
import type { OutboxSender } from '../../delivery/outbox/sender';
import type { Config } from '../config';

export function reportDatabase(
  log: FastifyBaseLogger,
  config: Pick<Config, 'logSql' | 'dataDir'>,
  database: Database,
  applied: readonly number[],
): void {
  if (config.logSql) log.warn("LOG_SQL: every database statement and its parameters (customers' data) go to stdout");
  log.info(
    `database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL server (DATABASE_URL)'}${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}`,
  );
}

export function reportSetup(
  log: FastifyBaseLogger,
  config: Pick<Config, 'whatsapp' | 'mpesa' | 'dashboardDir' | 'publicOrigin' | 'allowedOrigins' | 'allowedHosts'>,
  sender: OutboxSender | undefined,
  bot: { name: string },
): void {
  const whatsapp = config.whatsapp;
  log.info(
    `outbox sender: ${sender ? sender.name : 'none (messages to customers are recorded in the outbox table only)'}`,
  );
  if (whatsapp)
    log.info(
      `whatsapp: sending as phone number id ${whatsapp.phoneNumberId} through ${whatsapp.graphUrl}; webhook at /webhooks/whatsapp; bot: ${bot.name}`,
    );
  else log.info('whatsapp: not configured (README, "Connecting WhatsApp"); /webhooks/whatsapp is not served');
  // The token is a secret: the addresses are named without it.
  if (config.mpesa)
    log.info(
      `mpesa: ${config.mpesa.shortcodeType} ${config.mpesa.shortcode}; callbacks at /webhooks/mpesa/<MPESA_CALLBACK_TOKEN>/stk, /c2b/validation and /c2b/confirmation${config.mpesa.allowedIps.length ? ` from ${config.mpesa.allowedIps.length} allowed address(es)` : ''}`,
    );
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
}
