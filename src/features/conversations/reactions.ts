import type { Message } from '../../api/generated/model/message';
import type { MessageSender } from '../../api/generated/model/messageSender';

/** A reaction as it shows under the message it reacts to. */
export interface Reaction {
  sender: MessageSender;
  emoji: string;
}

export interface GroupedMessages {
  /** The messages to show as rows: every one but the reactions shown on their message. */
  shown: Message[];
  /** The reactions each shown message carries, by its id (only messages that have some). */
  reactions: Map<number, readonly Reaction[]>;
}

const isReaction = (message: Message) => message.attachment?.kind === 'reaction';

/**
 * Puts each reaction (beyond the spec: attachment kind "reaction") on the message
 * it reacts to, as WhatsApp does: a sender's later reaction to the same message
 * replaces the earlier one, and an empty one takes it back. A reaction whose
 * message is not in `messages` (not loaded yet, or unknown to the server) stays a
 * row of its own, its plain line. `messages` are oldest first.
 */
export function groupReactions(messages: readonly Message[]): GroupedMessages {
  if (!messages.some(isReaction)) return { shown: messages as Message[], reactions: new Map() };
  const targets = new Set(messages.filter((message) => !isReaction(message)).map((message) => message.id));
  const latest = new Map<number, Map<MessageSender, string>>();
  const shown: Message[] = [];
  for (const message of messages) {
    const target = message.attachment?.kind === 'reaction' ? message.attachment.reactsToMessageId : undefined;
    if (typeof target !== 'number' || !targets.has(target)) {
      shown.push(message);
      continue;
    }
    const bySender = latest.get(target) ?? new Map<MessageSender, string>();
    bySender.set(message.sender, message.attachment?.emoji?.trim() ?? '');
    latest.set(target, bySender);
  }
  const reactions = new Map<number, readonly Reaction[]>();
  for (const [target, bySender] of latest) {
    const list = [...bySender].filter(([, emoji]) => emoji !== '').map(([sender, emoji]) => ({ sender, emoji }));
    if (list.length > 0) reactions.set(target, list);
  }
  return { shown, reactions };
}
