import { Controller, useFormContext } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { CATEGORY_OPTIONS } from '../options';
import type { ProductFormOutput, ProductFormValues } from '../product-form-schema';
import { FormField, describedBy } from './form-field';

// Number inputs: a wheel turn over a focused field must not change a price.
const noWheel = (event: React.WheelEvent<HTMLInputElement>) => event.currentTarget.blur();

/**
 * How the chatbot uses each price: it quotes the starting price and bargains
 * down from it (to the lowest price set under Settings → Chatbot); the ending
 * price is only the top of the range staff see in the product list.
 */
const PRICE_HINTS = {
  startingPrice:
    'The price the chatbot quotes first. It bargains down from here, never below the lowest price set in Settings → Chatbot.',
  endingPrice: 'The top of the price range staff see in the product list. The chatbot never quotes it.',
} as const;

const DESCRIPTION_SW_HINT =
  'What the chatbot shows customers who write Swahili or Sheng. Left empty, they read the English description.';

/** Name, category, dimensions, prices, stock and description (in English and Swahili). */
export function BasicInfoSection() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProductFormValues, unknown, ProductFormOutput>();

  const amountInput = (name: 'startingPrice' | 'endingPrice', label: string) => (
    <FormField id={name} label={label} hint={PRICE_HINTS[name]} error={errors[name]?.message}>
      <InputText
        id={name}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        placeholder="0.00"
        onWheel={noWheel}
        invalid={!!errors[name]}
        aria-invalid={!!errors[name]}
        aria-describedby={describedBy(name, { hint: true, error: errors[name]?.message })}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <section className="card form-section" aria-labelledby="basic-information">
      <h2 id="basic-information">Basic Information</h2>
      <div className="form-columns">
        <FormField id="name" label="Product Name" error={errors.name?.message}>
          <InputText
            id="name"
            placeholder="e.g. Absolute Black Granite"
            invalid={!!errors.name}
            aria-invalid={!!errors.name}
            aria-describedby={describedBy('name', { error: errors.name?.message })}
            {...register('name')}
          />
        </FormField>
        <FormField id="category" label="Category" error={errors.category?.message}>
          <Controller
            name="category"
            control={control}
            render={({ field }) => (
              <Dropdown
                inputId="category"
                value={field.value}
                options={CATEGORY_OPTIONS}
                optionLabel="label"
                optionValue="value"
                onChange={(event) => field.onChange(event.value)}
                onBlur={field.onBlur}
                focusInputRef={field.ref}
              />
            )}
          />
        </FormField>
        <FormField
          id="dimensions"
          label="Dimensions (mm)"
          hint="Length x width, or length x width x height for sinks"
          error={errors.dimensions?.message}
        >
          <InputText
            id="dimensions"
            placeholder="e.g. 3000 x 1800 x 20"
            invalid={!!errors.dimensions}
            aria-describedby={describedBy('dimensions', { hint: true, error: errors.dimensions?.message })}
            {...register('dimensions')}
          />
        </FormField>
        {amountInput('startingPrice', 'Starting Price (KES)')}
        {amountInput('endingPrice', 'Ending Price (KES)')}
        <FormField id="stock" label="Stock" error={errors.stock?.message}>
          <InputText
            id="stock"
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            onWheel={noWheel}
            invalid={!!errors.stock}
            aria-invalid={!!errors.stock}
            aria-describedby={describedBy('stock', { error: errors.stock?.message })}
            {...register('stock')}
          />
        </FormField>
        <FormField id="description" label="Description" error={errors.description?.message} wide>
          <InputTextarea
            id="description"
            rows={3}
            autoResize
            invalid={!!errors.description}
            aria-describedby={describedBy('description', { error: errors.description?.message })}
            {...register('description')}
          />
        </FormField>
        <FormField
          id="descriptionSw"
          label="Description (Swahili)"
          hint={DESCRIPTION_SW_HINT}
          error={errors.descriptionSw?.message}
          wide
        >
          <InputTextarea
            id="descriptionSw"
            lang="sw"
            rows={3}
            autoResize
            invalid={!!errors.descriptionSw}
            aria-describedby={describedBy('descriptionSw', { hint: true, error: errors.descriptionSw?.message })}
            {...register('descriptionSw')}
          />
        </FormField>
      </div>
    </section>
  );
}
