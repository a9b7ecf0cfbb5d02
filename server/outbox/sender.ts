// Messages to customers leave through the outbox: services write a row, and
// a sender delivers pending rows. The default records only (rows stay
// pending; nothing leaves the machine). A WhatsApp sender is a module whose
// default export implements OutboxSender, named by OUTBOX_SENDER.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type OutgoingMessage = {
  id: number;
  conversationId: number;
  to: string;
  content: string;
  kind: 'admin_reply' | 'follow_up';
};

export interface OutboxSender {
  readonly name: string;
  /** Resolves when the message was accepted; throws to have it retried. */
  send(message: OutgoingMessage): Promise<void>;
}

const MAX_ATTEMPTS = 5;

/** Delivers pending outbox rows with `sender`; one run at a time. */
export function outboxDispatcher(db: Kysely<DB>, sender: OutboxSender | undefined) {
  let running: Promise<void> | undefined;
  async function run() {
    if (!sender) return;
    const pending = await db
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(100)
      .execute();
    for (const row of pending) {
      try {
        await sender.send({
          id: row.id,
          conversationId: row.conversation_id,
          to: row.to_phone,
          content: row.content,
          kind: row.kind,
        });
        await db
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: new Date(), attempts: sql<number>`attempts + 1` })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        await db
          .updateTable('outbox')
          .set({
            attempts: sql<number>`attempts + 1`,
            last_error: String((error as Error).message ?? error),
            status: row.attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'pending',
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }
  return {
    /** Called after a service queued a message. */
    kick(): void {
      if (!sender || running) return;
      running = run()
        .catch(() => {})
        .finally(() => (running = undefined));
    },
    idle: () => running ?? Promise.resolve(),
  };
}
