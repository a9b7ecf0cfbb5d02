import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { serverMessage } from '../../../../api/error-message';
import { useListProducts } from '../../../../api/generated/endpoints/products/products';
import { useCreateQuote, useUpdateQuote } from '../../../../api/generated/endpoints/quotes/quotes';
import type { Quote } from '../../../../api/generated/model/quote';
import { LoadError } from '../../../../components/ui/load-error';
import { formatKES } from '../../../../lib/format/money';
import { useToast } from '../../../../lib/toast/toast-context';
import {
  emptyLine,
  hasErrors,
  LINES_MAX,
  NOTE_MAX,
  quoteBody,
  quoteErrors,
  type LineFields,
  type QuoteErrors,
  type QuoteFields,
} from './quote-form';
import { quoteTitle } from './quote-status';

/** A delivery zone the quote can take its fee from. */
export type ZoneChoice = { id: number; name: string; fee: number; leadDays: number };

interface QuoteBuilderProps {
  conversationId: number;
  /** The draft being edited; none for a new quote. */
  quote?: Quote;
  initial: QuoteFields;
  zones: ZoneChoice[];
  /** The business offers pickup (true when the backend does not say). */
  pickup: boolean;
  onDone: () => void;
}

/**
 * A quote's lines from the catalogue, its delivery, discount, deposit and validity. The server
 * prices it: the draft it saves shows every amount. A refusal keeps everything typed and says why.
 */
export function QuoteBuilder({ conversationId, quote, initial, zones, pickup, onDone }: QuoteBuilderProps) {
  const products = useListProducts();
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const toast = useToast();
  const [fields, setFields] = useState<QuoteFields>(initial);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors: QuoteErrors = tried ? quoteErrors(fields) : { lines: [] };
  const pending = create.isPending || update.isPending;
  const catalogue = products.data?.data ?? [];

  const set = (patch: Partial<QuoteFields>) => setFields((current) => ({ ...current, ...patch }));
  const setLine = (index: number, patch: Partial<LineFields>) =>
    setFields((current) => ({
      ...current,
      lines: current.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)),
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (hasErrors(quoteErrors(fields))) return;
    setFailure(null);
    try {
      const body = quoteBody(fields);
      const saved = quote
        ? await update.mutateAsync({ quoteId: quote.id, data: body })
        : await create.mutateAsync({ id: conversationId, data: body });
      toast({ title: 'Quote saved', description: `${quoteTitle(saved)}: ${formatKES(saved.total)}` });
      onDone();
    } catch (error) {
      setFailure(serverMessage(error, 'Failed to save the quote'));
    }
  };

  return (
    <Dialog
      header={quote ? `Edit quote ${quoteTitle(quote)}` : 'New quote'}
      visible
      onHide={onDone}
      style={{ width: '40rem' }}
      breakpoints={{ '640px': '96vw' }}
      draggable={false}
      resizable={false}
    >
      {products.isError ? (
        <LoadError message="Failed to load products" onRetry={() => void products.refetch()} />
      ) : (
        <form className="quote-builder" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="quote-lines">
            <legend>Lines</legend>
            {fields.lines.map((line, index) => {
              const lineErrors = errors.lines[index] ?? {};
              const product = catalogue.find((p) => String(p.id) === line.productId);
              const installation = product?.installationPricePerSlab;
              const id = `quote-line-${index}`;
              return (
                <div key={index} className="quote-line-fields" role="group" aria-label={`Line ${index + 1}`}>
                  <div className="field">
                    <label htmlFor={`${id}-product`}>Product</label>
                    <select
                      id={`${id}-product`}
                      value={line.productId}
                      disabled={products.isPending}
                      aria-invalid={Boolean(lineErrors.productId)}
                      aria-describedby={lineErrors.productId ? `${id}-product-error` : undefined}
                      onChange={(event) => setLine(index, { productId: event.target.value, withInstallation: false })}
                    >
                      <option value="">{products.isPending ? 'Loading products...' : 'Choose a product'}</option>
                      {catalogue.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name} ({formatKES(p.startingPrice)})
                        </option>
                      ))}
                    </select>
                    {lineErrors.productId && (
                      <small id={`${id}-product-error`} className="field-error">
                        {lineErrors.productId}
                      </small>
                    )}
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-quantity`}>Quantity</label>
                    <input
                      id={`${id}-quantity`}
                      className="p-inputtext"
                      inputMode="numeric"
                      value={line.quantity}
                      aria-invalid={Boolean(lineErrors.quantity)}
                      aria-describedby={lineErrors.quantity ? `${id}-quantity-error` : undefined}
                      onChange={(event) => setLine(index, { quantity: event.target.value })}
                    />
                    {lineErrors.quantity && (
                      <small id={`${id}-quantity-error`} className="field-error">
                        {lineErrors.quantity}
                      </small>
                    )}
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-price`}>Unit price (KES)</label>
                    <input
                      id={`${id}-price`}
                      className="p-inputtext"
                      inputMode="decimal"
                      placeholder="Deal or catalogue price"
                      value={line.unitPrice}
                      aria-invalid={Boolean(lineErrors.unitPrice)}
                      aria-describedby={lineErrors.unitPrice ? `${id}-price-error` : undefined}
                      onChange={(event) => setLine(index, { unitPrice: event.target.value })}
                    />
                    {lineErrors.unitPrice && (
                      <small id={`${id}-price-error`} className="field-error">
                        {lineErrors.unitPrice}
                      </small>
                    )}
                  </div>
                  {installation != null && installation > 0 && (
                    <label className="quote-installation">
                      <input
                        type="checkbox"
                        checked={line.withInstallation}
                        onChange={(event) => setLine(index, { withInstallation: event.target.checked })}
                      />
                      Installation ({formatKES(installation)} per slab)
                    </label>
                  )}
                  {fields.lines.length > 1 && (
                    <Button
                      type="button"
                      label="Remove line"
                      icon="pi pi-trash"
                      text
                      severity="danger"
                      size="small"
                      aria-label={`Remove line ${index + 1}`}
                      onClick={() => set({ lines: fields.lines.filter((_, i) => i !== index) })}
                    />
                  )}
                </div>
              );
            })}
            {fields.lines.length < LINES_MAX && (
              <Button
                type="button"
                label="Add line"
                icon="pi pi-plus"
                text
                size="small"
                onClick={() => set({ lines: [...fields.lines, emptyLine()] })}
              />
            )}
          </fieldset>

          <div className="quote-terms">
            <div className="field">
              <label htmlFor="quote-delivery">Delivery</label>
              <select id="quote-delivery" value={fields.delivery} onChange={(e) => set({ delivery: e.target.value })}>
                <option value="none">No delivery</option>
                {pickup && <option value="pickup">Pickup</option>}
                {zones.map((zone) => (
                  <option key={zone.id} value={zone.id}>
                    {zone.name} ({formatKES(zone.fee)})
                  </option>
                ))}
              </select>
            </div>
            <AmountField
              id="quote-discount"
              label="Discount (KES)"
              value={fields.discount}
              error={errors.discount}
              onChange={(discount) => set({ discount })}
            />
            <AmountField
              id="quote-deposit"
              label="Deposit (%)"
              placeholder="Business default"
              value={fields.depositPercent}
              error={errors.depositPercent}
              onChange={(depositPercent) => set({ depositPercent })}
            />
            <AmountField
              id="quote-validity"
              label="Valid for (days)"
              placeholder="Business default"
              value={fields.validityDays}
              error={errors.validityDays}
              onChange={(validityDays) => set({ validityDays })}
            />
          </div>
          <div className="field">
            <label htmlFor="quote-note">Note</label>
            <textarea
              id="quote-note"
              className="p-inputtext"
              rows={2}
              maxLength={NOTE_MAX}
              value={fields.note}
              onChange={(event) => set({ note: event.target.value })}
            />
          </div>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <div className="dialog-actions">
            <Button type="button" label="Cancel" outlined onClick={onDone} />
            <Button type="submit" label="Save draft" loading={pending} />
          </div>
        </form>
      )}
    </Dialog>
  );
}

function AmountField({
  id,
  label,
  value,
  error,
  placeholder,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="p-inputtext"
        inputMode="decimal"
        placeholder={placeholder}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}
