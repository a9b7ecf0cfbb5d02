// End-to-end tests only (TEST_CONTROL=true): trigger the customer side on
// demand and read what would have been sent to customers.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection';
import { createSimulator } from '../simulate';

export async function testControl(app: FastifyInstance, { database }: { database: Database }) {
  const simulator = createSimulator(database.db, app.services);
  app.post('/__test/handoff', { config: { public: true } }, async () => simulator.handoff());
  // What would have been sent to customers, newest first.
  app.get('/__test/outbox', { config: { public: true } }, async () =>
    database.db
      .selectFrom('outbox')
      .select(['conversation_id', 'to_phone', 'content', 'kind', 'status'])
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
  );
}
