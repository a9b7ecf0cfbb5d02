import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import type { Product } from '../../../api/generated/model/product';
import { productFormSchema, type ProductFormOutput, type ProductFormValues } from '../product-form-schema';
import { NEW_PRODUCT_VALUES, productToFormValues } from '../product-form-values';
import { useSaveProduct } from '../use-save-product';
import { useUnsavedChanges } from '../../../lib/forms/use-unsaved-changes';
import { BasicInfoSection } from './basic-info-section';
import { CategoryDetailsSection } from './category-details-section';
import { MediaStatusSection } from './media-status-section';
import { UnsavedChangesDialog } from '../../../lib/forms/unsaved-changes-dialog';

/** The product form: create without `product`, edit with it. After a save it goes back to /products. */
export function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? productToFormValues(product) : NEW_PRODUCT_VALUES,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { blocker, allowLeaving } = useUnsavedChanges(form.formState.isDirty);
  const { save, isSaving } = useSaveProduct(product, () => {
    allowLeaving();
    navigate('/products');
  });

  return (
    <FormProvider {...form}>
      <form className="product-form" noValidate onSubmit={form.handleSubmit(save)} aria-busy={isSaving}>
        <BasicInfoSection />
        <CategoryDetailsSection />
        <MediaStatusSection product={product} />
        <div className="form-actions">
          <Button type="button" label="Cancel" outlined disabled={isSaving} onClick={() => navigate('/products')} />
          <Button
            type="submit"
            label={isSaving ? 'Saving...' : product ? 'Update Product' : 'Create Product'}
            icon={isSaving ? 'pi pi-spin pi-spinner' : 'pi pi-check'}
            disabled={isSaving}
          />
        </div>
      </form>
      <UnsavedChangesDialog blocker={blocker} />
    </FormProvider>
  );
}
