import { useListProducts } from '../../../api/generated/endpoints/products/products';
import type { Conversation } from '../../../api/generated/model/conversation';
import { LoadError } from '../../../components/ui/load-error';
import { CATEGORY_LABELS } from '../../../lib/format/product';
import { productCard, productCardPrice, productsByInterest } from './product-card';
import { PickerDialog } from './quick-replies-dialog';

interface ProductCardPickerProps {
  visible: boolean;
  onHide: () => void;
  /** The chosen product's card (see productCard). */
  onInsert: (card: string) => void;
  /** The conversation on screen: its product of interest comes first (beyond the spec). */
  conversation?: Conversation;
}

/**
 * The catalogue in a searchable dialog (by name and category); the chosen
 * product goes into the reply as a card. The whole list is fetched the first
 * time the dialog opens, and kept. The conversation's product of interest
 * (its current product, then those it mentioned) is listed first.
 */
export function ProductCardPicker({ visible, onHide, onInsert, conversation }: ProductCardPickerProps) {
  const products = useListProducts(undefined, { query: { enabled: visible } });
  const { products: list, interest } = productsByInterest(products.data?.data ?? [], conversation);

  const state = products.isPending ? (
    <p className="composer-picker-state" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading products...
    </p>
  ) : products.isError ? (
    <LoadError className="composer-picker-state" message="Failed to load products" onRetry={() => products.refetch()} />
  ) : undefined;

  return (
    <PickerDialog
      header="Insert product"
      searchLabel="Search products"
      empty="No products match"
      visible={visible}
      state={state}
      items={list.map((product) => {
        const category = CATEGORY_LABELS[product.category];
        return {
          key: product.id,
          title: product.name,
          detail: `${category} · ${productCardPrice(product)}${product.isActive ? '' : ' · Inactive'}${interest.has(product.id) ? ' · Of interest' : ''}`,
          searchText: `${product.name}\n${category}`,
        };
      })}
      onHide={onHide}
      onPick={(key) => {
        const product = list.find((p) => p.id === key);
        onHide();
        if (product) onInsert(productCard(product));
      }}
    />
  );
}
