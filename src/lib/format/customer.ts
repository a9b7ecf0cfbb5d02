// How a conversation's customer is named on screen, the same way everywhere.
import type { Conversation } from '../../api/generated/model/conversation';

/** What a conversation card shows for a customer without a name. */
export const UNKNOWN_CUSTOMER = 'Unknown Customer';
/** What the conversation detail heading shows for a customer without a name. */
export const UNNAMED_CONVERSATION_HEADING = 'Customer Conversation';

/**
 * The customer's name, trimmed. A missing name, or one of only spaces, counts
 * as none: then `fallback` stands in, by default the WhatsApp phone number.
 */
export function customerDisplayName(
  conversation: Pick<Conversation, 'customerName' | 'whatsappPhoneNumber'>,
  fallback: string = conversation.whatsappPhoneNumber,
): string {
  return conversation.customerName?.trim() || fallback;
}
