import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { useDeleteProduct } from '../../../api/generated/endpoints/products/products';
import type { Product } from '../../../api/generated/model/product';
import { useInFlight } from '../../../lib/forms/use-in-flight';
import { useToast } from '../../../lib/toast/toast-context';
import { smallDialogProps } from './dialog-props';

/** The 'Delete Product' confirmation and its toasts. The list refetches through the query client's invalidation policy. */
export function DeleteProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const toast = useToast();
  const deletion = useDeleteProduct({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Product deleted', description: 'The product has been successfully removed.' });
        onClose();
      },
      // The dialog stays open: Delete again, or Cancel.
      onError: () =>
        toast({ title: 'Error', description: 'Failed to delete product. Please try again.', variant: 'destructive' }),
    },
  });

  const once = useInFlight();

  const close = () => {
    if (!deletion.isPending) onClose();
  };

  return (
    <Dialog
      header="Delete Product"
      visible={product !== null}
      onHide={close}
      {...smallDialogProps}
      footer={
        <div className="dialog-actions">
          {/* Focus starts on Cancel: Enter on an opened dialog must not delete. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself; see above */}
          <Button type="button" label="Cancel" outlined autoFocus onClick={close} disabled={deletion.isPending} />
          <Button
            type="button"
            label="Delete"
            severity="danger"
            icon="pi pi-trash"
            loading={deletion.isPending}
            onClick={() => product && once((settled) => deletion.mutate({ id: product.id }, { onSettled: settled }))}
          />
        </div>
      }
    >
      {product && <p className="delete-product-name">{product.name}</p>}
      <p className="dialog-text">Are you sure you want to delete this product? This action cannot be undone.</p>
    </Dialog>
  );
}
