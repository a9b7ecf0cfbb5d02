// Messages to customers leave through the outbox: services write a row (and
// the message, 'queued') for the conversation's channel, and the channel's
// sender (server/channels: Channel.send, a registry by channel name) delivers
// pending rows. A channel without a sender leaves its rows pending (messages
// queued; nothing leaves the machine). WhatsApp's is the Cloud sender
// (server/channels/whatsapp/sender/cloud-sender.ts) when WhatsApp is configured, or a
// stand-in (server/channels/configure.ts).
//
// Delivery state: queued → sent when the sender accepted the
// message; delivered / read / failed when the sender reports them later
// (WhatsApp does so by webhook). The state machine, forward only, is
// server/delivery/state.ts; the outbox moves a message to sent or failed there.
//
// Retries: the outbox is a durable queue run by server/jobs/worker.ts. A
// failure that may pass (a network error, WhatsApp busy or rate-limited, any
// error that is not a PermanentDeliveryError) is tried again after a delay
// that doubles with each attempt (2 s, 4 s, 8 s… at most 5 minutes, with
// jitter so that many rows do not come back at once), or later when the
// error asks (retryAfterMs); after MAX_ATTEMPTS the message fails. A row is picked only when it is due, and never while an earlier
// message to the same customer is still waiting: a customer receives messages
// in the order they were written, and WhatsApp's per-customer limit (131056,
// wait 6 s) holds back only that customer. A PermanentDeliveryError fails the
// message at once with its reason in plain words.
import { sql, type Kysely } from 'kysely';
import type { DB, OutboxDocument, OutboxTemplate } from '../../db/schema';
import { deliveryStates } from '../state';
import type { Backoff } from '../../jobs/backoff';
import { errorText } from '../../jobs/error-text';
import { jobWorker, type JobQueue } from '../../jobs/worker';
import type { EventBus } from '../../realtime/events';

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
  /**
   * A document sent with the message (a quote's PDF): an absolute URL the
   * channel fetches it from (unguessable, served without a session), the file
   * name the customer sees, and the caption (the same text as `content`). With
   * a template, the template's document header carries it.
   */
  document?: OutboxDocument;
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

/** What a sender may report for an accepted message: the channel's id of it, which its status reports name. */
export type SendResult = { externalId?: string } | void;

export interface OutboxSender {
  readonly name: string;
  /**
   * Resolves when the message was accepted (with the channel's id of the
   * message when there is one); throws to have it retried (TransientDeliveryError or any
   * error) or failed at once (PermanentDeliveryError).
   */
  send(message: OutgoingMessage): Promise<SendResult>;
  /** Called once at start with the function to call for each later report (e.g. from a webhook). */
  onReport?(report: (report: DeliveryReport) => Promise<void>): void;
}

/** What the outbox knows of a channel: its sender, and its reply window when it has one. */
export type OutboxChannel = {
  sender: OutboxSender;
  /** WhatsApp's 24 hours: a refusal with closeWindow then closes the conversation's window now. */
  replyWindowMs?: number;
};

/** The channels that can send, by name (outbox.channel): server/channels builds it from the configured channels. */
export type OutboxSenders = ReadonlyMap<string, OutboxChannel>;

/** A logger such as Fastify's (pino): an object of fields, then the line. */
export type OutboxLog = {
  error(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
};

/** What the dispatcher calls on the way; all optional, settable after start (configure). */
export type OutboxHooks = {
  /** After a sent message's external id is stored: statuses that arrived before it can now be applied (WhatsApp's). */
  afterSent?: (externalId: string, channel: string) => unknown;
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
/** The backoff between attempts (server/jobs/backoff.ts): 2 s doubling, at most 5 minutes, half to all of it. */
export const OUTBOX_BACKOFF: Backoff = { firstMs: 2_000, maxMs: 5 * 60_000 };
/** A staff notification for the same channel failure (code) at most this often. */
const NOTIFY_EVERY_MS = 60 * 60_000;
const BATCH = 100;

const externalIdOf = (result: unknown): string | null => {
  if (typeof result !== 'object' || result === null || !('externalId' in result)) return null;
  const id = (result as { externalId?: unknown }).externalId;
  return typeof id === 'string' && id.length > 0 ? id : null;
};

/** A failure after the send was accepted (storing the outcome): not the message's failure, so not retried as one. */
class AfterSend extends Error {}

/** Delivers pending outbox rows, each with its channel's sender; one run at a time (server/jobs/worker.ts). */
export function outboxDispatcher(
  db: Kysely<DB>,
  senders: OutboxSenders,
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
  const delivery = deliveryStates(db, events);
  /** Every message waits until then (a rate limit on the whole channel). */
  let pausedUntil = 0;
  /** Customers (channel + address) whose earlier message failed in this batch: their later ones wait behind it. */
  let held = new Set<string>();
  const customerOf = (row: { channel: string; to_address: string }) => `${row.channel}\n${row.to_address}`;
  const channels = [...senders.keys()];
  /** When staff were last told of each channel failure code. */
  const notified = new Map<number, number>();
  const paused = () => pausedUntil > now().getTime();

  /** A hook's failure is logged, never turned into a failed or repeated send. */
  async function safely(what: string, work: () => unknown) {
    try {
      await work();
    } catch (error) {
      hooks.log?.error({ err: errorText(error) }, `outbox: ${what} failed`);
    }
  }

  /**
   * The channel said the customer's reply window has closed (WhatsApp's 24
   * hours, 131047): the conversation's window is made to end now, so the dashboard offers
   * templates and refuses free text. The window is derived from the
   * customer's last message everywhere (list, filters, replyWindowClosesAt),
   * so that time is moved back to 24 hours ago — only when the customer
   * wrote before this attempt began: a message that arrived meanwhile has
   * reopened the window for real.
   */
  async function closeWindow(conversationId: number, attemptStarted: Date, windowMs: number) {
    const at = now();
    const closedSince = new Date(at.getTime() - windowMs);
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

  async function delivered(row: { id: number; message_id: number | null; channel: string }, externalId: string | null) {
    await db
      .updateTable('outbox')
      .set({
        status: 'sent',
        sent_at: now(),
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: null,
        external_id: externalId,
      })
      .where('id', '=', row.id)
      .execute();
    if (row.message_id !== null && externalId !== null) {
      const messageId = row.message_id;
      // Sent is sent: a failure to record the id (a duplicate id from a mock) must not send it again.
      await safely("storing the message's external id", () =>
        db
          .updateTable('messages')
          .set({ external_id: externalId, channel: row.channel })
          .where('id', '=', messageId)
          .execute(),
      );
    }
    if (row.message_id !== null) await delivery.advance(row.message_id, { status: 'sent' });
    if (externalId !== null && hooks.afterSent)
      await safely('applying held statuses', () => hooks.afterSent!(externalId, row.channel));
  }

  type Row = Awaited<ReturnType<typeof due>>[number] & { attemptStarted?: Date };
  /** Pending rows due now, oldest first, none behind an earlier row to the same customer that is still waiting. */
  function due(at: Date, limit: number) {
    return db
      .selectFrom('outbox')
      .selectAll('outbox')
      .where('outbox.status', '=', 'pending')
      .where('outbox.channel', 'in', channels)
      .where((eb) => eb.or([eb('outbox.next_attempt_at', 'is', null), eb('outbox.next_attempt_at', '<=', at)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('outbox as earlier')
              .select('earlier.id')
              .where('earlier.status', '=', 'pending')
              .whereRef('earlier.to_address', '=', 'outbox.to_address')
              .whereRef('earlier.channel', '=', 'outbox.channel')
              .whereRef('earlier.id', '<', 'outbox.id')
              .where('earlier.next_attempt_at', '>', at),
          ),
        ),
      )
      .orderBy('outbox.id')
      .limit(limit)
      .execute();
  }

  /** What a permanent failure means beyond the message: the reply window, staff, the templates. */
  async function consequences(
    channel: string,
    conversationId: number,
    error: PermanentDeliveryError,
    attemptStarted: Date,
  ) {
    const windowMs = senders.get(channel)?.replyWindowMs;
    if (error.closeWindow && windowMs !== undefined)
      await safely('closing the reply window', () => closeWindow(conversationId, attemptStarted, windowMs));
    if (error.notifyStaff) await tellStaff(conversationId, error);
    if (error.resyncTemplates && hooks.resyncTemplates)
      // Not awaited: the sync reads every page from Meta; the outbox goes on.
      void safely('the template sync', () => hooks.resyncTemplates!());
  }

  const queue: JobQueue<Row> = {
    name: 'outbox',
    async claim(at, limit) {
      held = new Set();
      return paused() ? [] : due(at, limit);
    },
    async run(row) {
      // A pause that began during this batch holds the rest of it; so does an earlier failure to the same customer.
      if (paused() || held.has(customerOf(row))) return false;
      const sender = senders.get(row.channel)?.sender;
      if (!sender) return false;
      row.attemptStarted = now();
      const result = await sender.send({
        id: row.id,
        conversationId: row.conversation_id,
        to: row.to_address,
        content: row.content,
        kind: row.kind,
        ...(row.template && { template: row.template }),
        ...(row.document && { document: row.document }),
      });
      await delivered(row, externalIdOf(result)).catch((error: unknown) => {
        throw new AfterSend(errorText(error), { cause: error });
      });
    },
    attempt: (row) => row.attempts + 1,
    judge(error) {
      if (error instanceof AfterSend) {
        hooks.log?.error({ err: error.message }, 'outbox: sending failed');
        return { leave: true };
      }
      if (error instanceof PermanentDeliveryError) return { giveUp: true };
      return { retry: true, notBeforeMs: error instanceof TransientDeliveryError ? error.retryAfterMs : undefined };
    },
    async reschedule(row, { error, at, cause }) {
      await db
        .updateTable('outbox')
        .set({ attempts: sql<number>`attempts + 1`, last_error: error, status: 'pending', next_attempt_at: at })
        .where('id', '=', row.id)
        .execute();
      // The customer's later messages wait behind this one.
      held.add(customerOf(row));
      if (cause instanceof TransientDeliveryError && cause.pauseAll) pausedUntil = Math.max(pausedUntil, at.getTime());
    },
    async giveUp(row, { error, why, cause }) {
      await db
        .updateTable('outbox')
        .set({ attempts: sql<number>`attempts + 1`, last_error: error, status: 'failed', next_attempt_at: null })
        .where('id', '=', row.id)
        .execute();
      if (row.message_id !== null)
        await delivery.advance(row.message_id, {
          status: 'failed',
          reason:
            why === 'permanent'
              ? error
              : `WhatsApp did not accept the message after ${MAX_ATTEMPTS} attempts. Last answer: ${error}`,
        });
      if (cause instanceof PermanentDeliveryError)
        await consequences(row.channel, row.conversation_id, cause, row.attemptStarted ?? now());
    },
    /** When the next waiting row falls due, or the pause ends. */
    async nextDue() {
      const next = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', '=', 'pending')
        .where('channel', 'in', channels)
        .where('next_attempt_at', 'is not', null)
        .executeTakeFirst();
      const at = Math.min(next?.at ? new Date(next.at).getTime() : Infinity, paused() ? pausedUntil : Infinity);
      return at === Infinity ? null : new Date(at);
    },
  };
  const worker = channels.length
    ? jobWorker(queue, {
        backoff: {
          ...OUTBOX_BACKOFF,
          firstMs: options.baseDelayMs ?? OUTBOX_BACKOFF.firstMs,
          maxMs: options.maxDelayMs ?? OUTBOX_BACKOFF.maxMs,
        },
        maxAttempts: MAX_ATTEMPTS,
        batch: BATCH,
        now,
        random: options.random,
        log: (message, error) => hooks.log?.error({ err: errorText(error) }, message),
      })
    : undefined;

  const dispatcher = {
    /** The senders by channel name. */
    senders,
    /** Sends what is due: called after a service queued a message, and by the retry timer. */
    kick(): void {
      worker?.kick();
    },
    idle: async () => {
      await worker?.idle();
    },
    /** Hooks known only after start (main.ts: the webhook's held statuses, the template sync, the logger). */
    configure(more: OutboxHooks): void {
      for (const key of Object.keys(more) as (keyof OutboxHooks)[])
        if (more[key] !== undefined) Object.assign(hooks, { [key]: more[key] });
    },
    /** Stops the retry timer; a run in progress ends after its current message. */
    close(): void {
      void worker?.stop();
    },
    /**
     * The channel failed a message after accepting it (a failed status from
     * WhatsApp's webhook, e.g. 131047 when the window had closed): the same
     * consequences as a refusal at send time. The message's state is the
     * status report's business.
     */
    async failedLater(messageId: number, error: PermanentDeliveryError): Promise<void> {
      const message = await db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
        .select(['messages.conversation_id', 'messages.timestamp', 'conversations.channel'])
        .where('messages.id', '=', messageId)
        .executeTakeFirst();
      if (message) await consequences(message.channel, message.conversation_id, error, message.timestamp);
    },
    /** A sender's later report about an outbox row it sent. Unknown rows are ignored. */
    async report({ id, status, reason }: DeliveryReport): Promise<void> {
      const row = await db.selectFrom('outbox').select('message_id').where('id', '=', id).executeTakeFirst();
      if (row?.message_id == null) return;
      await delivery.advance(
        row.message_id,
        status === 'failed' ? { status, reason: reason ?? 'not delivered' } : { status },
      );
    },
  };
  for (const sender of new Set([...senders.values()].map((c) => c.sender)))
    sender.onReport?.((report) => dispatcher.report(report));
  return dispatcher;
}
