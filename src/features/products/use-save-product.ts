import { useCreateProduct, useUpdateProduct } from '../../api/generated/endpoints/products/products';
import { useToast } from '../../lib/toast/toast-context';
import type { ProductFormOutput } from './product-form-schema';
import type { Product } from '../../api/generated/model/product';
import { toProductBody, toProductUpdateBody } from './product-form-values';

/**
 * Create (no stored product) or update `stored`, with a toast for success or failure.
 * An update clears what the form emptied (see toProductUpdateBody). The list
 * and the product refetch through the query client's invalidation policy.
 * On failure nothing is reset: the form keeps what was typed.
 */
export function useSaveProduct(stored: Product | undefined, onSaved: () => void) {
  const toast = useToast();
  const onError = () =>
    toast({ title: 'Error', description: 'Failed to save product. Please try again.', variant: 'destructive' });
  const create = useCreateProduct({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Product created', description: 'New product has been added to the catalog.' });
        onSaved();
      },
      onError,
    },
  });
  const update = useUpdateProduct({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Product updated', description: 'Product has been successfully updated.' });
        onSaved();
      },
      onError,
    },
  });

  const save = (values: ProductFormOutput) => {
    if (stored === undefined) create.mutate({ data: toProductBody(values) });
    else update.mutate({ id: stored.id, data: toProductUpdateBody(values, stored) });
  };
  return { save, isSaving: create.isPending || update.isPending };
}
