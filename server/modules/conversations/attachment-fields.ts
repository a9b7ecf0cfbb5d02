// The fields of the contract's MessageAttachment taken from the stored
// attachment (server/db/schema.ts), shared by the JavaScript mapper (mapper.ts,
// the reference) and the JSON PostgreSQL builds (repository.ts), so the two
// cannot drift apart.

/**
 * Text fields with the contract's longest text. A longer one (a customer's
 * long file name, many shared contacts) is cut to it, in characters (code
 * points) as JSON Schema's maxLength and PostgreSQL's left() count them.
 */
export const ATTACHMENT_TEXT_LIMITS = {
  mimeType: 255,
  filename: 255,
  caption: 1024,
  name: 1000,
  address: 1000,
  emoji: 32,
  title: 1024,
} as const;

/** Fields copied when they are numbers. */
export const ATTACHMENT_NUMBERS = ['size', 'latitude', 'longitude'] as const;

/** Where a stored file is served (GET /api/conversations/{id}/messages/{messageId}/attachment). */
export const attachmentUrl = (conversationId: number, messageId: number) =>
  `/api/conversations/${conversationId}/messages/${messageId}/attachment`;
