import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { isMissing, serverMessage } from '../../../../api/error-message';
import {
  useAcceptQuote,
  useCancelQuote,
  useListConversationQuotes,
  useReviseQuote,
  useSendQuote,
} from '../../../../api/generated/endpoints/quotes/quotes';
import { useListDeliveryZones } from '../../../../api/generated/endpoints/delivery/delivery';
import type { Conversation } from '../../../../api/generated/model/conversation';
import type { Quote } from '../../../../api/generated/model/quote';
import { LoadError } from '../../../../components/ui/load-error';
import { formatKES } from '../../../../lib/format/money';
import { useToast } from '../../../../lib/toast/toast-context';
import { QuoteBuilder, type ZoneChoice } from './quote-builder';
import { QuoteCard, type QuoteAction } from './quote-card';
import { fieldsFromDeal, fieldsFromQuote } from './quote-form';
import { quoteTitle } from './quote-status';
import './quotes.css';

type Editing = { quote?: Quote } | null;
type Confirming = { action: 'accept' | 'cancel'; quote: Quote } | null;

/**
 * Beyond the spec: the conversation's quotes, newest first, and the builder that makes one
 * (prefilled from the deal the customer agreed). Staff send a draft as a PDF on WhatsApp,
 * revise a sent one, record the customer's yes or withdraw it. A backend without quotes (404)
 * shows nothing.
 */
export function QuotesPanel({ conversation }: { conversation: Conversation }) {
  const quotes = useListConversationQuotes(conversation.id);
  // Settings → Delivery's zones and pickup, when the backend keeps them; without them a quote
  // offers pickup or no delivery.
  const delivery = useListDeliveryZones({ query: { enabled: quotes.isSuccess } });
  const zones: ZoneChoice[] = delivery.data?.zones ?? [];
  const pickup = delivery.data ? delivery.data.pickup.enabled : true;
  const send = useSendQuote();
  const revise = useReviseQuote();
  const accept = useAcceptQuote();
  const cancel = useCancelQuote();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  if (isMissing(quotes.error)) return null;
  const list = quotes.data ?? [];

  const run = async (quote: Quote, work: () => Promise<Quote>, done: (result: Quote) => void, failed: string) => {
    setBusyId(quote.id);
    try {
      done(await work());
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, failed), variant: 'destructive' });
    } finally {
      setBusyId(null);
    }
  };

  const onAction = (action: QuoteAction, quote: Quote) => {
    const title = quoteTitle(quote);
    if (action === 'edit') setEditing({ quote });
    else if (action === 'accept' || action === 'cancel') setConfirming({ action, quote });
    else if (action === 'send')
      void run(
        quote,
        () => send.mutateAsync({ quoteId: quote.id }),
        (sent) =>
          toast({ title: 'Quote sent', description: `${title} (${formatKES(sent.total)}) went to the customer.` }),
        'Failed to send the quote',
      );
    else
      void run(
        quote,
        () => revise.mutateAsync({ quoteId: quote.id }),
        (draft) => setEditing({ quote: draft }),
        'Failed to revise the quote',
      );
  };

  const confirm = (current: NonNullable<Confirming>) => {
    const { action, quote } = current;
    const title = quoteTitle(quote);
    void run(
      quote,
      () => (action === 'accept' ? accept : cancel).mutateAsync({ quoteId: quote.id }),
      () => {
        setConfirming(null);
        toast(
          action === 'accept'
            ? { title: 'Quote accepted', description: `${title} is accepted: its order is made.` }
            : { title: 'Quote cancelled', description: `${title} is withdrawn.` },
        );
      },
      action === 'accept' ? 'Failed to accept the quote' : 'Failed to cancel the quote',
    );
  };

  return (
    <section className="card quotes-panel" aria-labelledby="quotes-title">
      <div className="quotes-panel-head">
        <h2 id="quotes-title">Quotes</h2>
        <Button
          type="button"
          label="New quote"
          icon="pi pi-plus"
          size="small"
          outlined
          onClick={() => setEditing({})}
        />
      </div>
      {quotes.isPending ? (
        <p role="status">Loading quotes...</p>
      ) : quotes.isError ? (
        <LoadError message="Failed to load quotes" onRetry={() => void quotes.refetch()} />
      ) : list.length === 0 ? (
        <p className="muted">{conversation.deal ? 'No quote yet for the agreed deal.' : 'No quotes yet.'}</p>
      ) : (
        <ul className="quote-list">
          {list.map((quote) => (
            <QuoteCard key={quote.id} quote={quote} busy={busyId === quote.id} onAction={onAction} />
          ))}
        </ul>
      )}
      {editing && (
        <QuoteBuilder
          key={editing.quote?.id ?? 'new'}
          conversationId={conversation.id}
          quote={editing.quote}
          initial={editing.quote ? fieldsFromQuote(editing.quote) : fieldsFromDeal(conversation, zones)}
          zones={zones}
          pickup={pickup}
          onDone={() => setEditing(null)}
        />
      )}
      <Dialog
        header={confirming?.action === 'accept' ? 'Mark quote accepted' : 'Cancel quote'}
        visible={confirming !== null}
        onHide={() => setConfirming(null)}
        style={{ width: '28rem' }}
        breakpoints={{ '640px': '92vw' }}
        draggable={false}
        resizable={false}
        footer={
          <div className="dialog-actions">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself, on the choice that changes nothing */}
            <Button type="button" label="Back" outlined autoFocus onClick={() => setConfirming(null)} />
            <Button
              type="button"
              label={confirming?.action === 'accept' ? 'Mark accepted' : 'Cancel quote'}
              severity={confirming?.action === 'cancel' ? 'danger' : undefined}
              loading={confirming !== null && busyId === confirming.quote.id}
              onClick={() => confirming && confirm(confirming)}
            />
          </div>
        }
      >
        {confirming && (
          <p className="dialog-text">
            {confirming.action === 'accept'
              ? `The customer accepted quote ${quoteTitle(confirming.quote)} (${formatKES(confirming.quote.total)})? Its order is made.`
              : `Withdraw quote ${quoteTitle(confirming.quote)}? The customer can no longer accept it.`}
          </p>
        )}
      </Dialog>
    </section>
  );
}
