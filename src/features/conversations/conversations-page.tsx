import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import {
  getExportConversationsUrl,
  useSearchConversations,
} from '../../api/generated/endpoints/conversations/conversations';
import type { Conversation } from '../../api/generated/model/conversation';
import { totalCount } from '../../api/paging';
import { ActiveFilters } from './components/active-filters';
import { ConversationCard } from './components/conversation-card';
import { FilterCard } from './components/filter-card';
import { hasActiveFilters, noFilters, resultCount, toSearchParams } from './filters';
import { longestWaitingFirst } from './handoff';
import { useConversationFilters } from './use-conversation-filters';
import { CONVERSATION_PAGE_SIZE, useConversationList } from './use-conversation-list';
import { useSteadyList, type ListView } from './use-steady-list';
import './conversations.css';
import { LoadError } from '../../components/ui/load-error';
import { ShowMore } from '../../components/ui/show-more';
import { useIncrementalList } from '../../lib/lists/use-incremental-list';
import { moveFocus, useKeyboardShortcuts } from '../../lib/keyboard/shortcuts';

const apiBase: string = import.meta.env.VITE_API_BASE_URL ?? '';

/**
 * Beyond the spec: the hand-offs (status admin_required) that have waited longest lifted above
 * the list; its X-Total-Count is the count, else the conversations it answered. A backend that
 * does not know order=waiting answers the most recent; they are then shown longest waiting first
 * all the same.
 */
const ATTENTION_LIMIT = 5;
const ATTENTION_SEARCH = { status: 'admin_required', limit: ATTENTION_LIMIT, order: 'waiting' } as const;
const NO_CONVERSATIONS: Conversation[] = [];

/** The list is idle at the top: not scrolled, no pointer over it, nothing focused in it. */
function listIdle(): boolean {
  const region = document.getElementById('conversation-results');
  if (!region) return true;
  const scrolled =
    (document.scrollingElement?.scrollTop ?? 0) > 0 || (document.getElementById('main-content')?.scrollTop ?? 0) > 0;
  return !scrolled && !region.matches(':hover') && !region.contains(document.activeElement);
}

/** /conversations: the conversation list, its filters and the CSV export. */
export function ConversationsPage() {
  const { filters, setFilters, update } = useConversationFilters();
  const { filtering, result, items: listed, total: listedTotal } = useConversationList(filters);
  // A shared or reloaded filtered link opens with its filters in view.
  const [showFilters, setShowFilters] = useState(() => hasActiveFilters(filters));

  // Hand-offs first (beyond the spec), on the unfiltered list only; a backend that fails the
  // search (or has none waiting) shows the spec's list alone.
  const attention = useSearchConversations(ATTENTION_SEARCH, { query: { enabled: !filtering } });
  const attentionData = filtering ? undefined : attention.data;
  const incoming = useMemo<ListView>(() => {
    const lifted = longestWaitingFirst(
      (attentionData?.data ?? NO_CONVERSATIONS).filter((c) => c.status === 'admin_required'),
    ).slice(0, ATTENTION_LIMIT);
    const ids = new Set(lifted.map((c) => c.id));
    // Each conversation once: a lifted one leaves the list below.
    return { attention: lifted, all: listed.filter((c) => !ids.has(c.id)), pages: result.data?.pages.length ?? 0 };
  }, [attentionData, listed, result.data]);
  const attentionTotal = attentionData ? totalCount(attentionData.headers, incoming.attention.length) : 0;

  // Live changes wait behind "N new" while staff are in the list (see use-steady-list.ts).
  // Until both answers are in, each shows as it arrives (the first load waits for nobody).
  const loaded = !result.isPending && (filtering || !attention.isPending);
  const steady = useSteadyList(incoming, `${JSON.stringify(filters)}|${loaded}`, listIdle);
  const { view } = steady;
  const items = view.all;
  const total = listedTotal === undefined ? undefined : Math.max(0, listedTotal - view.attention.length);

  // Cards render a page at a time (a list of thousands paints as fast as one of a hundred), and
  // the server's next page is fetched once every loaded card shows.
  const list = useIncrementalList(items, CONVERSATION_PAGE_SIZE, JSON.stringify(filters), {
    hasNextPage: result.hasNextPage,
    isFetchingNextPage: result.isFetchingNextPage,
    isFetchNextPageError: result.isFetchNextPageError,
    fetchNextPage: result.fetchNextPage,
    total,
  });

  const showWaiting = () => {
    steady.showWaiting();
    // The button goes: focus (and with it the view) moves to the first card, at the top of the list.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('#conversation-results .conversation-card')?.focus(),
    );
  };

  // The filters beyond the spec are offered once the backend shows it has the fields (or one is already on).
  const inbox = {
    unread: Boolean(filters.unread) || listed.some((c) => c.unreadCount !== undefined),
    replyWindow: Boolean(filters.replyWindowClosing) || listed.some((c) => c.replyWindowClosesAt !== undefined),
    // A backend that keeps deals says so on every conversation (deal, null when none).
    deal: Boolean(filters.deal) || listed.some((c) => c.deal !== undefined),
  };

  // j / k move focus down and up the cards (Enter opens the focused one, as any link).
  const cards = () => [...document.querySelectorAll<HTMLElement>('#conversation-results .conversation-card')];
  useKeyboardShortcuts({ j: () => moveFocus(cards(), 1), k: () => moveFocus(cards(), -1) });

  // A browser navigation (with the current filters), so the server's CSV arrives as a download.
  const exportCsv = () => window.location.assign(`${apiBase}${getExportConversationsUrl(toSearchParams(filters))}`);

  return (
    <div className="page conversations-page">
      <header className="conv-header">
        <div>
          <h1>Conversations</h1>
          <p className="muted">Monitor and manage customer conversations</p>
        </div>
        <div className="conv-actions">
          <Button
            type="button"
            label="Filters"
            icon="pi pi-filter"
            outlined={!showFilters}
            aria-expanded={showFilters}
            aria-controls="conversation-filters"
            onClick={() => setShowFilters((shown) => !shown)}
          />
          <Button type="button" label="Export CSV" icon="pi pi-download" outlined onClick={exportCsv} />
        </div>
      </header>

      <div id="conversation-filters" hidden={!showFilters}>
        {showFilters && <FilterCard filters={filters} update={update} inbox={inbox} />}
      </div>

      {filtering && (
        <div className="filter-summary">
          <ActiveFilters filters={filters} update={update} clearAll={() => setFilters(noFilters)} />
          {result.data && (
            <p className="muted" role="status" data-testid="result-count">
              {resultCount(total ?? items.length, total === undefined)}
            </p>
          )}
        </div>
      )}

      {/* Said once when changes start to wait (not again as more arrive), and cleared when shown. */}
      <p className="sr-only" role="status">
        {steady.waiting > 0 ? 'New conversation activity: the "new" button at the top of the list shows it.' : ''}
      </p>
      {steady.waiting > 0 && (
        <div className="list-waiting">
          <Button
            type="button"
            icon="pi pi-arrow-up"
            label={`${steady.waiting} new`}
            rounded
            aria-label={`${steady.waiting} new: show the latest conversations`}
            onClick={showWaiting}
          />
        </div>
      )}

      <div id="conversation-results" className="conversation-results">
        {view.attention.length > 0 && !filtering && (
          <section className="attention-section" aria-labelledby="attention-title">
            <div className="attention-header">
              <h2 id="attention-title">
                Needs a person <span className="plain-badge attention-count">{attentionTotal}</span>
              </h2>
              {attentionTotal > view.attention.length && (
                <Button
                  type="button"
                  link
                  label={`Show all ${attentionTotal}`}
                  onClick={() => {
                    update({ status: 'admin_required' });
                    setShowFilters(true);
                  }}
                />
              )}
            </div>
            <ul className="conversation-list attention-list">
              {view.attention.map((conversation) => (
                <ConversationCard key={conversation.id} conversation={conversation} />
              ))}
            </ul>
          </section>
        )}
        {view.attention.length > 0 && !filtering && <h2 className="all-conversations-title">All conversations</h2>}
        {result.isPending ? (
          <p className="conv-state" role="status">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading conversations...
          </p>
        ) : result.isError && !result.data ? (
          <LoadError
            className="conv-state conv-error"
            message="Failed to fetch conversations"
            onRetry={result.refetch}
          />
        ) : items.length === 0 && view.attention.length === 0 ? (
          <p className="conv-state">{filtering ? 'No conversations match your filters' : 'No conversations yet'}</p>
        ) : (
          <>
            <ul className="conversation-list">
              {list.visible.map((conversation) => (
                <ConversationCard key={conversation.id} conversation={conversation} />
              ))}
            </ul>
            <ShowMore list={list} noun="conversations" />
          </>
        )}
      </div>
    </div>
  );
}
