// Quick replies (GET /api/quick-replies) may hold these placeholders; the
// composer fills them from the conversation on screen. The server stores the
// text as written: filling is the dashboard's, so Settings and the composer
// share this one list.

export const QUICK_REPLY_VARIABLES = [
  { name: 'customerName', label: "The customer's name" },
  { name: 'productName', label: 'The product the customer is looking at' },
  { name: 'priceRange', label: "That product's price range in KES" },
  { name: 'offerPrice', label: 'The current offer in KES' },
] as const;

export type QuickReplyVariable = (typeof QUICK_REPLY_VARIABLES)[number]['name'];
export type QuickReplyValues = Partial<Record<QuickReplyVariable, string | null>>;

const PLACEHOLDER = /\{\{\s*(customerName|productName|priceRange|offerPrice)\s*\}\}/g;

/**
 * The content with every known placeholder replaced by its value. A
 * placeholder without a value (no name, no product, no offer) is left in the
 * text as written, and named in `missing`, so staff see what to fill in by hand.
 */
export function fillQuickReply(
  content: string,
  values: QuickReplyValues,
): { text: string; missing: QuickReplyVariable[] } {
  const missing = new Set<QuickReplyVariable>();
  const text = content.replace(PLACEHOLDER, (whole, name: QuickReplyVariable) => {
    const value = values[name]?.trim();
    if (value) return value;
    missing.add(name);
    return whole;
  });
  return { text, missing: [...missing] };
}
