import { useMemo, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useGetConversation } from '../../api/generated/endpoints/conversations/conversations';
import { useListConversationQuotes } from '../../api/generated/endpoints/quotes/quotes';
import { ApiError } from '../../api/mutator';
import { ConversationInfo } from './components/conversation-info';
import { QuotesPanel } from './components/quotes/quotes-panel';
import { MessageComposer } from './components/message-composer';
import { MessagePanel } from './components/message-panel';
import { MoreActions } from './components/more-actions';
import { TakeoverSwitch } from './components/takeover-switch';
import { ReplyWindowStatus } from './components/reply-window-status';
import { TemplateSender } from './components/template-sender';
import { replyWindow, useNow } from './reply-window';
import { useReadState } from './use-read-state';
import { messagesInOrder, useMessagePages } from './use-message-pages';
import './conversations.css';
import { LoadError } from '../../components/ui/load-error';
import { useKeyboardShortcuts } from '../../lib/keyboard/shortcuts';
import { UNNAMED_CONVERSATION_HEADING, customerDisplayName } from '../../lib/format/customer';
import { Button } from 'primereact/button';
import { useFitToWindow } from '../../lib/dom/fit-to-window';

/**
 * The panel (or its loading state) is 600 px at most and 200 px at least (a few messages,
 * and the message box still in view on a 1280 × 720 window), with the page's 1.5 rem
 * padding under the card.
 */
const MESSAGE_PANEL_FIT = {
  panelSelector: '.message-scroller, .message-panel-state',
  variable: 'message-panel-height',
  min: 200,
  max: 600,
  gap: 24,
};

/** /conversations/:id: heading (the customer's name, else 'Customer Conversation') and phone, takeover switch, messages, composer and info panel. */
export function ConversationDetailPage() {
  const raw = useParams().id;
  const id = /^\d+$/.test(raw ?? '') ? Number(raw) : 0;
  const conversation = useGetConversation(id);
  const messages = useMessagePages(id);
  const messageList = useMemo(() => messagesInOrder(messages.data), [messages.data]);
  // Beyond the spec: the conversation's quotes (the Quotes panel's list), each shown in the
  // thread under the message that sent it; none from a backend without quotes.
  const quotes = useListConversationQuotes(id, { query: { enabled: id > 0 } });
  const quotesById = useMemo(() => new Map((quotes.data ?? []).map((quote) => [quote.id, quote])), [quotes.data]);
  // The admin's own message is shown even when they had scrolled up.
  const followNext = useRef(false);
  // The spec's 600 px message panel, shorter on a laptop's window so the message box is in view.
  const messagesCard = useFitToWindow(MESSAGE_PANEL_FIT);
  const navigate = useNavigate();

  const readState = useReadState(conversation.data);
  const now = useNow(conversation.data?.replyWindowClosesAt);
  const replyState = replyWindow(conversation.data?.replyWindowClosesAt, now);

  // t: the takeover switch; /: the composer's quick replies when there are any, else the
  // composer (open once taken over); Esc: back to the list.
  // None acts while typing: Esc in the composer keeps the reply being written.
  useKeyboardShortcuts({
    t: () => document.getElementById('admin-takeover')?.click(),
    '/': () => {
      const quickReplies = document.getElementById('quick-replies-button');
      if (quickReplies instanceof HTMLButtonElement && !quickReplies.disabled) quickReplies.click();
      else document.getElementById('message-input')?.focus();
    },
    Escape: () => void navigate('/conversations'),
  });

  const back = (
    <Link to="/conversations" className="p-button p-button-text p-component back-link" aria-keyshortcuts="Escape">
      <span className="p-button-icon p-button-icon-left pi pi-arrow-left" aria-hidden="true" />
      {/* On a phone only the arrow shows; the name stays. */}
      <span className="p-button-label back-label">Back</span>
    </Link>
  );

  if (!id || conversation.isError) {
    const notFound = !id || (conversation.error instanceof ApiError && conversation.error.status === 404);
    return (
      <div className="page conversation-detail-page">
        <div>{back}</div>
        <LoadError
          className="conv-state"
          message={notFound ? 'Conversation not found' : 'Failed to load conversation'}
          onRetry={notFound ? undefined : conversation.refetch}
        />
      </div>
    );
  }

  const data = conversation.data;
  const takeover = data?.status === 'admin_takeover';

  return (
    <div className="page conversation-detail-page">
      <header className="conv-header conv-detail-header">
        <div className="conversation-heading">
          {back}
          <div className="conversation-title">
            {data ? (
              <>
                {/* On a phone both lines end in "…" when too long: the title has all of it. */}
                <h1 title={customerDisplayName(data, UNNAMED_CONVERSATION_HEADING)}>
                  {customerDisplayName(data, UNNAMED_CONVERSATION_HEADING)}
                </h1>
                <p className="muted" title={data.whatsappPhoneNumber}>
                  {data.whatsappPhoneNumber}
                </p>
              </>
            ) : (
              // No fallback name before the conversation is known: it may well have a name.
              <p className="muted" role="status">
                Loading conversation...
              </p>
            )}
          </div>
        </div>
        <div className="conv-header-actions">
          {data && readState.supported && (
            <Button
              type="button"
              className="conv-wide-only"
              label="Mark as unread"
              icon="pi pi-eye-slash"
              outlined
              size="small"
              disabled={readState.pending}
              onClick={() => void readState.markUnread()}
            />
          )}
          {data && <TakeoverSwitch key={data.id} conversation={data} />}
          {/* Below 768 px the header keeps one row: Mark as unread goes into a menu. */}
          {data && readState.supported && (
            <MoreActions
              className="conv-phone-only"
              label="Mark as unread"
              icon="pi pi-eye-slash"
              disabled={readState.pending}
              onAction={() => void readState.markUnread()}
            />
          )}
        </div>
      </header>

      <div className="conversation-layout">
        <section ref={messagesCard} className="card conversation-messages" aria-label="Conversation">
          {messages.isPending ? (
            <p className="conv-state message-panel-state" role="status">
              <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading messages...
            </p>
          ) : messages.isError && !messages.data ? (
            <LoadError
              className="conv-state message-panel-state"
              message="Failed to load messages"
              onRetry={messages.refetch}
            />
          ) : (
            <MessagePanel
              key={`messages-${id}`}
              messages={messageList}
              customerName={data ? customerDisplayName(data) : undefined}
              quotes={quotesById}
              followNextRef={followNext}
              earlier={{
                hasEarlier: messages.hasNextPage,
                loading: messages.isFetchingNextPage,
                failed: messages.isFetchNextPageError,
                loadEarlier: () => void messages.fetchNextPage({ cancelRefetch: false }),
              }}
            />
          )}
          {replyState.state !== 'unknown' && <ReplyWindowStatus state={replyState} />}
          {replyState.state === 'closed' ? (
            <TemplateSender key={`template-${id}`} conversationId={id} takeover={takeover} conversation={data} />
          ) : (
            <MessageComposer
              key={`composer-${id}`}
              conversationId={id}
              takeover={takeover}
              conversation={data}
              onSend={() => (followNext.current = true)}
            />
          )}
        </section>
        {data && (
          <div className="conversation-side">
            <ConversationInfo conversation={data} />
            <QuotesPanel key={`quotes-${data.id}`} conversation={data} />
          </div>
        )}
      </div>
    </div>
  );
}
