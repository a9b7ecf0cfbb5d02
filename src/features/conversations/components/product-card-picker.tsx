import { useListProducts } from '../../../api/generated/endpoints/products/products';
import { LoadError } from '../../../components/ui/load-error';
import { CATEGORY_LABELS } from '../../../lib/format/product';
import { productCard, productCardPrice } from './product-card';
import { PickerDialog } from './quick-replies-dialog';

interface ProductCardPickerProps {
  visible: boolean;
  onHide: () => void;
  /** The chosen product's card (see productCard). */
  onInsert: (card: string) => void;
}

/**
 * The catalogue in a searchable dialog (by name and category); the chosen
 * product goes into the reply as a card. The whole list is fetched the first
 * time the dialog opens, and kept.
 */
export function ProductCardPicker({ visible, onHide, onInsert }: ProductCardPickerProps) {
  const products = useListProducts(undefined, { query: { enabled: visible } });
  const list = products.data?.data ?? [];

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
          detail: `${category} · ${productCardPrice(product)}${product.isActive ? '' : ' · Inactive'}`,
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
