import { useQueryClient } from '@tanstack/react-query';
import { getGetProductQueryOptions, useGetProduct } from '../../../api/generated/endpoints/products/products';
import type { Conversation } from '../../../api/generated/model/conversation';
import type { Product } from '../../../api/generated/model/product';
import type { QuickReply } from '../../../api/generated/model/quickReply';
import { formatKES, formatPriceRange } from '../../../lib/format/money';
import { fillQuickReply, type QuickReplyValues, type QuickReplyVariable } from '../../../lib/quick-replies/variables';
import { PickerDialog } from './quick-replies-dialog';

/** The values a quick reply's placeholders are filled with, from the conversation and its current product. */
export function quickReplyValues(
  conversation: Conversation | undefined,
  product: Product | undefined,
): QuickReplyValues {
  const offer = conversation?.currentOfferPrice;
  return {
    customerName: conversation?.customerName,
    productName: product?.name,
    priceRange: product ? formatPriceRange(product.startingPrice, product.endingPrice) : null,
    offerPrice: offer === null || offer === undefined ? null : formatKES(offer),
  };
}

const NEEDS_PRODUCT = /\{\{\s*(productName|priceRange)\s*\}\}/;

/**
 * The text a reply inserts in this conversation: its Swahili text when the
 * customer writes Swahili and the reply has one, else the English text (also
 * when the backend does not say the customer's language).
 */
const quickReplyText = (reply: QuickReply, conversation: Conversation | undefined): string =>
  (conversation?.customerLanguage === 'sw' && reply.contentSw) || reply.content;

/** The first line with something on it: what the list shows under a reply's title. */
const firstLine = (content: string) => content.split('\n').find((line) => line.trim() !== '') ?? '';

interface QuickRepliesPickerProps {
  visible: boolean;
  replies: readonly QuickReply[];
  conversation?: Conversation;
  onHide: () => void;
  /** The chosen reply, filled; `missing` names the placeholders left as written for want of a value. */
  onInsert: (text: string, missing: QuickReplyVariable[]) => void;
}

/**
 * Staff's saved answers (GET /api/quick-replies) in a searchable dialog. The
 * chosen one is filled from the conversation: customer name, offer, and the
 * current product's name and price range (that product is fetched only once
 * the picker is used, and waited for when the reply names it).
 */
export function QuickRepliesPicker({ visible, replies, conversation, onHide, onInsert }: QuickRepliesPickerProps) {
  const queryClient = useQueryClient();
  const productId = conversation?.currentProductId ?? 0;
  const product = useGetProduct(productId, { query: { enabled: visible && productId > 0 } });

  const pick = async (key: number) => {
    const reply = replies.find((r) => r.id === key);
    onHide();
    if (!reply) return;
    const text = quickReplyText(reply, conversation);
    let current = product.data;
    if (!current && productId > 0 && NEEDS_PRODUCT.test(text)) {
      // Still on its way (or failed): wait for it; without it the placeholders stay for staff to fill.
      current = await queryClient.fetchQuery(getGetProductQueryOptions(productId)).catch(() => undefined);
    }
    const filled = fillQuickReply(text, quickReplyValues(conversation, current));
    onInsert(filled.text, filled.missing);
  };

  return (
    <PickerDialog
      header="Quick replies"
      searchLabel="Search quick replies"
      empty="No quick replies match"
      visible={visible}
      items={replies.map((reply) => ({
        key: reply.id,
        title: reply.title,
        // The list shows the text that goes in: the Swahili one for a customer writing Swahili.
        detail: firstLine(quickReplyText(reply, conversation)),
        searchText: [reply.title, reply.content, reply.contentSw].filter(Boolean).join('\n'),
      }))}
      onHide={onHide}
      onPick={(key) => void pick(key)}
    />
  );
}
