// Messages to customers leave through the outbox: services write a row (and
// the message, 'queued'), and a sender delivers pending rows. The default
// records only (rows stay pending, messages queued; nothing leaves the
// machine). A WhatsApp sender is a module whose default export implements
// OutboxSender, named by OUTBOX_SENDER.
//
// Delivery state (issue 22): queued → sent when the sender accepted the
// message; delivered / read / failed when the sender reports them later
// (WhatsApp does so by webhook). Every change is stored on the message and
// announced as a message_status event. A state never moves back: a late
// "delivered" does not undo "read", nothing follows "failed" but a retry.
import { sql, type Kysely } from 'kysely';
import type { DB, DeliveryStatus, OutboxTemplate } from '../db/schema';
import type { EventBus } from '../realtime/events';

export type OutgoingMessage = {
  /** The outbox row: what a later report names. */
  id: number;
  conversationId: number;
  to: string;
  /** The text the customer sees (for a template, its filled body). */
  content: string;
  kind: 'admin_reply' | 'follow_up';
  /** Set for an approved template: WhatsApp takes it by name and variables, not as text. */
  template?: OutboxTemplate;
};

/** What a sender reports about a message it sent earlier. */
export type DeliveryReport = {
  /** OutgoingMessage.id */
  id: number;
  status: 'delivered' | 'read' | 'failed';
  /** Why it failed, in words staff can act on. */
  reason?: string;
};

/**
 * Thrown by a sender for a message WhatsApp will never take (the number is
 * not on WhatsApp, a template is not approved): it fails at once, with
 * `message` as the reason staff read, instead of being tried again.
 */
export class PermanentDeliveryError extends Error {}

export interface OutboxSender {
  readonly name: string;
  /** Resolves when the message was accepted; throws to have it retried (or PermanentDeliveryError). */
  send(message: OutgoingMessage): Promise<void>;
  /** Called once at start with the function to call for each later report (e.g. from a webhook). */
  onReport?(report: (report: DeliveryReport) => Promise<void>): void;
}

export const MAX_ATTEMPTS = 5;
const REASON_MAX = 500;
/** Later states rank higher; a report of a lower or equal rank is old news. */
const RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

const plain = (error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim() || 'no reason given';
};
const clip = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text);

/** Delivers pending outbox rows with `sender`; one run at a time. */
export function outboxDispatcher(db: Kysely<DB>, sender: OutboxSender | undefined, events: EventBus) {
  let running: Promise<void> | undefined;
  let again = false;

  /** Moves a message to `status` unless it is already there or further; announces a change. */
  async function setState(messageId: number, status: DeliveryStatus, reason: string | null = null) {
    // Failure follows only a message not yet delivered; the others only an earlier state that is not failed.
    const allowedFrom: DeliveryStatus[] =
      status === 'failed'
        ? ['queued', 'sent']
        : (Object.keys(RANK) as DeliveryStatus[]).filter((s) => RANK[s] < RANK[status] && s !== 'failed');
    const row = await db
      .updateTable('messages')
      .set({ delivery_status: status, failure_reason: status === 'failed' ? clip(reason ?? 'not delivered') : null })
      .where('id', '=', messageId)
      .where('delivery_status', 'in', allowedFrom)
      .returning(['id', 'conversation_id', 'delivery_status', 'failure_reason'])
      .executeTakeFirst();
    if (!row) return;
    events.publish({
      type: 'message_status',
      data: {
        conversationId: row.conversation_id,
        messageId: row.id,
        deliveryStatus: status,
        ...(status === 'failed' && { failureReason: row.failure_reason }),
      },
    });
  }

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
          ...(row.template && { template: row.template }),
        });
        await db
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: new Date(), attempts: sql<number>`attempts + 1` })
          .where('id', '=', row.id)
          .execute();
        if (row.message_id !== null) await setState(row.message_id, 'sent');
      } catch (error) {
        const permanent = error instanceof PermanentDeliveryError;
        const last = permanent || row.attempts + 1 >= MAX_ATTEMPTS;
        await db
          .updateTable('outbox')
          .set({
            attempts: sql<number>`attempts + 1`,
            last_error: clip(plain(error)),
            status: last ? 'failed' : 'pending',
          })
          .where('id', '=', row.id)
          .execute();
        if (last && row.message_id !== null)
          await setState(
            row.message_id,
            'failed',
            permanent
              ? plain(error)
              : `WhatsApp did not accept the message after ${MAX_ATTEMPTS} attempts. Last answer: ${plain(error)}`,
          );
      }
    }
  }

  const dispatcher = {
    sender,
    /** Called after a service queued a message. */
    kick(): void {
      if (!sender) return;
      if (running) {
        // A message queued during a run is sent by the run after it.
        again = true;
        return;
      }
      running = run()
        .catch(() => {})
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            dispatcher.kick();
          }
        });
    },
    idle: async () => {
      while (running) await running;
    },
    /** A sender's later report about an outbox row it sent. Unknown rows are ignored. */
    async report({ id, status, reason }: DeliveryReport): Promise<void> {
      const row = await db.selectFrom('outbox').select('message_id').where('id', '=', id).executeTakeFirst();
      if (row?.message_id == null) return;
      if (status === 'failed')
        await db
          .updateTable('outbox')
          .set({ status: 'failed', last_error: clip(reason ?? '') })
          .where('id', '=', id)
          .execute();
      await setState(row.message_id, status, reason ?? null);
    },
  };
  sender?.onReport?.((report) => dispatcher.report(report));
  return dispatcher;
}
