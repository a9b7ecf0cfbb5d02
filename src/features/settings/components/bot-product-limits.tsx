import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { LoadError } from '../../../components/ui/load-error';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { Product } from '../../../api/generated/model/product';
import { formatKES } from '../../../lib/format/money';
import { LIMITS_MAX, type BotFormOutput, type BotFormValues } from '../bot-settings-schema';
import { BotField, botDescribedBy } from './bot-field';

// Number inputs: a wheel turn over a focused field must not change a price.
const noWheel = (event: React.WheelEvent<HTMLInputElement>) => event.currentTarget.blur();

/**
 * Per product lowest prices, instead of the percentage: a row per product
 * (product picker from the catalogue, amount in KES), added and removed. A
 * product chosen in one row is not offered in the others. `products` is the
 * catalogue, or undefined while it loads (or when it could not be loaded: the
 * rows then show the product ids they hold).
 */
export function BotProductLimits({
  products,
  loadError,
  onRetry,
}: {
  products?: Product[];
  loadError?: boolean;
  /** Loads the catalogue again after a failure. */
  onRetry?: () => unknown;
}) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<BotFormValues, unknown, BotFormOutput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'bargaining.productLimits' });
  const rows = useWatch({ control, name: 'bargaining.productLimits' });
  const byId = new Map((products ?? []).map((product) => [product.id, product]));
  const chosen = new Set(rows.map((row) => row.productId));
  const nameOf = (id: number | null) => (id === null ? undefined : (byId.get(id)?.name ?? `Product ${id}`));
  const listError = errors.bargaining?.productLimits?.root?.message ?? errors.bargaining?.productLimits?.message;
  const allChosen = products !== undefined && products.every((product) => chosen.has(product.id));

  return (
    <div className="bot-limits" role="group" aria-labelledby="bot-limits-title" aria-describedby="bot-limits-hint">
      <p id="bot-limits-title" className="bot-subtitle">
        Lowest price per product
      </p>
      <p id="bot-limits-hint" className="settings-hint">
        For these products the bot keeps to the amount given here instead of the percentage.
      </p>
      {loadError && (
        <LoadError
          className="field-error bot-limits-load-error"
          message="The products could not be loaded: the rows show product numbers."
          onRetry={onRetry}
        />
      )}
      {fields.length > 0 && (
        <ul className="bot-limit-list">
          {fields.map((field, index) => {
            const id = `bot-limit-${index}`;
            const rowErrors = errors.bargaining?.productLimits?.[index];
            const selected = rows[index]?.productId ?? null;
            const product = selected === null ? undefined : byId.get(selected);
            // The products no other row holds, and the one this row holds (even one the catalogue no longer has).
            const options = (products ?? [])
              .filter((p) => p.id === selected || !chosen.has(p.id))
              .map((p) => ({ label: p.name, value: p.id }));
            if (selected !== null && !byId.has(selected))
              options.unshift({ label: `Product ${selected}`, value: selected });
            const rowName = nameOf(selected) ?? `row ${index + 1}`;
            return (
              <li key={field.id} className="bot-limit">
                <Controller
                  name={`bargaining.productLimits.${index}.productId`}
                  control={control}
                  render={({ field: input, fieldState }) => (
                    <BotField id={`${id}-product`} label="Product" error={fieldState.error?.message}>
                      <Dropdown
                        inputId={`${id}-product`}
                        value={input.value}
                        options={options}
                        optionLabel="label"
                        optionValue="value"
                        placeholder="Select a product"
                        filter
                        emptyMessage="No products"
                        emptyFilterMessage="No product matches"
                        invalid={!!fieldState.error}
                        aria-invalid={fieldState.error ? true : undefined}
                        aria-describedby={botDescribedBy(`${id}-product`, { error: fieldState.error?.message })}
                        onChange={(event) => input.onChange((event.value as number | undefined) ?? null)}
                        // No onBlur: the picker of a row just removed reports its blur afterwards, and
                        // react-hook-form would write that row's old name back as a row of nothing.
                        // The form checks on submit, so a blur has nothing to tell it.
                        focusInputRef={input.ref}
                      />
                    </BotField>
                  )}
                />
                <BotField
                  id={`${id}-price`}
                  label="Lowest price (KES)"
                  hint={product ? `Starting price ${formatKES(product.startingPrice)}` : undefined}
                  error={rowErrors?.lowestPrice?.message}
                >
                  <InputText
                    id={`${id}-price`}
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="0.01"
                    onWheel={noWheel}
                    invalid={!!rowErrors?.lowestPrice}
                    aria-invalid={rowErrors?.lowestPrice ? true : undefined}
                    aria-describedby={botDescribedBy(`${id}-price`, {
                      hint: !!product,
                      error: rowErrors?.lowestPrice?.message,
                    })}
                    {...register(`bargaining.productLimits.${index}.lowestPrice`)}
                  />
                </BotField>
                <Button
                  type="button"
                  icon="pi pi-trash"
                  outlined
                  severity="danger"
                  className="bot-limit-remove"
                  aria-label={`Remove the lowest price for ${rowName}`}
                  onClick={() => remove(index)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {listError && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
      <div className="settings-actions">
        <Button
          type="button"
          label="Add a product"
          icon="pi pi-plus"
          outlined
          size="small"
          disabled={allChosen || fields.length >= LIMITS_MAX}
          onClick={() =>
            append(
              { productId: null, lowestPrice: '' },
              { focusName: `bargaining.productLimits.${fields.length}.productId` },
            )
          }
        />
      </div>
    </div>
  );
}
