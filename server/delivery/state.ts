// The delivery state of a message we send to a customer
// (messages.delivery_status), written here and nowhere else.
//
// queued → sent when the channel accepted the message (the outbox sender);
// delivered / read / failed when the channel reports them later (WhatsApp's
// status webhook, or a sender's own report). A state never moves back:
// reports arrive late, repeated and out of order, so a "delivered" after
// "read" or a "sent" after "delivered" is old news and ignored. "failed"
// follows only a message not yet delivered, and nothing but staff's retry
// (failed → queued) follows it. A failure stores its reason (clipped once,
// here), fails the message's outbox row if it is not failed already, and
// every change is announced as a message_status event so the dashboard moves
// live.
import type { Kysely, Selectable } from 'kysely';
import type { DB, DeliveryStatus, MessageFailure, MessagesTable } from '../db/schema';
import type { EventBus } from '../realtime/events';
import { clipErrorText } from '../jobs/error-text';

/** Later states rank higher; a report of a lower or equal rank is old news. */
export const DELIVERY_RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * The states a message may move to `status` from: failure follows only a
 * message not yet delivered; the others only an earlier state that is not
 * failed.
 */
export const statesBefore = (status: DeliveryStatus): DeliveryStatus[] =>
  status === 'failed'
    ? ['queued', 'sent']
    : (Object.keys(DELIVERY_RANK) as DeliveryStatus[]).filter(
        (s) => DELIVERY_RANK[s] < DELIVERY_RANK[status] && s !== 'failed',
      );

/** A report about a message: where it got to, and for a failure why. */
export type DeliveryChange =
  | { status: 'sent' | 'delivered' | 'read' }
  | {
      status: 'failed';
      /** In words staff can act on (clipped here). */
      reason: string;
      /** The channel's own code, title and details (WhatsApp's errors[0]), kept on the message. */
      failure?: MessageFailure;
    };

/** A message that moved. */
export type Moved = { conversationId: number; messageId: number };

/** The message_status event of a change. */
function announce(events: EventBus, moved: Moved, status: DeliveryStatus, failureReason?: string | null) {
  events.publish({
    type: 'message_status',
    data: {
      conversationId: moved.conversationId,
      messageId: moved.messageId,
      deliveryStatus: status,
      ...(status === 'failed' && { failureReason }),
    },
  });
}

export function deliveryStates(db: Kysely<DB>, events: EventBus) {
  return {
    /**
     * Moves a message to the change's state unless it is already there or
     * further (or is a customer's, without a state); resolves with the message
     * when it moved, undefined when the report was old news. Of two reports at
     * once, the update itself checks the state: each moves it only forward.
     */
    async advance(messageId: number, change: DeliveryChange): Promise<Moved | undefined> {
      const failed = change.status === 'failed';
      const reason = failed ? clipErrorText(change.reason) : null;
      const row = await db
        .updateTable('messages')
        .set({
          delivery_status: change.status,
          failure_reason: reason,
          ...(failed && change.failure && { failure: JSON.stringify(change.failure) }),
        })
        .where('id', '=', messageId)
        .where('delivery_status', 'in', statesBefore(change.status))
        .returning(['id', 'conversation_id'])
        .executeTakeFirst();
      if (!row) return undefined;
      const moved = { conversationId: row.conversation_id, messageId: row.id };
      if (failed)
        // outbox_message (migration 007). The outbox itself fails a row it gave up on, with its own last_error.
        await db
          .updateTable('outbox')
          .set({ status: 'failed', last_error: reason })
          .where('message_id', '=', messageId)
          .where('status', '!=', 'failed')
          .execute();
      announce(events, moved, change.status, reason);
      return moved;
    },
  };
}

/**
 * Staff's retry of a failed message, inside the caller's transaction: the
 * message moves from failed to queued (in one statement, so of two retries
 * at once only one goes on) and its outbox row is pending again with no
 * attempts. Resolves with the message (undefined when it was not failed) and
 * whether it had an outbox row; announce it with announceQueued once committed.
 */
export async function requeueFailed(
  trx: Kysely<DB>,
  messageId: number,
): Promise<{ message: Selectable<MessagesTable>; outboxRow: boolean } | undefined> {
  const message = await trx
    .updateTable('messages')
    .set({ delivery_status: 'queued', failure_reason: null })
    .where('id', '=', messageId)
    .where('delivery_status', '=', 'failed')
    .returningAll()
    .executeTakeFirst();
  if (!message) return undefined;
  const queued = await trx
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, last_error: null })
    .where('message_id', '=', messageId)
    .returning('id')
    .execute();
  return { message, outboxRow: queued.length > 0 };
}

/** The message_status event of a retried message (after requeueFailed's transaction committed). */
export const announceQueued = (events: EventBus, moved: Moved) => announce(events, moved, 'queued');
