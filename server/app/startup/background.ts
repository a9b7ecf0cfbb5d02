// What the server does on its own once it listens: the follow-up check, the
// embedded database's statistics, the outbox's retries and, when asked, the
// simulated customers. Each returns how to stop it.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import type { OutboxSender } from '../../delivery/outbox/sender';
import { createSimulator } from '../../demo/simulate';
import type { Config } from '../config';

export function startBackgroundWork(options: {
  app: FastifyInstance;
  config: Pick<Config, 'followUpIntervalMs'>;
  database: Database;
  sender: OutboxSender | undefined;
  bot: { name: string };
  simulateRate: number;
}): (() => void)[] {
  const { app, config, database, sender, bot, simulateRate } = options;
  const log = app.log;
  const timers: (() => void)[] = [];
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
  return timers;
}
