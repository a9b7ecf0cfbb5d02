import { Controller, useFormContext } from 'react-hook-form';
import { InputSwitch } from 'primereact/inputswitch';
import type { Product } from '../../../api/generated/model/product';
import type { ProductFormOutput, ProductFormValues } from '../product-form-schema';
import { InstallationImagesField, ProductImageField } from './image-fields';

/** Media & Status: product image, installation images and the isActive switch. */
export function MediaStatusSection({ product }: { product?: Product }) {
  const { control } = useFormContext<ProductFormValues, unknown, ProductFormOutput>();
  return (
    <section className="card form-section" aria-labelledby="media-status">
      <h2 id="media-status">Media &amp; Status</h2>
      <ProductImageField currentUrl={product?.productImageUrl} />
      <InstallationImagesField currentUrls={product?.installationImageUrls ?? []} />
      <Controller
        name="isActive"
        control={control}
        render={({ field }) => (
          <div className="switch-field">
            <InputSwitch
              inputId="isActive"
              checked={field.value ?? true}
              onChange={(event) => field.onChange(!!event.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
            <label htmlFor="isActive">Make this product available to customers</label>
          </div>
        )}
      />
    </section>
  );
}
