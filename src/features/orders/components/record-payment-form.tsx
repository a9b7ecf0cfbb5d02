import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useRecordOrderPayment } from '../../../api/generated/endpoints/orders/orders';
import type { OrderDetail } from '../../../api/generated/model/orderDetail';
import type { OrderPaymentMethod as PaymentMethod } from '../../../api/generated/model/orderPaymentMethod';
import { serverMessage } from '../../../api/error-message';
import { formatKES } from '../../../lib/format/money';
import { useToast } from '../../../lib/toast/toast-context';
import { METHOD_LABELS } from '../labels';

const REFERENCE_MAX_LENGTH = 60;

/** What is wrong with the typed payment, or null: the server checks the same (and duplicates). */
export function paymentProblem(amountText: string, reference: string, balance: number): string | null {
  const text = amountText.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 'Enter an amount in KES, with at most 2 decimals';
  const amount = Number(text);
  if (amount <= 0) return 'Enter an amount above KES 0';
  if (amount > balance) return `The payment is more than the balance of ${formatKES(balance)}`;
  if (!reference.trim()) return 'Enter the M-Pesa code, receipt or bank reference';
  return null;
}

/**
 * Record a payment received: amount, method and reference. The typed values stay when the
 * server refuses the payment (a reference already recorded, an amount above the balance), with
 * its message beside them; they clear once it is recorded.
 */
export function RecordPaymentForm({ order }: { order: OrderDetail }) {
  const record = useRecordOrderPayment();
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('mpesa');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = paymentProblem(amount, reference, order.balance);
    setProblem(found);
    if (found) return;
    try {
      await record.mutateAsync({
        orderId: order.id,
        data: { amount: Number(amount.trim().replace(/,/g, '')), method, reference: reference.trim() },
      });
      setAmount('');
      setReference('');
      toast({ title: 'Payment recorded', description: `${order.number}: payment saved` });
    } catch (error) {
      setProblem(serverMessage(error, 'The payment could not be recorded. Try again.'));
    }
  };

  return (
    <form className="record-payment" aria-labelledby="record-payment-title" onSubmit={(e) => void submit(e)} noValidate>
      <h3 id="record-payment-title">Record payment</h3>
      <div className="record-payment-fields">
        <div className="field">
          <label htmlFor="payment-amount">Amount (KES)</label>
          <InputText
            id="payment-amount"
            inputMode="decimal"
            value={amount}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'payment-problem' : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="payment-method">Method</label>
          <select
            id="payment-method"
            className="p-inputtext"
            value={method}
            onChange={(event) => setMethod(event.target.value as PaymentMethod)}
          >
            {Object.entries(METHOD_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="payment-reference">Reference</label>
          <InputText
            id="payment-reference"
            value={reference}
            maxLength={REFERENCE_MAX_LENGTH}
            onChange={(event) => setReference(event.target.value)}
          />
        </div>
      </div>
      {problem && (
        <p id="payment-problem" className="form-error" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" label="Record payment" icon="pi pi-plus" loading={record.isPending} />
    </form>
  );
}
