// Beyond the spec: a template's variables filled from the conversation, as the
// quick replies are (customer name, product of interest, its price range, the
// current offer). Approved templates name their variables only by label, so the
// label says which value goes in; a label that names none of them (a delivery
// date, an amount due) stays for staff to fill.
import type { Conversation } from '../../api/generated/model/conversation';
import type { MessageTemplate } from '../../api/generated/model/messageTemplate';
import type { Product } from '../../api/generated/model/product';
import type { QuickReplyValues, QuickReplyVariable } from '../../lib/quick-replies/variables';
import { quickReplyValues } from './components/quick-replies-picker';

/** The conversation value a template variable's label asks for, or null. */
export function templateVariableSource(label: string): QuickReplyVariable | null {
  const words = label.toLowerCase();
  if (/\boffer/.test(words)) return 'offerPrice';
  if (/\bprice/.test(words)) return 'priceRange';
  if (/\b(product|item|stone|slab|sink)/.test(words)) return 'productName';
  if (/\b(customer|client|name)\b/.test(words)) return 'customerName';
  return null;
}

/**
 * The conversation's values: the product of interest is its current product (name and
 * price range), else the product it mentioned last (name only).
 */
export function conversationValues(
  conversation: Conversation | undefined,
  product: Product | undefined,
): QuickReplyValues {
  const values = quickReplyValues(conversation, product);
  if (!values.productName?.trim()) {
    const mentioned = conversation?.productsMentioned ?? [];
    values.productName = mentioned.length > 0 ? mentioned[mentioned.length - 1] : null;
  }
  return values;
}

/** One value per variable of the template: what the conversation knows, else ''. */
export function prefillTemplate(template: Pick<MessageTemplate, 'variables'>, values: QuickReplyValues): string[] {
  return template.variables.map((variable) => {
    const source = templateVariableSource(variable.label);
    return (source && values[source]?.trim()) || '';
  });
}
