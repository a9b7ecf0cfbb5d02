// Delivery statuses from WhatsApp's webhook (sent, delivered, read, failed)
// for the messages we sent, found by their WhatsApp id.
//
// The state machine is server/delivery/state.ts, the outbox's too: a state
// never moves back (WhatsApp delivers webhooks late, repeated and out of
// order), and a change is stored, fails the outbox row and is announced
// there. Here: finding the message by its WhatsApp id, a failure's plain
// sentence for staff with WhatsApp's code, title and details kept beside it
// (messages.failure), and what a failure means beyond the message (onFailed).
//
// A status can arrive before the answer to the send has stored the id on the
// message: it is held (whatsapp_held_statuses) and applied when the id is
// stored (applyHeldStatuses, called by the outbox dispatcher after a send).
import type { Kysely } from 'kysely';
import type { DB, MessageFailure } from '../../db/schema';
import type { EventBus } from '../../realtime/events';
import { DELIVERY_RANK, deliveryStates, type DeliveryChange } from '../../delivery/state';

export type WhatsAppStatus = {
  whatsappMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** WhatsApp's time of the status. */
  at: Date;
  /** For "failed": errors[0] of the status. */
  failure?: MessageFailure | null;
};

/** A failed status for a message we sent (e.g. 131047: the reply window had closed). */
export type StatusFailure = { conversationId: number; messageId: number; failure: MessageFailure };

export type StatusOptions = {
  /** Called after a message moved to failed (the Cloud sender decides what a code means beyond the message). */
  onFailed?: (failed: StatusFailure) => void | Promise<void>;
  log?: { error(details: object, message: string): void };
};

/** WhatsApp's codes that staff meet most, in words they can act on. */
const PLAIN: Record<number, string> = {
  131047: 'More than 24 hours have passed since the customer last wrote: send an approved template instead.',
  131026: 'WhatsApp could not deliver it to this number (not on WhatsApp, or an old version of the app).',
  131049: 'WhatsApp held this message back to keep the customer from getting too many business messages.',
  131050: 'The customer has stopped marketing messages from this business.',
  131053: 'WhatsApp could not read the attached file.',
};

/** The sentence staff read for a failure (clipped where it is stored). */
export function failureReason(failure: MessageFailure | null | undefined): string {
  const known = failure?.code != null ? PLAIN[failure.code] : undefined;
  const words = [failure?.title, failure?.details].filter((w): w is string => !!w && w.trim() !== '');
  const text =
    known ??
    (words.length > 0
      ? `WhatsApp could not deliver it: ${[...new Set(words)].join(' — ')}`
      : 'WhatsApp could not deliver it.');
  return failure?.code != null ? `${text} (WhatsApp error ${failure.code})` : text;
}

/**
 * Moves the message with this WhatsApp id to the status, forward only.
 * 'unknown' when no message has the id yet.
 */
async function move(
  db: Kysely<DB>,
  events: EventBus,
  { whatsappMessageId, status, failure }: WhatsAppStatus,
  options: StatusOptions,
): Promise<'applied' | 'ignored' | 'unknown'> {
  // messages_channel_external_id (migration 016).
  const found = await db
    .selectFrom('messages')
    .select('id')
    .where('external_id', '=', whatsappMessageId)
    .executeTakeFirst();
  if (!found) return 'unknown';
  const stored: MessageFailure = failure ?? { code: null, title: null, details: null };
  const change: DeliveryChange =
    status === 'failed' ? { status, reason: failureReason(stored), failure: stored } : { status };
  // A customer's message (no delivery state) or a state already there or further: old news.
  const moved = await deliveryStates(db, events).advance(found.id, change);
  if (!moved) return 'ignored';
  if (status === 'failed' && options.onFailed)
    try {
      await options.onFailed({ ...moved, failure: stored });
    } catch (error) {
      // The state is stored: a retry would find it failed already and not call this again.
      options.log?.error({ err: error, messageId: moved.messageId }, 'handling a failed WhatsApp status failed');
    }
  return 'applied';
}

/** A status from the webhook: applied, ignored (old news), or held until its message id is known. */
export async function applyStatus(
  db: Kysely<DB>,
  events: EventBus,
  status: WhatsAppStatus,
  options: StatusOptions = {},
): Promise<'applied' | 'ignored' | 'held'> {
  const result = await move(db, events, status, options);
  if (result !== 'unknown') return result;
  await hold(db, status);
  // The id may have been stored between the look-up and the hold, and the
  // dispatcher's applyHeldStatuses run before this row existed: look again.
  const known = await db
    .selectFrom('messages')
    .select('id')
    .where('external_id', '=', status.whatsappMessageId)
    .executeTakeFirst();
  if (known) await applyHeldStatuses(db, events, status.whatsappMessageId, options);
  return 'held';
}

const hold = (db: Kysely<DB>, { whatsappMessageId, status, at, failure }: WhatsAppStatus) =>
  db
    .insertInto('whatsapp_held_statuses')
    .values({
      whatsapp_message_id: whatsappMessageId,
      status,
      timestamp: at,
      error: failure ? JSON.stringify(failure) : null,
    })
    .onConflict((oc) => oc.columns(['whatsapp_message_id', 'status']).doNothing())
    .execute();

/**
 * Applies the statuses held for a WhatsApp id, earliest state first (so the
 * dashboard sees sent, then delivered, then read), and forgets them. Call it
 * once the id is stored on its message. Returns how many were held.
 */
export async function applyHeldStatuses(
  db: Kysely<DB>,
  events: EventBus,
  whatsappMessageId: string,
  options: StatusOptions = {},
): Promise<number> {
  // Taken and removed in one statement: two calls at once apply each row once.
  const held = await db
    .deleteFrom('whatsapp_held_statuses')
    .where('whatsapp_message_id', '=', whatsappMessageId)
    .returningAll()
    .execute();
  held.sort(
    (a, b) => DELIVERY_RANK[a.status] - DELIVERY_RANK[b.status] || a.timestamp.getTime() - b.timestamp.getTime(),
  );
  for (const row of held) {
    const status: WhatsAppStatus = {
      whatsappMessageId,
      status: row.status,
      at: row.timestamp,
      failure: row.error,
    };
    // Called before the id was stored after all: held again.
    if ((await move(db, events, status, options)) === 'unknown') await hold(db, status);
  }
  return held.length;
}

/** Held statuses older than this are of messages that will never be known here (sent from another app). */
export const HELD_STATUS_DAYS = 30;

/** Forgets statuses held longer than HELD_STATUS_DAYS; returns how many. */
export async function purgeHeldStatuses(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('whatsapp_held_statuses')
    .where('received_at', '<', new Date(now.getTime() - HELD_STATUS_DAYS * 86_400_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
