import { Controller, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { BOWL_CONFIGURATION_OPTIONS, SINK_MATERIAL_OPTIONS, STONE_COLOR_OPTIONS } from '../options';
import { isStone } from '../product-display';
import type { ProductFormOutput, ProductFormValues } from '../product-form-schema';
import { FormField, describedBy } from './form-field';

/** Stone Details (colour, installation price) for granite, marble and quartz, or Sink Details (material, bowl configuration) for a sink. */
export function CategoryDetailsSection() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues, unknown, ProductFormOutput>();
  const category = useWatch<ProductFormValues, 'category'>({ name: 'category' });

  if (isStone(category)) {
    return (
      <section className="card form-section" aria-labelledby="stone-details">
        <h2 id="stone-details">Stone Details</h2>
        <div className="form-columns">
          <OptionField name="color" label="Color" placeholder="Select a color" options={STONE_COLOR_OPTIONS} />
          <FormField
            id="installationPricePerSlab"
            label="Installation Price per Slab (KES)"
            error={errors.installationPricePerSlab?.message}
          >
            <InputText
              id="installationPricePerSlab"
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              placeholder="0.00"
              onWheel={(event) => event.currentTarget.blur()}
              invalid={!!errors.installationPricePerSlab}
              aria-invalid={!!errors.installationPricePerSlab}
              aria-describedby={describedBy('installationPricePerSlab', {
                error: errors.installationPricePerSlab?.message,
              })}
              {...register('installationPricePerSlab')}
            />
          </FormField>
        </div>
      </section>
    );
  }
  return (
    <section className="card form-section" aria-labelledby="sink-details">
      <h2 id="sink-details">Sink Details</h2>
      <div className="form-columns">
        <OptionField name="material" label="Material" placeholder="Select a material" options={SINK_MATERIAL_OPTIONS} />
        <OptionField
          name="bowlConfiguration"
          label="Bowl Configuration"
          placeholder="Select a bowl configuration"
          options={BOWL_CONFIGURATION_OPTIONS}
        />
      </div>
    </section>
  );
}

function OptionField({
  name,
  label,
  placeholder,
  options,
}: {
  name: Extract<FieldPath<ProductFormValues>, 'color' | 'material' | 'bowlConfiguration'>;
  label: string;
  placeholder: string;
  options: readonly string[];
}) {
  const { control } = useFormContext<ProductFormValues, unknown, ProductFormOutput>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField id={name} label={label} error={fieldState.error?.message}>
          <Dropdown
            inputId={name}
            value={field.value}
            options={options as string[]}
            placeholder={placeholder}
            showClear
            onChange={(event) => field.onChange(event.value ?? null)}
            onBlur={field.onBlur}
            focusInputRef={field.ref}
            invalid={!!fieldState.error}
          />
        </FormField>
      )}
    />
  );
}
