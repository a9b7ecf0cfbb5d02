import { Button } from 'primereact/button';
import { isMissing } from '../../../api/error-message';
import { useGetProduct, useListProducts } from '../../../api/generated/endpoints/products/products';
import { useListQuickReplies } from '../../../api/generated/endpoints/quick-replies/quick-replies';
import type { Conversation } from '../../../api/generated/model/conversation';
import type { Product } from '../../../api/generated/model/product';
import { formatKES, formatPriceRange } from '../../../lib/format/money';
import type { QuickReplyValues } from '../../../lib/quick-replies/variables';
import { safeImageUrl } from '../../../lib/url/safe-image-url';
import { PickDialog } from './pick-dialog';

export type Insert = (text: string) => void;
export type Picker = 'quick-replies' | 'product' | null;

interface ComposerPickersProps {
  conversation?: Conversation;
  picker: Picker;
  setPicker: (picker: Picker) => void;
  insertText: Insert;
  insertQuickReply: (content: string, values: QuickReplyValues) => void;
}

const priceUnit = (product: Product) => (product.category === 'sink' ? 'each' : 'per slab');

/** A product as staff paste it to a customer: name, size, price in KES and a link to its picture. */
export function productCard(product: Product, origin = window.location.origin): string {
  const lines = [product.name];
  if (product.dimensions) lines.push(`Size: ${product.dimensions}`);
  lines.push(`Price: ${formatPriceRange(product.startingPrice, product.endingPrice)} ${priceUnit(product)}`);
  const image = safeImageUrl(product.productImageUrl, origin);
  if (image) lines.push(`Picture: ${new URL(image, origin).href}`);
  return lines.join('\n');
}

/**
 * The composer's helpers beyond the spec: quick replies (staff's saved
 * answers, GET /api/quick-replies) and a product card from the catalogue.
 * A backend without quick replies (404) shows no quick replies button.
 */
export function ComposerPickers({
  conversation,
  picker,
  setPicker,
  insertText,
  insertQuickReply,
}: ComposerPickersProps) {
  const quickReplies = useListQuickReplies();
  const productId = conversation?.currentProductId ?? 0;
  const current = useGetProduct(productId, { query: { enabled: productId > 0 } });
  const products = useListProducts(undefined, { query: { enabled: picker === 'product' } });
  const hasQuickReplies = quickReplies.isSuccess && !isMissing(quickReplies.error);

  const values = (): QuickReplyValues => {
    const product = current.data;
    return {
      customerName: conversation?.customerName,
      productName: product?.name,
      priceRange: product && `${formatPriceRange(product.startingPrice, product.endingPrice)} ${priceUnit(product)}`,
      offerPrice:
        conversation?.currentOfferPrice === null || conversation?.currentOfferPrice === undefined
          ? null
          : formatKES(conversation.currentOfferPrice),
    };
  };

  const close = () => setPicker(null);

  return (
    <>
      {hasQuickReplies && (
        <Button
          type="button"
          id="quick-replies-button"
          icon="pi pi-bolt"
          outlined
          aria-label="Quick replies"
          aria-haspopup="dialog"
          aria-keyshortcuts="/"
          tooltip="Quick replies (/)"
          onClick={() => setPicker('quick-replies')}
        />
      )}
      <Button
        type="button"
        id="product-card-button"
        icon="pi pi-box"
        outlined
        aria-label="Insert product"
        aria-haspopup="dialog"
        tooltip="Insert product"
        onClick={() => setPicker('product')}
      />
      {hasQuickReplies && (
        <PickDialog
          header="Quick replies"
          searchLabel="Search quick replies"
          visible={picker === 'quick-replies'}
          empty="No quick replies match"
          items={(quickReplies.data ?? []).map((reply) => ({
            key: reply.id,
            text: `${reply.title}\n${reply.content}`,
            title: reply.title,
            detail: reply.content.split('\n')[0],
          }))}
          onHide={close}
          onPick={(key) => {
            const reply = quickReplies.data?.find((r) => r.id === key);
            close();
            if (reply) insertQuickReply(reply.content, values());
          }}
        />
      )}
      <PickDialog
        header="Insert product"
        searchLabel="Search products"
        visible={picker === 'product'}
        empty="No products match"
        state={
          products.isPending ? (
            <p className="muted pick-empty">Loading products...</p>
          ) : products.isError ? (
            <p className="pick-empty" role="alert">
              Failed to load products
            </p>
          ) : undefined
        }
        items={(products.data?.data ?? []).map((product) => ({
          key: product.id,
          text: `${product.name} ${product.category}`,
          title: product.name,
          detail: `${formatPriceRange(product.startingPrice, product.endingPrice)} ${priceUnit(product)}`,
        }))}
        onHide={close}
        onPick={(key) => {
          const product = products.data?.data.find((p) => p.id === key);
          close();
          if (product) insertText(productCard(product));
        }}
      />
    </>
  );
}
