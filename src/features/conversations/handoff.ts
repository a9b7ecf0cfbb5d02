// Why and since when a conversation needs a person (openapi.yaml's
// handoffReason, handoffAt, handoffCustomerText, beyond the spec). All three
// are optional: a backend without them leaves every screen as the spec's.
import type { Conversation } from '../../api/generated/model/conversation';
import type { HandoffReason } from '../../api/generated/model/handoffReason';
import { formatWaited } from '../../lib/format/duration';

/** Each reason in words, as a sentence about the customer or the conversation. */
export const handoffReasonLabels: Record<HandoffReason, string> = {
  product_not_found: 'Asked for a product the catalogue does not have',
  delivery_inquiry: 'Asks about delivery',
  payment_inquiry: 'Asks about payment',
  unclear_request: 'The bot could not place the request',
  person_requested: 'Asked to talk to a person',
  bot_off: 'The bot is off: staff answer every message',
  staff_marked: 'Marked by staff as needing a person',
};

export type Handoff = {
  /** The reason in words; absent when the backend does not say (or names a reason this dashboard does not know). */
  reason?: string;
  /** What the customer wrote that caused it. */
  customerText?: string;
  /** Since when (ms since the epoch). */
  since?: number;
};

/** The conversation's hand-off, or undefined when the backend says nothing of one. */
export function handoffOf(conversation: Conversation): Handoff | undefined {
  const { handoffReason, handoffAt, handoffCustomerText } = conversation;
  const reason = handoffReason ? (handoffReasonLabels as Partial<Record<string, string>>)[handoffReason] : undefined;
  const customerText = handoffCustomerText?.trim() || undefined;
  const parsed = handoffAt ? Date.parse(handoffAt) : NaN;
  const since = Number.isNaN(parsed) ? undefined : parsed;
  if (reason === undefined && customerText === undefined && since === undefined) return undefined;
  return { reason, customerText, since };
}

/** "Waiting 2 h": how long a person has been needed at `now`. */
export const waitingText = (since: number, now: number) => `Waiting ${formatWaited(now - since)}`;

/**
 * Why a control only Admin Takeover unlocks is disabled: the bot answers a Bot Active
 * conversation; an Admin Required one it has stopped answering, and a person must answer now.
 */
export function takeoverNoteText(action: 'reply' | 'send a template', conversation: Conversation): string {
  if (conversation.status !== 'admin_required')
    return `Only Admin Takeover can ${action}; the bot is answering this conversation.`;
  const reason = handoffOf(conversation)?.reason;
  return `Only Admin Takeover can ${action}; the bot has stopped and a person must answer now.${reason ? ` Reason: ${reason}.` : ''}`;
}

/** Waiting longest first, by handoffAt where the backend gives it (else in the order given). */
export function longestWaitingFirst(conversations: Conversation[]): Conversation[] {
  const since = (c: Conversation) => handoffOf(c)?.since ?? Infinity;
  return conversations
    .map((conversation, index) => ({ conversation, index }))
    .sort((a, b) => since(a.conversation) - since(b.conversation) || a.index - b.index)
    .map(({ conversation }) => conversation);
}
