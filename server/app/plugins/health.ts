// /healthz: the process answers. /readyz: the database answers and every
// migration this build knows has been applied; 503 otherwise (and while the
// server is shutting down). Outside /api and the dashboard's contract: they
// are for the operator's load balancer, container runtime or monitor.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/connection';
import { loadMigrations } from '../../db/migrate';

export async function health(app: FastifyInstance, { database }: { database: Database }) {
  const expected = loadMigrations().map((m) => m.version);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { config: { public: true } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );
  app.get('/readyz', { config: { public: true } }, async (request, reply) => {
    reply.headers(noStore);
    if (closing) return reply.code(503).send({ status: 'not ready', reason: 'shutting down' });
    try {
      await sql`select 1`.execute(database.db);
      const applied = new Set(
        (await database.db.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version),
      );
      const missing = expected.filter((version) => !applied.has(version));
      if (missing.length > 0)
        return reply.code(503).send({ status: 'not ready', reason: `migrations not applied: ${missing.join(', ')}` });
      return reply.send({ status: 'ready' });
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: the database did not answer');
      return reply.code(503).send({ status: 'not ready', reason: 'the database did not answer' });
    }
  });
}
