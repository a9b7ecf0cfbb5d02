// Messages to customers leave through the outbox: services write a row (and
// the message, 'queued'), and a sender delivers pending rows. The default
// records only (rows stay pending, messages queued; nothing leaves the
// machine). The WhatsApp Cloud sender (server/whatsapp/sender/cloud-sender.ts)
// is used when WhatsApp is configured; any other sender is a module whose
// default export implements OutboxSender, named by OUTBOX_SENDER.
//
// Delivery state: queued → sent when the sender accepted the
// message; delivered / read / failed when the sender reports them later
// (WhatsApp does so by webhook). Every change is stored on the message and
// announced as a message_status event. A state never moves back: a late
// "delivered" does not undo "read", nothing follows "failed" but a retry.
//
// Retries: a failure that may pass (a network error, WhatsApp busy
// or rate-limited, any error that is not a PermanentDeliveryError) is tried
// again after a delay that doubles with each attempt (2 s, 4 s, 8 s… at most
// 5 minutes, with jitter so that many rows do not come back at once), or
// later when the error asks (retryAfterMs); after MAX_ATTEMPTS the message
// fails. A row is picked only when it is due, and never while an earlier
// message to the same customer is still waiting: a customer receives messages
// in the order they were written, and WhatsApp's per-customer limit (131056,
// wait 6 s) holds back only that customer. A PermanentDeliveryError fails the
// message at once with its reason in plain words.
import { sql, type Kysely } from 'kysely';
import type { DB, DeliveryStatus, OutboxTemplate } from '../db/schema';
import type { EventBus } from '../realtime/events';
import { clip } from '../text';

export type OutgoingMessage = {
  /** The outbox row: what a later report names. */
  id: number;
  conversationId: number;
  to: string;
  /** The text the customer sees (for a template, its filled body). */
  content: string;
  /** Who wrote it: staff, the follow-up check, or the bot (a product card is the bot's or staff's text). */
  kind: 'admin_reply' | 'follow_up' | 'bot_reply';
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

export type PermanentDeliveryOptions = {
  /** The channel's error code (WhatsApp's Graph error code), for the log. */
  code?: number;
  /** The customer's 24-hour reply window has closed (WhatsApp 131047): the dashboard offers templates. */
  closeWindow?: boolean;
  /** Nothing can be sent until staff act (a revoked token, a blocked account): a notification and an error log line. */
  notifyStaff?: boolean;
  /** The templates WhatsApp knows differ from ours (132001): sync them again. */
  resyncTemplates?: boolean;
};

/**
 * Thrown by a sender for a message WhatsApp will never take (the number is
 * not on WhatsApp, a template is not approved): it fails at once, with
 * `message` as the reason staff read, instead of being tried again.
 */
export class PermanentDeliveryError extends Error {
  readonly code?: number;
  readonly closeWindow: boolean;
  readonly notifyStaff: boolean;
  readonly resyncTemplates: boolean;
  constructor(reason: string, options: PermanentDeliveryOptions = {}) {
    super(reason);
    this.name = 'PermanentDeliveryError';
    this.code = options.code;
    this.closeWindow = options.closeWindow ?? false;
    this.notifyStaff = options.notifyStaff ?? false;
    this.resyncTemplates = options.resyncTemplates ?? false;
  }
}

export type TransientDeliveryOptions = {
  code?: number;
  /** Try this message (and the next ones to the same customer) again no sooner than this. */
  retryAfterMs?: number;
  /** The whole channel is rate-limited: hold every message, not only this customer's, until then. */
  pauseAll?: boolean;
};

/** Thrown by a sender for a failure that may pass: the message is tried again later (any other Error is too). */
export class TransientDeliveryError extends Error {
  readonly code?: number;
  readonly retryAfterMs?: number;
  readonly pauseAll: boolean;
  constructor(reason: string, options: TransientDeliveryOptions = {}) {
    super(reason);
    this.name = 'TransientDeliveryError';
    this.code = options.code;
    this.retryAfterMs = options.retryAfterMs;
    this.pauseAll = options.pauseAll ?? false;
  }
}

/** What a sender may report for an accepted message. */
export type SendResult = { whatsappMessageId?: string } | void;

export interface OutboxSender {
  readonly name: string;
  /**
   * Resolves when the message was accepted (with WhatsApp's message id when
   * there is one); throws to have it retried (TransientDeliveryError or any
   * error) or failed at once (PermanentDeliveryError).
   */
  send(message: OutgoingMessage): Promise<SendResult>;
  /** Called once at start with the function to call for each later report (e.g. from a webhook). */
  onReport?(report: (report: DeliveryReport) => Promise<void>): void;
}

/** A logger such as Fastify's (pino): an object of fields, then the line. */
export type OutboxLog = {
  error(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
};

/** What the dispatcher calls on the way; all optional, settable after start (configure). */
export type OutboxHooks = {
  /** After a sent message's WhatsApp id is stored: statuses that arrived before it can now be applied. */
  afterSent?: (whatsappMessageId: string) => unknown;
  /** A template unknown to WhatsApp (132001): fetch the approved templates again. */
  resyncTemplates?: () => unknown;
  /** A staff notification on the conversation whose message could not be sent. */
  notifyStaff?: (conversationId: number, message: string) => Promise<unknown>;
  log?: OutboxLog;
};

export type OutboxOptions = OutboxHooks & {
  /** The clock of next_attempt_at and of the reply window (the services' clock). */
  now?: () => Date;
  /** 0 ≤ x < 1, for the jitter (tests pass a constant). */
  random?: () => number;
  /** The first retry's delay before jitter (default 2 s); doubled for each attempt after. */
  baseDelayMs?: number;
  /** The longest delay between two attempts (default 5 minutes). */
  maxDelayMs?: number;
};

/**
 * Attempts before a message fails: with delays of 2 s doubling up to 5
 * minutes, about 14 minutes of trying, long enough for a short WhatsApp
 * outage or a network blip, short enough that staff learn within the quarter
 * hour that a customer did not get a reply (and can press Retry).
 */
export const MAX_ATTEMPTS = 10;
const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;
/** A staff notification for the same channel failure (code) at most this often. */
const NOTIFY_EVERY_MS = 60 * 60_000;
const REPLY_WINDOW_MS = 24 * 60 * 60_000;
const BATCH = 100;
const REASON_MAX = 500;
/** Later states rank higher; a report of a lower or equal rank is old news. */
export const DELIVERY_RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * The states a message may move to `status` from: failure follows only a
 * message not yet delivered; the others only an earlier state that is not
 * failed. The one forward-only rule, for the outbox and WhatsApp's statuses.
 */
export const statesBefore = (status: DeliveryStatus): DeliveryStatus[] =>
  status === 'failed'
    ? ['queued', 'sent']
    : (Object.keys(DELIVERY_RANK) as DeliveryStatus[]).filter(
        (s) => DELIVERY_RANK[s] < DELIVERY_RANK[status] && s !== 'failed',
      );

const plain = (error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim() || 'no reason given';
};
const messageIdOf = (result: unknown): string | null => {
  if (typeof result !== 'object' || result === null || !('whatsappMessageId' in result)) return null;
  const id = (result as { whatsappMessageId?: unknown }).whatsappMessageId;
  return typeof id === 'string' && id.length > 0 ? id : null;
};

/**
 * The delay before attempt `attempts + 1`: base × 2^(attempts − 1), at most
 * `max`, then between half and all of it (jitter), and never less than the
 * error asked for.
 */
export function retryDelay(
  attempts: number,
  options: { random?: () => number; baseDelayMs?: number; maxDelayMs?: number; retryAfterMs?: number } = {},
): number {
  const base = options.baseDelayMs ?? BASE_DELAY_MS;
  const max = options.maxDelayMs ?? MAX_DELAY_MS;
  const full = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(full * (0.5 + (options.random ?? Math.random)() / 2));
  return Math.max(jittered, options.retryAfterMs ?? 0);
}

/** Delivers pending outbox rows with `sender`; one run at a time. */
export function outboxDispatcher(
  db: Kysely<DB>,
  sender: OutboxSender | undefined,
  events: EventBus,
  options: OutboxOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const hooks: OutboxHooks = {
    afterSent: options.afterSent,
    resyncTemplates: options.resyncTemplates,
    notifyStaff: options.notifyStaff,
    log: options.log,
  };
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  /** Every message waits until then (a rate limit on the whole channel). */
  let pausedUntil = 0;
  /** When staff were last told of each channel failure code. */
  const notified = new Map<number, number>();

  /** Moves a message to `status` unless it is already there or further; announces a change. */
  async function setState(messageId: number, status: DeliveryStatus, reason: string | null = null) {
    const allowedFrom = statesBefore(status);
    const row = await db
      .updateTable('messages')
      .set({
        delivery_status: status,
        failure_reason: status === 'failed' ? clip(reason ?? 'not delivered', REASON_MAX) : null,
      })
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

  /** A hook's failure is logged, never turned into a failed or repeated send. */
  async function safely(what: string, work: () => unknown) {
    try {
      await work();
    } catch (error) {
      hooks.log?.error({ err: plain(error) }, `outbox: ${what} failed`);
    }
  }

  /**
   * WhatsApp said the customer's 24-hour window has closed (131047): the
   * conversation's window is made to end now, so the dashboard offers
   * templates and refuses free text. The window is derived from the
   * customer's last message everywhere (list, filters, replyWindowClosesAt),
   * so that time is moved back to 24 hours ago — only when the customer
   * wrote before this attempt began: a message that arrived meanwhile has
   * reopened the window for real.
   */
  async function closeWindow(conversationId: number, attemptStarted: Date) {
    const at = now();
    const closedSince = new Date(at.getTime() - REPLY_WINDOW_MS);
    const moved = await db
      .updateTable('conversations')
      .set({ last_customer_message_at: closedSince })
      .where('id', '=', conversationId)
      .where('last_customer_message_at', '>', closedSince)
      .where('last_customer_message_at', '<=', attemptStarted)
      .returning('id')
      .executeTakeFirst();
    if (moved) events.publish({ type: 'conversation_update', data: { id: conversationId } });
  }

  async function tellStaff(conversationId: number, error: PermanentDeliveryError) {
    const code = error.code ?? 0;
    // The reason is ours (graph-errors.ts), never the token or Meta's raw answer.
    hooks.log?.error({ code, conversationId }, `WhatsApp refused to send: ${error.message}`);
    const last = notified.get(code);
    const at = now().getTime();
    if (last !== undefined && at - last < NOTIFY_EVERY_MS && at >= last) return;
    notified.set(code, at);
    if (hooks.notifyStaff)
      await safely('the staff notification', () =>
        hooks.notifyStaff!(conversationId, `Messages to customers are not being sent. ${error.message}`),
      );
  }

  async function delivered(row: { id: number; message_id: number | null }, whatsappMessageId: string | null) {
    await db
      .updateTable('outbox')
      .set({
        status: 'sent',
        sent_at: now(),
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: null,
        whatsapp_message_id: whatsappMessageId,
      })
      .where('id', '=', row.id)
      .execute();
    if (row.message_id !== null && whatsappMessageId !== null) {
      const messageId = row.message_id;
      // Sent is sent: a failure to record the id (a duplicate id from a mock) must not send it again.
      await safely('storing the WhatsApp message id', () =>
        db
          .updateTable('messages')
          .set({ whatsapp_message_id: whatsappMessageId })
          .where('id', '=', messageId)
          .execute(),
      );
    }
    if (row.message_id !== null) await setState(row.message_id, 'sent');
    if (whatsappMessageId !== null && hooks.afterSent)
      await safely('applying held statuses', () => hooks.afterSent!(whatsappMessageId));
  }

  type Row = Awaited<ReturnType<typeof due>>[number];
  /** Pending rows due now, oldest first, none behind an earlier row to the same customer that is still waiting. */
  function due(at: Date) {
    return db
      .selectFrom('outbox')
      .selectAll('outbox')
      .where('outbox.status', '=', 'pending')
      .where((eb) => eb.or([eb('outbox.next_attempt_at', 'is', null), eb('outbox.next_attempt_at', '<=', at)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('outbox as earlier')
              .select('earlier.id')
              .where('earlier.status', '=', 'pending')
              .whereRef('earlier.to_phone', '=', 'outbox.to_phone')
              .whereRef('earlier.id', '<', 'outbox.id')
              .where('earlier.next_attempt_at', '>', at),
          ),
        ),
      )
      .orderBy('outbox.id')
      .limit(BATCH)
      .execute();
  }

  async function failedAttempt(row: Row, error: unknown, attemptStarted: Date, held: Set<string>) {
    const permanent = error instanceof PermanentDeliveryError ? error : undefined;
    const transient = error instanceof TransientDeliveryError ? error : undefined;
    const attempts = row.attempts + 1;
    const last = permanent !== undefined || attempts >= MAX_ATTEMPTS;
    const delay = last
      ? 0
      : retryDelay(attempts, {
          random: options.random,
          baseDelayMs: options.baseDelayMs,
          maxDelayMs: options.maxDelayMs,
          retryAfterMs: transient?.retryAfterMs,
        });
    const nextAttempt = last ? null : new Date(now().getTime() + delay);
    await db
      .updateTable('outbox')
      .set({
        attempts: sql<number>`attempts + 1`,
        last_error: clip(plain(error), REASON_MAX),
        status: last ? 'failed' : 'pending',
        next_attempt_at: nextAttempt,
      })
      .where('id', '=', row.id)
      .execute();
    if (!last) {
      // The customer's later messages wait behind this one.
      held.add(row.to_phone);
      if (transient?.pauseAll) pausedUntil = Math.max(pausedUntil, nextAttempt!.getTime());
      return;
    }
    if (row.message_id !== null)
      await setState(
        row.message_id,
        'failed',
        permanent
          ? plain(error)
          : `WhatsApp did not accept the message after ${MAX_ATTEMPTS} attempts. Last answer: ${plain(error)}`,
      );
    if (permanent) await consequences(row.conversation_id, permanent, attemptStarted);
  }

  /** What a permanent failure means beyond the message: the reply window, staff, the templates. */
  async function consequences(conversationId: number, error: PermanentDeliveryError, attemptStarted: Date) {
    if (error.closeWindow) await safely('closing the reply window', () => closeWindow(conversationId, attemptStarted));
    if (error.notifyStaff) await tellStaff(conversationId, error);
    if (error.resyncTemplates && hooks.resyncTemplates)
      // Not awaited: the sync reads every page from Meta; the outbox goes on.
      void safely('the template sync', () => hooks.resyncTemplates!());
  }

  async function run() {
    if (!sender) return;
    if (pausedUntil > now().getTime()) return;
    const rows = await due(now());
    const held = new Set<string>();
    for (const row of rows) {
      if (closed || pausedUntil > now().getTime()) break;
      if (held.has(row.to_phone)) continue;
      const attemptStarted = now();
      let result: SendResult;
      try {
        result = await sender.send({
          id: row.id,
          conversationId: row.conversation_id,
          to: row.to_phone,
          content: row.content,
          kind: row.kind,
          ...(row.template && { template: row.template }),
        });
      } catch (error) {
        await failedAttempt(row, error, attemptStarted, held);
        continue;
      }
      await delivered(row, messageIdOf(result));
    }
    // A full batch: there may be more due.
    if (rows.length === BATCH && !closed) again = true;
  }

  /** Wakes the dispatcher when the next waiting row falls due (or a pause ends). */
  async function schedule() {
    if (!sender || closed) return;
    const next = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('status', '=', 'pending')
      .where('next_attempt_at', 'is not', null)
      .executeTakeFirst();
    const candidates = [next?.at ? new Date(next.at).getTime() : Infinity];
    if (pausedUntil > now().getTime()) candidates.push(pausedUntil);
    const at = Math.min(...candidates);
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (at === Infinity || closed) return;
    // At least 50 ms (a row due now, while a pause holds); at most what setTimeout takes.
    const wait = Math.min(Math.max(at - now().getTime(), 50), 2_147_483_647);
    timer = setTimeout(() => {
      timer = undefined;
      dispatcher.kick();
    }, wait);
    timer.unref();
  }

  const dispatcher = {
    sender,
    /** Sends what is due: called after a service queued a message, and by the retry timer. */
    kick(): void {
      if (!sender || closed) return;
      if (running) {
        // A message queued during a run is sent by the run after it.
        again = true;
        return;
      }
      running = run()
        .catch((error) => hooks.log?.error({ err: plain(error) }, 'outbox: sending failed'))
        .then(() => (again ? undefined : schedule()))
        .catch((error) => hooks.log?.error({ err: plain(error) }, 'outbox: scheduling the next attempt failed'))
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
    /** Hooks known only after start (main.ts: the webhook's held statuses, the template sync, the logger). */
    configure(more: OutboxHooks): void {
      for (const key of Object.keys(more) as (keyof OutboxHooks)[])
        if (more[key] !== undefined) Object.assign(hooks, { [key]: more[key] });
    },
    /** Stops the retry timer; a run in progress ends after its current message. */
    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    /**
     * WhatsApp failed a message after accepting it (a failed status from the
     * webhook, e.g. 131047 when the window had closed): the same consequences
     * as a refusal at send time. The message's state is the webhook's business.
     */
    async failedLater(messageId: number, error: PermanentDeliveryError): Promise<void> {
      const message = await db
        .selectFrom('messages')
        .select(['conversation_id', 'timestamp'])
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (message) await consequences(message.conversation_id, error, message.timestamp);
    },
    /** A sender's later report about an outbox row it sent. Unknown rows are ignored. */
    async report({ id, status, reason }: DeliveryReport): Promise<void> {
      const row = await db.selectFrom('outbox').select('message_id').where('id', '=', id).executeTakeFirst();
      if (row?.message_id == null) return;
      if (status === 'failed')
        await db
          .updateTable('outbox')
          .set({ status: 'failed', last_error: clip(reason ?? '', REASON_MAX) })
          .where('id', '=', id)
          .execute();
      await setState(row.message_id, status, reason ?? null);
    },
  };
  sender?.onReport?.((report) => dispatcher.report(report));
  return dispatcher;
}
